/**
 * Fixed-window counters in SQLite, shared by every process: sign-in failures, public form posts.
 * `hit` counts one event; `check` only reads. Both take `now` so tests control time.
 */
import { eq } from "drizzle-orm";
import { rateLimits } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";

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
  return { allowed: row.count < rule.limit, count: row.count, retryAfterMs: row.count < rule.limit ? 0 : row.windowEndsAt - now };
}

/** Count one event and say whether it is still within the limit. */
export function hitLimit(db: Db, key: string, rule: Limit, now = Date.now()): LimitState {
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

export function resetLimit(db: Db, key: string): void {
  db.delete(rateLimits).where(eq(rateLimits.key, key)).run();
}

/** "15 minutes" / "1 minute" for messages. */
export function describeWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
