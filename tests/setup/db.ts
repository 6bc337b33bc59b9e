/**
 * A freshly migrated SQLite file for one test file: a copy of the template made in global-setup.
 */
import { randomUUID } from "node:crypto";
import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { openDatabase, type Db } from "~/db/sqlite-connection.server";

const TEMPLATE_DB =
  process.env.ONEHOP_TEST_TEMPLATE_DB ?? path.resolve("tests/.tmp/template.sqlite");

export function createTestDb(): { db: Db; file: string; close: () => void } {
  const file = path.resolve("tests/.tmp", `test-${randomUUID()}.sqlite`);
  copyFileSync(TEMPLATE_DB, file);
  const db = openDatabase(file, { migrate: false });
  return {
    db,
    file,
    close: () => {
      db.$client.close();
      // And the simulators' file beside it, if a test started simulators on it (ADR 0045; the
      // name of simulatorDatabaseFile, written out: importing app/simulators here would load a
      // simulator module in tests that check a live process loads none).
      const simulators = file.replace(/\.sqlite$/, "-simulators.sqlite");
      for (const each of [file, simulators])
        for (const suffix of ["", "-wal", "-shm"]) rmSync(each + suffix, { force: true });
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

/**
 * Give this test file its own freshly migrated database and make it the one the app's routes use
 * (`getDb()`). Vitest runs each file in its own process, so nothing leaks between files.
 */
export function installTestDatabase(): { db: Db; close: () => void } {
  const test = createTestDb();
  (globalThis as { __onehopDb?: Db }).__onehopDb = test.db;
  return {
    db: test.db,
    close: () => {
      delete (globalThis as { __onehopDb?: Db }).__onehopDb;
      test.close();
    },
  };
}
