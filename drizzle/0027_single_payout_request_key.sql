ALTER TABLE `disbursement_batches` ADD `request_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `disbursement_batches_request_key_idx` ON `disbursement_batches` (`merchant_id`,`request_key`);