CREATE TABLE `business_parties` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text,
	`merchant_id` text,
	`role` text NOT NULL,
	`full_name` text NOT NULL,
	`nationality` text,
	`id_number` text,
	`date_of_birth` text,
	`ownership_bps` integer,
	`pep` integer DEFAULT false NOT NULL,
	`pep_details` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`removed_at` integer
);
--> statement-breakpoint
CREATE INDEX `business_parties_application_idx` ON `business_parties` (`application_id`);--> statement-breakpoint
CREATE INDEX `business_parties_merchant_idx` ON `business_parties` (`merchant_id`);--> statement-breakpoint
CREATE TABLE `data_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`requested_by` text NOT NULL,
	`outcome` text,
	`created_at` integer NOT NULL,
	`completed_at` integer
);
--> statement-breakpoint
CREATE INDEX `data_requests_merchant_idx` ON `data_requests` (`merchant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `frc_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`case_id` text,
	`period_start` integer,
	`period_end` integer,
	`transaction_count` integer NOT NULL,
	`file_name` text NOT NULL,
	`content` text NOT NULL,
	`sha256` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`filed_by` text,
	`filed_at` integer,
	`frc_reference` text
);
--> statement-breakpoint
CREATE INDEX `frc_reports_kind_idx` ON `frc_reports` (`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `frc_reports_case_idx` ON `frc_reports` (`case_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `frc_reports_period_idx` ON `frc_reports` (`kind`,`period_start`) WHERE "frc_reports"."kind" = 'ltr';--> statement-breakpoint
CREATE TABLE `monitoring_alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`rule` text NOT NULL,
	`merchant_id` text,
	`fingerprint` text NOT NULL,
	`detail` text NOT NULL,
	`case_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `monitoring_alerts_fingerprint_idx` ON `monitoring_alerts` (`fingerprint`);--> statement-breakpoint
CREATE INDEX `monitoring_alerts_merchant_idx` ON `monitoring_alerts` (`merchant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `monitoring_rules` (
	`rule` text PRIMARY KEY NOT NULL,
	`enabled` integer NOT NULL,
	`thresholds` text NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `merchants` ADD `kyb_tier` text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `kyb_review_due_at` integer;--> statement-breakpoint
ALTER TABLE `merchants` ADD `relationship_ended_at` integer;--> statement-breakpoint
ALTER TABLE `merchants` ADD `erased_at` integer;--> statement-breakpoint
ALTER TABLE `application_documents` ADD `document_type` text;--> statement-breakpoint
ALTER TABLE `application_documents` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `application_documents` ADD `merchant_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `excise_kes_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `settlement_transfers` ADD `excise_kes_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `disbursement_rows` ADD `excise_kes_cents` integer;--> statement-breakpoint
ALTER TABLE `refunds` ADD `travel_rule` text;