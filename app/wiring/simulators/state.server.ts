/**
 * The simulators' own database (PROVIDER_MODE=simulator only; ADR 0045): a SQLite file beside the
 * app's database (`data/onehop.sqlite` → `data/onehop-simulators.sqlite`, `:memory:` beside an
 * in-memory one), opened once per start of the simulators and shared by all of them. Made on first
 * use, carrying over the records an older deployment kept in the app's `simulator_records`. The
 * composition place imports this module dynamically, so a live process never loads it.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  appDatabaseFile,
  openSimulatorDatabase,
  simulatorDatabaseFile,
  type SimulatorDatabase,
} from "~/simulators/store.server";
import type { Db } from "~/db/sqlite-connection.server";
import { logger } from "~/utils/logger.server";

/**
 * The simulators' file when the app's database is PostgreSQL (ADR 0046): in DATA_DIR, named for
 * the database, so two databases on one machine (the tests') keep their simulators apart.
 */
export function simulatorFileForPg(url: string, dataDir: string): string {
  const database = new URL(url).pathname.replace(/^\//, "") || "onehop";
  return path.join(dataDir, `${database.replace(/[^\w.-]/g, "_")}-simulators.sqlite`);
}

/**
 * The simulators' database beside `db`, the SQLite app database this process (or test) runs on;
 * with PostgreSQL, the file `simulatorFileForPg` names.
 */
export function openSimulatorState(db: Db | { pgUrl: string; dataDir: string }): SimulatorDatabase {
  if ("pgUrl" in db) {
    const file = simulatorFileForPg(db.pgUrl, db.dataDir);
    mkdirSync(path.dirname(file), { recursive: true });
    return openSimulatorDatabase(file);
  }
  const appFile = appDatabaseFile(db);
  const file = simulatorDatabaseFile(appFile);
  const state = openSimulatorDatabase(file, { carryOverFrom: appFile });
  if (state.carriedOver > 0) {
    logger.info("simulator state carried over from the app database", {
      file,
      records: state.carriedOver,
    });
  }
  return state;
}
