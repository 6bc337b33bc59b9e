/**
 * Opening the PostgreSQL store (ADR 0046): DATABASE_URL `postgres://…` (or `postgresql://…`)
 * selects it. The store migrates the database before its first transaction (every process may
 * start at once: the migrator takes turns on an advisory lock).
 */
import { migratePg } from "./pg-migrate.server";
import { PgStore, type PgStoreOptions } from "./pg-store.server";
import type { Store } from "./store";

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** The store on `url`, migrated before its first transaction unless `migrate` is false. */
export function openPgStore(
  url: string,
  options: PgStoreOptions & { migrate?: boolean } = {},
): Store {
  const store = new PgStore(url, {
    ...options,
    prepare:
      options.migrate === false ? undefined : (pool) => migratePg(pool).then(() => undefined),
  });
  return store;
}

/** The PostgreSQL store under `store`, or null (SQLite). */
export function pgStoreOf(store: Store): PgStore | null {
  return store instanceof PgStore ? store : null;
}
