CREATE TABLE `payment_reservations` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`day` text NOT NULL,
	`amount_kes_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_reservations_merchant_day_idx` ON `payment_reservations` (`merchant_id`,`day`);--> statement-breakpoint
CREATE TABLE `simulator_records` (
	`simulator` text NOT NULL,
	`kind` text NOT NULL,
	`id` text NOT NULL,
	`body` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`simulator`, `kind`, `id`)
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `custody_vault_account_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `reconciled_at` integer;--> statement-breakpoint
ALTER TABLE `settlement_transfers` ADD `send_lease_until` integer;--> statement-breakpoint
ALTER TABLE `settlement_transfers` ADD `send_lease_holder` text;