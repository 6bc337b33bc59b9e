/** Migrates one template database per Vitest run; each test file copies it (tests/setup/db.ts). */
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";

export const TMP_DIR = path.resolve("tests/.tmp");
/**
 * One template per run (parallel runs must not share it); test files find it through the
 * environment.
 */
export const TEMPLATE_DB = path.join(TMP_DIR, `template-${process.pid}.sqlite`);

export default function setup() {
  mkdirSync(TMP_DIR, { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(TEMPLATE_DB + suffix, { force: true });
  const sqlite = new Database(TEMPLATE_DB);
  migrate(drizzle(sqlite), { migrationsFolder: path.resolve("drizzle") });
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.close();
  process.env.ONEHOP_TEST_TEMPLATE_DB = TEMPLATE_DB;
  return () => {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(TEMPLATE_DB + suffix, { force: true });
  };
}
