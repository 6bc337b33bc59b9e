/**
 * The weekly large transaction report (ADR 0057): every Monday at 06:00 Nairobi time, the last full
 * week (Monday to Sunday) is gathered under a job lease (one process runs it); the unique index on
 * (kind, period_start) makes it once per week whichever process or officer makes it first. A week
 * without a transaction of USD 15,000 or more makes no file: the run records "none" in job_runs.
 */
import type { Store } from "~/db/store";
import { runLeased, schedule, type JobOutcome } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import { lastFullWeek } from "./large-transactions";
import { makeLargeTransactionReport } from "./reports.server";

export const LTR_JOB = "frc.ltr.weekly";
export const LTR_CRON = "0 0 6 * * 1";
export const LTR_TIMEZONE = "Africa/Nairobi";
export const LTR_SCHEDULE_LABEL = "Mondays at 06:00 EAT, for the week before";

/** One run: last week's report. Null when another process holds the lease. */
export function runWeeklyLargeTransactionReport(
  store: Store,
  now: () => number = Date.now,
): Promise<JobOutcome | null> {
  return runLeased(store, LTR_JOB, { ttlMs: 15 * 60_000, now }, async () => {
    const week = lastFullWeek(now());
    const result = await makeLargeTransactionReport(store, { week, reporter: null, now: now() });
    return {
      outcome: result.outcome === "made" ? "succeeded" : "skipped",
      detail: {
        week: week.start,
        outcome: result.outcome,
        ...(result.outcome === "none" ? {} : { reportId: result.report.id }),
      },
    };
  });
}

/** Schedule the weekly report in this process. */
export function scheduleWeeklyLargeTransactionReport(store: Store): void {
  schedule({
    name: LTR_JOB,
    pattern: LTR_CRON,
    timezone: LTR_TIMEZONE,
    run: async () => {
      try {
        const result = await runWeeklyLargeTransactionReport(store);
        logger.info("weekly large transaction report", { result: result ?? "busy" });
      } catch (error) {
        logger.error("weekly large transaction report failed", {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    },
  });
}
