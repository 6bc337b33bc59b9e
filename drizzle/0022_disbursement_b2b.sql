ALTER TABLE `disbursement_rows` ADD `raw_account` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `disbursement_rows` ADD `b2b_kind` text;--> statement-breakpoint
ALTER TABLE `disbursement_rows` ADD `business_number` text;--> statement-breakpoint
ALTER TABLE `disbursement_rows` ADD `account_reference` text;