ALTER TABLE `merchants` ADD `settlement_phone_changed_at` integer;--> statement-breakpoint
ALTER TABLE `settlement_transfers` ADD `rail_charge_kes_cents` integer DEFAULT 0 NOT NULL;