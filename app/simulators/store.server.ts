/**
 * Where the local provider simulators keep their state, so that (like a real provider) they
 * remember addresses, transactions and confirmations when our process restarts (issue 10, item 4).
 * Simulator mode only: a table of JSON records in our own database (`simulator_records`), written
 * synchronously as the simulator changes, before it sends any webhook or callback about the change.
 */
import { and, eq } from "drizzle-orm";
import { simulatorRecords } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";

export interface SimulatorRecord {
  kind: string;
  id: string;
  body: string;
}

export interface SimulatorStore {
  /** Every record, in the order written (oldest first). */
  load(): SimulatorRecord[];
  save(kind: string, id: string, value: unknown): void;
  remove(kind: string, id: string): void;
}

/** JSON that keeps bigints (as strings). */
export const toJson = (value: unknown) =>
  JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? item.toString() : item));

/** The simulators that keep state here. */
export type StoredSimulator = "custody" | "daraja" | "airtel" | "pesalink" | "tkash";

export function createDbSimulatorStore(
  db: Db,
  simulator: StoredSimulator,
  now: () => number = Date.now,
): SimulatorStore {
  return {
    load() {
      return db
        .select({
          kind: simulatorRecords.kind,
          id: simulatorRecords.id,
          body: simulatorRecords.body,
        })
        .from(simulatorRecords)
        .where(eq(simulatorRecords.simulator, simulator))
        .orderBy(simulatorRecords.updatedAt)
        .all();
    },
    save(kind, id, value) {
      const body = toJson(value);
      db.insert(simulatorRecords)
        .values({ simulator, kind, id, body, updatedAt: now() })
        .onConflictDoUpdate({
          target: [simulatorRecords.simulator, simulatorRecords.kind, simulatorRecords.id],
          set: { body, updatedAt: now() },
        })
        .run();
    },
    remove(kind, id) {
      db.delete(simulatorRecords)
        .where(
          and(
            eq(simulatorRecords.simulator, simulator),
            eq(simulatorRecords.kind, kind),
            eq(simulatorRecords.id, id),
          ),
        )
        .run();
    },
  };
}
