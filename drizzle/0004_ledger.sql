CREATE TABLE `ledger_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
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
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
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
CREATE UNIQUE INDEX `ledger_transactions_reverses_idx` ON `ledger_transactions` (`reverses_transaction_id`);--> statement-breakpoint
CREATE INDEX `ledger_transactions_reference_idx` ON `ledger_transactions` (`reference_type`,`reference_id`);--> statement-breakpoint
CREATE INDEX `ledger_transactions_created_idx` ON `ledger_transactions` (`created_at`);--> statement-breakpoint
ALTER TABLE `merchants` ADD `settlement_rail` text DEFAULT 'mpesa' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `settlement_phone` text;