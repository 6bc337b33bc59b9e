/**
 * Where the local provider simulators keep their state, so that (like a real provider) they
 * remember addresses, transactions and confirmations when our process restarts (issue 10, item 4).
 * Simulator mode only: a table of JSON records in our own database (`simulator_records`), written
 * synchronously as the simulator changes, before it sends any webhook or callback about the change.
 */
import { and, eq, gt, inArray, lt, max, notInArray, sql, type SQL } from "drizzle-orm";
import { simulatorRecords } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";

export interface SimulatorRecord {
  kind: string;
  id: string;
  body: string;
}

export interface SimulatorStore {
  /**
   * Every record, in the order written (oldest first). Only for simulators whose state stays
   * small; a large one reads through `paged` (issue 28: nothing loads a whole table at start).
   */
  load(): SimulatorRecord[];
  save(kind: string, id: string, value: unknown): void;
  remove(kind: string, id: string): void;
  /** Bounded reads, when the store is a database (`createDbSimulatorStore`). */
  paged?: PagedSimulatorStore;
}

/** A stored record with its place in the order written (`seq`, increasing). */
export interface SequencedRecord {
  seq: number;
  id: string;
  body: string;
}

/** A condition on a JSON field of a record: equal to one of `in`, or to none of `notIn`. */
export interface JsonCondition {
  path: string;
  in?: readonly string[];
  notIn?: readonly string[];
}

/**
 * Reads of one simulator's records that never hold more than a page in memory (synchronous like
 * the rest of the simulator store: the simulators answer from their state synchronously).
 */
export interface PagedSimulatorStore {
  /** One record's body, or undefined. */
  get(kind: string, id: string): string | undefined;
  /** Whether any record of `kind` exists. */
  any(kind: string): boolean;
  /** The largest id of `kind` read as a number (vault ids "0", "1"...), or null. */
  maxNumericId(kind: string): number | null;
  /**
   * Up to `limit` records of `kind` in the order written, after (or, descending, before) `seq`.
   */
  page(
    kind: string,
    options: { afterSeq?: number; descending?: boolean; limit: number },
  ): SequencedRecord[];
  /** Every record of `kind` meeting any of `conditions` (callers keep that set small). */
  matching(kind: string, conditions: readonly JsonCondition[]): SequencedRecord[];
  /** Delete the records of `kind` whose numeric JSON field `path` is below `value`. */
  removeBelow(kind: string, path: string, value: number): void;
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
    paged: createPagedStore(db, simulator),
  };
}

/** The JSON fields with an expression index (migration 0024), and that index. */
const JSON_INDEXES: Record<string, string> = {
  "$.status": "simulator_records_status_idx",
  "$.direction": "simulator_records_direction_idx",
  "$.at": "simulator_records_at_idx",
};

/** `json_extract(body, path)` for an indexed path, written as migration 0024's indexes write it. */
const jsonField = (path: string): { field: SQL; index: string } => {
  const index = JSON_INDEXES[path];
  if (!index) throw new Error(`No index on the JSON field ${path} of simulator records`);
  return { field: sql.raw(`json_extract("body", '${path}')`), index };
};

function createPagedStore(db: Db, simulator: StoredSimulator): PagedSimulatorStore {
  const ofKind = (kind: string) =>
    and(eq(simulatorRecords.simulator, simulator), eq(simulatorRecords.kind, kind));
  const seq = sql<number>`${simulatorRecords}.rowid`.mapWith(Number);
  const columns = { seq, id: simulatorRecords.id, body: simulatorRecords.body };
  // The same, for a `from` drizzle does not see as the table (`indexed by`).
  const rawColumns = {
    seq,
    id: sql<string>`${simulatorRecords}."id"`,
    body: sql<string>`${simulatorRecords}."body"`,
  };
  return {
    get(kind, id) {
      return db
        .select({ body: simulatorRecords.body })
        .from(simulatorRecords)
        .where(and(ofKind(kind), eq(simulatorRecords.id, id)))
        .get()?.body;
    },
    any(kind) {
      return (
        db
          .select({ id: simulatorRecords.id })
          .from(simulatorRecords)
          .where(ofKind(kind))
          .limit(1)
          .get() !== undefined
      );
    },
    maxNumericId(kind) {
      const row = db
        .select({ top: max(sql<number>`cast(${simulatorRecords.id} as integer)`) })
        .from(simulatorRecords)
        .where(ofKind(kind))
        .get();
      return row?.top === null || row?.top === undefined ? null : Number(row.top);
    },
    page(kind, { afterSeq, descending = false, limit }) {
      // Walks the table in rowid order (the order written; an upsert keeps its row): the `+`
      // keeps SQLite from sorting the whole (simulator, kind) index range for every page.
      const after =
        afterSeq === undefined ? undefined : descending ? lt(seq, afterSeq) : gt(seq, afterSeq);
      return db
        .select(columns)
        .from(simulatorRecords)
        .where(
          and(
            sql`+${simulatorRecords.simulator} = ${simulator}`,
            sql`+${simulatorRecords.kind} = ${kind}`,
            after,
          ),
        )
        .orderBy(descending ? sql`${simulatorRecords}.rowid desc` : sql`${simulatorRecords}.rowid`)
        .limit(limit)
        .all();
    },
    matching(kind, conditions) {
      // One query per condition, each through its expression index (0024), merged in order.
      const found = new Map<number, SequencedRecord>();
      for (const condition of conditions) {
        const { field, index } = jsonField(condition.path);
        // `indexed by`: with `not in`, SQLite would otherwise take any (simulator, kind) index
        // and read every body; the expression index answers without them.
        const rows = db
          .select(rawColumns)
          .from(sql`${simulatorRecords} indexed by ${sql.raw(index)}`)
          .where(
            and(
              ofKind(kind),
              condition.in
                ? inArray(field, [...condition.in])
                : notInArray(field, [...(condition.notIn ?? [])]),
            ),
          )
          .all();
        for (const row of rows) found.set(row.seq, row);
      }
      return [...found.values()].sort((a, b) => a.seq - b.seq);
    },
    removeBelow(kind, path, value) {
      db.delete(simulatorRecords)
        .where(and(ofKind(kind), sql`${jsonField(path).field} < ${value}`))
        .run();
    },
  };
}
