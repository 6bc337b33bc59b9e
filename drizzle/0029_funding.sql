CREATE TABLE `balance_top_ups` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text,
	`mode` text DEFAULT 'live' NOT NULL,
	`method` text NOT NULL,
	`status` text NOT NULL,
	`amount_kes_cents` integer NOT NULL,
	`provider_reference` text,
	`account_reference` text,
	`payer` text,
	`checkout_request_id` text,
	`requested_by` text,
	`ledger_transaction_id` text,
	`failure_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `balance_top_ups_provider_idx` ON `balance_top_ups` (`method`,`provider_reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `balance_top_ups_checkout_idx` ON `balance_top_ups` (`checkout_request_id`);--> statement-breakpoint
CREATE INDEX `balance_top_ups_merchant_idx` ON `balance_top_ups` (`merchant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `settlement_policies` (
	`merchant_id` text PRIMARY KEY NOT NULL,
	`schedule` text DEFAULT 'instant' NOT NULL,
	`daily_time` text DEFAULT '17:00' NOT NULL,
	`keep` text DEFAULT 'none' NOT NULL,
	`keep_percent` integer DEFAULT 0 NOT NULL,
	`keep_float_kes_cents` integer DEFAULT 0 NOT NULL,
	`due_live_kes_cents` integer DEFAULT 0 NOT NULL,
	`due_test_kes_cents` integer DEFAULT 0 NOT NULL,
	`last_sweep_day` text,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `settlement_sweeps` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`mode` text NOT NULL,
	`day` text NOT NULL,
	`due_kes_cents` integer NOT NULL,
	`planned_kes_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settlement_sweeps_merchant_day_idx` ON `settlement_sweeps` (`merchant_id`,`mode`,`day`);--> statement-breakpoint
ALTER TABLE `settlement_transfers` ADD `sweep_id` text;--> statement-breakpoint
CREATE INDEX `settlement_transfers_sweep_idx` ON `settlement_transfers` (`sweep_id`);