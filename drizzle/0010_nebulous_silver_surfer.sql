CREATE TABLE `notification_receipts` (
	`key` text PRIMARY KEY NOT NULL,
	`email_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`email_id`) REFERENCES `outbound_emails`(`id`) ON UPDATE no action ON DELETE no action
);
