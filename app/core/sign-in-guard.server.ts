/**
 * The order of a password sign-in under attack, shared by merchants and operators:
 *
 * 1. Count the attempt against the account and the client BEFORE hashing (one transaction): a
 *    client or account at its limit is refused without costing a scrypt, and concurrent attempts
 *    cannot all slip past a check made before any of them was counted.
 * 2. Hash in the bounded queue: clients with no failures in the window and no "busy" refusal in the
 *    last BUSY_STRIKE.windowMs go in the "high" lane, ahead of everyone else; when the lane is full
 *    the attempt is refused at once ("busy"), its counts are given back (no password was checked)
 *    and the client gets a busy strike, so a flood from many fresh addresses leaves the high lane
 *    after one try each instead of after one hash each.
 * 3. A right password clears the account's count, gives the client's back and clears its busy
 *    strike; a wrong one keeps both counts.
 */
import { PASSWORD_QUEUE, QueueFullError, type VerifyOptions } from "~/core/passwords.server";
import {
  checkLimit,
  hitLimit,
  refundAttempt,
  reserveAttempt,
  resetLimit,
  type Limit,
} from "~/core/rate-limit.server";
import type { Db } from "~/utils/db.server";

/** How long a "busy" refusal keeps a client out of the high lane (the limit is never reached). */
export const BUSY_STRIKE: Limit = { limit: Number.MAX_SAFE_INTEGER, windowMs: 30_000 };

export type GuardedCheck =
  | { outcome: "valid" }
  | { outcome: "invalid" }
  | { outcome: "throttled"; retryAfterMs: number }
  | { outcome: "busy"; retryAfterMs: number };

export async function guardedPasswordCheck(
  db: Db,
  limits: { account: { key: string; rule: Limit }; client: { key: string; rule: Limit } },
  check: (options: VerifyOptions) => Promise<boolean>,
  now = Date.now(),
): Promise<GuardedCheck> {
  const reservation = reserveAttempt(db, [limits.account, limits.client], now);
  if (!reservation.allowed) return { outcome: "throttled", retryAfterMs: reservation.retryAfterMs };
  const [account, client] = reservation.taken as [Reservation, Reservation];
  const strikeKey = `${limits.client.key}:busy`;
  const clean = client.previous === 0 && checkLimit(db, strikeKey, BUSY_STRIKE, now).count === 0;
  const giveBack = () => reservation.taken.forEach((taken) => refundAttempt(db, taken));
  let valid: boolean;
  try {
    valid = await check({ priority: clean ? "high" : "normal" });
  } catch (error) {
    giveBack();
    if (error instanceof QueueFullError) {
      hitLimit(db, strikeKey, BUSY_STRIKE, now);
      return { outcome: "busy", retryAfterMs: PASSWORD_QUEUE.retryAfterMs };
    }
    throw error;
  }
  if (!valid) return { outcome: "invalid" };
  resetLimit(db, account.key);
  resetLimit(db, strikeKey);
  refundAttempt(db, client);
  return { outcome: "valid" };
}

type Reservation = ReturnType<typeof reserveAttempt>["taken"][number];
