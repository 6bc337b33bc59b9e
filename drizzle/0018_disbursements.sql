CREATE TABLE `disbursement_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`mode` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`file_name` text,
	`title` text NOT NULL,
	`sms_receipts` integer DEFAULT false NOT NULL,
	`created_by` text NOT NULL,
	`submitted_at` integer,
	`decided_by` text,
	`decided_at` integer,
	`decision_note` text,
	`reserved_kes_cents` integer,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `disbursement_batches_merchant_idx` ON `disbursement_batches` (`merchant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `disbursement_batches_status_idx` ON `disbursement_batches` (`status`);--> statement-breakpoint
CREATE TABLE `disbursement_rows` (
	`id` text PRIMARY KEY NOT NULL,
	`batch_id` text NOT NULL,
	`line` integer NOT NULL,
	`raw_recipient` text NOT NULL,
	`raw_rail` text NOT NULL,
	`raw_amount` text NOT NULL,
	`raw_reference` text NOT NULL,
	`raw_name` text NOT NULL,
	`raw_bank_code` text NOT NULL,
	`errors` text,
	`status` text NOT NULL,
	`rail` text,
	`phone` text,
	`bank_code` text,
	`account_number` text,
	`amount_kes_cents` integer,
	`fee_kes_cents` integer,
	`rail_charge_kes_cents` integer,
	`reference` text,
	`name` text,
	`duplicate_of_line` integer,
	`recent_duplicate_of` text,
	`name_check` text DEFAULT 'not_offered' NOT NULL,
	`registered_name` text,
	`transfer_id` text,
	`receipt` text,
	`failure_reason` text,
	`completed_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `disbursement_batches`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `disbursement_rows_batch_line_idx` ON `disbursement_rows` (`batch_id`,`line`);--> statement-breakpoint
CREATE INDEX `disbursement_rows_batch_status_idx` ON `disbursement_rows` (`batch_id`,`status`);--> statement-breakpoint
CREATE INDEX `disbursement_rows_name_check_idx` ON `disbursement_rows` (`name_check`);--> statement-breakpoint
CREATE TABLE `outbound_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`to_phone` text NOT NULL,
	`body` text NOT NULL,
	`subject_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbound_messages_subject_key_unique` ON `outbound_messages` (`subject_key`);--> statement-breakpoint
CREATE INDEX `outbound_messages_unsent_idx` ON `outbound_messages` (`sent_at`);--> statement-breakpoint
ALTER TABLE `merchants` ADD `payout_approval_above_kes` integer;--> statement-breakpoint
ALTER TABLE `settlement_transfers` ADD `disbursement_row_id` text;--> statement-breakpoint
CREATE INDEX `settlement_transfers_disbursement_row_idx` ON `settlement_transfers` (`disbursement_row_id`);