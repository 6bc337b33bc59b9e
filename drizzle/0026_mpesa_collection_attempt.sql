-- Issue 28 (ADR 0041): prompts of one payment are ordered by an explicit column, not by SQLite's rowid. Existing prompts are numbered in their insertion order (the rowid, one last time).
ALTER TABLE `mpesa_collections` ADD `attempt` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `mpesa_collections` SET `attempt` = (SELECT count(*) FROM `mpesa_collections` AS `earlier` WHERE `earlier`.`payment_id` = `mpesa_collections`.`payment_id` AND `earlier`.`rowid` <= `mpesa_collections`.`rowid`);
