/**
 * The store on SQLite (ADR 0041): one better-sqlite3 connection per process, one writer.
 *
 * Every `read` and `write` takes its turn on the connection, one at a time, each turn starting at
 * the top of an event-loop iteration (setImmediate) when no other code's promise callbacks are
 * pending. A callback that only awaits its queries (which better-sqlite3 answers at once) therefore
 * runs to its end before any other code runs: nothing else can slip a statement into its
 * transaction. A callback that awaits anything else (a network call, a timer) is reported: it holds
 * everyone's turn, and code that has not moved onto the store yet could write inside it.
 *
 * A `write` runs in a savepoint of the connection's open group transaction (BEGIN IMMEDIATE, opened
 * by a write when none is open; ADR 0027's group commit, sqlite-group-commit.server.ts). The group
 * commits in a turn of its own, after every write that was already waiting for
 * its turn when it opened: one fsync for the lot under synchronous=FULL. A write that throws rolls
 * back its own savepoint only; a failed COMMIT rejects every write of the group. A `read` outside
 * any group runs in a deferred transaction (one snapshot); while a group is open it reads the
 * group's rows, like everything else on this connection.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import * as schema from "../../drizzle/schema";
import type { Db } from "~/db/sqlite-connection.server";
import { logger } from "~/utils/logger.server";
import { sqliteGroupCommit, type GroupCommit } from "./sqlite-group-commit.server";
import { keepingStatements } from "./sqlite-statements.server";
import type { Handle, Store, WriteOptions } from "./store";

/** What the running callback is inside: a read or a write of this store. */
interface Scope {
  store: SqliteStore;
  kind: "read" | "write";
  /** The nested write (savepoint) running in this scope: a second one at once is a mistake. */
  nested: Promise<unknown> | null;
  /**
   * False once the callback has ended: work it left running (a promise nobody awaited) is then
   * outside any transaction and takes its own turn.
   */
  open: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

type TurnKind = "read" | "write" | "commit";

/**
 * Tasks that run one at a time, in order, each started from an immediate callback (setImmediate),
 * when no other code's promise callbacks are pending. Every task asks for an immediate when it is
 * queued, and Node drains the promise callbacks after each immediate: a task that only awaits the
 * database has ended before the next immediate runs, which starts the next task, so many tasks take
 * their turns in one event-loop iteration. An immediate that finds a task still running (it waits
 * on something else) does nothing; that task's end asks for the next immediate.
 */
class Turns {
  private readonly waiting: { kind: TurnKind; run: () => Promise<void> }[] = [];
  private busy = false;

  run<T>(kind: TurnKind, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ kind, run: () => task().then(resolve, reject) });
      setImmediate(() => this.next());
    });
  }

  /** What the next waiting task is, if any. */
  nextKind(): TurnKind | undefined {
    return this.waiting[0]?.kind;
  }

  /** Start the next task, from an immediate callback only. */
  private next(): void {
    if (this.busy) return;
    const task = this.waiting.shift();
    if (!task) return;
    this.busy = true;
    void task.run().finally(() => {
      this.busy = false;
      if (this.waiting.length > 0) setImmediate(() => this.next());
    });
  }
}

const isBusy = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  "code" in error &&
  String((error as { code: unknown }).code).startsWith("SQLITE_BUSY");

/**
 * A group commits once it holds this many writes, even while more wait: a steady stream of writers
 * must not keep every one of them waiting for its COMMIT.
 */
const GROUP_MAX_WRITES = 32;

/** How long a write waits for another connection's write lock before it fails (SQLITE_BUSY). */
const LOCK_WAIT_MS = 5_000;

class SqliteStore implements Store {
  readonly engine = "sqlite" as const;
  private readonly sqlite: Database.Database;
  private readonly handle: Handle;
  private readonly group: GroupCommit;
  private readonly turns = new Turns();
  private savepoints = 0;
  /** How many writes the group this store opened holds. */
  private groupWrites = 0;
  private readonly versionStatements: { changes: Database.Statement; version: Database.Statement };

  constructor(readonly db: Db) {
    this.sqlite = db.$client;
    // Drizzle on this connection, its statements compiled once (sqlite-statements.server.ts).
    this.handle = drizzle({ client: keepingStatements(this.sqlite), schema }) as unknown as Handle;
    this.group = sqliteGroupCommit(this.sqlite);
    this.versionStatements = {
      changes: this.sqlite.prepare("select total_changes()").pluck(),
      version: this.sqlite.prepare("pragma data_version").pluck(),
    };
  }

  read<T>(fn: (q: Handle) => Promise<T>): Promise<T> {
    const scope = this.scope();
    if (scope) return fn(this.handle);
    return this.turns.run("read", () =>
      this.watched("read", async () => {
        // Inside the open group (or another transaction): its rows are what this connection sees.
        if (this.sqlite.inTransaction) return this.within(this.newScope("read"), fn);
        this.sqlite.exec("BEGIN");
        try {
          return await this.within(this.newScope("read"), fn);
        } finally {
          if (this.sqlite.inTransaction) this.sqlite.exec("COMMIT");
        }
      }),
    );
  }

  /** SQLite: a read like any other (a transaction here costs no round trip). */
  readOne<T>(fn: (q: Handle) => Promise<T>): Promise<T> {
    return this.read(fn);
  }

  write<T>(fn: (q: Handle) => Promise<T>, options: WriteOptions = {}): Promise<T> {
    const scope = this.scope();
    if (scope) return this.nestedWrite(scope, fn);
    let committed: Promise<void> = Promise.resolve();
    const applied = this.turns.run("write", async () => {
      const group = await this.openGroup();
      committed = group.committed;
      if (group.opened) this.groupWrites = 0;
      return this.watched("write", async () => {
        try {
          return await this.inSavepoint(this.newScope("write"), fn);
        } finally {
          // The writes waiting right behind this one join the group; the last of them commits it.
          // One that asked only to be applied leaves the commit to a turn of its own, so the work
          // its caller does next can still join.
          const writeNext =
            this.turns.nextKind() === "write" && ++this.groupWrites < GROUP_MAX_WRITES;
          if (!writeNext && options.wait === "applied") this.commitLater();
          else if (!writeNext) this.group.flush();
        }
      });
    });
    if (options.wait === "applied") return applied;
    return applied.then(async (value) => {
      await committed;
      return value;
    });
  }

  durable(): Promise<void> {
    return this.group.durable();
  }

  forUpdate<Q>(query: Q): Q {
    // One writer: every write already runs alone, so the rows a check read cannot change under it.
    return query;
  }

  changeCounter(): Promise<string> {
    const { version, changes } = this.versionStatements;
    return Promise.resolve(`${String(version.get())}.${String(changes.get())}`);
  }

  async close(): Promise<void> {
    await this.turns.run("commit", async () => this.group.flush());
    this.sqlite.close();
  }

  /**
   * The open group, or a new one (BEGIN IMMEDIATE); resolves with its commit. While another
   * connection holds the write lock (another process, a script), the turn waits on a timer, not
   * on SQLite's busy handler, which would stop the whole event loop (no transaction of ours is open
   * yet).
   */
  private async openGroup(): Promise<{ opened: boolean; committed: Promise<void> }> {
    const started = Date.now();
    for (let pause = 1; ; pause = Math.min(pause * 2, 50)) {
      if (this.sqlite.inTransaction) return this.group.openGroup();
      this.sqlite.pragma("busy_timeout = 0");
      try {
        return this.group.openGroup();
      } catch (error) {
        if (!isBusy(error) || Date.now() - started >= LOCK_WAIT_MS) throw error;
      } finally {
        this.sqlite.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /** Commit the open group in a turn of its own (its writers hear of a failed COMMIT). */
  private commitLater(): void {
    this.turns
      .run("commit", async () => {
        if (this.sqlite.open) this.group.flush();
      })
      .catch(() => undefined);
  }

  private scope(): Scope | undefined {
    const scope = scopes.getStore();
    return scope?.store === this && scope.open ? scope : undefined;
  }

  private newScope(kind: Scope["kind"]): Scope {
    return { store: this, kind, nested: null, open: true };
  }

  /** Run `fn` in `scope`, closing the scope when it ends. */
  private async within<T>(scope: Scope, fn: (q: Handle) => Promise<T>): Promise<T> {
    try {
      return await scopes.run(scope, () => fn(this.handle));
    } finally {
      // A nested write the callback did not await ends first, inside this transaction.
      await scope.nested?.catch(() => undefined);
      scope.open = false;
    }
  }

  /** Run a turn's task, and report one that waited on something other than the database. */
  private async watched<T>(kind: Scope["kind"], task: () => Promise<T>): Promise<T> {
    const started = performance.now();
    let yielded = false;
    const probe = setImmediate(() => (yielded = true));
    try {
      return await task();
    } finally {
      clearImmediate(probe);
      if (yielded)
        logger.error("store callback waited on something other than the database", {
          kind,
          ms: Math.round(performance.now() - started),
        });
    }
  }

  private async inSavepoint<T>(scope: Scope, fn: (q: Handle) => Promise<T>): Promise<T> {
    const name = `store_${++this.savepoints}`;
    this.sqlite.exec(`SAVEPOINT ${name}`);
    try {
      const value = await this.within(scope, fn);
      this.sqlite.exec(`RELEASE ${name}`);
      return value;
    } catch (error) {
      // If SQLite already rolled the whole transaction back, the group's COMMIT reports it.
      if (this.sqlite.inTransaction) {
        this.sqlite.exec(`ROLLBACK TO ${name}`);
        this.sqlite.exec(`RELEASE ${name}`);
      }
      throw error;
    }
  }

  private async nestedWrite<T>(scope: Scope, fn: (q: Handle) => Promise<T>): Promise<T> {
    if (scope.kind === "read")
      throw new Error("store.write inside store.read: make the whole unit of work one write");
    if (scope.nested)
      throw new Error("Two nested writes at once in one transaction: await one before the next");
    const nested = this.inSavepoint(this.newScope("write"), fn);
    scope.nested = nested;
    try {
      return await nested;
    } finally {
      scope.nested = null;
    }
  }
}

const stores = new WeakMap<Db, SqliteStore>();

/** The store on a better-sqlite3 connection (one per connection). */
export function sqliteStore(db: Db): Store {
  let store = stores.get(db);
  if (!store) {
    store = new SqliteStore(db);
    stores.set(db, store);
  }
  return store;
}

/**
 * SQLite only: the better-sqlite3 connection under `store`, for what only that engine does (the
 * online backup API, the simulators' database file beside the app's). Null for any other engine:
 * callers refuse or skip that work and say so. Nothing else may use the connection (the store owns
 * its transactions).
 */
export function sqliteDatabaseOf(store: Store): Db | null {
  return store instanceof SqliteStore ? store.db : null;
}
