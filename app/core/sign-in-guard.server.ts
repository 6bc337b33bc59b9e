/**
 * The order of a password sign-in under attack, shared by merchants and operators (and the
 * password checks of signed-in members: step-up, password change, destinations):
 *
 * 1. Count the attempt against the account and the client BEFORE hashing (one transaction): a
 *    client or account at its limit is refused without costing a scrypt, and concurrent attempts
 *    cannot all slip past a check made before any of them was counted. Sign-in keys its "account"
 *    count by account AND client address (issue 27, item 5), so failures from other addresses
 *    never refuse a right password from an address that has not failed: they raise the cost only
 *    for the addresses that fail (the normal lane, then refusal), and never lock the account.
 * 2. Hash in the bounded queue, one place per client at a time (the client key is the queue key: a
 *    second concurrent attempt from the same address is refused at once as "busy", without a
 *    strike, so colleagues behind one office address are not pushed out of the high lane).
 *    Clean clients, with no failure in the window and no "busy" refusal in the last
 *    BUSY_STRIKE.windowMs, go in the "high" lane, ahead of everyone else; when a lane is full the
 *    attempt is refused at once ("busy"), its counts are given back (no password was checked) and
 *    the client gets a busy strike, so a flood from many fresh addresses leaves the high lane after
 *    one try each instead of after one hash each, and stays out of it as long as a failure would
 *    keep it out (issue 27, item 6).
 * 3. A right password clears the account's count, gives the client's back and clears its busy
 *    strike; a wrong one keeps both counts.
 */
import {
  KeyBusyError,
  PASSWORD_QUEUE,
  passwordHashSlots,
  QueueFullError,
  type VerifyOptions,
} from "~/core/passwords.server";
import {
  checkLimit,
  hitLimit,
  refundAttempt,
  reserveAttempt,
  resetLimit,
  type Limit,
} from "~/core/rate-limit.server";
import type { Db } from "~/utils/db.server";

/**
 * How long a "busy" refusal keeps a client out of the high lane (the limit is never reached): as
 * long as a failed sign-in does (15 minutes), so a flood's addresses that were only ever refused do
 * not come back to the high lane while the flood goes on. A right password clears it.
 */
export const BUSY_STRIKE: Limit = { limit: Number.MAX_SAFE_INTEGER, windowMs: 15 * 60_000 };

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
  // This client already has a check in the queue: refused at once, nothing counted or written.
  // (Two attempts that both pass this line meet KeyBusyError in the queue itself.)
  if (passwordHashSlots.has(limits.client.key))
    return { outcome: "busy", retryAfterMs: PASSWORD_QUEUE.retryAfterMs };
  const reservation = reserveAttempt(db, [limits.account, limits.client], now);
  if (!reservation.allowed) return { outcome: "throttled", retryAfterMs: reservation.retryAfterMs };
  const [account, client] = reservation.taken as [Reservation, Reservation];
  const strikeKey = `${limits.client.key}:busy`;
  const clean = client.previous === 0 && checkLimit(db, strikeKey, BUSY_STRIKE, now).count === 0;
  const giveBack = () => reservation.taken.forEach((taken) => refundAttempt(db, taken));
  let valid: boolean;
  try {
    valid = await check({ priority: clean ? "high" : "normal", key: limits.client.key });
  } catch (error) {
    giveBack();
    if (error instanceof QueueFullError) {
      // Already in the queue: refused, nothing else changes for this client.
      if (!(error instanceof KeyBusyError)) hitLimit(db, strikeKey, BUSY_STRIKE, now);
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
