/**
 * The background refresh: every refresh interval, under the job lease (one process at a time), ask
 * the rates service to refresh and record the run in job_runs. Once an hour it also trims history
 * older than the retention period, keeping each asset's newest price.
 */
import { runLeased, schedule } from "~/utils/jobs.server";
import type { Store } from "~/db/store";
import type { RatesService } from "./service.server";
import { pruneHistory } from "./snapshot-store.server";

export const RATES_REFRESH_JOB = "rates.refresh";
export const RATES_HISTORY_DAYS = 30;
const PRUNE_EVERY_MS = 60 * 60_000;

let lastPrunedAt = 0;

/**
 * One scheduled run. Throws (and the run is recorded as failed) when the provider call failed.
 * The job lease and run record, and the history pruning, go through `store`.
 */
export async function runRatesRefreshJob(
  service: RatesService,
  store: Store,
  now: () => number = Date.now,
) {
  return runLeased(
    store,
    RATES_REFRESH_JOB,
    { ttlMs: service.config.refreshIntervalMs, now },
    async () => {
      const result = await service.refresh("scheduled");
      if (now() - lastPrunedAt >= PRUNE_EVERY_MS) {
        lastPrunedAt = now();
        await pruneHistory(store, now() - RATES_HISTORY_DAYS * 24 * 60 * 60_000);
      }
      if (result.status === "failed") throw new Error(`rates refresh failed: ${result.error}`);
      if (result.status === "skipped")
        return { outcome: "skipped" as const, detail: { reason: result.reason } };
      return {
        outcome: "succeeded" as const,
        detail: { stored: result.stored, rejected: result.rejected },
      };
    },
  );
}

export function scheduleRatesRefresh(service: RatesService, store: Store): void {
  schedule({
    name: RATES_REFRESH_JOB,
    pattern: { everySeconds: Math.round(service.config.refreshIntervalMs / 1000) },
    run: () => runRatesRefreshJob(service, store),
  });
}
