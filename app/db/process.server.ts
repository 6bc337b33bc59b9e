/**
 * The store on this process's database (ADR 0041), opened and migrated on first use: SQLite by
 * default, PostgreSQL when DATABASE_URL is a `postgres://` URL (ADR 0046). The wiring builds
 * services on it (app/wiring/store.server.ts); infrastructure such as the private page cache asks
 * it for its change counter.
 */
import { holdDatabaseForServer } from "~/utils/db-lock.server";
import { databasePath, getDb, openDatabase } from "~/db/sqlite-connection.server";
import { env } from "~/utils/env.server";
import { isPostgresUrl, openPgStore } from "./pg-connection.server";
import { sqliteStore } from "./sqlite-store.server";
import type { Store } from "./store";

const state = globalThis as typeof globalThis & {
  /** A test's store (tests/setup/db.ts), or the PostgreSQL store once opened. */
  __onehopStore?: Store;
};

export function processStore(): Store {
  if (state.__onehopStore) return state.__onehopStore;
  if (isPostgresUrl(env.DATABASE_URL)) return (state.__onehopStore = openPgStore(env.DATABASE_URL));
  return sqliteStore(getDb());
}

/**
 * Boot's database step: open (and migrate) the database, then record this server as its user
 * (`<database>.pids/`, removed at exit), which `npm run restore` respects; refused while a restore
 * is replacing the file (ADR 0042). SQLite: the hold is on the database file. PostgreSQL: the
 * first transaction waits for the migrations, and a restore is PostgreSQL's own (`pg_restore`).
 */
export async function openProcessStore(): Promise<Store> {
  if (isPostgresUrl(env.DATABASE_URL)) {
    const store = processStore();
    await store.read(async () => undefined);
    return store;
  }
  const file = databasePath(env.DATABASE_URL);
  if (file !== ":memory:") holdDatabaseForServer(file);
  return processStore();
}

/**
 * A store on the database at `url` (a script's, a tool's): PostgreSQL for a `postgres://` URL,
 * else the SQLite file, migrated unless `migrate` is false. Close it when done.
 */
export function openStoreAt(url: string, options: { migrate?: boolean } = {}): Store {
  if (isPostgresUrl(url)) return openPgStore(url, options);
  return sqliteStore(openDatabase(url, options));
}
