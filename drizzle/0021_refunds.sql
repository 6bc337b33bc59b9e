CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`mode` text NOT NULL,
	`method` text NOT NULL,
	`source` text NOT NULL,
	`status` text NOT NULL,
	`amount_kes_cents` integer NOT NULL,
	`asset` text,
	`crypto_units` integer,
	`rate_choice` text,
	`rate` text,
	`network_fee` text,
	`network_fee_asset` text,
	`destination` text NOT NULL,
	`rail_charge_kes_cents` integer NOT NULL,
	`reason` text,
	`created_by` text NOT NULL,
	`request_key` text NOT NULL,
	`ledger_transaction_id` text,
	`custody_tx_id` text,
	`tx_hash` text,
	`transfer_id` text,
	`receipt` text,
	`failure_reason` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`send_lease_until` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`sent_at` integer,
	`completed_at` integer,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `refunds_payment_idx` ON `refunds` (`payment_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `refunds_merchant_idx` ON `refunds` (`merchant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `refunds_status_idx` ON `refunds` (`status`,`updated_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_request_key_idx` ON `refunds` (`merchant_id`,`request_key`);--> statement-breakpoint
ALTER TABLE `settlement_transfers` ADD `refund_id` text;--> statement-breakpoint
CREATE INDEX `settlement_transfers_refund_idx` ON `settlement_transfers` (`refund_id`);