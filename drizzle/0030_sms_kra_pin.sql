CREATE TABLE `sms_delivery_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider_message_id` text NOT NULL,
	`status` text NOT NULL,
	`failure_reason` text,
	`network_code` text,
	`retry_count` integer,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sms_delivery_reports_message_idx` ON `sms_delivery_reports` (`provider_message_id`);--> statement-breakpoint
ALTER TABLE `merchant_users` ADD `sms_phone` text;--> statement-breakpoint
ALTER TABLE `merchant_users` ADD `sms_on_payment` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `merchant_users` ADD `sms_on_payout` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `kra_pin` text;--> statement-breakpoint
ALTER TABLE `outbound_messages` ADD `merchant_user_id` text;--> statement-breakpoint
ALTER TABLE `outbound_messages` ADD `provider_message_id` text;--> statement-breakpoint
ALTER TABLE `outbound_messages` ADD `status` text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE `outbound_messages` ADD `status_at` integer;--> statement-breakpoint
ALTER TABLE `outbound_messages` ADD `failure_reason` text;--> statement-breakpoint
ALTER TABLE `outbound_messages` ADD `cost` text;--> statement-breakpoint
CREATE INDEX `outbound_messages_provider_idx` ON `outbound_messages` (`provider_message_id`);--> statement-breakpoint
CREATE INDEX `outbound_messages_member_idx` ON `outbound_messages` (`merchant_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `merchant_applications_phone_idx` ON `merchant_applications` (`phone`);--> statement-breakpoint
CREATE INDEX `merchant_applications_registration_idx` ON `merchant_applications` (`registration_number`);--> statement-breakpoint
CREATE INDEX `merchant_applications_email_idx` ON `merchant_applications` (`email_normalized`);--> statement-breakpoint
UPDATE `outbound_messages` SET `status` = 'sent' WHERE `sent_at` IS NOT NULL;
