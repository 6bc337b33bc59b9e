/** A freshly migrated SQLite file for one test file: a copy of the template made in global-setup. */
import { randomUUID } from "node:crypto";
import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";
import { openDatabase, type Db } from "~/utils/db.server";

const TEMPLATE_DB = path.resolve("tests/.tmp/template.sqlite");

export function createTestDb(): { db: Db; file: string; close: () => void } {
  const file = path.resolve("tests/.tmp", `test-${randomUUID()}.sqlite`);
  copyFileSync(TEMPLATE_DB, file);
  const db = openDatabase(file, { migrate: false });
  return {
    db,
    file,
    close: () => {
      db.$client.close();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
    },
  };
}
