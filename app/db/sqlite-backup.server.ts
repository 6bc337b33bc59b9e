/**
 * The SQLite-only part of backups and restores (issue 28; docs/decisions/0042-backups.md): the
 * online backup (better-sqlite3's paged, asynchronous `db.backup`), `PRAGMA integrity_check`, the
 * migrations a copy has applied, and opening a copy to check it. Everything else (names,
 * checksums, retention, restore, the books check) is engine-neutral and lives elsewhere; a
 * PostgreSQL store replaces this module with base backups.
 */
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import * as schema from "../../drizzle/schema";
import type { Db } from "~/db/sqlite-connection.server";

/** Pages copied per event-loop turn in the server (4 KB pages: 1 MB a turn). */
export const DEFAULT_PAGES_PER_STEP = 256;
const ALL_PAGES = 0x7fffffff;

export interface OnlineBackupResult {
  totalPages: number;
  /** Times the copy started over because another connection wrote to the database. */
  restarts: number;
}

/**
 * Copy the database behind `db` to `dest` (a new file) while it is in use: a consistent snapshot as
 * of the moment the copy finishes. In the server (`allAtOnce` false) it copies `pagesPerStep`
 * pages per event-loop turn, so requests are answered in between; writes made through the same
 * connection are carried into the copy as they happen. A write by another connection (a script)
 * makes SQLite start the copy over: each restart quadruples the step, so the copy always ends. A
 * separate process (`npm run backup`) copies everything in one step: WAL readers never block the
 * server's writers, and it cannot be restarted by them.
 */
export async function onlineBackup(
  db: Db,
  dest: string,
  options: { pagesPerStep?: number; allAtOnce?: boolean } = {},
): Promise<OnlineBackupResult> {
  let step = options.allAtOnce ? ALL_PAGES : (options.pagesPerStep ?? DEFAULT_PAGES_PER_STEP);
  let lastRemaining = Number.POSITIVE_INFINITY;
  let restarts = 0;
  const result = await db.$client.backup(dest, {
    progress: ({ remainingPages }) => {
      if (remainingPages > lastRemaining) {
        restarts++;
        step = Math.min(step * 4, ALL_PAGES);
      }
      lastRemaining = remainingPages;
      return step;
    },
  });
  return { totalPages: result.totalPages, restarts };
}

/**
 * Make a finished copy a self-contained file: rollback journal instead of WAL (so reading it later
 * writes no `-wal`/`-shm` beside it and its checksum stays true), everything in the one file.
 */
export function sealCopy(file: string): void {
  const sqlite = new Database(file);
  try {
    sqlite.pragma("journal_mode = DELETE");
  } finally {
    sqlite.close();
  }
}

/**
 * Fold a database's `-wal` into the file and remove its sidecars: open it, switch to the rollback
 * journal (a checkpoint of everything committed), close. Used on the database a restore replaces so
 * the kept file holds all of its data. Throws when the file is not a usable database.
 */
export function checkpointAndDetach(file: string): void {
  const sqlite = new Database(file, { fileMustExist: true });
  try {
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("journal_mode = DELETE");
  } finally {
    sqlite.close();
  }
}

/** `PRAGMA integrity_check` of a file: [] when it says ok, else its messages (at most 20). */
export function integrityProblems(file: string): string[] {
  let sqlite: Database.Database | undefined;
  try {
    sqlite = new Database(file, { readonly: true, fileMustExist: true });
    const rows = sqlite.prepare("pragma integrity_check(20)").pluck().all() as string[];
    return rows.length === 1 && rows[0] === "ok" ? [] : rows;
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  } finally {
    sqlite?.close();
  }
}

/**
 * Migrations a copy has applied that this code does not know (a copy from a newer version): their
 * times (drizzle's `created_at`, the journal's `when`). [] when every one is known.
 */
export function unknownMigrations(file: string, migrationsFolder: string): number[] {
  const known = new Set(readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = sqlite
      .prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'")
      .get();
    if (!table) return [];
    const applied = sqlite.prepare("select created_at from __drizzle_migrations").pluck().all() as (
      number | string
    )[];
    return applied.map(Number).filter((when) => !known.has(when));
  } finally {
    sqlite.close();
  }
}

/**
 * Open a copy (not the live database) for checking: rollback journal, foreign keys on, migrated to
 * this code's schema when `migrationsFolder` is given. Close it with `closeCopy`.
 */
export function openCopy(file: string, options: { migrationsFolder?: string } = {}): Db {
  const sqlite = new Database(file, { fileMustExist: true });
  try {
    sqlite.pragma("journal_mode = DELETE");
    sqlite.pragma("foreign_keys = ON");
    const db = drizzle(sqlite, { schema }) as Db;
    if (options.migrationsFolder) migrate(db, { migrationsFolder: options.migrationsFolder });
    return db;
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

export function closeCopy(db: Db): void {
  db.$client.close();
}
