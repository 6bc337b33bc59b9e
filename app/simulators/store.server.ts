/**
 * Where the local provider simulators keep their state, so that (like a real provider) they
 * remember addresses, transactions and confirmations when our process restarts (issue 10, item 4).
 * Simulator mode only: a table of JSON records (`simulator_records`), written synchronously as the
 * simulator changes, before it sends any webhook or callback about the change.
 *
 * The records live in the simulators' OWN SQLite file, not in the app's database (ADR 0045): a
 * provider's state is not ours, so restoring our backup must not rewind it, and the app's database
 * may be PostgreSQL while the simulators stay a local, synchronous SQLite file. This module is the
 * one place outside app/db that opens better-sqlite3 (eslint.config.js, the store rule's ignores).
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { and, eq, gt, inArray, lt, max, notInArray, sql, type SQL } from "drizzle-orm";
import { simulatorRecords } from "../../drizzle/schema/simulators";

/**
 * The simulators' database: its own connection to its own file (`:memory:` in tests whose app
 * database is in memory). Not the app's `Db`: nothing of the app is reachable through it.
 */
export interface SimulatorDatabase {
  /** The file (or `:memory:`). */
  readonly file: string;
  /** How many records were carried over from the app's database when the file was made. */
  readonly carriedOver: number;
  /** @internal the connection, for this module's queries. */
  readonly db: BetterSQLite3Database;
  close(): void;
}

/**
 * The simulators' file beside the app's database file: `data/onehop.sqlite` →
 * `data/onehop-simulators.sqlite` (a name without an extension gets `-simulators` appended).
 * An in-memory app database (tests) gives an in-memory one. Accepts a `file:` URL.
 */
export function simulatorDatabaseFile(appDatabase: string): string {
  const file = appDatabase.startsWith("file:") ? appDatabase.slice("file:".length) : appDatabase;
  if (file === ":memory:" || file === "") return ":memory:";
  const ext = path.extname(file);
  return ext ? `${file.slice(0, -ext.length)}-simulators${ext}` : `${file}-simulators`;
}

/**
 * The file of the app database `db` is open on (`:memory:` for an in-memory one): where the
 * simulators' file goes beside it. SQLite only; with PostgreSQL (issue 29) the simulators' file
 * becomes a setting of its own.
 */
export function appDatabaseFile(db: { $client: { name: string } }): string {
  return db.$client.name;
}

/**
 * The simulator file's schema: migrations 0005 (the table) and 0024 (its expression indexes), and
 * (version 2) indexes on a record's `createdAt`, alone and after its `vaultAccountId`, which
 * custody's transaction list is read by.
 */
const SCHEMA = `
create table if not exists simulator_records (
  simulator text not null,
  kind text not null,
  id text not null,
  body text not null,
  updated_at integer not null,
  primary key (simulator, kind, id)
);
create index if not exists simulator_records_status_idx
  on simulator_records (simulator, kind, json_extract("body", '$.status'));
create index if not exists simulator_records_direction_idx
  on simulator_records (simulator, kind, json_extract("body", '$.direction'));
create index if not exists simulator_records_at_idx
  on simulator_records (simulator, kind, json_extract("body", '$.at'));
create index if not exists simulator_records_created_idx
  on simulator_records (simulator, kind, json_extract("body", '$.createdAt'));
create index if not exists simulator_records_vault_created_idx
  on simulator_records (simulator, kind, json_extract("body", '$.vaultAccountId'), json_extract("body", '$.createdAt'));
`;

/**
 * `user_version` of a simulator file once its schema is made (and any carry-over done). An older
 * file gets what the schema added since (every statement is `if not exists`), without a carry-over.
 */
const SCHEMA_VERSION = 2;
const CARRY_BATCH = 10_000;

/**
 * Open (making it if new) the simulators' database `file`.
 *
 * When the file is new and `carryOverFrom` names an app database file that still has rows in its
 * own `simulator_records` (a deployment that ran in simulator mode before ADR 0045), they are
 * copied over once, in the order written, through a read-only connection to the app file; the
 * app's table is left as it is. "New" is `user_version` 0, checked again under the write lock, so
 * two processes opening the file at once copy once, and a crash mid-copy copies again next time.
 *
 * WAL with `synchronous=NORMAL`: a simulator stands in for someone else's system; losing its last
 * writes in a power cut is acceptable where our own books use FULL.
 */
export function openSimulatorDatabase(
  file: string,
  options: { carryOverFrom?: string } = {},
): SimulatorDatabase {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const client = new Database(file);
  let carriedOver = 0;
  try {
    client.pragma("journal_mode = WAL");
    client.pragma("synchronous = NORMAL");
    client.pragma("busy_timeout = 5000");
    if (client.pragma("user_version", { simple: true }) !== SCHEMA_VERSION) {
      client.exec("begin immediate");
      try {
        const version = client.pragma("user_version", { simple: true });
        if (version !== SCHEMA_VERSION) {
          client.exec(SCHEMA);
          if (version === 0 && options.carryOverFrom)
            carriedOver = carryOver(client, options.carryOverFrom);
          client.pragma(`user_version = ${SCHEMA_VERSION}`);
        }
        client.exec("commit");
      } catch (error) {
        if (client.inTransaction) client.exec("rollback");
        throw error;
      }
    }
  } catch (error) {
    client.close();
    throw error;
  }
  return {
    file,
    carriedOver,
    db: drizzle(client),
    close: () => client.close(),
  };
}

/** Copy the app database's simulator records into `client` (inside its open transaction). */
function carryOver(client: Database.Database, appFile: string): number {
  const source = appFile.startsWith("file:") ? appFile.slice("file:".length) : appFile;
  if (source === ":memory:" || source === "" || !existsSync(source)) return 0;
  const app = new Database(source, { readonly: true, fileMustExist: true });
  try {
    app.pragma("busy_timeout = 5000");
    const table = app
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'simulator_records'")
      .get();
    if (!table) return 0;
    const read = app.prepare(
      "select rowid as seq, simulator, kind, id, body, updated_at from simulator_records where rowid > ? order by rowid limit ?",
    );
    const write = client.prepare(
      "insert into simulator_records (simulator, kind, id, body, updated_at) values (?, ?, ?, ?, ?)",
    );
    let copied = 0;
    let after = Number.MIN_SAFE_INTEGER;
    for (;;) {
      // A page at a time (a big demo database may hold millions), in rowid order: the order
      // written, which the paged reads (StoredMap) walk.
      const rows = read.all(after, CARRY_BATCH) as {
        seq: number;
        simulator: string;
        kind: string;
        id: string;
        body: string;
        updated_at: number;
      }[];
      for (const row of rows) write.run(row.simulator, row.kind, row.id, row.body, row.updated_at);
      copied += rows.length;
      if (rows.length < CARRY_BATCH) return copied;
      after = rows[rows.length - 1]!.seq;
    }
  } finally {
    app.close();
  }
}

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

/** A record read in the order of a JSON field, with that field's value (to continue from). */
export interface SortedRecord extends SequencedRecord {
  value: number;
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
  /** How many records of `kind` there are (counted in SQL: nothing is read into memory). */
  count(kind: string): number;
  /** The largest id of `kind` read as a number (vault ids "0", "1"...), or null. */
  maxNumericId(kind: string): number | null;
  /**
   * Up to `limit` records of `kind` in the order written, after (or, descending, before) `seq`.
   */
  page(
    kind: string,
    options: { afterSeq?: number; descending?: boolean; limit: number },
  ): SequencedRecord[];
  /**
   * Up to `limit` records of `kind` in the order of the numeric JSON field `path` (then the order
   * written), through its expression index: ascending from just past `from` (descending: down
   * from just before it). `from.seq` continues after that record; without it, past every record
   * whose field is `from.value`. Records without the field are left out. With `where`, only those
   * whose field `where.path` is `where.value` (an index on both answers).
   */
  sorted(
    kind: string,
    path: string,
    options: {
      where?: { path: string; value: string };
      from?: { value: number; seq?: number };
      descending?: boolean;
      limit: number;
    },
  ): SortedRecord[];
  /** Every record of `kind` meeting any of `conditions` (callers keep that set small). */
  matching(kind: string, conditions: readonly JsonCondition[]): SequencedRecord[];
  /** Delete the records of `kind` whose numeric JSON field `path` is below `value`. */
  removeBelow(kind: string, path: string, value: number): void;
  /**
   * An index kept as records, made in one statement: for every record of `kind` with a JSON field
   * `path` (`$.name`), a record of `indexKind` whose id is that field and whose body is
   * `{"id": <the record's id>}`. Those already there are left as they are.
   */
  indexBy(kind: string, path: string, indexKind: string): void;
}

/** JSON that keeps bigints (as strings). */
export const toJson = (value: unknown) =>
  JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? item.toString() : item));

/** The simulators that keep state here. */
export type StoredSimulator =
  "custody" | "daraja" | "airtel" | "pesalink" | "tkash" | "africastalking";

export function createDbSimulatorStore(
  database: SimulatorDatabase,
  simulator: StoredSimulator,
  now: () => number = Date.now,
): SimulatorStore {
  const { db } = database;
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

/** `name` of a top-level JSON field path `$.name` (the only kind the store's indexes hold). */
export function topLevelField(path: string): string {
  const name = /^\$\.([A-Za-z][A-Za-z0-9]*)$/.exec(path)?.[1];
  if (!name) throw new Error(`${path} is not a top-level JSON field of simulator records`);
  return name;
}

/** The JSON fields with an expression index (migration 0024), and that index. */
const JSON_INDEXES: Record<string, string> = {
  "$.status": "simulator_records_status_idx",
  "$.direction": "simulator_records_direction_idx",
  "$.at": "simulator_records_at_idx",
  "$.createdAt": "simulator_records_created_idx",
  "$.vaultAccountId": "simulator_records_vault_created_idx",
};

/** The indexes of a field's order after an equal field ("$.where $.sorted"), by those fields. */
const SORTED_AFTER_EQUAL_INDEXES: Record<string, string> = {
  "$.vaultAccountId $.createdAt": "simulator_records_vault_created_idx",
};

/** `json_extract(body, path)` for an indexed path, written as the schema's indexes write it. */
const jsonField = (path: string): { field: SQL; index: string } => {
  const index = JSON_INDEXES[path];
  if (!index) throw new Error(`No index on the JSON field ${path} of simulator records`);
  return { field: sql.raw(`json_extract("body", '${path}')`), index };
};

function createPagedStore(
  db: BetterSQLite3Database,
  simulator: StoredSimulator,
): PagedSimulatorStore {
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
    count(kind) {
      const row = db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(simulatorRecords)
        .where(ofKind(kind))
        .get();
      return row?.n ?? 0;
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
    sorted(kind, path, { where, from, descending = false, limit }) {
      const { field, index: alone } = jsonField(path);
      const index = where ? SORTED_AFTER_EQUAL_INDEXES[`${where.path} ${path}`] : alone;
      if (!index) throw new Error(`No index on ${path} after ${where?.path} of simulator records`);
      const beyond = descending ? sql`<` : sql`>`;
      const past = !from
        ? sql`${field} is not null`
        : from.seq === undefined
          ? sql`${field} ${beyond} ${from.value}`
          : sql`(${field} ${beyond} ${from.value} or (${field} = ${from.value} and ${seq} ${beyond} ${from.seq}))`;
      const direction = sql.raw(descending ? "desc" : "asc");
      return db
        .select({ ...rawColumns, value: sql<number>`${field}`.mapWith(Number) })
        .from(sql`${simulatorRecords} indexed by ${sql.raw(index)}`)
        .where(
          and(
            ofKind(kind),
            where ? sql`${jsonField(where.path).field} = ${where.value}` : undefined,
            past,
          ),
        )
        .orderBy(sql`${field} ${direction}, ${seq} ${direction}`)
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
    indexBy(kind, path, indexKind) {
      topLevelField(path);
      const field = sql.raw(`json_extract("body", '${path}')`);
      db.run(
        sql`insert or ignore into ${simulatorRecords} ("simulator", "kind", "id", "body", "updated_at")
          select "simulator", ${indexKind}, ${field}, json_object('id', "id"), "updated_at"
          from ${simulatorRecords}
          where "simulator" = ${simulator} and "kind" = ${kind} and ${field} is not null`,
      );
    },
    removeBelow(kind, path, value) {
      db.delete(simulatorRecords)
        .where(and(ofKind(kind), sql`${jsonField(path).field} < ${value}`))
        .run();
    },
  };
}
