/**
 * How this process reads feeds (base URL, deadline, size cap). The start-up step (the feed
 * simulator in simulator mode, the daily schedule) is wired in app/wiring/news.server.ts, which
 * points the feeds at the simulator with `readFeedsThrough`.
 */
import { env } from "~/utils/env.server";
import type { FetchFeedOptions } from "./fetch.server";
import type { IngestOptions } from "./ingest.server";

const state = globalThis as typeof globalThis & { __onehopFeedBaseUrl?: string | null };

/**
 * Read every feed through this origin from now on (the feed simulator's), or null for the outlets.
 */
export function readFeedsThrough(baseUrl: string | null): void {
  state.__onehopFeedBaseUrl = baseUrl;
}

/** Fetch settings for ingest runs started in this process. */
export function newsFetchOptions(): Omit<FetchFeedOptions, "etag" | "lastModified"> {
  return {
    baseUrl: state.__onehopFeedBaseUrl ?? env.NEWS_FEED_BASE_URL ?? null,
    timeoutMs: env.NEWS_FEED_TIMEOUT_MS,
    maxBytes: env.NEWS_FEED_MAX_BYTES,
  };
}

export function ingestOptions(): Omit<IngestOptions, "trigger"> {
  return { fetch: newsFetchOptions() };
}
