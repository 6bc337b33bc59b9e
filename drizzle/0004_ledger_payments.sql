CREATE TABLE `custody_events` (
	`dedupe_key` text PRIMARY KEY NOT NULL,
	`custody_tx_id` text NOT NULL,
	`payment_id` text,
	`status` text NOT NULL,
	`confirmations` integer NOT NULL,
	`received_at` integer NOT NULL,
	`body` text NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_id` text NOT NULL,
	`at` integer NOT NULL,
	`type` text NOT NULL,
	`from_status` text,
	`to_status` text,
	`cause` text NOT NULL,
	`detail` text,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_events_payment_idx` ON `payment_events` (`payment_id`,`id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`reference` text NOT NULL,
	`description` text,
	`asset` text NOT NULL,
	`network` text NOT NULL,
	`amount_kes_cents` integer NOT NULL,
	`fee_kes_cents` integer NOT NULL,
	`quote_rate` text NOT NULL,
	`market_rate` text NOT NULL,
	`spread_bps` integer NOT NULL,
	`rate_source` text NOT NULL,
	`rate_fetched_at` integer NOT NULL,
	`crypto_amount_units` integer NOT NULL,
	`quoted_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`requires_review` integer DEFAULT false NOT NULL,
	`status` text NOT NULL,
	`deposit_address` text,
	`custody_asset_id` text,
	`custody_tx_id` text,
	`payer_address` text,
	`received_units` integer DEFAULT 0 NOT NULL,
	`confirmations` integer DEFAULT 0 NOT NULL,
	`resolution` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`confirmed_at` integer,
	`settled_at` integer,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payments_merchant_created_idx` ON `payments` (`merchant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`status`,`expires_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_deposit_address_idx` ON `payments` (`deposit_address`);--> statement-breakpoint
CREATE TABLE `settlement_transfers` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`payment_id` text,
	`sequence` integer NOT NULL,
	`rail` text NOT NULL,
	`phone` text NOT NULL,
	`amount_kes_cents` integer NOT NULL,
	`fee_kes_cents` integer NOT NULL,
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
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settlement_transfers_retry_of_unique` ON `settlement_transfers` (`retry_of`);--> statement-breakpoint
CREATE UNIQUE INDEX `settlement_transfers_payment_seq_idx` ON `settlement_transfers` (`payment_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `settlement_transfers_status_idx` ON `settlement_transfers` (`status`,`settlement_day`);--> statement-breakpoint
CREATE INDEX `settlement_transfers_merchant_day_idx` ON `settlement_transfers` (`merchant_id`,`settlement_day`);--> statement-breakpoint
CREATE TABLE `ledger_accounts` (
	`id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`currency` text NOT NULL,
	`kind` text NOT NULL,
	`owner_id` text,
	`balance` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "ledger_accounts_currency_check" CHECK("ledger_accounts"."currency" in ('KES', 'BTC', 'ETH', 'USDT', 'USDC')),
	CONSTRAINT "ledger_accounts_kind_check" CHECK("ledger_accounts"."kind" in ('asset', 'liability', 'revenue', 'expense', 'equity'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_accounts_code_idx` ON `ledger_accounts` (`code`);--> statement-breakpoint
CREATE INDEX `ledger_accounts_owner_idx` ON `ledger_accounts` (`owner_id`);--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` integer PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`account_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `ledger_transactions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `ledger_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE INDEX `ledger_entries_account_idx` ON `ledger_entries` (`account_id`,`id`);--> statement-breakpoint
CREATE INDEX `ledger_entries_transaction_idx` ON `ledger_entries` (`transaction_id`);--> statement-breakpoint
CREATE TABLE `ledger_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`kind` text NOT NULL,
	`description` text,
	`reference_type` text,
	`reference_id` text,
	`reverses_transaction_id` text,
	`fingerprint` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`reverses_transaction_id`) REFERENCES `ledger_transactions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_transactions_idempotency_key_idx` ON `ledger_transactions` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_transactions_reverses_idx` ON `ledger_transactions` (`reverses_transaction_id`) WHERE "ledger_transactions"."reverses_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX `ledger_transactions_reference_idx` ON `ledger_transactions` (`reference_type`,`reference_id`);--> statement-breakpoint
ALTER TABLE `merchants` ADD `settlement_rail` text DEFAULT 'mpesa' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `settlement_phone` text;