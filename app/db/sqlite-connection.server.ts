/**
 * The SQLite adapter's connection (ADR 0041): opens the database once per process, applies the
 * pragmas money needs and runs the committed migrations before anything reads it. Only the store's
 * SQLite adapter (app/db/), the scripts and the tests hold a `Db`; the application receives the
 * store.
 */
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../drizzle/schema";
import { env } from "~/utils/env.server";
import { refuse } from "./refusal";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const MIGRATIONS_FOLDER = path.resolve("drizzle");

export function databasePath(url: string): string {
  return url.startsWith("file:") ? url.slice("file:".length) : url;
}

/**
 * The database cannot be opened or migrated at start-up. The message is one line that says what and
 * where (the absolute path) and what to check; the SQLite or file-system error is its `cause`.
 */
export class DatabaseStartError extends Error {
  override name = "DatabaseStartError";
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/** One line for a failure to open (or migrate) the database file `file` (absolute path). */
export function describeDatabaseError(
  error: unknown,
  file: string,
  phase: "folder" | "open" | "migrate",
): string {
  const code =
    typeof error === "object" && error !== null && "code" in error
      ? String((error as { code: unknown }).code)
      : "";
  const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0]!.trim();
  const folder = path.dirname(file);
  const uid = typeof process.getuid === "function" ? ` (uid ${process.getuid()})` : "";
  const user = `the user running OneHop${uid}`;
  const sidecars = `SQLite also writes ${path.basename(file)}-wal and ${path.basename(file)}-shm beside it`;
  if (phase === "folder" && (code === "EEXIST" || code === "ENOTDIR")) {
    return `Cannot create the database folder ${folder}: a file is in the way (${code}). Check DATABASE_URL: its folder part must name folders only.`;
  }
  if (phase === "folder") {
    return `Cannot create the database folder ${folder} (${code || reason}). Check DATABASE_URL and that ${user} may create and write that folder.`;
  }
  if (code.startsWith("SQLITE_READONLY")) {
    return `The database file ${file} is read-only (${reason}). Check that ${user} may write the file and its folder ${folder} (${sidecars}) and that the disk is not mounted read-only.`;
  }
  if (code.startsWith("SQLITE_CANTOPEN") && isFolder(file)) {
    return `The database path ${file} is a folder, not a file (${reason}). Set DATABASE_URL to a file inside it, for example ${path.join(file, "onehop.sqlite")}.`;
  }
  if (code.startsWith("SQLITE_CANTOPEN")) {
    return `Cannot open the database file ${file} (${reason}). Check that the folder ${folder} exists and ${user} may create and write files in it (${sidecars}), or set DATABASE_URL to a writable path.`;
  }
  if (code === "SQLITE_NOTADB" || code.startsWith("SQLITE_CORRUPT")) {
    return `The file ${file} is not a usable SQLite database (${reason}). Check that DATABASE_URL names OneHop's database file.`;
  }
  if (code.startsWith("SQLITE_FULL") || code === "ENOSPC") {
    return `The disk holding the database file ${file} is full (${reason}). Free space in ${folder}.`;
  }
  if (phase === "migrate") {
    return `Migrating the database file ${file} failed (${reason}). Check that the migrations in ${MIGRATIONS_FOLDER} match this database.`;
  }
  return `Cannot use the database file ${file} (${code ? `${code}: ` : ""}${reason}). Check DATABASE_URL and the permissions of the file and of ${folder}.`;
}

/**
 * Open (and migrate) a database file. Used by the app, the scripts and the tests. Throws
 * DatabaseStartError.
 */
export function openDatabase(url: string, options: { migrate?: boolean } = {}): Db {
  const file = databasePath(url);
  const where = file === ":memory:" ? file : path.resolve(file);
  let phase: "folder" | "open" | "migrate" = "folder";
  let sqlite: Database.Database | undefined;
  try {
    if (file !== ":memory:") mkdirSync(path.dirname(where), { recursive: true });
    phase = "open";
    sqlite = new Database(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("synchronous = FULL");
    // A refusal raised by a statement (refusal.ts; PostgreSQL's is in drizzle/pg).
    sqlite.function("onehop_refuse", { deterministic: false }, refuse);
    const db = drizzle(sqlite, { schema }) as Db;
    phase = "migrate";
    if (options.migrate !== false) migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return db;
  } catch (error) {
    sqlite?.close();
    throw new DatabaseStartError(describeDatabaseError(error, where, phase), { cause: error });
  }
}

const globalForDb = globalThis as typeof globalThis & { __onehopDb?: Db };

/** The process-wide database (opened on first use). */
export function getDb(): Db {
  if (!globalForDb.__onehopDb) globalForDb.__onehopDb = openDatabase(env.DATABASE_URL);
  return globalForDb.__onehopDb;
}

/** A transaction handle, for services that write inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the database or a transaction on it. */
export type DbOrTx = Db | Tx;
