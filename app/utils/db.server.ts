/**
 * Opens the SQLite database once per process, applies the pragmas money needs and runs the committed
 * migrations before anything reads it. Core services take the `Db` as a parameter.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../drizzle/schema";
import { env } from "./env.server";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const MIGRATIONS_FOLDER = path.resolve("drizzle");

export function databasePath(url: string): string {
  return url.startsWith("file:") ? url.slice("file:".length) : url;
}

/** Open (and migrate) a database file. Used by the app, the scripts and the tests. */
export function openDatabase(url: string, options: { migrate?: boolean } = {}): Db {
  const file = databasePath(url);
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = FULL");
  const db = drizzle(sqlite, { schema }) as Db;
  if (options.migrate !== false) migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return db;
}

const globalForDb = globalThis as typeof globalThis & { __onehopDb?: Db };

/** The process-wide database (opened on first use). */
export function getDb(): Db {
  if (!globalForDb.__onehopDb) globalForDb.__onehopDb = openDatabase(env.DATABASE_URL);
  return globalForDb.__onehopDb;
}

/** Cheap liveness probe for /healthz: a round trip through SQLite. */
export function checkDatabase(db: Db): { ok: true; latencyMs: number } | { ok: false; error: string } {
  const started = performance.now();
  try {
    const row = db.$client.prepare("select 1 as ok").get() as { ok: number } | undefined;
    if (row?.ok !== 1) return { ok: false, error: "unexpected answer" };
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** A transaction handle, for services that write inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the database or a transaction on it. */
export type DbOrTx = Db | Tx;
