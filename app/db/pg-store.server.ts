/**
 * The store on PostgreSQL (ADR 0046): a node-postgres pool, the same Drizzle builders as on SQLite
 * (pg-dialect.ts, pg-session.ts), the same promises (store.ts).
 *
 * - `read`: a REPEATABLE READ READ ONLY transaction, so all its queries see one snapshot.
 * - `write`: READ COMMITTED, each check's rows locked by `forUpdate` (`select … for update of`);
 *   a nested write is a savepoint on the same connection. A write that loses a race the database
 *   detects runs again from the start on a fresh transaction, a few times: a serialization failure
 *   (40001), a deadlock (40P01), or a unique key taken by a concurrent insert (23505), which a
 *   second run sees and handles as SQLite's single writer would have (the check finds the row).
 *   Callbacks do database work only (ADR 0041), so running one again is safe.
 * - Every COMMIT is durable (synchronous_commit on): `durable()` has nothing to wait for.
 * - A lost connection (the server restarting, a standby promoted: pg-hosts.server.ts) is waited
 *   out, up to `failoverWaitMs`, and a transaction that had not sent its COMMIT runs again.
 * - `changeCounter`: the server's current snapshot (`pg_current_snapshot()`: the transactions
 *   running and the next to start). A commit by any process or script changes it in the same step
 *   that makes the commit visible, so a value read before a page's reads never names data older
 *   than they saw. One round trip, no lock, nothing for writers to do. A writer starting moves it
 *   too: a cached page is then rendered once more.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomInt } from "node:crypto";
import { BaseSQLiteDatabase, type SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import pg from "pg";
import { logger } from "~/utils/logger.server";
import { PgFlavouredDialect } from "./pg-dialect";
import { isConnectionLoss, isPrimary, parsePgHosts, type PgHosts } from "./pg-hosts.server";
import { PgSession, sendTogether } from "./pg-session";
import { THIS_PROCESS } from "./process-name.server";
import { AT_COMMIT, FOR_UPDATE, type Handle, type Store, type WriteOptions } from "./store";

interface Scope {
  store: PgStore;
  /** "one": a single statement outside a transaction (`readOne`). */
  kind: "read" | "one" | "write";
  /** Queries run so far (a "one" scope allows one). */
  queries: number;
  client: pg.PoolClient;
  nested: Promise<unknown> | null;
  open: boolean;
  /** A savepoint's scope (a nested write). */
  savepoint: boolean;
  /** The write's last statements (`lastInWrite`), sent with its COMMIT. */
  finals: (() => Promise<unknown>) | null;
  /**
   * "given": the callback gave them (no query may follow); "starting": they are being started
   * (their queries go out, the COMMIT not yet); "committing": the COMMIT went out (no query may
   * follow).
   */
  finalsState: "none" | "given" | "starting" | "committing";
  /** Their run, the COMMIT right behind it. */
  finalRun: Promise<unknown> | null;
}

const scopes = new AsyncLocalStorage<Scope>();

/**
 * The COMMIT behind a write's last statements: sent once the statements they started in this turn
 * (a builder starts its query a few promise steps after it is called) have gone out, before any
 * I/O, so it travels with them. A statement started later than that throws instead of running
 * outside the transaction: `lastInWrite` takes statements that start at once.
 */
function commitAfterFinals(scope: Scope): Promise<{ commit: Promise<pg.QueryResult> }> {
  return new Promise((resolve) =>
    process.nextTick(() => {
      scope.finalsState = "committing";
      sendTogether(scope.client);
      resolve({ commit: scope.client.query("COMMIT") });
    }),
  );
}

/** An int8 (or an integer numeric) as a number when it is exact, else as a bigint. */
function integer(text: string): number | bigint {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
}

/**
 * The pool's type parsers: int8 (counts, epoch milliseconds, money) as numbers when exact,
 * numeric (PostgreSQL's type for a sum of bigints) the same way, booleans as SQLite's 1 and 0.
 */
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === pg.types.builtins.INT8) return integer;
    if (oid === pg.types.builtins.NUMERIC)
      return (text: string) => (/^-?\d+$/.test(text) ? integer(text) : Number(text));
    if (oid === pg.types.builtins.BOOL) return (text: string) => (text === "t" ? 1 : 0);
    return pg.types.getTypeParser(oid, format);
  },
};

/** SQLSTATEs after which a whole write runs again. */
const RETRY = new Set(["40001", "40P01", "23505"]);
const MAX_RUNS = 5;

/** The SQLSTATE of a database error (Drizzle wraps the driver's error as `cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error; typeof e === "object" && e !== null; e = (e as { cause?: unknown }).cause)
    if ("code" in e && typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

export interface PgStoreOptions {
  /** Connections in the pool (default 20: the bench's 16 concurrent payments, with room). */
  max?: number;
  /**
   * How long a transaction waits for the database to come back (a restart, a standby being
   * promoted) before it fails: default 30 s.
   */
  failoverWaitMs?: number;
  /** Work done once before the first transaction (the migrations). */
  prepare?: (pool: pg.Pool) => Promise<void>;
}

export class PgStore implements Store {
  readonly engine = "postgres" as const;
  private readonly handle: Handle;
  private savepoints = 0;
  private closed = false;
  private prepared: Promise<void> | null;
  private readonly hosts: PgHosts;
  /** The pool of the host in use (the primary, when several are listed). */
  private current: { index: number; pool: pg.Pool };
  private finding: Promise<void> | null = null;
  private primaryFound = false;
  /** Whether a connection was ever made (a loss after that is waited out). */
  private connected = false;
  private readonly failoverWaitMs: number;

  constructor(
    readonly url: string,
    private readonly options: PgStoreOptions = {},
  ) {
    this.hosts = parsePgHosts(url);
    this.failoverWaitMs = options.failoverWaitMs ?? 30_000;
    this.current = { index: 0, pool: this.poolFor(0) };
    const dialect = new PgFlavouredDialect();
    const session = new PgSession(dialect, () => this.client());
    this.handle = new BaseSQLiteDatabase(
      "async",
      dialect as SQLiteAsyncDialect,
      session,
      undefined,
    ) as unknown as Handle;
    (this.handle as unknown as Record<symbol, unknown>)[AT_COMMIT] = (
      statements: () => Promise<unknown>,
    ) => this.atCommit(statements);
    const prepare = options.prepare;
    this.prepared = prepare ? null : Promise.resolve();
    this.prepare = prepare ? () => (this.prepared ??= prepare(this.pool)) : () => this.prepared!;
  }

  /** Resolves once the store is ready (migrated); a failure is retried by the next caller. */
  private readonly prepare: () => Promise<void>;

  /** Whether a lost connection is being waited out (for /readyz and the tests). */
  get reconnecting(): boolean {
    return this.finding !== null;
  }

  /** The pool of the host in use. */
  get pool(): pg.Pool {
    return this.current.pool;
  }

  private poolFor(index: number): pg.Pool {
    const pool = new pg.Pool({
      connectionString: this.hosts.urlFor(this.hosts.hosts[index]!),
      max: this.options.max ?? 20,
      // Queries of one transaction are sent without waiting for the previous answer (ADR 0048).
      pipeline: true,
      connectionTimeoutMillis: 5_000,
      types,
      // Which server process a connection is (pg_stat_activity; ADR 0047).
      application_name: THIS_PROCESS,
    });
    const lost = (error: Error & { code?: string }) => {
      if (!this.closed)
        logger.warn("database connection lost", { error: error.message, code: error.code });
    };
    // Idle clients report to the pool; a client in use reports to itself (its query fails too).
    pool.on("error", lost);
    pool.on("connect", (client) => client.on("error", lost));
    return pool;
  }

  /**
   * After a lost connection: wait until a host answers as the primary (the same one back after a
   * restart, or a standby promoted) and use it. With one host, until it answers at all.
   */
  private recover(deadline: number): Promise<void> {
    this.finding ??= (async () => {
      try {
        for (let pause = 50; ; pause = Math.min(pause * 2, 1_000)) {
          const { hosts, urlFor } = this.hosts;
          for (let step = 0; step < hosts.length; step++) {
            const index = (this.current.index + step) % hosts.length;
            if ((await isPrimary(urlFor(hosts[index]!), 2_000)) !== true) continue;
            if (index !== this.current.index) {
              const old = this.current.pool;
              this.current = { index, pool: this.poolFor(index) };
              logger.warn("database: now using another host", {
                host: `${hosts[index]!.host}:${hosts[index]!.port}`,
              });
              void old.end().catch(() => undefined);
            }
            return;
          }
          if (Date.now() + pause > deadline || this.closed)
            throw new Error("no PostgreSQL host answered as the primary");
          await new Promise((resolve) => setTimeout(resolve, pause));
        }
      } finally {
        this.finding = null;
      }
    })();
    return this.finding;
  }

  async read<T>(fn: (q: Handle) => Promise<T>): Promise<T> {
    const scope = this.scope();
    if (scope) return fn(this.handle);
    return this.transaction("read", "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", fn);
  }

  async readOne<T>(fn: (q: Handle) => Promise<T>): Promise<T> {
    const scope = this.scope();
    if (scope) return fn(this.handle);
    return this.transaction("one", null, fn);
  }

  async write<T>(fn: (q: Handle) => Promise<T>, _options: WriteOptions = {}): Promise<T> {
    const scope = this.scope();
    if (scope) return this.nestedWrite(scope, fn);
    for (let run = 1; ; run++) {
      try {
        return await this.transaction("write", "BEGIN", fn);
      } catch (error) {
        const state = sqlState(error);
        if (!state || !RETRY.has(state) || run >= MAX_RUNS) throw error;
        await new Promise((resolve) => setTimeout(resolve, randomInt(1, 5 * run + 2)));
      }
    }
  }

  /**
   * Run a transaction; when the connection is lost before its COMMIT was sent (the server
   * restarting, or gone and a standby promoted), wait for the database and run it again from the
   * start: nothing of it was committed. A loss during COMMIT leaves the outcome unknown: that is
   * the caller's to resolve (the API's idempotency keys), never retried here.
   */
  private async transaction<T>(
    kind: Scope["kind"],
    begin: string | null,
    fn: (q: Handle) => Promise<T>,
  ): Promise<T> {
    const deadline = Date.now() + this.failoverWaitMs;
    // Several hosts listed: find the primary before the first transaction.
    if (this.hosts.hosts.length > 1 && !this.primaryFound) {
      // At start-up one pass over the hosts (a failure is reported at once); later, the wait.
      await this.recover(this.connected ? deadline : Date.now());
      this.primaryFound = true;
    }
    for (;;) {
      const attempt: { committing: boolean } = { committing: false };
      try {
        return await this.once(kind, begin, fn, attempt);
      } catch (error) {
        // Never connected yet: a wrong address or a server that is down at start-up is reported
        // at once, not waited for.
        if (!this.connected || attempt.committing || this.closed) throw error;
        if (!isConnectionLoss(error, { severalHosts: this.hosts.hosts.length > 1 })) throw error;
        if (Date.now() >= deadline) throw error;
        await this.recover(deadline);
      }
    }
  }

  durable(): Promise<void> {
    return Promise.resolve();
  }

  forUpdate = <Q>(query: Q): Q => {
    const config = (query as { config?: Record<PropertyKey, unknown> }).config;
    if (!config) throw new Error("forUpdate takes a select builder");
    config[FOR_UPDATE] = true;
    return query;
  };

  async changeCounter(): Promise<string> {
    await this.prepare();
    try {
      const { rows } = await this.pool.query<{ snapshot: string }>(
        "select pg_current_snapshot()::text as snapshot",
      );
      return rows[0]!.snapshot;
    } catch (error) {
      if (!this.connected || !isConnectionLoss(error)) throw error;
      // The database is away: a value no cached page has (the page's own reads wait for it).
      return `unavailable.${randomInt(1 << 30)}`;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool.end();
  }

  /** The client of the transaction the running callback is in. */
  private client(): pg.PoolClient {
    const scope = this.scope();
    if (!scope) throw new Error("A query outside store.read/store.write");
    if (scope.kind === "one" && ++scope.queries > 1)
      throw new Error("store.readOne ran a second query: use store.read");
    if (scope.finalsState === "given" || scope.finalsState === "committing")
      throw new Error("A query after lastInWrite: the write's last statements are its last");
    return scope.client;
  }

  private scope(): Scope | undefined {
    const scope = scopes.getStore();
    return scope?.store === this && scope.open ? scope : undefined;
  }

  private async once<T>(
    kind: Scope["kind"],
    begin: string | null,
    fn: (q: Handle) => Promise<T>,
    attempt: { committing: boolean },
  ): Promise<T> {
    await this.prepare().catch((error: unknown) => {
      this.prepared = null;
      throw error;
    });
    const client = await this.pool.connect();
    this.connected = true;
    let broken: Error | undefined;
    let released = false;
    /** A last statement's failure: the write rolled back, the connection is sound. */
    let refused: unknown;
    try {
      // Pipelined (pool option `pipeline`): BEGIN goes out with the callback's first query, in
      // one round trip; it is awaited before COMMIT, so a transaction whose BEGIN failed never
      // commits (its queries failed with it: a BEGIN fails only when the connection does).
      // `readOne` (begin null): the one statement alone, no transaction.
      sendTogether(client);
      const begun = begin === null ? null : client.query(begin);
      begun?.catch(() => undefined);
      const scope: Scope = {
        store: this,
        kind,
        queries: 0,
        client,
        nested: null,
        open: true,
        savepoint: false,
        finals: null,
        finalsState: "none",
        finalRun: null,
      };
      let value: T;
      try {
        value = await this.within(scope, fn);
        // With last statements the COMMIT goes out behind them at once (a failed BEGIN fails them).
        if (!scope.finalRun) await begun;
      } catch (error) {
        if (begun) await client.query("ROLLBACK").catch((e: Error) => (broken = e));
        throw error;
      }
      if (kind !== "write") {
        // Nothing to make durable: the connection goes back to the pool at once, a read's COMMIT
        // ahead of the next transaction's queries on it. A COMMIT lost with the connection fails
        // that next transaction, which then runs again like any other lost one.
        if (begun) {
          sendTogether(client);
          void client.query("COMMIT").catch(() => undefined);
        }
        released = true;
        client.release();
        return value;
      }
      attempt.committing = true;
      const commit = scope.finalRun
        ? (await commitAfterFinals(scope)).commit
        : client.query("COMMIT");
      if (scope.finalRun) {
        // The last statements went out right before the COMMIT: if one failed, it rolled back.
        commit.catch(() => undefined);
        try {
          await scope.finalRun;
        } catch (error) {
          await commit.catch(() => undefined);
          refused = error;
          throw error;
        }
      }
      const done = await commit;
      if (done.command !== "COMMIT") throw new Error("The write was rolled back at its COMMIT");
      return value;
    } catch (error) {
      if (sqlState(error) === undefined && error !== refused) broken ??= error as Error;
      throw error;
    } finally {
      if (!released) client.release(broken);
    }
  }

  private async within<T>(scope: Scope, fn: (q: Handle) => Promise<T>): Promise<T> {
    try {
      // Awaited inside the scope: a callback may return a builder (a thenable) that runs only then.
      const value = await scopes.run(scope, async () => await fn(this.handle));
      const finals = scope.finals;
      if (finals) {
        scope.finalsState = "starting";
        scope.finalRun = scopes.run(scope, finals);
        scope.finalRun.catch(() => undefined);
      }
      return value;
    } finally {
      await scope.nested?.catch(() => undefined);
      scope.open = false;
    }
  }

  /** `lastInWrite` (store.ts): the statements put off to the COMMIT of a top-level write. */
  private atCommit(statements: () => Promise<unknown>): boolean {
    const scope = this.scope();
    if (!scope || scope.kind !== "write" || scope.savepoint) return false;
    if (scope.finals) throw new Error("lastInWrite twice in one write: give it all the statements");
    scope.finals = statements;
    scope.finalsState = "given";
    return true;
  }

  private async nestedWrite<T>(scope: Scope, fn: (q: Handle) => Promise<T>): Promise<T> {
    if (scope.kind !== "write")
      throw new Error("store.write inside store.read: make the whole unit of work one write");
    if (scope.nested)
      throw new Error("Two nested writes at once in one transaction: await one before the next");
    const name = `store_${++this.savepoints}`;
    const inner: Scope = { ...scope, nested: null, open: true, savepoint: true };
    const nested = (async () => {
      await scope.client.query(`SAVEPOINT ${name}`);
      try {
        const value = await this.within(inner, fn);
        await scope.client.query(`RELEASE ${name}`);
        return value;
      } catch (error) {
        await scope.client.query(`ROLLBACK TO ${name}`).catch(() => undefined);
        throw error;
      }
    })();
    scope.nested = nested;
    try {
      return await nested;
    } finally {
      scope.nested = null;
    }
  }
}
