/**
 * Migrates one template database per Vitest run; each test file copies it (tests/setup/db.ts).
 * SQLite: a template file. PostgreSQL (`npm run test:pg`, ONEHOP_TEST_PG_URL set): a template
 * database on that cluster, made from drizzle/pg.
 */
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import pg from "pg";
import { migratePg } from "../../app/db/pg-migrate.server";

export const TMP_DIR = path.resolve("tests/.tmp");
/**
 * One template per run (parallel runs must not share it); test files find it through the
 * environment.
 */
export const TEMPLATE_DB = path.join(TMP_DIR, `template-${process.pid}.sqlite`);
/**
 * This run's PostgreSQL template and the prefix of its test databases: runs sharing one server
 * (two `vitest` at once on ONEHOP_TEST_PG_URL) keep apart.
 */
const PG_RUN = `r${process.pid}`;
const PG_TEMPLATE = `onehop_template_${PG_RUN}`;

async function onAdmin<T>(url: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client(url);
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** Drop this run's template and test databases. */
async function dropRun(url: string): Promise<void> {
  await onAdmin(url, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1 or datname = $2",
      [`test\\_${PG_RUN}\\_%`, PG_TEMPLATE],
    );
    for (const { datname } of rows) await admin.query(`drop database "${datname}" with (force)`);
  });
}

async function setupPg(url: string): Promise<void> {
  await dropRun(url);
  await onAdmin(url, (admin) => admin.query(`create database ${PG_TEMPLATE}`));
  const pool = new pg.Pool({ connectionString: new URL(PG_TEMPLATE, url).toString(), max: 1 });
  try {
    await migratePg(pool);
  } finally {
    await pool.end();
  }
  process.env.ONEHOP_TEST_PG_RUN = PG_RUN;
}

export default async function setup() {
  mkdirSync(TMP_DIR, { recursive: true });
  const pgUrl = process.env.ONEHOP_TEST_PG_URL;
  if (pgUrl) await setupPg(pgUrl);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(TEMPLATE_DB + suffix, { force: true });
  const sqlite = new Database(TEMPLATE_DB);
  migrate(drizzle(sqlite), { migrationsFolder: path.resolve("drizzle") });
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.close();
  process.env.ONEHOP_TEST_TEMPLATE_DB = TEMPLATE_DB;
  return async () => {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(TEMPLATE_DB + suffix, { force: true });
    if (pgUrl) await dropRun(pgUrl);
  };
}
