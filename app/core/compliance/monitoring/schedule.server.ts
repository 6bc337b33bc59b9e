/**
 * The monitoring rules on a schedule (ADR 0056): every five minutes, under a job lease (one process
 * runs it at a time), over each rule's recent window. A run that raised nothing leaves no job row;
 * one that raised alerts is recorded with how many.
 */
import type { Store } from "~/db/store";
import { runLeased, schedule, type JobOutcome } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import { runMonitoring } from "./run.server";

export const MONITORING_JOB = "compliance.monitoring";
export const MONITORING_EVERY_SECONDS = 300;
export const MONITORING_SCHEDULE_LABEL = "Every 5 minutes";

/** One scheduled run: null when another process holds the lease. */
export function runScheduledMonitoring(
  store: Store,
  now: () => number = Date.now,
): Promise<JobOutcome | null> {
  return runLeased(
    store,
    MONITORING_JOB,
    { ttlMs: 10 * 60_000, now, recordSkipped: false },
    async () => {
      const run = await runMonitoring(store, { now: now() });
      if (run.raised.length === 0) return { outcome: "skipped" };
      return {
        outcome: "succeeded",
        detail: { alerts: run.raised.length, cases: run.raised.filter((r) => r.openedCase).length },
      };
    },
  );
}

export function scheduleMonitoring(store: Store): void {
  schedule({
    name: MONITORING_JOB,
    pattern: { everySeconds: MONITORING_EVERY_SECONDS },
    run: async () => {
      const result = await runScheduledMonitoring(store);
      if (result?.outcome === "succeeded")
        logger.info("monitoring rules raised alerts", { detail: result.detail });
    },
  });
}
