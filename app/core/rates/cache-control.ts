/**
 * Cache lifetimes that follow the refresh schedule: a cached copy never outlives the moment the
 * next background refresh is due, so no cache (browser, CDN, the in-process page cache) holds rates
 * longer than one refresh interval.
 */
import type { RatesConfig } from "./types";

/** Whole seconds until the next scheduled refresh is due: at least 1, at most one interval. */
export function secondsUntilNextRefresh(
  lastRefresh: { startedAt: number } | null,
  config: Pick<RatesConfig, "refreshIntervalMs">,
  now: number,
): number {
  const interval = Math.round(config.refreshIntervalMs / 1000);
  if (!lastRefresh) return 1;
  const remaining = Math.ceil((lastRefresh.startedAt + config.refreshIntervalMs - now) / 1000);
  return Math.min(interval, Math.max(1, remaining));
}

/** Pages: shared caches may keep them until the next refresh; browsers always ask again. */
export function ratesPageCacheControl(
  lastRefresh: { startedAt: number } | null,
  config: Pick<RatesConfig, "refreshIntervalMs">,
  now: number,
): string {
  return `public, max-age=0, s-maxage=${secondsUntilNextRefresh(lastRefresh, config, now)}`;
}

/** The JSON API: any cache may keep the answer until the next refresh. */
export function ratesApiCacheControl(
  lastRefresh: { startedAt: number } | null,
  config: Pick<RatesConfig, "refreshIntervalMs">,
  now: number,
): string {
  const seconds = secondsUntilNextRefresh(lastRefresh, config, now);
  return `public, max-age=${seconds}, s-maxage=${seconds}`;
}
