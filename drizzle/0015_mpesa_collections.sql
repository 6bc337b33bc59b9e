CREATE TABLE `mpesa_collections` (
	`checkout_request_id` text PRIMARY KEY NOT NULL,
	`merchant_request_id` text,
	`payment_id` text NOT NULL,
	`mode` text NOT NULL,
	`phone` text NOT NULL,
	`amount_kes_cents` integer NOT NULL,
	`status` text NOT NULL,
	`result_code` integer,
	`result_desc` text,
	`receipt` text,
	`created_at` integer NOT NULL,
	`completed_at` integer,
	`last_queried_at` integer,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mpesa_collections_receipt_unique` ON `mpesa_collections` (`receipt`);--> statement-breakpoint
CREATE INDEX `mpesa_collections_payment_idx` ON `mpesa_collections` (`payment_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `mpesa_collections_one_pending_idx` ON `mpesa_collections` (`payment_id`) WHERE "mpesa_collections"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `mpesa_collections_status_idx` ON `mpesa_collections` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `payments` ADD `paid_with` text DEFAULT 'crypto' NOT NULL;