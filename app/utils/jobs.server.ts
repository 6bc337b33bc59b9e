/**
 * Background jobs: one scheduler (croner) per process, started once at boot. Each run first takes a
 * lease row in the database, so two processes never run the same job at once, and is recorded in
 * `job_runs` (started, finished, outcome, detail).
 */
import { Cron } from "croner";
import { and, eq, lt, or } from "drizzle-orm";
import { jobLeases, jobRuns } from "../../drizzle/schema";
import { THIS_PROCESS } from "~/db/process-name.server";
import { first } from "~/db/sql";
import type { Store } from "~/db/store";
import { logger } from "./logger.server";
import { processGone } from "./server-process.server";

/** Identifies this process as a lease holder (`onehop <pid>@<host>`, ADR 0047). */
export const processHolderId = THIS_PROCESS;

/**
 * Take (or renew) the lease on `job` until now + ttlMs. True when this holder has it. A lease held
 * by a process of this machine that has since died (a kill -9: its pid is gone) is taken over at
 * once rather than when it lapses (ADR 0047).
 */
export async function acquireLease(
  store: Store,
  job: string,
  holder: string,
  ttlMs: number,
  now = Date.now(),
): Promise<boolean> {
  if (await takeLease(store, job, holder, ttlMs, now)) return true;
  const current = await store.read((q) =>
    first(q.select({ holder: jobLeases.holder }).from(jobLeases).where(eq(jobLeases.job, job))),
  );
  if (!current || !processGone(current.holder)) return false;
  return takeLease(store, job, holder, ttlMs, now, current.holder);
}

function takeLease(
  store: Store,
  job: string,
  holder: string,
  ttlMs: number,
  now: number,
  goneHolder?: string,
): Promise<boolean> {
  const until = now + ttlMs;
  return store.write(async (q) => {
    const inserted = await q
      .insert(jobLeases)
      .values({ job, holder, leasedUntil: until, updatedAt: now })
      .onConflictDoNothing()
      .returning({ job: jobLeases.job });
    if (inserted.length === 1) return true;
    const updated = await q
      .update(jobLeases)
      .set({ holder, leasedUntil: until, updatedAt: now })
      .where(
        and(
          eq(jobLeases.job, job),
          or(
            lt(jobLeases.leasedUntil, now),
            eq(jobLeases.holder, holder),
            goneHolder === undefined ? undefined : eq(jobLeases.holder, goneHolder),
          ),
        ),
      )
      .returning({ job: jobLeases.job });
    return updated.length === 1;
  });
}

export async function releaseLease(store: Store, job: string, holder: string): Promise<void> {
  await store.write(async (q) => {
    await q.delete(jobLeases).where(and(eq(jobLeases.job, job), eq(jobLeases.holder, holder)));
  });
}

export type JobOutcome = { outcome: "succeeded" | "skipped"; detail?: unknown };

/**
 * Run `work` under the job's lease and record the run. Returns null (and records nothing) when
 * another holder has the lease. A thrown error is recorded as a failed run and rethrown.
 */
export async function runLeased<T extends JobOutcome>(
  store: Store,
  job: string,
  options: {
    ttlMs: number;
    holder?: string;
    now?: () => number;
    /** Keep a row for runs with nothing to do (default true). */ recordSkipped?: boolean;
  },
  work: () => Promise<T>,
): Promise<T | null> {
  const holder = options.holder ?? processHolderId;
  const now = options.now ?? Date.now;
  if (!(await acquireLease(store, job, holder, options.ttlMs, now()))) return null;
  const [run] = await store.write((q) =>
    q
      .insert(jobRuns)
      .values({ job, holder, startedAt: now(), outcome: "running" })
      .returning({ id: jobRuns.id }),
  );
  const finish = (set: Partial<typeof jobRuns.$inferInsert>) =>
    store.write(async (q) => {
      await q.update(jobRuns).set(set).where(eq(jobRuns.id, run!.id));
    });
  try {
    const result = await work();
    if (result.outcome === "skipped" && options.recordSkipped === false) {
      await store.write(async (q) => {
        await q.delete(jobRuns).where(eq(jobRuns.id, run!.id));
      });
      return result;
    }
    await finish({
      finishedAt: now(),
      outcome: result.outcome,
      detail: result.detail === undefined ? null : JSON.stringify(result.detail),
    });
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finish({
      finishedAt: now(),
      outcome: "failed",
      detail: JSON.stringify({ error: message }),
    });
    throw error;
  } finally {
    await releaseLease(store, job, holder);
  }
}

export interface ScheduledJob {
  name: string;
  /** Cron pattern (croner syntax, seconds optional) or an interval in seconds. */
  pattern: string | { everySeconds: number };
  timezone?: string;
  run: () => Promise<unknown>;
}

const scheduled = new Map<string, Cron>();

/** What the scheduler did with each job in this process: for readiness (/readyz), `jobsHealth`. */
interface JobLiveness {
  scheduledAt: number;
  everyMs: number | null;
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  running: boolean;
}
const liveness = new Map<string, JobLiveness>();

/** Start (or replace) a scheduled job in this process. Overlapping runs are skipped (`protect`). */
export function schedule(job: ScheduledJob): Cron {
  scheduled.get(job.name)?.stop();
  const runJob = job.run;
  const every = typeof job.pattern === "string" ? undefined : job.pattern.everySeconds;
  const alive: JobLiveness = {
    scheduledAt: Date.now(),
    everyMs: every ? every * 1000 : null,
    lastStartedAt: null,
    lastFinishedAt: null,
    running: false,
  };
  liveness.set(job.name, alive);
  const cron = new Cron(
    typeof job.pattern === "string" ? job.pattern : "* * * * * *",
    {
      name: job.name,
      protect: true,
      timezone: job.timezone,
      interval: every,
      catch: (error: unknown) =>
        logger.error("job failed", {
          job: job.name,
          error: error instanceof Error ? error.message : String(error),
        }),
    },
    async () => {
      alive.lastStartedAt = Date.now();
      alive.running = true;
      try {
        await runJob();
      } finally {
        alive.running = false;
        alive.lastFinishedAt = Date.now();
      }
    },
  );
  scheduled.set(job.name, cron);
  return cron;
}

export function unschedule(name: string): void {
  scheduled.get(name)?.stop();
  scheduled.delete(name);
  liveness.delete(name);
}

/** Names of the jobs scheduled in this process. */
export function scheduledJobNames(): string[] {
  return [...scheduled.keys()];
}

export interface JobHealth {
  name: string;
  ok: boolean;
  /** Why not ok. */
  reason?: string;
  everySeconds: number | null;
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  running: boolean;
  nextRunAt: number | null;
}

/** A run of a cron-pattern job (daily ingest, ...) longer than this counts as stuck. */
export const MAX_CRON_RUN_MS = 30 * 60_000;

/**
 * Is each scheduled job alive? An interval job must have started a run within 3 intervals (at least
 * 2 minutes): a run that never ends blocks the next ones (`protect`), so a stuck job shows here
 * too. A cron-pattern job must still have a next run and not be running for longer than
 * MAX_CRON_RUN_MS.
 */
export function jobsHealth(now = Date.now()): JobHealth[] {
  return [...scheduled.entries()].map(([name, cron]) => {
    const alive = liveness.get(name);
    const nextRun = cron.nextRun();
    const health: JobHealth = {
      name,
      ok: true,
      everySeconds: alive?.everyMs ? alive.everyMs / 1000 : null,
      lastStartedAt: alive?.lastStartedAt ?? null,
      lastFinishedAt: alive?.lastFinishedAt ?? null,
      running: alive?.running ?? false,
      nextRunAt: nextRun ? nextRun.getTime() : null,
    };
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    if (!cron.isRunning() || !alive) return { ...health, ok: false, reason: "stopped" };
    if (alive.everyMs) {
      const since = alive.lastStartedAt ?? alive.scheduledAt;
      const limit = Math.max(3 * alive.everyMs, 120_000);
      if (now - since > limit) {
        const what = alive.running
          ? `one run has been going for ${seconds(now - since)}`
          : `no run started for ${seconds(now - since)}`;
        return { ...health, ok: false, reason: `${what} (runs every ${seconds(alive.everyMs)})` };
      }
    } else if (
      alive.running &&
      alive.lastStartedAt !== null &&
      now - alive.lastStartedAt > MAX_CRON_RUN_MS
    ) {
      return {
        ...health,
        ok: false,
        reason: `one run has been going for ${seconds(now - alive.lastStartedAt)}`,
      };
    } else if (!nextRun) {
      return { ...health, ok: false, reason: "no next run scheduled" };
    }
    return health;
  });
}

export function isScheduled(name: string): boolean {
  return scheduled.get(name)?.isRunning() ?? false;
}

export function stopAllJobs(): void {
  for (const cron of scheduled.values()) cron.stop();
  scheduled.clear();
  liveness.clear();
}
