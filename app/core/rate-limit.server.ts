/**
 * Fixed-window counters in the database, shared by every process: sign-in failures, public form
 * posts. `hitLimit` counts one event; `checkLimit` only reads; `reserveAttempt` counts before the
 * work and `refundAttempt` gives the count back. All take `now` so tests control time.
 *
 * On the store (ADR 0041): each runs on the caller's handle, inside its `store.write` (or
 * `store.read` for `checkLimit`). Counting is one upsert returning the new count, so concurrent
 * counts never lose one; `reserveAttempt`'s check reads its counters through the caller's
 * `forUpdate` in the same write, so concurrent attempts never both pass a limit.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { rateLimits } from "../../drizzle/schema";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";

export interface Limit {
  limit: number;
  windowMs: number;
}

export interface LimitState {
  allowed: boolean;
  count: number;
  retryAfterMs: number;
}

const counter = (q: Handle, key: string) =>
  q.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);

export async function checkLimit(
  q: Handle,
  key: string,
  rule: Limit,
  now = Date.now(),
): Promise<LimitState> {
  const row = await first(counter(q, key));
  if (!row || row.windowEndsAt <= now) return { allowed: true, count: 0, retryAfterMs: 0 };
  return {
    allowed: row.count < rule.limit,
    count: row.count,
    retryAfterMs: row.count < rule.limit ? 0 : row.windowEndsAt - now,
  };
}

/**
 * Count one against `key`: one statement (an upsert returning the new count and window), so
 * concurrent counts each add one on any engine. A new or expired window starts at 1; a current one
 * adds 1.
 */
async function countOne(
  q: Handle,
  key: string,
  rule: Limit,
  now: number,
): Promise<{ count: number; windowEndsAt: number }> {
  const expired = sql`${rateLimits.windowEndsAt} <= ${now}`;
  const freshEnd = now + rule.windowMs;
  const [row] = await q
    .insert(rateLimits)
    .values({ key, count: 1, windowEndsAt: freshEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${expired} then ${freshEnd} else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt });
  if (!row) throw new Error(`the rate limit ${key} was not counted`);
  return row;
}

/** Count one event and say whether it is still within the limit, inside the caller's write. */
export async function hitLimit(
  q: Handle,
  key: string,
  rule: Limit,
  now = Date.now(),
): Promise<LimitState> {
  const { count, windowEndsAt } = await countOne(q, key, rule, now);
  const allowed = count <= rule.limit;
  return { allowed, count, retryAfterMs: allowed ? 0 : windowEndsAt - now };
}

export interface Reservation {
  allowed: boolean;
  /** When refused: the longest wait among the refusing keys. */
  retryAfterMs: number;
  /** Per key, in order: the count before this attempt and the window it was counted in. */
  taken: { key: string; previous: number; windowEndsAt: number }[];
}

/**
 * Count one attempt against every key at once, before the work it guards, inside the caller's
 * `store.write`: if any key is already at its limit, nothing is counted and the attempt is refused.
 * So concurrent attempts cannot all pass a check made before any of them was counted (the counters
 * are read through `lock.forUpdate`, the caller's store). Give the count back with `refundAttempt`
 * when the attempt turns out not to count (a success, or work that never ran).
 */
export async function reserveAttempt(
  q: Handle,
  lock: Pick<Store, "forUpdate">,
  entries: readonly { key: string; rule: Limit }[],
  now = Date.now(),
): Promise<Reservation> {
  const rows: (typeof rateLimits.$inferSelect | undefined)[] = [];
  // Every counter exists before it is locked (an empty, expired one if new): a lock on a row that
  // does not exist yet stops no concurrent attempt where writers run at once (PostgreSQL).
  if (entries.length > 0)
    await q
      .insert(rateLimits)
      .values(entries.map(({ key }) => ({ key, count: 0, windowEndsAt: 0 })))
      .onConflictDoNothing();
  for (const { key } of entries) rows.push(await first(lock.forUpdate(counter(q, key))));
  let retryAfterMs = 0;
  entries.forEach(({ rule }, index) => {
    const row = rows[index];
    if (row && row.windowEndsAt > now && row.count >= rule.limit)
      retryAfterMs = Math.max(retryAfterMs, row.windowEndsAt - now);
  });
  if (retryAfterMs > 0) return { allowed: false, retryAfterMs, taken: [] };
  const taken: Reservation["taken"] = [];
  for (const { key, rule } of entries) {
    const { count, windowEndsAt } = await countOne(q, key, rule, now);
    taken.push({ key, previous: count - 1, windowEndsAt });
  }
  return { allowed: true, retryAfterMs: 0, taken };
}

/** Give back one reserved attempt (only in the window it was counted in). */
export async function refundAttempt(
  q: Handle,
  taken: { key: string; windowEndsAt: number },
): Promise<void> {
  await q
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        eq(rateLimits.key, taken.key),
        eq(rateLimits.windowEndsAt, taken.windowEndsAt),
        gt(rateLimits.count, 0),
      ),
    );
}

export async function resetLimit(q: Handle, key: string): Promise<void> {
  await q.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** A wait in whole minutes, at least 1 (say it in a language with a catalog's `minutes`). */
export function waitMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/** "15 minutes" / "1 minute" for messages. */
export function describeWait(ms: number): string {
  const minutes = waitMinutes(ms);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
