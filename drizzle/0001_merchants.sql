CREATE TABLE `job_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job` text NOT NULL,
	`holder` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`outcome` text NOT NULL,
	`detail` text
);
--> statement-breakpoint
CREATE INDEX `job_runs_job_started_idx` ON `job_runs` (`job`,`started_at`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_type` text NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`target_type` text,
	`target_id` text,
	`details` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_type`,`target_id`);--> statement-breakpoint
CREATE TABLE `merchant_applications` (
	`id` text PRIMARY KEY NOT NULL,
	`reference` text NOT NULL,
	`status` text DEFAULT 'submitted' NOT NULL,
	`business_name` text NOT NULL,
	`business_type` text NOT NULL,
	`contact_name` text NOT NULL,
	`email` text NOT NULL,
	`email_normalized` text NOT NULL,
	`country_code` text NOT NULL,
	`phone` text NOT NULL,
	`website` text,
	`business_address` text,
	`country` text NOT NULL,
	`city` text NOT NULL,
	`monthly_volume` text,
	`current_payment_methods` text,
	`integration_type` text,
	`timeline` text,
	`agreed_to_terms` integer NOT NULL,
	`agreed_to_newsletter` integer NOT NULL,
	`client_key` text,
	`user_agent` text,
	`created_at` integer NOT NULL,
	`reviewed_at` integer,
	`reviewed_by` text,
	`decision_reason` text,
	`merchant_id` text,
	FOREIGN KEY (`reviewed_by`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `merchant_applications_reference_unique` ON `merchant_applications` (`reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `merchant_applications_pending_email_idx` ON `merchant_applications` (`email_normalized`) WHERE "merchant_applications"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX `merchant_applications_status_created_idx` ON `merchant_applications` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `merchant_users` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`username` text NOT NULL,
	`role` text DEFAULT 'owner' NOT NULL,
	`password_hash` text,
	`password_set_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `merchant_users_merchant_username_idx` ON `merchant_users` (`merchant_id`,`username`);--> statement-breakpoint
CREATE TABLE `merchants` (
	`id` text PRIMARY KEY NOT NULL,
	`business_name` text NOT NULL,
	`contact_email` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `operators` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`password_hash` text NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `operators_email_unique` ON `operators` (`email`);--> statement-breakpoint
CREATE TABLE `outbound_emails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`body_text` text NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE TABLE `password_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`merchant_user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`merchant_user_id`) REFERENCES `merchant_users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_ends_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`merchant_user_id` text,
	`operator_id` text,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`user_agent` text,
	FOREIGN KEY (`merchant_user_id`) REFERENCES `merchant_users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`operator_id`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sessions_one_subject" CHECK(("sessions"."merchant_user_id" is null) <> ("sessions"."operator_id" is null))
);
--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);