/**
 * Shapes shared by the news pipeline, the blog, the admin page and the JSON endpoint. Plain data
 * only.
 */
import type { Article } from "~/content/articles/types";

/** An article without its body: what cards, headlines and the sidebar need. */
export type ArticleCard = Omit<Article, "body" | "kenyaImpact" | "merchantTakeaways">;

/** What happened to one feed in one run. */
export interface FeedOutcome {
  feedId: string;
  feedName: string;
  url: string;
  outcome: "ok" | "not_modified" | "failed";
  httpStatus: number | null;
  /** Items parsed from the feed. */
  items: number;
  curated: number;
  excluded: number;
  /** "rss" or "atom", as read from the document. */
  format: "rss" | "atom" | null;
  bytes: number;
  /** The body was cut at the size cap. */
  truncated: boolean;
  error: string | null;
  durationMs: number;
}

export type IngestTrigger = "manual" | "schedule" | "bench";

export interface IngestRunSummary {
  id: string;
  trigger: IngestTrigger;
  /** "partial": some feeds failed (named in `error` and in `feeds`), the others were curated. */
  status: "running" | "succeeded" | "partial" | "failed";
  startedAt: number;
  finishedAt: number | null;
  totalFetched: number;
  totalCurated: number;
  totalExcluded: number;
  /**
   * ISO 8601 interval of the curation window, e.g.
   * "2026-11-14T07:00:00.000Z/2026-11-21T07:00:00.000Z".
   */
  timeWindow: string;
  feeds: FeedOutcome[];
  error: string | null;
}

export interface NewsSettings {
  autoIngest: boolean;
  autoPublish: boolean;
  updatedAt: number | null;
}

/** A curated article as the admin list and GET /functions/v1/news-curated show it. */
export interface CuratedArticleSummary {
  id: string;
  slug: string;
  title: string;
  sourceName: string;
  sourceUrl: string;
  publishedAt: string;
  tags: string[];
  status: "published" | "draft";
  matchedTopics: string[];
  createdAt: number;
}

/** A feed as the operator's feed list shows it. */
export interface FeedListItem {
  id: string;
  name: string;
  url: string;
  enabled: boolean;
  note: string | null;
  lastFetchedAt: number | null;
  lastOutcome: string | null;
  lastError: string | null;
}
