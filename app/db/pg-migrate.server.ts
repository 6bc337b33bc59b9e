/**
 * PostgreSQL's migrations (ADR 0046): the files in drizzle/pg, in name order, each once, each in
 * its own transaction, recorded in `__onehop_migrations`. Several processes starting at once take
 * turns on an advisory lock, so each file runs once.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";

export const PG_MIGRATIONS_FOLDER = path.resolve("drizzle/pg");

/** The advisory lock the migrator holds (any fixed number; "onehop" in ASCII). */
const MIGRATION_LOCK = 0x6f6e65686f70;

export function pgMigrationFiles(folder = PG_MIGRATIONS_FOLDER): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

/** Apply the migrations not yet applied; returns the names applied now. */
export async function migratePg(pool: pg.Pool, folder = PG_MIGRATIONS_FOLDER): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      "create table if not exists __onehop_migrations (name text primary key, applied_at bigint not null)",
    );
    const done = new Set(
      (await client.query<{ name: string }>("select name from __onehop_migrations")).rows.map(
        (row) => row.name,
      ),
    );
    for (const name of pgMigrationFiles(folder)) {
      if (done.has(name)) continue;
      await client.query("BEGIN");
      try {
        await client.query(readFileSync(path.join(folder, name), "utf8"));
        await client.query("insert into __onehop_migrations (name, applied_at) values ($1, $2)", [
          name,
          Date.now(),
        ]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`PostgreSQL migration ${name} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      applied.push(name);
    }
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  return applied;
}
