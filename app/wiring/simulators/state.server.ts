/**
 * The simulators' own database (PROVIDER_MODE=simulator only; ADR 0045): a SQLite file beside the
 * app's database (`data/onehop.sqlite` → `data/onehop-simulators.sqlite`, `:memory:` beside an
 * in-memory one), opened once per start of the simulators and shared by all of them. Made on first
 * use, carrying over the records an older deployment kept in the app's `simulator_records`. The
 * composition place imports this module dynamically, so a live process never loads it.
 */
import {
  appDatabaseFile,
  openSimulatorDatabase,
  simulatorDatabaseFile,
  type SimulatorDatabase,
} from "~/simulators/store.server";
import type { Db } from "~/db/sqlite-connection.server";
import { logger } from "~/utils/logger.server";

/** The simulators' database beside `db`, the app database this process (or test) runs on. */
export function openSimulatorState(db: Db): SimulatorDatabase {
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
