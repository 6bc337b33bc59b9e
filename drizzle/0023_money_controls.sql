ALTER TABLE `disbursement_batches` ADD `created_with_key` text;--> statement-breakpoint
ALTER TABLE `disbursement_batches` ADD `row_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `refunds` ADD `created_with_key` text;--> statement-breakpoint
-- Every key belongs to a member (ADR 0038): keys made by `npm run apikey:create` before it are the merchant's first owner's.
UPDATE `api_keys` SET `created_by` = (SELECT `id` FROM `merchant_users` WHERE `merchant_users`.`merchant_id` = `api_keys`.`merchant_id` AND `merchant_users`.`role` = 'owner' ORDER BY `merchant_users`.`created_at` LIMIT 1) WHERE `created_by` IS NULL;--> statement-breakpoint
-- What a key made is its member's: the maker of an API batch or refund is the key's member, the key is kept beside it.
UPDATE `disbursement_batches` SET `created_with_key` = substr(`created_by`, 5), `created_by` = COALESCE((SELECT `created_by` FROM `api_keys` WHERE `api_keys`.`id` = substr(`disbursement_batches`.`created_by`, 5)), `created_by`) WHERE `created_by` LIKE 'key:%';--> statement-breakpoint
UPDATE `refunds` SET `created_with_key` = substr(`created_by`, 5), `created_by` = COALESCE((SELECT `created_by` FROM `api_keys` WHERE `api_keys`.`id` = substr(`refunds`.`created_by`, 5)), `created_by`) WHERE `created_by` LIKE 'key:%';--> statement-breakpoint
UPDATE `disbursement_batches` SET `row_count` = (SELECT count(*) FROM `disbursement_rows` WHERE `disbursement_rows`.`batch_id` = `disbursement_batches`.`id`);--> statement-breakpoint
-- A safe default for single payouts (issue 27, item 3): above KES 100,000 they wait for a second member.
UPDATE `merchants` SET `payout_approval_above_kes` = 100000 WHERE `payout_approval_above_kes` IS NULL;
