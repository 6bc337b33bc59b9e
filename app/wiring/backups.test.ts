/**
 * Scheduled backups in the server (issue 28): BACKUP_SCHEDULE starts a job that backs up under the
 * lease and applies retention; readiness follows the last good copy (found at start, then each
 * run's). A run while another process holds the lease takes no copy of its own.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireLease, isScheduled, releaseLease, unschedule } from "~/utils/jobs.server";
import { env, parseEnv } from "~/utils/env.server";
import { freshTestDbPerTest, testStore } from "../../tests/setup/db";
import type { Db } from "~/db/sqlite-connection.server";
import type { Store } from "~/db/store";
import {
  BACKUP_JOB,
  BACKUP_LEASE,
  backupNow,
  backupReadiness,
  backupUnderLease,
  resetBackupState,
  scheduleIntervalMs,
  startBackups,
} from "./backups.server";

let db: Db;
freshTestDbPerTest((fresh) => (db = fresh));
let folder: string;
beforeEach(() => {
  folder = path.resolve("tests/.tmp", `backup-job-${randomUUID()}`);
  mkdirSync(folder, { recursive: true });
});
afterEach(() => {
  unschedule(BACKUP_JOB);
  resetBackupState();
  rmSync(folder, { recursive: true, force: true });
});

const copiesIn = (dir: string) =>
  readdirSync(dir)
    .filter((n) => n.endsWith(".sqlite"))
    .sort();

describe("scheduled backups", () => {
  it("BACKUP_SCHEDULE: hourly, daily, 30m, 6h; anything else stops the start naming it", () => {
    const parse = (value: string) =>
      parseEnv({ NODE_ENV: "test", DATA_DIR: folder, BACKUP_SCHEDULE: value });
    expect(parse("6h").BACKUP_SCHEDULE).toBe("6h");
    expect(parse("").BACKUP_SCHEDULE).toBeUndefined();
    expect(() => parse("weekly")).toThrow(/BACKUP_SCHEDULE must be hourly, daily, or a number/);
    expect(() => parse("0m")).toThrow(/BACKUP_SCHEDULE/);
    const defaults = parse("hourly");
    expect([defaults.BACKUP_KEEP_HOURLY, defaults.BACKUP_KEEP_DAILY]).toEqual([48, 30]);
  });

  it("reads BACKUP_SCHEDULE as an interval", () => {
    expect(["hourly", "daily", "30m", "6h"].map(scheduleIntervalMs)).toEqual([
      3_600_000, 86_400_000, 1_800_000, 21_600_000,
    ]);
  });

  it("without BACKUP_SCHEDULE nothing is scheduled and readiness says so", () => {
    startBackups(testStore(db), { ...env, BACKUP_SCHEDULE: undefined });
    expect(isScheduled(BACKUP_JOB)).toBe(false);
    expect(backupReadiness()).toMatchObject({ ok: true, scheduled: false });
  });

  it("on an engine other than SQLite the schedule is not started (the online backup is SQLite's)", () => {
    const other = { engine: "postgres" } as unknown as Store;
    startBackups(other, { ...env, BACKUP_SCHEDULE: "hourly", BACKUP_DIR: folder });
    expect(isScheduled(BACKUP_JOB)).toBe(false);
    expect(backupReadiness()).toMatchObject({ scheduled: false });
  });

  it("a scheduled run takes a copy under the lease, keeps retention, and readiness shows it", async () => {
    startBackups(testStore(db), {
      ...env,
      BACKUP_SCHEDULE: "hourly",
      BACKUP_DIR: folder,
      BACKUP_KEEP_HOURLY: 1,
      BACKUP_KEEP_DAILY: 0,
    });
    expect(isScheduled(BACKUP_JOB)).toBe(true);
    expect(backupReadiness()).toMatchObject({ ok: true, scheduled: true, lastGood: null });
    expect(await backupNow()).toBe(true);
    const [first] = copiesIn(folder);
    expect(backupReadiness().lastGood?.name).toBe(first);
    // A second run in the same hour: retention keeps the newest of the hour only.
    await backupNow();
    const after = copiesIn(folder);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(first);
    expect(backupReadiness()).toMatchObject({ ok: true, lastGood: { name: after[0] } });
    expect(readdirSync(folder).sort()).toEqual([after[0], `${after[0]}.sha256`]);
  });

  it("while another process holds the backups lease, a run takes no copy", async () => {
    expect(await acquireLease(testStore(db), BACKUP_LEASE, "someone-else", 60_000)).toBe(true);
    expect(await backupUnderLease(db, { dir: folder, retention: { hourly: 1, daily: 1 } })).toBe(
      null,
    );
    expect(copiesIn(folder)).toEqual([]);
    await releaseLease(testStore(db), BACKUP_LEASE, "someone-else");
    expect(
      await backupUnderLease(db, { dir: folder, retention: { hourly: 1, daily: 1 } }),
    ).not.toBe(null);
    expect(copiesIn(folder)).toHaveLength(1);
  });
});
