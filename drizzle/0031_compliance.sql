CREATE TABLE `compliance_case_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`case_id` text NOT NULL,
	`type` text NOT NULL,
	`actor_id` text,
	`body` text,
	`detail` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`case_id`) REFERENCES `compliance_cases`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `compliance_case_events_case_idx` ON `compliance_case_events` (`case_id`,`at`);--> statement-breakpoint
CREATE TABLE `compliance_cases` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`severity` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`merchant_id` text,
	`application_id` text,
	`title` text NOT NULL,
	`owner_id` text,
	`due_at` integer NOT NULL,
	`decided_by` text,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `compliance_cases_queue_idx` ON `compliance_cases` (`status`,`due_at`);--> statement-breakpoint
CREATE INDEX `compliance_cases_merchant_idx` ON `compliance_cases` (`merchant_id`);--> statement-breakpoint
CREATE TABLE `compliance_holds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`case_id` text NOT NULL,
	`target` text NOT NULL,
	`target_id` text NOT NULL,
	`status` text DEFAULT 'held' NOT NULL,
	`created_at` integer NOT NULL,
	`released_at` integer,
	FOREIGN KEY (`case_id`) REFERENCES `compliance_cases`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `compliance_holds_target_idx` ON `compliance_holds` (`target`,`target_id`,`case_id`);--> statement-breakpoint
CREATE INDEX `compliance_holds_open_idx` ON `compliance_holds` (`target`,`target_id`,`status`);--> statement-breakpoint
CREATE TABLE `sanctions_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`snapshot_id` text NOT NULL,
	`entry_id` integer NOT NULL,
	`currency` text NOT NULL,
	`address` text NOT NULL,
	`normalized` text NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `sanctions_entries`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sanctions_addresses_lookup_idx` ON `sanctions_addresses` (`normalized`,`snapshot_id`);--> statement-breakpoint
CREATE INDEX `sanctions_addresses_snapshot_idx` ON `sanctions_addresses` (`snapshot_id`);--> statement-breakpoint
CREATE TABLE `sanctions_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`snapshot_id` text NOT NULL,
	`uid` text NOT NULL,
	`kind` text NOT NULL,
	`primary_name` text NOT NULL,
	`programs` text,
	`remarks` text,
	`fingerprint` text NOT NULL,
	FOREIGN KEY (`snapshot_id`) REFERENCES `sanctions_snapshots`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sanctions_entries_uid_idx` ON `sanctions_entries` (`snapshot_id`,`uid`);--> statement-breakpoint
CREATE TABLE `sanctions_names` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`snapshot_id` text NOT NULL,
	`entry_id` integer NOT NULL,
	`name` text NOT NULL,
	`quality` text NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `sanctions_entries`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sanctions_names_snapshot_idx` ON `sanctions_names` (`snapshot_id`);--> statement-breakpoint
CREATE TABLE `sanctions_snapshots` (
	`id` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`status` text NOT NULL,
	`trigger` text NOT NULL,
	`origin` text NOT NULL,
	`published_at` integer,
	`checksum` text NOT NULL,
	`byte_size` integer NOT NULL,
	`entry_count` integer NOT NULL,
	`name_count` integer NOT NULL,
	`address_count` integer NOT NULL,
	`reason` text,
	`diff` text,
	`imported_by` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sanctions_snapshots_source_idx` ON `sanctions_snapshots` (`source`,`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `screenings` (
	`id` text PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`subject_ref` text NOT NULL,
	`screened` text NOT NULL,
	`network` text,
	`context` text NOT NULL,
	`snapshot_ids` text NOT NULL,
	`result` text NOT NULL,
	`best_score` integer,
	`hits` text,
	`case_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `screenings_subject_idx` ON `screenings` (`subject`,`subject_ref`,`created_at`);--> statement-breakpoint
CREATE INDEX `screenings_case_idx` ON `screenings` (`case_id`);