/**
 * Group commit (ADR 0027): write transactions of concurrent requests share one COMMIT, so one fsync
 * (synchronous=FULL) makes a whole batch durable instead of each paying its own.
 *
 * `commit(fn)` runs `fn` at once, in a savepoint of the connection's open group transaction
 * (opening one, BEGIN IMMEDIATE, if none is open), and resolves once that group has committed: at
 * the end of the current event-loop turn (setImmediate), after every request that arrived in the
 * same turn has added its work. A member whose `fn` throws rolls back its own savepoint only. A
 * failed COMMIT rejects every member of the group. Callers answer only after their promise
 * resolves, so nothing is acknowledged before it is on disk.
 *
 * Every other transaction on the connection (`db.transaction`, which the rest of the app uses and
 * which promises durability when it returns) first commits the open group, then runs as before:
 * the guard is installed on the connection's `transaction` method. Two things still join a group
 * while one is open, and are committed with it at the end of the same event-loop turn: a
 * single-statement write made outside any transaction, and reads, which see the group's uncommitted
 * rows (the same connection).
 */
import type Database from "better-sqlite3";
import type { Db, Tx } from "./db.server";

export interface GroupCommit {
  /** Run `fn` in the open group (a savepoint); resolve with its result once the group commits. */
  commit<T>(fn: (tx: Tx) => T): Promise<T>;
  /**
   * Run `fn` in the open group without waiting for the commit (it is made durable with the group,
   * before any later `commit` of this turn resolves).
   */
  join<T>(fn: (tx: Tx) => T): T;
  /** Resolves once the open group (if any) has committed; rejects if its COMMIT fails. */
  durable(): Promise<void>;
  /** Commit the open group now (no-op when none is open). */
  flush(): void;
  /**
   * For the store's SQLite adapter (ADR 0041): open the group (BEGIN IMMEDIATE) if none is open.
   * `committed` resolves once it has committed; when `opened`, the store commits it (`flush`) after
   * the writes queued behind this one. The store runs its write in a savepoint of the group.
   */
  openGroup(): { opened: boolean; committed: Promise<void> };
  /**
   * For the store's SQLite adapter: while a store callback runs, a transaction started from it
   * nests in the group instead of committing it. Returns the function that ends the hold.
   */
  hold(): () => void;
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

const groups = new WeakMap<Db, GroupCommit>();

/** The group committer of this connection (installed on first use). */
export function groupCommit(db: Db): GroupCommit {
  let group = groups.get(db);
  if (!group) {
    group = createGroupCommit(db);
    groups.set(db, group);
  }
  return group;
}

type TransactionFunction = Database.Transaction<(...args: unknown[]) => unknown>;

function createGroupCommit(db: Db): GroupCommit {
  const sqlite = db.$client;
  let open = false;
  let depth = 0; // > 0 while a member's fn runs: its transactions nest in the group
  let waiters: Waiter[] = [];

  function flush(): void {
    if (!open) return;
    open = false;
    const batch = waiters;
    waiters = [];
    try {
      sqlite.exec("COMMIT");
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
      for (const waiter of batch) waiter.reject(error);
      return;
    }
    for (const waiter of batch) waiter.resolve();
  }

  // Any other transaction first makes the open group durable, then runs on its own.
  const transaction = sqlite.transaction.bind(sqlite);
  sqlite.transaction = ((fn: (...args: unknown[]) => unknown) => {
    const wrapped = transaction(fn) as TransactionFunction;
    const guard =
      (run: (...args: unknown[]) => unknown) =>
      (...args: unknown[]) => {
        if (open && depth === 0) flush();
        return run(...args);
      };
    return Object.assign(guard(wrapped), {
      default: guard(wrapped.default),
      deferred: guard(wrapped.deferred),
      immediate: guard(wrapped.immediate),
      exclusive: guard(wrapped.exclusive),
    });
  }) as typeof sqlite.transaction;

  function join<T>(fn: (tx: Tx) => T): T {
    // Inside someone else's transaction: `fn` nests there and is committed with it.
    if (!open && sqlite.inTransaction) return db.transaction(fn);
    if (!open) {
      sqlite.exec("BEGIN IMMEDIATE");
      open = true;
      setImmediate(flush);
    }
    depth++;
    try {
      return db.transaction(fn); // a savepoint of the group
    } finally {
      depth--;
    }
  }

  /** Resolves once the open group (if any) has committed; rejects if its COMMIT fails. */
  function durable(): Promise<void> {
    if (!open) return Promise.resolve();
    return new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
  }

  function openGroup(): { opened: boolean; committed: Promise<void> } {
    const opened = !open;
    if (opened) {
      if (sqlite.inTransaction) throw new Error("A transaction is already open on this connection");
      sqlite.exec("BEGIN IMMEDIATE");
      open = true;
    }
    return { opened, committed: durable() };
  }

  function hold(): () => void {
    depth++;
    let held = true;
    return () => {
      if (held) depth--;
      held = false;
    };
  }

  return {
    join,
    durable,
    flush,
    openGroup,
    hold,
    async commit<T>(fn: (tx: Tx) => T): Promise<T> {
      const result = join(fn);
      await durable();
      return result;
    },
  };
}
