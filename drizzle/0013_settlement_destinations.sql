CREATE TABLE `settlement_destinations` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`rail` text NOT NULL,
	`phone` text,
	`bank_code` text,
	`account_number` text,
	`account_name` text,
	`registered_name` text,
	`status` text NOT NULL,
	`failure_reason` text,
	`verification_transfer_id` text,
	`is_default` integer DEFAULT false NOT NULL,
	`split_percent` integer,
	`held_until` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`verified_at` integer,
	`removed_at` integer,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `settlement_destinations_merchant_idx` ON `settlement_destinations` (`merchant_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `settlement_destinations_one_default_idx` ON `settlement_destinations` (`merchant_id`) WHERE "settlement_destinations"."is_default" = 1 and "settlement_destinations"."status" <> 'removed';--> statement-breakpoint
DROP INDEX `deposit_address_pool_take_idx`;--> statement-breakpoint
ALTER TABLE `deposit_address_pool` ADD `network` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `deposit_address_pool_take_idx` ON `deposit_address_pool` (`mode`,`asset`,`network`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_settlement_transfers` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`payment_id` text,
	`sequence` integer NOT NULL,
	`purpose` text DEFAULT 'settlement' NOT NULL,
	`rail` text NOT NULL,
	`destination_id` text,
	`phone` text,
	`amount_kes_cents` integer NOT NULL,
	`fee_kes_cents` integer NOT NULL,
	`rail_charge_kes_cents` integer DEFAULT 0 NOT NULL,
	`status` text NOT NULL,
	`settlement_day` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`conversation_id` text,
	`receipt` text,
	`result_code` integer,
	`result_desc` text,
	`ledger_transaction_id` text,
	`retry_of` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`sent_at` integer,
	`completed_at` integer,
	`send_lease_until` integer,
	`send_lease_holder` text,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`destination_id`) REFERENCES `settlement_destinations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_settlement_transfers`("id", "merchant_id", "payment_id", "sequence", "purpose", "rail", "destination_id", "phone", "amount_kes_cents", "fee_kes_cents", "rail_charge_kes_cents", "status", "settlement_day", "attempts", "conversation_id", "receipt", "result_code", "result_desc", "ledger_transaction_id", "retry_of", "created_at", "updated_at", "sent_at", "completed_at", "send_lease_until", "send_lease_holder") SELECT "id", "merchant_id", "payment_id", "sequence", 'settlement', "rail", NULL, "phone", "amount_kes_cents", "fee_kes_cents", "rail_charge_kes_cents", "status", "settlement_day", "attempts", "conversation_id", "receipt", "result_code", "result_desc", "ledger_transaction_id", "retry_of", "created_at", "updated_at", "sent_at", "completed_at", "send_lease_until", "send_lease_holder" FROM `settlement_transfers`;--> statement-breakpoint
DROP TABLE `settlement_transfers`;--> statement-breakpoint
ALTER TABLE `__new_settlement_transfers` RENAME TO `settlement_transfers`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `settlement_transfers_retry_of_unique` ON `settlement_transfers` (`retry_of`);--> statement-breakpoint
CREATE UNIQUE INDEX `settlement_transfers_payment_seq_idx` ON `settlement_transfers` (`payment_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `settlement_transfers_status_idx` ON `settlement_transfers` (`status`,`settlement_day`);--> statement-breakpoint
CREATE INDEX `settlement_transfers_merchant_day_idx` ON `settlement_transfers` (`merchant_id`,`settlement_day`);--> statement-breakpoint
ALTER TABLE `merchants` ADD `settlement_failover` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- The pool's addresses were all made on each asset's one network until now.
UPDATE `deposit_address_pool` SET `network` = CASE `asset` WHEN 'BTC' THEN 'bitcoin' ELSE 'ethereum' END;--> statement-breakpoint
-- Each merchant's M-Pesa number becomes its first destination: verified (it has been paid to), the
-- default, and still held if its cooling-off had not ended.
INSERT INTO `settlement_destinations` (`id`, `merchant_id`, `rail`, `phone`, `status`, `is_default`, `held_until`, `created_at`, `updated_at`, `verified_at`)
SELECT 'dst_' || lower(hex(randomblob(7))), `id`, 'mpesa',
  CASE WHEN `settlement_phone` LIKE '+%' THEN `settlement_phone` ELSE '+' || `settlement_phone` END,
  'verified', 1, `settlement_phone_held_until`,
  coalesce(`settlement_phone_changed_at`, `created_at`), coalesce(`settlement_phone_changed_at`, `created_at`), coalesce(`settlement_phone_changed_at`, `created_at`)
FROM `merchants` WHERE `settlement_phone` IS NOT NULL AND `settlement_phone` <> '';--> statement-breakpoint
UPDATE `settlement_transfers` SET `destination_id` = (
  SELECT d.`id` FROM `settlement_destinations` d WHERE d.`merchant_id` = `settlement_transfers`.`merchant_id`
    AND replace(d.`phone`, '+', '') = replace(`settlement_transfers`.`phone`, '+', '')
) WHERE `destination_id` IS NULL;
