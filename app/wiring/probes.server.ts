/** The database probes of /healthz and /readyz, on the process's store (app/db/probes.ts). */
import { checkDatabase, checkDatabaseWritable, type DatabaseProbe } from "~/db/probes";
import { store } from "./store.server";

export type { DatabaseProbe };
export const databaseAnswers = (): Promise<DatabaseProbe> => checkDatabase(store());
export const databaseTakesWrites = (): Promise<DatabaseProbe> => checkDatabaseWritable(store());
