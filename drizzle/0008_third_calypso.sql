CREATE TABLE `application_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`file_name` text NOT NULL,
	`stored_name` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`sha256` text NOT NULL,
	`content_type` text NOT NULL,
	`scan_status` text DEFAULT 'unscanned' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `merchant_applications`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `application_documents_application_idx` ON `application_documents` (`application_id`);--> statement-breakpoint
ALTER TABLE `merchant_applications` ADD `registration_number` text;