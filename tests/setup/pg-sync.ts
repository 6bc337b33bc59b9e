/**
 * Synchronous PostgreSQL, for test code only (ADR 0046, "Tests on both engines"). The tests set up
 * and inspect their database with Drizzle's synchronous SQLite API (`db.select()…all()`), written
 * when SQLite was the only engine. On PostgreSQL the same calls run here: a worker thread holds a
 * node-postgres connection and this thread waits for its answer (Atomics.wait), so a test's own
 * reads and writes stay synchronous while the code under test runs on the real asynchronous store.
 *
 * `pgTestDatabase(url)` is a Drizzle database of the SQLite flavour whose "better-sqlite3 client"
 * sends each statement through the worker, written by the PostgreSQL-flavoured dialect the store
 * uses (app/db/pg-dialect.ts). What only SQLite has (`pragma`, its backup API) throws.
 */
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import { BetterSQLite3Database, BetterSQLiteSession } from "drizzle-orm/better-sqlite3";
import type { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { PgFlavouredDialect } from "~/db/pg-dialect";
import type { Db } from "~/db/sqlite-connection.server";

interface Reply {
  id: number;
  ok?: { rows: unknown[]; rowCount: number };
  error?: { message: string; code?: string; detail?: string };
}

let bridge: { worker: Worker; port: MessagePort; flag: Int32Array } | null = null;

function connect() {
  if (bridge) return bridge;
  const signal = new SharedArrayBuffer(4);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL("./pg-sync-worker.mjs", import.meta.url), {
    workerData: { port: port2, signal },
    transferList: [port2],
  });
  worker.unref();
  bridge = { worker, port: port1 as unknown as MessagePort, flag: new Int32Array(signal) };
  return bridge;
}

let lastId = 0;

/**
 * How long a test's own query may wait. A query that waits longer is waiting for a row lock held by
 * the code under test in this same process, which cannot go on while this thread waits: the test
 * is wrong (it must await that work first), and the error says which query.
 */
const WAIT_MS = 15_000;

/** Send one request and wait for its answer. */
function ask(request: Record<string, unknown>): { rows: unknown[]; rowCount: number } {
  const { port, flag } = connect();
  const id = ++lastId;
  port.postMessage({ ...request, id });
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    // Clear the signal, then look for the answer, then sleep until the worker signals again.
    Atomics.store(flag, 0, 0);
    const message = receiveMessageOnPort(port as never) as { message: Reply } | undefined;
    const reply = message?.message;
    if (!reply) {
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(flag, 0, 0, left) === "timed-out")
        throw new Error(
          `PostgreSQL did not answer the test's query within ${WAIT_MS / 1000} s (a lock held by unawaited work?): ${String(request.text ?? "close")}`,
        );
      continue;
    }
    // An answer to an earlier request that timed out: wait for this one's.
    if (reply.id !== id) continue;
    if (reply.error) {
      const error = new Error(
        `${reply.error.message}${reply.error.detail ? ` (${reply.error.detail})` : ""}`,
      ) as Error & { code?: string };
      error.code = reply.error.code;
      throw error;
    }
    return reply.ok!;
  }
}

/** Run `text` on `url` now (several statements are allowed without values). */
export function pgQuerySync(
  url: string,
  text: string,
  values: unknown[] = [],
  arrays = false,
): { rows: unknown[]; rowCount: number } {
  return ask({ url, text, values, arrays });
}

/** Close the worker's connection to `url`. */
export function pgCloseSync(url: string): void {
  ask({ close: url });
}

/**
 * A test's own raw SQL written for SQLite: `?` parameters become `$1…$n` (outside quoted strings);
 * Drizzle's statements already have PostgreSQL's.
 */
function numbered(text: string): string {
  let n = 0;
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (match) =>
    match === "?" ? `$${++n}` : match,
  );
}

/** better-sqlite3's statement, as much of it as Drizzle and the tests use. */
function statement(url: string, sqliteText: string) {
  const text = numbered(sqliteText);
  const rows = (params: unknown[], arrays: boolean) => pgQuerySync(url, text, params, arrays).rows;
  const raw = {
    all: (...params: unknown[]) => rows(params, true),
    get: (...params: unknown[]) => rows(params, true)[0],
  };
  return {
    run: (...params: unknown[]) => ({
      changes: pgQuerySync(url, text, params).rowCount,
      lastInsertRowid: 0,
    }),
    all: (...params: unknown[]) => rows(params, false),
    get: (...params: unknown[]) => rows(params, false)[0],
    raw: () => raw,
  };
}

const sqliteOnly = (what: string) => () => {
  throw new Error(`${what} is SQLite's: this test runs on SQLite only`);
};

/** A test's database on PostgreSQL, with the synchronous Drizzle API the tests use. */
export function pgTestDatabase(url: string): Db {
  let open = true;
  const client = {
    name: url,
    get open() {
      return open;
    },
    get inTransaction() {
      return false;
    },
    prepare: (text: string) => statement(url, text),
    exec: (text: string) => void pgQuerySync(url, text),
    close: () => {
      if (open) pgCloseSync(url);
      open = false;
    },
    transaction:
      <T>(fn: (tx: unknown) => T) =>
      (tx: unknown): T => {
        pgQuerySync(url, "BEGIN");
        try {
          const value = fn(tx);
          pgQuerySync(url, "COMMIT");
          return value;
        } catch (error) {
          pgQuerySync(url, "ROLLBACK");
          throw error;
        }
      },
    pragma: sqliteOnly("pragma"),
    backup: sqliteOnly("backup"),
  };
  const transaction = client.transaction;
  const native = Object.assign(client, {
    // better-sqlite3's: a function that runs `fn` in a transaction, with its variants.
    transaction: <T>(fn: (tx: unknown) => T) => {
      const run = transaction(fn);
      return Object.assign((tx: unknown) => run(tx), {
        deferred: run,
        immediate: run,
        exclusive: run,
      });
    },
  });
  const dialect = new PgFlavouredDialect() as unknown as SQLiteSyncDialect;
  const session = new BetterSQLiteSession(native as never, dialect, undefined);
  const db = new BetterSQLite3Database("sync", dialect, session, undefined) as unknown as Db;
  (db as { $client: unknown }).$client = native;
  return db;
}
