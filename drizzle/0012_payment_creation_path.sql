CREATE TABLE `deposit_address_pool` (
	`id` text PRIMARY KEY NOT NULL,
	`mode` text NOT NULL,
	`asset` text NOT NULL,
	`address` text NOT NULL,
	`custody_asset_id` text NOT NULL,
	`custody_vault_account_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deposit_address_pool_address_unique` ON `deposit_address_pool` (`address`);--> statement-breakpoint
CREATE INDEX `deposit_address_pool_take_idx` ON `deposit_address_pool` (`mode`,`asset`,`created_at`);--> statement-breakpoint
CREATE TABLE `payment_daily_volumes` (
	`merchant_id` text NOT NULL,
	`mode` text NOT NULL,
	`day` text NOT NULL,
	`counted_kes_cents` integer NOT NULL,
	PRIMARY KEY(`merchant_id`, `mode`, `day`)
);--> statement-breakpoint
-- The daily-limit counter (ADR 0027): kept by triggers. The counted statuses are COUNTED in
-- app/core/payments/payments.server.ts (a test checks that the two agree); the EAT day is UTC+3.
INSERT INTO `payment_daily_volumes` (`merchant_id`, `mode`, `day`, `counted_kes_cents`)
  SELECT `merchant_id`, `mode`, date(payments.`created_at` / 1000 + 10800, 'unixepoch'), sum(`amount_kes_cents`)
  FROM `payments` WHERE `status` IN ('awaiting_payment', 'confirming', 'confirmed', 'in_review', 'settling', 'settled')
  GROUP BY `merchant_id`, `mode`, date(payments.`created_at` / 1000 + 10800, 'unixepoch');
--> statement-breakpoint
CREATE TRIGGER `payments_daily_volume_insert` AFTER INSERT ON `payments`
WHEN NEW.`status` IN ('awaiting_payment', 'confirming', 'confirmed', 'in_review', 'settling', 'settled')
BEGIN
  INSERT INTO `payment_daily_volumes` (`merchant_id`, `mode`, `day`, `counted_kes_cents`)
  VALUES (NEW.`merchant_id`, NEW.`mode`, date(NEW.`created_at` / 1000 + 10800, 'unixepoch'), NEW.`amount_kes_cents`)
  ON CONFLICT (`merchant_id`, `mode`, `day`)
  DO UPDATE SET `counted_kes_cents` = `counted_kes_cents` + excluded.`counted_kes_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `payments_daily_volume_update_old` AFTER UPDATE OF `status`, `amount_kes_cents`, `merchant_id`, `mode`, `created_at` ON `payments`
WHEN OLD.`status` IN ('awaiting_payment', 'confirming', 'confirmed', 'in_review', 'settling', 'settled')
BEGIN
  UPDATE `payment_daily_volumes` SET `counted_kes_cents` = `counted_kes_cents` - OLD.`amount_kes_cents`
  WHERE `merchant_id` = OLD.`merchant_id` AND `mode` = OLD.`mode` AND `day` = date(OLD.`created_at` / 1000 + 10800, 'unixepoch');
END;
--> statement-breakpoint
CREATE TRIGGER `payments_daily_volume_update_new` AFTER UPDATE OF `status`, `amount_kes_cents`, `merchant_id`, `mode`, `created_at` ON `payments`
WHEN NEW.`status` IN ('awaiting_payment', 'confirming', 'confirmed', 'in_review', 'settling', 'settled')
BEGIN
  INSERT INTO `payment_daily_volumes` (`merchant_id`, `mode`, `day`, `counted_kes_cents`)
  VALUES (NEW.`merchant_id`, NEW.`mode`, date(NEW.`created_at` / 1000 + 10800, 'unixepoch'), NEW.`amount_kes_cents`)
  ON CONFLICT (`merchant_id`, `mode`, `day`)
  DO UPDATE SET `counted_kes_cents` = `counted_kes_cents` + excluded.`counted_kes_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `payments_daily_volume_delete` AFTER DELETE ON `payments`
WHEN OLD.`status` IN ('awaiting_payment', 'confirming', 'confirmed', 'in_review', 'settling', 'settled')
BEGIN
  UPDATE `payment_daily_volumes` SET `counted_kes_cents` = `counted_kes_cents` - OLD.`amount_kes_cents`
  WHERE `merchant_id` = OLD.`merchant_id` AND `mode` = OLD.`mode` AND `day` = date(OLD.`created_at` / 1000 + 10800, 'unixepoch');
END;
