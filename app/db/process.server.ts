/**
 * The store on this process's database (ADR 0041), opened and migrated on first use. The wiring
 * builds services on it (app/wiring/store.server.ts); infrastructure such as the private page cache
 * asks it for its change counter.
 */
import { holdDatabaseForServer } from "~/utils/db-lock.server";
import { databasePath, getDb } from "~/db/sqlite-connection.server";
import { env } from "~/utils/env.server";
import { sqliteStore } from "./sqlite-store.server";
import type { Store } from "./store";

export function processStore(): Store {
  return sqliteStore(getDb());
}

/**
 * Boot's database step: open (and migrate) the database, then record this server as its user
 * (`<database>.pids/`, removed at exit), which `npm run restore` respects; refused while a restore
 * is replacing the file (ADR 0042). SQLite: the hold is on the database file.
 */
export function openProcessStore(): Store {
  const file = databasePath(env.DATABASE_URL);
  if (file !== ":memory:") holdDatabaseForServer(file);
  return processStore();
}
