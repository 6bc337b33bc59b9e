/**
 * A freshly migrated database for one test file, on the engine this run tests (ADR 0046):
 * SQLite by default (a copy of the template file made in global-setup), PostgreSQL when the run
 * was started by `npm run test:pg` (a database created from the migrated template database).
 *
 * `db` is Drizzle's synchronous API on that database, for the test's own set-up and checks (on
 * PostgreSQL through tests/setup/pg-sync.ts); the code under test gets `testStore(db)`.
 */
import { randomUUID } from "node:crypto";
import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { isPostgresUrl, openPgStore } from "~/db/pg-connection.server";
import { openDatabase, type Db } from "~/db/sqlite-connection.server";
import { sqliteStore } from "~/db/sqlite-store.server";
import type { Store } from "~/db/store";
import { pgQuerySync, pgTestDatabase } from "./pg-sync";

/** The migrated SQLite file each test database copies (made in global-setup). */
export const SQLITE_TEMPLATE =
  process.env.ONEHOP_TEST_TEMPLATE_DB ?? path.resolve("tests/.tmp/template.sqlite");

/** The PostgreSQL cluster of this run (`postgres://…/`), or undefined on SQLite. */
export const TEST_PG_URL = process.env.ONEHOP_TEST_PG_URL;
export const TEST_ENGINE: "sqlite" | "postgres" = TEST_PG_URL ? "postgres" : "sqlite";
/** This run's name on the server (global-setup), its template and its databases' prefix. */
const PG_RUN = process.env.ONEHOP_TEST_PG_RUN ?? "r0";
export const PG_TEMPLATE = `onehop_template_${PG_RUN}`;

const pgStores = new WeakMap<Db, Store>();

/** The store the code under test uses on a test database (`db` from createTestDb). */
export function testStore(db: Db): Store {
  return pgStores.get(db) ?? sqliteStore(db);
}

/**
 * Another connection to a test's database, as a second server process would have: `at` is the
 * `file` createTestDb returned (on PostgreSQL, its URL).
 */
export function openTestDatabase(at: string): Db {
  if (!isPostgresUrl(at)) return openDatabase(at, { migrate: false });
  const db = pgTestDatabase(at);
  pgStores.set(db, openPgStore(at, { migrate: false, max: 4 }));
  return db;
}

function closePg(db: Db): void {
  const store = pgStores.get(db);
  db.$client.close();
  void store?.close().catch(() => undefined);
}

/**
 * The simulators' SQLite file for a test database (where the wiring puts it, ADR 0045/0046: beside
 * a SQLite file; in DATA_DIR, named for a PostgreSQL database). Its close() removes it.
 */
export function simulatorsFileOf(file: string): string {
  if (!TEST_PG_URL) return file.replace(/\.sqlite$/, "-simulators.sqlite");
  return path.resolve("tests/.tmp", `${new URL(file).pathname.slice(1)}-simulators.sqlite`);
}

function removeSqliteFiles(...files: string[]): void {
  for (const each of files)
    for (const suffix of ["", "-wal", "-shm"]) rmSync(each + suffix, { force: true });
}

function createPgTestDb(): { db: Db; file: string; close: () => void } {
  const name = `test_${PG_RUN}_${randomUUID().replaceAll("-", "")}`;
  pgQuerySync(TEST_PG_URL!, `create database ${name} template ${PG_TEMPLATE}`);
  const url = new URL(name, TEST_PG_URL).toString();
  const db = openTestDatabase(url);
  return {
    db,
    file: url,
    close: () => {
      closePg(db);
      pgQuerySync(TEST_PG_URL!, `drop database if exists ${name} with (force)`);
      removeSqliteFiles(simulatorsFileOf(url));
    },
  };
}

export function createTestDb(): { db: Db; file: string; close: () => void } {
  if (TEST_PG_URL) return createPgTestDb();
  const file = path.resolve("tests/.tmp", `test-${randomUUID()}.sqlite`);
  copyFileSync(SQLITE_TEMPLATE, file);
  const db = openDatabase(file, { migrate: false });
  return {
    db,
    file,
    close: () => {
      db.$client.close();
      // And the simulators' file beside it, if a test started simulators on it (ADR 0045; the
      // name of simulatorDatabaseFile, written out: importing app/simulators here would load a
      // simulator module in tests that check a live process loads none).
      removeSqliteFiles(file, simulatorsFileOf(file));
    },
  };
}

/**
 * A fresh database for each test (of this file, or of the describe block this is called in), closed
 * after the test; `use` is handed each one before the test runs (and before the block's own
 * beforeEach hooks written after this call).
 */
export function freshTestDbPerTest(use: (db: Db) => void): void {
  let current: ReturnType<typeof createTestDb> | undefined;
  beforeEach(() => {
    current = createTestDb();
    use(current.db);
  });
  afterEach(() => current?.close());
}

const state = globalThis as { __onehopDb?: Db; __onehopStore?: Store };

/**
 * Give this test file its own freshly migrated database and make it the one the app's routes use
 * (`processStore()`). Vitest runs each file in its own process, so nothing leaks between files.
 */
export function installTestDatabase(): { db: Db; close: () => void } {
  const test = createTestDb();
  if (TEST_PG_URL) state.__onehopStore = testStore(test.db);
  else state.__onehopDb = test.db;
  return {
    db: test.db,
    close: () => {
      delete state.__onehopDb;
      delete state.__onehopStore;
      test.close();
    },
  };
}
