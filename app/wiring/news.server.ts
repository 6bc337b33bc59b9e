/**
 * News wiring. The start-up step (app/wiring/boot.server.ts): in simulator mode the feed simulator
 * serves the recorded feeds and every feed is read through it (loaded with a dynamic import, so a
 * live process never loads it); the daily schedule is started when the stored auto-ingest
 * setting is on. `ingestOptions` is how this process reads feeds (base URL, deadline, size cap),
 * for the schedule and the operator's "run now".
 */
import type { FetchFeedOptions } from "~/core/news/fetch.server";
import type { IngestOptions } from "~/core/news/ingest.server";
import { applyAutoIngest } from "~/core/news/schedule.server";
import { getNewsSettings } from "~/core/news/settings.server";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import type { BootContext } from "./context";

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

export async function startNews(context: BootContext): Promise<void> {
  if (context.simulators && !env.NEWS_FEED_BASE_URL) {
    const { startNewsFeedSimulation } = await import("./simulators/news.server");
    const { simulator, dir } = await startNewsFeedSimulation(env.NEWS_FEED_FIXTURES_DIR);
    readFeedsThrough(simulator.baseUrl);
    logger.info("news feed simulator listening", { baseUrl: simulator.baseUrl, dir });
  }
  const settings = getNewsSettings(context.db);
  applyAutoIngest(context.db, settings.autoIngest, ingestOptions);
}
