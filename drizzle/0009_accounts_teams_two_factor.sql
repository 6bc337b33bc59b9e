CREATE TABLE `account_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE INDEX `account_tokens_subject_idx` ON `account_tokens` (`subject_type`,`subject_id`);--> statement-breakpoint
CREATE TABLE `merchant_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_user_id` text,
	`revoked_at` integer,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`invited_by`) REFERENCES `merchant_users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`accepted_user_id`) REFERENCES `merchant_users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `merchant_invitations_token_hash_unique` ON `merchant_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `merchant_invitations_merchant_idx` ON `merchant_invitations` (`merchant_id`);--> statement-breakpoint
CREATE TABLE `recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE INDEX `recovery_codes_subject_idx` ON `recovery_codes` (`subject_type`,`subject_id`);--> statement-breakpoint
CREATE TABLE `security_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`type` text NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`details` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `security_events_subject_idx` ON `security_events` (`subject_type`,`subject_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `merchant_users` ADD `email` text;--> statement-breakpoint
ALTER TABLE `merchant_users` ADD `status` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchant_users` ADD `totp_secret` text;--> statement-breakpoint
ALTER TABLE `merchant_users` ADD `totp_enabled_at` integer;--> statement-breakpoint
ALTER TABLE `merchant_users` ADD `totp_last_step` integer;--> statement-breakpoint
ALTER TABLE `merchant_users` ADD `notify_payment_settled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `merchant_users` ADD `notify_daily_summary` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `merchant_users` ADD `invited_by` text;--> statement-breakpoint
ALTER TABLE `merchants` ADD `require_two_factor` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `operators` ADD `totp_secret` text;--> statement-breakpoint
ALTER TABLE `operators` ADD `totp_enabled_at` integer;--> statement-breakpoint
ALTER TABLE `operators` ADD `totp_last_step` integer;--> statement-breakpoint
ALTER TABLE `outbound_emails` ADD `body_html` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `pending_second_factor` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `stepped_up_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `ip_address` text;--> statement-breakpoint
CREATE INDEX `sessions_merchant_user_idx` ON `sessions` (`merchant_user_id`);--> statement-breakpoint
CREATE INDEX `sessions_operator_idx` ON `sessions` (`operator_id`);--> statement-breakpoint
-- Issue 12: each existing merchant's user is its owner, reachable at the merchant's contact e-mail.
UPDATE `merchant_users` SET `role` = 'viewer' WHERE `role` NOT IN ('owner', 'admin', 'finance', 'developer', 'cashier', 'viewer');--> statement-breakpoint
UPDATE `merchant_users` SET `email` = (SELECT `contact_email` FROM `merchants` WHERE `merchants`.`id` = `merchant_users`.`merchant_id`) WHERE `email` IS NULL AND `role` = 'owner';
