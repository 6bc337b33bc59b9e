CREATE TABLE `fx_snapshots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pair` text NOT NULL,
	`rate` text NOT NULL,
	`source` text NOT NULL,
	`as_of` integer NOT NULL,
	`fetched_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `fx_snapshots_pair_fetched_idx` ON `fx_snapshots` (`pair`,`fetched_at`);--> statement-breakpoint
CREATE TABLE `rate_refreshes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trigger` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`outcome` text NOT NULL,
	`detail` text
);
--> statement-breakpoint
CREATE INDEX `rate_refreshes_started_idx` ON `rate_refreshes` (`started_at`);--> statement-breakpoint
CREATE TABLE `rate_snapshots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`refresh_id` integer NOT NULL,
	`asset` text NOT NULL,
	`price_kes` text NOT NULL,
	`price_usd` text,
	`derived` integer NOT NULL,
	`usd_kes` text,
	`source` text NOT NULL,
	`fx_source` text,
	`as_of` integer NOT NULL,
	`fetched_at` integer NOT NULL,
	FOREIGN KEY (`refresh_id`) REFERENCES `rate_refreshes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `rate_snapshots_asset_as_of_idx` ON `rate_snapshots` (`asset`,`as_of`);