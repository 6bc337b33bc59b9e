/**
 * Scheduled backups in the running server (issue 28; docs/decisions/0042-backups.md): with
 * BACKUP_SCHEDULE set, a job takes an online backup into BACKUP_DIR under a lease (one process at a
 * time, shared with `npm run backup`), then applies retention. `backupReadiness` tells /readyz the
 * age of the last good copy; older than twice the schedule is not ready. The online backup is
 * SQLite's: on another engine the schedule is not started (one log line says why).
 */
import path from "node:path";
import {
  applyRetention,
  newestGoodBackup,
  takeBackup,
  type RetentionPolicy,
} from "~/utils/backups.server";
import { sqliteDatabaseOf, sqliteStore } from "~/db/sqlite-store.server";
import type { Store } from "~/db/store";
import type { Db } from "~/db/sqlite-connection.server";
import { env, type Env } from "~/utils/env.server";
import { runLeased, schedule } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";

export const BACKUP_JOB = "backups.scheduled";
/** The lease every backup takes (the server's job and the script). */
export const BACKUP_LEASE = "backups";
export const BACKUP_LEASE_MS = 60 * 60_000;

const HOUR_MS = 3_600_000;

/** The interval of a BACKUP_SCHEDULE value (`hourly`, `daily`, `30m`, `6h`), in ms. */
export function scheduleIntervalMs(schedule: string): number {
  if (schedule === "hourly") return HOUR_MS;
  if (schedule === "daily") return 24 * HOUR_MS;
  const m = /^(\d+)([mh])$/.exec(schedule);
  if (!m) throw new Error(`not a backup schedule: ${schedule}`);
  return Number(m[1]) * (m[2] === "h" ? HOUR_MS : 60_000);
}

export function backupDir(values: Pick<Env, "BACKUP_DIR" | "DATA_DIR"> = env): string {
  return path.resolve(values.BACKUP_DIR ?? path.join(values.DATA_DIR, "backups"));
}

export function retentionPolicy(
  values: Pick<Env, "BACKUP_KEEP_HOURLY" | "BACKUP_KEEP_DAILY"> = env,
): RetentionPolicy {
  return { hourly: values.BACKUP_KEEP_HOURLY, daily: values.BACKUP_KEEP_DAILY };
}

interface BackupState {
  schedule: string;
  everyMs: number;
  dir: string;
  /** When scheduling started: the reference while no good copy exists yet. */
  since: number;
  lastGood: { name: string; takenAt: number } | null;
  lastError: string | null;
  /** One scheduled run now (what the schedule calls). */
  run?: () => Promise<void>;
}

const state = globalThis as typeof globalThis & { __onehopBackups?: BackupState };

/**
 * One backup under the lease, then retention. Null when another process holds the lease (its run
 * is the one that counts).
 */
export async function backupUnderLease(
  db: Db,
  options: {
    dir: string;
    retention: RetentionPolicy;
    allAtOnce?: boolean;
    now?: () => number;
    holder?: string;
  },
) {
  return runLeased(
    sqliteStore(db),
    BACKUP_LEASE,
    { ttlMs: BACKUP_LEASE_MS, holder: options.holder, now: options.now },
    async () => {
      const backup = await takeBackup(db, options.dir, {
        allAtOnce: options.allAtOnce,
        now: options.now,
      });
      const retention = await applyRetention(options.dir, options.retention);
      return {
        outcome: "succeeded" as const,
        detail: {
          name: backup.name,
          bytes: backup.bytes,
          sha256: backup.sha256,
          restarts: backup.restarts,
          deleted: retention.deleted,
        },
        backup,
        retention,
      };
    },
  );
}

/**
 * Start the schedule when BACKUP_SCHEDULE is set (called once by boot with the process's store).
 * SQLite only (the online backup API): on another engine nothing is scheduled and one line is
 * logged.
 */
export function startBackups(store: Store, values: Env = env): void {
  if (!values.BACKUP_SCHEDULE) return;
  const db = sqliteDatabaseOf(store);
  if (!db) {
    logger.error(
      "backups: BACKUP_SCHEDULE is set but scheduled backups are SQLite-only; not started",
      {
        engine: store.engine,
      },
    );
    return;
  }
  const current: BackupState = {
    schedule: values.BACKUP_SCHEDULE,
    everyMs: scheduleIntervalMs(values.BACKUP_SCHEDULE),
    dir: backupDir(values),
    since: Date.now(),
    lastGood: null,
    lastError: null,
  };
  state.__onehopBackups = current;
  // The newest good copy already there (a restart), checked in the background.
  void newestGoodBackup(current.dir).then(
    (copy) => {
      if (copy && (!current.lastGood || copy.takenAt > current.lastGood.takenAt))
        current.lastGood = { name: copy.name, takenAt: copy.takenAt };
    },
    (error: unknown) =>
      logger.error("backups: cannot read the backup folder", { error: String(error) }),
  );
  const run = async () => {
    try {
      const done = await backupUnderLease(db, {
        dir: current.dir,
        retention: retentionPolicy(values),
      });
      if (done) {
        current.lastGood = { name: done.backup.name, takenAt: done.backup.takenAt };
        current.lastError = null;
        logger.info("backup taken", { ...done.detail });
      } else {
        // Another process took it: read what it left.
        const copy = await newestGoodBackup(current.dir);
        if (copy) current.lastGood = { name: copy.name, takenAt: copy.takenAt };
      }
    } catch (error) {
      current.lastError = error instanceof Error ? error.message : String(error);
      throw error;
    }
  };
  current.run = run;
  const pattern =
    values.BACKUP_SCHEDULE === "hourly"
      ? "0 0 * * * *"
      : values.BACKUP_SCHEDULE === "daily"
        ? "0 0 3 * * *"
        : { everySeconds: current.everyMs / 1000 };
  schedule({ name: BACKUP_JOB, pattern, timezone: "Africa/Nairobi", run });
}

export interface BackupReadiness {
  ok: boolean;
  scheduled: boolean;
  schedule: string | null;
  dir: string | null;
  lastGood: { name: string; takenAt: number; ageSeconds: number } | null;
  lastError: string | null;
  /** Why not ok (the readiness reason). */
  reason?: string;
  /** When unscheduled: the words for it. */
  note?: string;
}

/** The backups' part of /readyz: never failing when no schedule is set. */
export function backupReadiness(now = Date.now()): BackupReadiness {
  const current = state.__onehopBackups;
  if (!current)
    return {
      ok: true,
      scheduled: false,
      schedule: null,
      dir: null,
      lastGood: null,
      lastError: null,
      note: "backups are not scheduled (BACKUP_SCHEDULE is not set)",
    };
  const lastGood = current.lastGood
    ? { ...current.lastGood, ageSeconds: Math.round((now - current.lastGood.takenAt) / 1000) }
    : null;
  const base = {
    scheduled: true,
    schedule: current.schedule,
    dir: current.dir,
    lastGood,
    lastError: current.lastError,
  };
  const limit = 2 * current.everyMs;
  const reference = current.lastGood?.takenAt ?? current.since;
  if (now - reference <= limit) return { ok: true, ...base };
  const age = (ms: number) =>
    ms >= 2 * HOUR_MS ? `${Math.round(ms / HOUR_MS)} h` : `${Math.round(ms / 60_000)} min`;
  const reason = current.lastGood
    ? `the last good backup is ${age(now - current.lastGood.takenAt)} old (schedule ${current.schedule})`
    : `no good backup in ${age(now - current.since)} (schedule ${current.schedule})`;
  return {
    ok: false,
    ...base,
    reason: current.lastError ? `${reason} (${current.lastError})` : reason,
  };
}

/** Run the scheduled backup now (tests, operators): false when no schedule is set. */
export async function backupNow(): Promise<boolean> {
  const run = state.__onehopBackups?.run;
  if (!run) return false;
  await run();
  return true;
}

/** Tests: forget the schedule's state. */
export function resetBackupState(): void {
  delete state.__onehopBackups;
}

/** Tests: start with a given state (the schedule and the last good copy). */
export function setBackupStateForTest(value: BackupState): void {
  state.__onehopBackups = value;
}
