CREATE TABLE `news_article_tags` (
	`article_id` text NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`article_id`, `tag`),
	FOREIGN KEY (`article_id`) REFERENCES `news_articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `news_article_tags_tag_idx` ON `news_article_tags` (`tag`);--> statement-breakpoint
CREATE TABLE `news_articles` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`tldr` text NOT NULL,
	`body` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`category` text NOT NULL,
	`published_at` integer NOT NULL,
	`source_name` text NOT NULL,
	`source_url` text NOT NULL,
	`author_name` text NOT NULL,
	`author_bio` text NOT NULL,
	`author_avatar` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`reading_time` integer NOT NULL,
	`kenya_impact` text,
	`merchant_takeaways` text,
	`feed_id` text,
	`run_id` text,
	`original_url` text NOT NULL,
	`canonical_url` text NOT NULL,
	`canonical_key` text NOT NULL,
	`normalized_title` text NOT NULL,
	`fetched_at` integer NOT NULL,
	`matched_topics` text DEFAULT '[]' NOT NULL,
	`curation_reason` text NOT NULL,
	`status_changed_at` integer,
	`status_changed_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`feed_id`) REFERENCES `news_feeds`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`run_id`) REFERENCES `news_ingest_runs`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "news_articles_reading_time_positive" CHECK("news_articles"."reading_time" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `news_articles_slug_idx` ON `news_articles` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `news_articles_canonical_key_idx` ON `news_articles` (`canonical_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `news_articles_normalized_title_idx` ON `news_articles` (`normalized_title`);--> statement-breakpoint
CREATE INDEX `news_articles_status_published_idx` ON `news_articles` (`status`,`published_at`);--> statement-breakpoint
CREATE INDEX `news_articles_published_idx` ON `news_articles` (`published_at`);--> statement-breakpoint
CREATE INDEX `news_articles_created_idx` ON `news_articles` (`created_at`);--> statement-breakpoint
CREATE TABLE `news_feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`note` text,
	`etag` text,
	`last_modified` text,
	`last_fetched_at` integer,
	`last_outcome` text,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `news_feeds_url_idx` ON `news_feeds` (`url`);--> statement-breakpoint
CREATE TABLE `news_ingest_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`trigger` text NOT NULL,
	`triggered_by` text,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`feed_outcomes` text DEFAULT '[]' NOT NULL,
	`total_fetched` integer DEFAULT 0 NOT NULL,
	`total_curated` integer DEFAULT 0 NOT NULL,
	`total_excluded` integer DEFAULT 0 NOT NULL,
	`time_window` text NOT NULL,
	`window_start` integer NOT NULL,
	`window_end` integer NOT NULL,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `news_ingest_runs_started_idx` ON `news_ingest_runs` (`started_at`);--> statement-breakpoint
CREATE TABLE `news_rejected_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` text NOT NULL,
	`feed_id` text,
	`feed_name` text NOT NULL,
	`title` text NOT NULL,
	`url` text,
	`published_at` integer,
	`reason` text NOT NULL,
	`detail` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `news_ingest_runs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`feed_id`) REFERENCES `news_feeds`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `news_rejected_items_run_idx` ON `news_rejected_items` (`run_id`);--> statement-breakpoint
CREATE TABLE `news_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`auto_ingest` integer DEFAULT false NOT NULL,
	`auto_publish` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	CONSTRAINT "news_settings_single_row" CHECK("news_settings"."id" = 1)
);
