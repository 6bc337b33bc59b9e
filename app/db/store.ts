/**
 * The store: the one way OneHop reads and writes its database (ADR 0041). Engine-neutral: core and
 * the wiring depend on this interface; each engine (SQLite today, PostgreSQL next) provides an
 * adapter that keeps the promises written here.
 *
 * - `read(fn)` and `write(fn)` hand an async callback a transaction handle. Inside the callback
 *   only that handle is used: every query is a Drizzle builder, awaited (never a synchronous
 *   `.get()/.all()/.run()`, which exists on one engine only). A `read` or
 *   `write` started inside a callback joins the callback's transaction (a `write` in a savepoint),
 *   so a helper never escapes its caller's transaction by asking the store again.
 * - A `write` is atomic: all of `fn` or none of it. It resolves once its transaction is durable
 *   (ADR 0027: on SQLite, writes of one event-loop turn share one COMMIT), or, with
 *   `{ wait: "applied" }`, as soon as its effect is visible to later callbacks; `durable()` then
 *   resolves once everything applied so far is on disk (answer a client only after it).
 * - "Check, then write" (a limit, a balance, "send once") is one `write` whose check reads its rows
 *   through `forUpdate(query)`: a row lock where the engine has several writers, nothing on SQLite,
 *   whose single writer already serialises every `write`.
 */
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import type * as schema from "../../drizzle/schema";

/** Which engine is behind a store. */
export type Engine = "sqlite" | "postgres";

/** What a `write` reports of a statement that changes rows. */
export interface WriteResult {
  /** Rows inserted, updated or deleted. */
  changes: number;
}

/**
 * The transaction handle a callback receives: Drizzle's query builders, every one of them awaited.
 * It has no `transaction` (the store owns transactions) and no `$client` (the driver is the
 * adapter's).
 */
export type Handle = Omit<
  BaseSQLiteDatabase<"async", WriteResult, typeof schema>,
  "transaction" | "batch" | "$client"
>;

export interface WriteOptions {
  /**
   * "durable" (the default): resolve once the transaction is on disk. "applied": resolve as soon as
   * the effect is visible to later callbacks; call `durable()` before telling anyone it happened.
   */
  wait?: "durable" | "applied";
}

export interface Store {
  readonly engine: Engine;
  /** Run `fn` in a read transaction: one consistent view of the database for all its queries. */
  read<T>(fn: (q: Handle) => Promise<T>): Promise<T>;
  /**
   * `read` for a callback that runs exactly one query (a key, a payment by id): one statement is
   * consistent on its own, so PostgreSQL runs it without BEGIN and COMMIT (one round trip instead
   * of three). A second query in `fn` throws. Inside a callback, it joins the callback's
   * transaction like `read`.
   */
  readOne<T>(fn: (q: Handle) => Promise<T>): Promise<T>;
  /** Run `fn` in a write transaction; a throw rolls back all of `fn` (and only `fn`). */
  write<T>(fn: (q: Handle) => Promise<T>, options?: WriteOptions): Promise<T>;
  /** Resolves once every write applied so far is durable; rejects if committing them failed. */
  durable(): Promise<void>;
  /**
   * Lock the rows a "check then write" reads, until its `write` ends. Use inside `write` only.
   * SQLite: the query unchanged. PostgreSQL: `SELECT … FOR UPDATE`.
   */
  forUpdate<Q>(query: Q): Q;
  /**
   * A value that changes whenever anything is written to the database, by this process or by
   * another one (a script, another server). The private page cache keys on it.
   */
  changeCounter(): Promise<string>;
  /** Close the connection(s) once pending writes are durable. */
  close(): Promise<void>;
}

/**
 * The mark a locked select carries on its builder's config: `true` for `forUpdate`, "skip locked"
 * for `takingUnlocked`. Read by the PostgreSQL dialect; SQLite's single writer needs no lock.
 */
export const FOR_UPDATE = Symbol.for("onehop.forUpdate");

/**
 * A select that locks the rows it returns and passes over rows another write has locked (a queue's
 * "take the oldest": concurrent takers each get a different row instead of waiting for one another
 * and finding it gone). PostgreSQL: `for update … skip locked`; SQLite: the query unchanged. Works
 * in a subquery (no store needed); use it only inside a write.
 */
export function takingUnlocked<Q>(query: Q): Q {
  const config = (query as { config?: Record<PropertyKey, unknown> }).config;
  if (!config) throw new Error("takingUnlocked takes a select builder");
  config[FOR_UPDATE] = "skip locked";
  return query;
}

/** Whether `on` is the store itself (rather than a callback's handle). */
export const isStore = (on: Handle | Store): on is Store =>
  typeof (on as Partial<Store>).forUpdate === "function";

/**
 * Run `fn` on the caller's handle (inside its transaction), or, given the store, in a read of its
 * own: for reads that serve both a callback and a caller outside one.
 */
export const readOn = <T>(on: Handle | Store, fn: (q: Handle) => Promise<T>): Promise<T> =>
  isStore(on) ? on.read(fn) : fn(on);

/** Where an engine's handle keeps its `atCommit` (PostgreSQL's; SQLite has none). */
export const AT_COMMIT = Symbol.for("onehop.atCommit");

type AtCommit = (statements: () => Promise<unknown>) => boolean;

/**
 * Run a write's last statements: `statements` starts them (each at once, in order, none awaiting
 * another: they are sent together) and is the last thing the write does. On PostgreSQL they go out
 * after the callback returns, the COMMIT right behind them in the same round trip, so a row they
 * lock (a merchant's day of the daily limit) is held only while the COMMIT is written, not for a
 * round trip and a turn of a busy event loop. A check among them refuses by failing
 * (`onehop_refuse`, refusal.ts), which rolls the write back and is what the write throws. Elsewhere
 * (SQLite's single writer) they run at once. A query after them in the same write throws on
 * PostgreSQL.
 */
export async function lastInWrite(q: Handle, statements: () => Promise<unknown>): Promise<void> {
  const atCommit = (q as unknown as Record<symbol, AtCommit | undefined>)[AT_COMMIT];
  if (atCommit?.(statements)) return;
  await statements();
}
