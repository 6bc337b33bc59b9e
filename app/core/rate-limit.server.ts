/**
 * Fixed-window counters in SQLite, shared by every process: sign-in failures, public form posts.
 * `hit` counts one event; `check` only reads; `reserveAttempt` counts before the work and
 * `refundAttempt` gives the count back. All take `now` so tests control time.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { rateLimits } from "../../drizzle/schema";
import type { Db, DbOrTx } from "~/utils/db.server";

export interface Limit {
  limit: number;
  windowMs: number;
}

export interface LimitState {
  allowed: boolean;
  count: number;
  retryAfterMs: number;
}

export function checkLimit(db: Db, key: string, rule: Limit, now = Date.now()): LimitState {
  const row = db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  if (!row || row.windowEndsAt <= now) return { allowed: true, count: 0, retryAfterMs: 0 };
  return {
    allowed: row.count < rule.limit,
    count: row.count,
    retryAfterMs: row.count < rule.limit ? 0 : row.windowEndsAt - now,
  };
}

/** Count one event and say whether it is still within the limit. */
export function hitLimit(db: DbOrTx, key: string, rule: Limit, now = Date.now()): LimitState {
  return db.transaction((tx) => {
    const row = tx.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
    if (!row || row.windowEndsAt <= now) {
      const windowEndsAt = now + rule.windowMs;
      tx.insert(rateLimits)
        .values({ key, count: 1, windowEndsAt })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count: 1, windowEndsAt } })
        .run();
      return { allowed: 1 <= rule.limit, count: 1, retryAfterMs: 0 };
    }
    const count = row.count + 1;
    tx.update(rateLimits).set({ count }).where(eq(rateLimits.key, key)).run();
    const allowed = count <= rule.limit;
    return { allowed, count, retryAfterMs: allowed ? 0 : row.windowEndsAt - now };
  });
}

export interface Reservation {
  allowed: boolean;
  /** When refused: the longest wait among the refusing keys. */
  retryAfterMs: number;
  /** Per key, in order: the count before this attempt and the window it was counted in. */
  taken: { key: string; previous: number; windowEndsAt: number }[];
}

/**
 * Count one attempt against every key at once, before the work it guards, in one transaction: if
 * any key is already at its limit, nothing is counted and the attempt is refused. So concurrent
 * attempts cannot all pass a check made before any of them was counted. Give the count back with
 * `refundAttempt` when the attempt turns out not to count (a success, or work that never ran).
 */
export function reserveAttempt(
  db: Db,
  entries: readonly { key: string; rule: Limit }[],
  now = Date.now(),
): Reservation {
  return db.transaction((tx) => {
    const rows = entries.map(({ key }) =>
      tx.select().from(rateLimits).where(eq(rateLimits.key, key)).get(),
    );
    let retryAfterMs = 0;
    entries.forEach(({ rule }, index) => {
      const row = rows[index];
      if (row && row.windowEndsAt > now && row.count >= rule.limit)
        retryAfterMs = Math.max(retryAfterMs, row.windowEndsAt - now);
    });
    if (retryAfterMs > 0) return { allowed: false, retryAfterMs, taken: [] };
    const taken = entries.map(({ key, rule }, index) => {
      const row = rows[index];
      const current = row && row.windowEndsAt > now ? row : undefined;
      const windowEndsAt = current?.windowEndsAt ?? now + rule.windowMs;
      const count = (current?.count ?? 0) + 1;
      tx.insert(rateLimits)
        .values({ key, count, windowEndsAt })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count, windowEndsAt } })
        .run();
      return { key, previous: current?.count ?? 0, windowEndsAt };
    });
    return { allowed: true, retryAfterMs: 0, taken };
  });
}

/** Give back one reserved attempt (only in the window it was counted in). */
export function refundAttempt(db: Db, taken: { key: string; windowEndsAt: number }): void {
  db.update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        eq(rateLimits.key, taken.key),
        eq(rateLimits.windowEndsAt, taken.windowEndsAt),
        gt(rateLimits.count, 0),
      ),
    )
    .run();
}

export function resetLimit(db: Db, key: string): void {
  db.delete(rateLimits).where(eq(rateLimits.key, key)).run();
}

/** "15 minutes" / "1 minute" for messages. */
export function describeWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
