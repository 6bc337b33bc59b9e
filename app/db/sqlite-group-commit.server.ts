/**
 * Group commit on one SQLite connection (ADR 0027), used by the store's SQLite adapter only
 * (sqlite-store.server.ts): the writes of concurrent requests run in savepoints of one open
 * transaction (BEGIN IMMEDIATE) and share its COMMIT, so one fsync (synchronous=FULL) makes a whole
 * group durable instead of each write paying its own.
 *
 * The adapter opens the group (`openGroup`) for the first write, runs each write in a savepoint of
 * it, and commits it (`flush`) after the writes queued behind. Every member waits on the group's
 * commit (`committed`, `durable()`): nothing is acknowledged before it is on disk, and a failed
 * COMMIT rolls the group back and rejects every member. Nothing here patches the driver: only the
 * adapter runs transactions on the connection.
 */
import type Database from "better-sqlite3";

export interface GroupCommit {
  /**
   * Open the group (BEGIN IMMEDIATE) if none is open. `committed` resolves once it has committed
   * (rejects if the COMMIT fails); when `opened`, the caller commits it (`flush`) later. Throws
   * when the connection is inside a transaction that is not the group (SQLITE_BUSY too, from
   * BEGIN IMMEDIATE, when another connection holds the write lock).
   */
  openGroup(): { opened: boolean; committed: Promise<void> };
  /** Resolves once the open group (if any) has committed; rejects if its COMMIT fails. */
  durable(): Promise<void>;
  /** Commit the open group now (no-op when none is open). */
  flush(): void;
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** The group committer of a better-sqlite3 connection (one per connection: the adapter's). */
export function sqliteGroupCommit(sqlite: Database.Database): GroupCommit {
  let open = false;
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

  return { openGroup, durable, flush };
}
