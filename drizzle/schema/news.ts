/**
 * The blog's curated articles and the news-curation pipeline: the feeds we read, every ingest run
 * with its per-feed outcomes, every item a run rejected (with the reason), and the operator's
 * settings. Built-in articles live in app/content/articles; curated ones here, with the same fields
 * plus the curation record. Times are UTC epoch milliseconds.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
// The blog vocabulary lives with the built-in articles (isomorphic); see ADR 0020.
import { articleCategories, articleStatuses } from "../../app/content/articles/types";

/** RSS 2.0 / Atom feeds an ingest run reads. Operators add, disable and remove them. */
export const newsFeeds = sqliteTable(
  "news_feeds",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    /** Why the feed is as it is (e.g. "URL unverified"). Shown to operators. */
    note: text("note"),
    /** Conditional GET validators from the last 200 answer. */
    etag: text("etag"),
    lastModified: text("last_modified"),
    lastFetchedAt: integer("last_fetched_at"),
    /** "ok", "not_modified" or "failed" (see FeedOutcome in app/core/news/types.ts). */
    lastOutcome: text("last_outcome"),
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [uniqueIndex("news_feeds_url_idx").on(table.url)],
);

/** One row per ingest run (manual, scheduled or bench). */
export const newsIngestRuns = sqliteTable(
  "news_ingest_runs",
  {
    id: text("id").primaryKey(),
    trigger: text("trigger", { enum: ["manual", "schedule", "bench"] }).notNull(),
    /** Operator who started a manual run. */
    triggeredBy: text("triggered_by"),
    /**
     * "partial": some feeds failed and `error` names them (see runStatusOf in
     * app/core/news/ingest.server.ts).
     */
    status: text("status", { enum: ["running", "succeeded", "partial", "failed"] }).notNull(),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
    /** JSON array of FeedOutcome. */
    feedOutcomes: text("feed_outcomes").notNull().default("[]"),
    totalFetched: integer("total_fetched").notNull().default(0),
    totalCurated: integer("total_curated").notNull().default(0),
    totalExcluded: integer("total_excluded").notNull().default(0),
    /** The curation window: items published in [windowStart, windowEnd] were eligible. */
    timeWindow: text("time_window").notNull(),
    windowStart: integer("window_start").notNull(),
    windowEnd: integer("window_end").notNull(),
    error: text("error"),
  },
  (table) => [index("news_ingest_runs_started_idx").on(table.startedAt)],
);

/** Curated articles: the Article fields plus where and why we took them. */
export const newsArticles = sqliteTable(
  "news_articles",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    tldr: text("tldr").notNull(),
    /** Our plain-text body format (see app/content/articles/types.ts). Never HTML. */
    body: text("body").notNull(),
    /** JSON array of tags, in display order; also in news_article_tags for filtering. */
    tags: text("tags").notNull().default("[]"),
    category: text("category", { enum: articleCategories }).notNull(),
    publishedAt: integer("published_at").notNull(),
    sourceName: text("source_name").notNull(),
    sourceUrl: text("source_url").notNull(),
    authorName: text("author_name").notNull(),
    authorBio: text("author_bio").notNull(),
    authorAvatar: text("author_avatar").notNull(),
    status: text("status", { enum: articleStatuses }).notNull().default("draft"),
    readingTime: integer("reading_time").notNull(),
    kenyaImpact: text("kenya_impact"),
    /** JSON array of strings, or null. */
    merchantTakeaways: text("merchant_takeaways"),
    // The curation record.
    feedId: text("feed_id").references(() => newsFeeds.id, { onDelete: "set null" }),
    runId: text("run_id").references(() => newsIngestRuns.id),
    originalUrl: text("original_url").notNull(),
    canonicalUrl: text("canonical_url").notNull(),
    /** Key for duplicate detection: the canonical URL without scheme and "www.". */
    canonicalKey: text("canonical_key").notNull(),
    normalizedTitle: text("normalized_title").notNull(),
    fetchedAt: integer("fetched_at").notNull(),
    /** JSON array of the required topics the item matched (the reason it was accepted). */
    matchedTopics: text("matched_topics").notNull().default("[]"),
    curationReason: text("curation_reason").notNull(),
    statusChangedAt: integer("status_changed_at"),
    statusChangedBy: text("status_changed_by"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("news_articles_slug_idx").on(table.slug),
    uniqueIndex("news_articles_canonical_key_idx").on(table.canonicalKey),
    uniqueIndex("news_articles_normalized_title_idx").on(table.normalizedTitle),
    index("news_articles_status_published_idx").on(table.status, table.publishedAt),
    index("news_articles_published_idx").on(table.publishedAt),
    index("news_articles_created_idx").on(table.createdAt),
    check("news_articles_reading_time_positive", sql`${table.readingTime} >= 1`),
  ],
);

/** One row per (article, tag), lower-cased, so tag and topic filters run in SQL. */
export const newsArticleTags = sqliteTable(
  "news_article_tags",
  {
    articleId: text("article_id")
      .notNull()
      .references(() => newsArticles.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.tag] }),
    index("news_article_tags_tag_idx").on(table.tag),
  ],
);

/** Every item a run did not take, with the rule that excluded it. */
export const newsRejectedItems = sqliteTable(
  "news_rejected_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    runId: text("run_id")
      .notNull()
      .references(() => newsIngestRuns.id),
    feedId: text("feed_id").references(() => newsFeeds.id, { onDelete: "set null" }),
    feedName: text("feed_name").notNull(),
    title: text("title").notNull(),
    url: text("url"),
    publishedAt: integer("published_at"),
    /** A RejectionReason code (app/core/news/rules.ts). */
    reason: text("reason").notNull(),
    detail: text("detail").notNull(),
  },
  (table) => [index("news_rejected_items_run_idx").on(table.runId)],
);

/** The operator's switches: one row, id 1. */
export const newsSettings = sqliteTable(
  "news_settings",
  {
    id: integer("id").primaryKey(),
    autoIngest: integer("auto_ingest", { mode: "boolean" }).notNull().default(false),
    autoPublish: integer("auto_publish", { mode: "boolean" }).notNull().default(false),
    updatedAt: integer("updated_at").notNull(),
    updatedBy: text("updated_by"),
  },
  (table) => [check("news_settings_single_row", sql`${table.id} = 1`)],
);
