/**
 * How this process reads feeds (base URL, deadline, size cap) and its start-up step: in simulator mode
 * the feed simulator serves the recorded feeds and every feed is read through it; the daily schedule
 * is started when the stored auto-ingest setting is on.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import type { FetchFeedOptions } from "./fetch.server";
import type { IngestOptions } from "./ingest.server";
import { applyAutoIngest } from "./schedule.server";
import { getNewsSettings } from "./settings.server";
import { startFeedSimulator, type FeedRoute } from "./simulator.server";

const state = globalThis as typeof globalThis & { __onehopFeedBaseUrl?: string | null };

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

/** Routes of the feed simulator: `<dir>/simulator.json` maps feed URLs to recorded files. */
export function simulatorRoutes(dir: string): Record<string, FeedRoute> {
  const manifest = path.join(dir, "simulator.json");
  if (!existsSync(manifest)) return {};
  const parsed = JSON.parse(readFileSync(manifest, "utf8")) as { feeds?: Record<string, string> };
  const routes: Record<string, FeedRoute> = {};
  for (const [feedUrl, file] of Object.entries(parsed.feeds ?? {})) {
    const url = new URL(feedUrl);
    routes[`${url.host}${url.pathname}`] = file;
  }
  return routes;
}

/**
 * The recordings folder: an absolute path as given, a relative one from the working directory or the
 * nearest parent folder that has it (the e2e server runs from a copy of the build inside tests/.tmp/).
 */
export function findFixturesDir(dir: string, from = process.cwd()): string | null {
  if (path.isAbsolute(dir)) return existsSync(dir) ? dir : null;
  for (let base = path.resolve(from); ; base = path.dirname(base)) {
    const candidate = path.join(base, dir);
    if (existsSync(path.join(candidate, "simulator.json"))) return candidate;
    if (path.dirname(base) === base) return null;
  }
}

/** Boot step (app/utils/boot.server.ts). */
export async function startNews(context: { db: Db; simulators: boolean }): Promise<void> {
  if (context.simulators && !env.NEWS_FEED_BASE_URL) {
    const dir = findFixturesDir(env.NEWS_FEED_FIXTURES_DIR) ?? path.resolve(env.NEWS_FEED_FIXTURES_DIR);
    // The recordings are from 2019 and 2025: shift them so the newest item is an hour old.
    const simulator = await startFeedSimulator({ dir, routes: simulatorRoutes(dir), shiftDatesTo: Date.now() - 60 * 60 * 1000 });
    state.__onehopFeedBaseUrl = simulator.baseUrl;
    logger.info("news feed simulator listening", { baseUrl: simulator.baseUrl, dir });
  }
  const settings = getNewsSettings(context.db);
  applyAutoIngest(context.db, settings.autoIngest, ingestOptions);
}
