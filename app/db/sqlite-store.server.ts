/**
 * The store on SQLite (ADR 0041): one better-sqlite3 connection per process, one writer.
 *
 * Every `read` and `write` takes its turn on the connection (an async FIFO), so a callback that
 * awaits never lets another one run inside its transaction. A `write` runs in a savepoint of the
 * connection's open group transaction (BEGIN IMMEDIATE, opened by the first write of an event-loop
 * turn); the group commits at the end of the turn, after every write that arrived in it (group
 * commit, ADR 0027: one fsync for the lot under synchronous=FULL). A write that throws rolls back
 * its own savepoint only; a failed COMMIT rejects every write of the group. A `read` outside any
 * group runs in a deferred transaction (one snapshot); while a group is open it reads the group's
 * rows, like everything else on this connection.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type Database from "better-sqlite3";
import type { Db } from "~/utils/db.server";
import { groupCommit } from "~/utils/group-commit.server";
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

interface Group {
  committed: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const scopes = new AsyncLocalStorage<Scope>();

/** An async FIFO: tasks run one at a time, in the order they asked. */
class Turns {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

function newGroup(): Group {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const committed = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // A group nobody waits on must not become an unhandled rejection: its writers hear of it.
  committed.catch(() => undefined);
  return { committed, resolve, reject };
}

class SqliteStore implements Store {
  readonly engine = "sqlite" as const;
  private readonly sqlite: Database.Database;
  private readonly handle: Handle;
  private readonly turns = new Turns();
  private group: Group | null = null;
  private savepoints = 0;
  private readonly versionStatements: { changes: Database.Statement; version: Database.Statement };

  constructor(private readonly db: Db) {
    this.sqlite = db.$client;
    this.handle = db as unknown as Handle;
    this.versionStatements = {
      changes: this.sqlite.prepare("select total_changes()").pluck(),
      version: this.sqlite.prepare("pragma data_version").pluck(),
    };
  }

  read<T>(fn: (q: Handle) => Promise<T>): Promise<T> {
    const scope = this.scope();
    if (scope) return fn(this.handle);
    return this.turns.run(async () => {
      if (this.group || this.sqlite.inTransaction) return this.within(this.newScope("read"), fn);
      this.sqlite.exec("BEGIN");
      try {
        return await this.within(this.newScope("read"), fn);
      } finally {
        if (this.sqlite.inTransaction) this.sqlite.exec("COMMIT");
      }
    });
  }

  write<T>(fn: (q: Handle) => Promise<T>, options: WriteOptions = {}): Promise<T> {
    const scope = this.scope();
    if (scope) return this.nestedWrite(scope, fn);
    let group: Group | null = null;
    const applied = this.turns.run(async () => {
      group = this.openGroup();
      return this.inSavepoint(this.newScope("write"), fn);
    });
    if (options.wait === "applied") return applied;
    return applied.then(async (value) => {
      await group!.committed;
      return value;
    });
  }

  durable(): Promise<void> {
    return this.group ? this.group.committed : Promise.resolve();
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
    await this.turns.run(async () => this.commitGroup());
    this.sqlite.close();
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

  /** The open group, or a new one (BEGIN IMMEDIATE) that commits at the end of this turn. */
  private openGroup(): Group {
    if (this.group) return this.group;
    // A transaction of the code not yet on the store (ADR 0027's group) commits first.
    if (this.sqlite.inTransaction) groupCommit(this.db).flush();
    this.sqlite.exec("BEGIN IMMEDIATE");
    const group = newGroup();
    this.group = group;
    setImmediate(() => void this.turns.run(async () => this.commitGroup()));
    return group;
  }

  private commitGroup(): void {
    const group = this.group;
    if (!group) return;
    this.group = null;
    try {
      this.sqlite.exec("COMMIT");
    } catch (error) {
      if (this.sqlite.inTransaction) this.sqlite.exec("ROLLBACK");
      group.reject(error);
      return;
    }
    group.resolve();
  }

  private async inSavepoint<T>(scope: Scope, fn: (q: Handle) => Promise<T>): Promise<T> {
    const name = `store_${++this.savepoints}`;
    this.sqlite.exec(`SAVEPOINT ${name}`);
    try {
      const value = await this.within(scope, fn);
      this.sqlite.exec(`RELEASE ${name}`);
      return value;
    } catch (error) {
      this.rollbackTo(name, error);
      throw error;
    }
  }

  /** Undo a savepoint; if SQLite already rolled the whole transaction back, the group is lost. */
  private rollbackTo(name: string, cause: unknown): void {
    if (this.sqlite.inTransaction) {
      this.sqlite.exec(`ROLLBACK TO ${name}`);
      this.sqlite.exec(`RELEASE ${name}`);
      return;
    }
    const group = this.group;
    this.group = null;
    group?.reject(cause);
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
