/**
 * News wiring. The start-up step (app/wiring/boot.server.ts): in simulator mode the feed simulator
 * serves the recorded feeds and every feed is read through it (loaded with a dynamic import, so a
 * live process never loads it); the daily schedule is started when the stored auto-ingest
 * setting is on. `ingestOptions` is how this process reads feeds (base URL, deadline, size cap),
 * for the schedule and the operator's "run now". The routes reach the blog and the curation
 * through `blog()` and `news()` (ADR 0041).
 */
import type { FetchFeedOptions } from "~/core/news/fetch.server";
import {
  addFeedAudited,
  auditIngestRun,
  changeArticleStatus,
  changeFeed,
  changeSetting,
} from "~/core/news/admin.server";
import { newsCuratedResponse } from "~/core/news/api.server";
import {
  getPublishedArticle,
  latestHeadlines,
  latestNews,
  listCuratedArticles,
  listPublishedArticlePaths,
  listPublishedArticles,
  publishedTags,
  type ListFilters,
} from "~/core/news/articles.server";
import { listFeeds } from "~/core/news/feeds.server";
import {
  getLatestRun,
  listRejections,
  runIngestLeased,
  type IngestOptions,
} from "~/core/news/ingest.server";
import { applyAutoIngest } from "~/core/news/schedule.server";
import { getNewsSettings } from "~/core/news/settings.server";
import type { HeadlineTopic } from "~/core/news/topics";
import type { Store } from "~/db/store";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import type { BootContext } from "./context";
import { bindStore, store } from "./store.server";

const state = globalThis as typeof globalThis & { __onehopFeedBaseUrl?: string | null };

/**
 * Read every feed through this origin from now on (the feed simulator's), or null for the outlets.
 */
function readFeedsThrough(baseUrl: string | null): void {
  state.__onehopFeedBaseUrl = baseUrl;
}

function newsFetchOptions(): Omit<FetchFeedOptions, "etag" | "lastModified"> {
  return {
    baseUrl: state.__onehopFeedBaseUrl ?? env.NEWS_FEED_BASE_URL ?? null,
    timeoutMs: env.NEWS_FEED_TIMEOUT_MS,
    maxBytes: env.NEWS_FEED_MAX_BYTES,
  };
}

/** Settings for ingest runs started in this process (scheduled or by an operator). */
export function ingestOptions(): Omit<IngestOptions, "trigger"> {
  return { fetch: newsFetchOptions() };
}

function blogOn(on: Store | null) {
  return {
    latestHeadlines: (topic: HeadlineTopic) => latestHeadlines(on, topic),
    listPublishedArticles: (filters: ListFilters & { page?: number }) =>
      listPublishedArticles(on, filters),
    latestNews: () => latestNews(on),
    publishedTags: () => publishedTags(on),
    getPublishedArticle: (slug: string) => getPublishedArticle(on, slug),
  };
}

/** The blog's reads: built-in and curated articles. */
export function blog() {
  return blogOn(store());
}

export type Blog = ReturnType<typeof blogOn>;

/** The blog when curated articles are unavailable: the built-in articles only (spec section 7). */
export function builtInBlog() {
  return blogOn(null);
}

/** Curation: the operator page, the public JSON endpoint and the sitemap's article paths. */
export function news() {
  const on = store();
  return {
    ...bindStore(on, {
      getNewsSettings,
      getLatestRun,
      listRejections,
      listCuratedArticles,
      listFeeds,
      listPublishedArticlePaths,
      newsCuratedResponse,
      changeArticleStatus,
      changeSetting,
      addFeedAudited,
      changeFeed,
      auditIngestRun,
    }),
    /** One ingest now, under the job lease; "busy" when one is already running. */
    runIngest: (options: Pick<IngestOptions, "trigger" | "triggeredBy">) =>
      runIngestLeased(on, { ...ingestOptions(), ...options }),
    /** Schedule (enabled) or stop the daily ingest in this process. */
    applyAutoIngest: (enabled: boolean) => applyAutoIngest(on, enabled, ingestOptions),
  };
}

export async function startNews(context: BootContext): Promise<void> {
  if (context.simulators && !env.NEWS_FEED_BASE_URL) {
    const { startNewsFeedSimulation } = await import("./simulators/news.server");
    const { simulator, dir } = await startNewsFeedSimulation(env.NEWS_FEED_FIXTURES_DIR);
    readFeedsThrough(simulator.baseUrl);
    logger.info("news feed simulator listening", { baseUrl: simulator.baseUrl, dir });
  }
  const on = context.store;
  const settings = await getNewsSettings(on);
  applyAutoIngest(on, settings.autoIngest, ingestOptions);
}
