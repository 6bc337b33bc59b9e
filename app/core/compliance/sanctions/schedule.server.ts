/**
 * The daily import of the lists (ADR 0054): at 05:00 Nairobi time, each configured list is fetched
 * and imported, under a job lease per source (one process runs it) and at most once a day across
 * processes: a run that finds a successful run of the day (the last 20 hours) does nothing. A
 * download that fails is a failed job run (logged, in `job_runs`); a file that cannot be read or is
 * too small is a rejected snapshot (import.server.ts). The network call is made before the import's
 * write, never inside it.
 */
import { and, desc, eq, gte, inArray } from "drizzle-orm";
import { jobRuns } from "../../../../drizzle/schema";
import { first } from "~/db/sql";
import type { Store } from "~/db/store";
import { runLeased, schedule, unschedule, type JobOutcome } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import { sanctionsSources, type SanctionsSource } from "../vocabulary";
import {
  downloadList,
  listUrls,
  type DownloadOptions,
  type ListLocations,
} from "./download.server";
import { importSanctionsList } from "./import.server";

export const SANCTIONS_IMPORT_CRON = "0 0 5 * * *";
export const SANCTIONS_TIMEZONE = "Africa/Nairobi";
export const SANCTIONS_SCHEDULE_LABEL = "Daily at 05:00 EAT";
export const SANCTIONS_SCHEDULE_JOB = "sanctions.daily";
/** A successful run this recent means the day's import is done. */
export const ONCE_A_DAY_MS = 20 * 3_600_000;

export const sanctionsJobName = (source: SanctionsSource) => `sanctions.import.${source}.daily`;

export interface ScheduledImportConfig {
  locations: ListLocations;
  download: DownloadOptions;
  onListChanged?: (snapshotId: string) => Promise<void> | void;
  now?: () => number;
}

/** The sources with a URL set. */
export function scheduledSources(locations: ListLocations): SanctionsSource[] {
  return sanctionsSources.filter((source) => listUrls(source, locations) !== null);
}

async function ranToday(store: Store, job: string, now: number): Promise<boolean> {
  const row = await store.read((q) =>
    first(
      q
        .select({ id: jobRuns.id })
        .from(jobRuns)
        .where(
          and(
            eq(jobRuns.job, job),
            eq(jobRuns.outcome, "succeeded"),
            gte(jobRuns.startedAt, now - ONCE_A_DAY_MS),
          ),
        )
        .limit(1),
    ),
  );
  return row !== undefined;
}

/**
 * One source's daily run: download, import. Null when another process holds the lease; "skipped"
 * when today's run is done.
 */
export function runScheduledImport(
  store: Store,
  source: SanctionsSource,
  config: ScheduledImportConfig,
): Promise<JobOutcome | null> {
  const now = config.now ?? Date.now;
  const job = sanctionsJobName(source);
  return runLeased(store, job, { ttlMs: 15 * 60_000, now }, async () => {
    if (await ranToday(store, job, now())) return { outcome: "skipped", detail: "ran today" };
    const urls = listUrls(source, config.locations);
    if (!urls) return { outcome: "skipped", detail: "not configured" };
    const download = await downloadList(urls, config.download);
    if (!download.ok) throw new Error(download.error);
    const result = await importSanctionsList(store, {
      source,
      files: download.files,
      trigger: "scheduled",
      origin: download.origin,
      operatorId: null,
      now,
      onListChanged: config.onListChanged,
    });
    return {
      outcome: "succeeded",
      detail: {
        outcome: result.outcome,
        snapshotId: result.snapshot.id,
        ...(result.outcome === "rejected" ? { reason: result.reason } : {}),
      },
    };
  });
}

/** The last daily run of a source that did something (not skipped), as the page shows it. */
export interface LastScheduledRun {
  startedAt: number;
  outcome: "succeeded" | "failed" | "running";
  /** imported, unchanged, rejected; or the download's error. */
  result: string | null;
}

/** Per source, its last daily run that was not skipped (null: none yet). */
export async function lastScheduledRuns(
  store: Store,
): Promise<Record<SanctionsSource, LastScheduledRun | null>> {
  const runs = {} as Record<SanctionsSource, LastScheduledRun | null>;
  await store.read(async (q) => {
    for (const source of sanctionsSources) {
      const row = await first(
        q
          .select({
            startedAt: jobRuns.startedAt,
            outcome: jobRuns.outcome,
            detail: jobRuns.detail,
          })
          .from(jobRuns)
          .where(
            and(
              eq(jobRuns.job, sanctionsJobName(source)),
              inArray(jobRuns.outcome, ["succeeded", "failed", "running"]),
            ),
          )
          .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
          .limit(1),
      );
      runs[source] = row
        ? {
            startedAt: row.startedAt,
            outcome: row.outcome as LastScheduledRun["outcome"],
            result: resultOf(row.detail),
          }
        : null;
    }
  });
  return runs;
}

function resultOf(detail: string | null): string | null {
  if (!detail) return null;
  try {
    const parsed = JSON.parse(detail) as { outcome?: string; error?: string; reason?: string };
    return parsed.error ?? parsed.outcome ?? null;
  } catch {
    return null;
  }
}

/** Schedule the daily import in this process (nothing when no list URL is set). */
export function scheduleSanctionsImports(
  store: Store,
  config: () => ScheduledImportConfig,
): boolean {
  const sources = scheduledSources(config().locations);
  if (sources.length === 0) {
    unschedule(SANCTIONS_SCHEDULE_JOB);
    return false;
  }
  schedule({
    name: SANCTIONS_SCHEDULE_JOB,
    pattern: SANCTIONS_IMPORT_CRON,
    timezone: SANCTIONS_TIMEZONE,
    run: async () => {
      for (const source of sources) {
        try {
          const result = await runScheduledImport(store, source, config());
          logger.info("scheduled sanctions list import", { source, result: result ?? "busy" });
        } catch (error) {
          logger.error("scheduled sanctions list import failed", {
            source,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    },
  });
  return true;
}
