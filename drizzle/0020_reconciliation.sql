CREATE TABLE `rail_balance_reports` (
	`originator_conversation_id` text PRIMARY KEY NOT NULL,
	`rail` text NOT NULL,
	`conversation_id` text,
	`result_code` integer NOT NULL,
	`result_desc` text NOT NULL,
	`available_cents` text,
	`body` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `reconciliation_findings` (
	`id` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`kind` text NOT NULL,
	`book` text NOT NULL,
	`subject` text NOT NULL,
	`subject_label` text NOT NULL,
	`currency` text NOT NULL,
	`expected` text NOT NULL,
	`actual` text NOT NULL,
	`difference` text NOT NULL,
	`evidence` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	`resolution_note` text,
	FOREIGN KEY (`run_id`) REFERENCES `reconciliation_runs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `reconciliation_findings_status_idx` ON `reconciliation_findings` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reconciliation_findings_run_idx` ON `reconciliation_findings` (`run_id`);--> statement-breakpoint
CREATE TABLE `reconciliation_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`checked` text DEFAULT '{}' NOT NULL,
	`findings_count` integer DEFAULT 0 NOT NULL,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `reconciliation_runs_started_idx` ON `reconciliation_runs` (`started_at`);