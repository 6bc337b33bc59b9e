/**
 * The daily ingest: 07:00 EAT, Monday to Friday (croner in Africa/Nairobi), only while the stored
 * auto-ingest setting is on. Turning the switch on or off schedules or stops the job in this
 * process; every firing also re-reads the setting (another process may have turned it off) and runs
 * under the database lease, so two processes never ingest twice and a run never overlaps another.
 */
import { Cron } from "croner";
import type { Store } from "~/db/store";
import { isScheduled, schedule, unschedule } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import { NEWS_INGEST_JOB, runIngestLeased, type IngestOptions } from "./ingest.server";
import { getNewsSettings } from "./settings.server";
import type { IngestRunSummary } from "./types";

export const NEWS_INGEST_CRON = "0 7 * * 1-5";
export const NEWS_TIMEZONE = "Africa/Nairobi";
export const NEWS_SCHEDULE_LABEL = "Daily at 07:00 EAT, Monday to Friday";

/** The first scheduled run after `from`. */
export function nextIngestRun(from: Date): Date | null {
  return new Cron(NEWS_INGEST_CRON, { timezone: NEWS_TIMEZONE, paused: true }).nextRun(from);
}

/** What a scheduled firing does: nothing when auto-ingest is off, else one leased run. */
export async function scheduledIngest(
  store: Store,
  options: Omit<IngestOptions, "trigger">,
): Promise<IngestRunSummary | "busy" | "disabled"> {
  if (!(await getNewsSettings(store)).autoIngest) return "disabled";
  return runIngestLeased(store, { ...options, trigger: "schedule" });
}

/**
 * Schedule (enabled) or stop (disabled) the daily ingest in this process; returns the job when
 * scheduled.
 */
export function applyAutoIngest(
  store: Store,
  enabled: boolean,
  options: () => Omit<IngestOptions, "trigger">,
): Cron | null {
  if (!enabled) {
    unschedule(NEWS_INGEST_JOB);
    return null;
  }
  return schedule({
    name: NEWS_INGEST_JOB,
    pattern: NEWS_INGEST_CRON,
    timezone: NEWS_TIMEZONE,
    run: async () => {
      const result = await scheduledIngest(store, options());
      logger.info("scheduled news ingest", {
        result:
          typeof result === "string"
            ? result
            : { id: result.id, status: result.status, curated: result.totalCurated },
      });
    },
  });
}

export function isAutoIngestScheduled(): boolean {
  return isScheduled(NEWS_INGEST_JOB);
}
