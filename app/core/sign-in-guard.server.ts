/**
 * The order of a password sign-in under attack, shared by merchants and operators (and the
 * password checks of signed-in members: step-up, password change, destinations):
 *
 * 1. Refuse what can be refused without writing anything (each write is a commit, on the event
 *    loop, that a flood would multiply): a client that already has a check in the hashing queue
 *    ("busy": one place per client at a time, so a second concurrent attempt from one address is
 *    refused at once, without a strike, and colleagues behind one office address keep the high
 *    lane); an account or client at its limit ("throttled"); a full lane ("busy").
 * 2. Count the attempt against the account and the client BEFORE hashing (one transaction), so
 *    concurrent attempts cannot all slip past a check made before any of them was counted. Sign-in
 *    keys its "account" count by account AND client address (issue 27, item 5), so failures from
 *    other addresses never refuse a right password from an address that has not failed: they
 *    raise the cost only for the addresses that fail (the normal lane, then refusal), and never
 *    lock the account.
 * 3. Hash in the bounded queue. Clean clients, with no failure in the window and no "busy"
 *    refusal in the last BUSY_STRIKE.windowMs, go in the "high" lane, ahead of everyone else; a
 *    clean client refused because its lane is full gets a busy strike, so a flood from many fresh
 *    addresses leaves the high lane after one try each instead of after one hash each, and stays
 *    out of it as long as a failure would keep it out (issue 27, item 6). A refusal counts nothing;
 *    one to a client that has been failing says how long the edge should hold it before
 *    answering (FAILING_CLIENT_HOLD_MS).
 * 4. A right password clears the account's count, gives the client's back and clears its busy
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
  type Reservation,
} from "~/core/rate-limit.server";
import type { Store } from "~/db/store";

/**
 * How long a "busy" refusal keeps a client out of the high lane (the limit is never reached): as
 * long as a failed sign-in does (15 minutes), so a flood's addresses that were only ever refused do
 * not come back to the high lane while the flood goes on. A right password clears it.
 */
export const BUSY_STRIKE: Limit = { limit: Number.MAX_SAFE_INTEGER, windowMs: 15 * 60_000 };

/**
 * How long the edge should hold a refusal to a client that has been failing (over a limit, or
 * busy while not clean) before answering it: a tarpit. A flood that waits for each answer before
 * its next try (most tools do) then sends a fraction of the posts, each of which still costs a
 * page render on the event loop that correct sign-ins share (issue 27, items 5 and 6: failures
 * raise the cost for the failing addresses, "delay, then refusal"). Clean clients are never held.
 */
export const FAILING_CLIENT_HOLD_MS = 2_000;

export type GuardedCheck =
  | { outcome: "valid" }
  | { outcome: "invalid" }
  /** `holdMs`: how long the edge should hold the refusal before answering (0: answer at once). */
  | { outcome: "throttled"; retryAfterMs: number; holdMs: number }
  | { outcome: "busy"; retryAfterMs: number; holdMs: number };

export async function guardedPasswordCheck(
  store: Store,
  limits: { account: { key: string; rule: Limit }; client: { key: string; rule: Limit } },
  check: (options: VerifyOptions) => Promise<boolean>,
  now = Date.now(),
): Promise<GuardedCheck> {
  const queueKey = limits.client.key;
  // Refusals write nothing when they can (every write is a commit on the event loop): this client
  // already has a check in the queue; it is over a limit; its lane is full.
  if (passwordHashSlots.has(queueKey)) return busy(0);
  const strikeKey = `${limits.client.key}:busy`;
  const state = await store.read(async (q) => {
    const account = await checkLimit(q, limits.account.key, limits.account.rule, now);
    const client = await checkLimit(q, limits.client.key, limits.client.rule, now);
    if (!account.allowed || !client.allowed) return { account, client, clean: false };
    const clean =
      client.count === 0 && (await checkLimit(q, strikeKey, BUSY_STRIKE, now)).count === 0;
    return { account, client, clean };
  });
  const { account: accountState, client: clientState, clean } = state;
  if (!accountState.allowed || !clientState.allowed)
    return {
      outcome: "throttled",
      retryAfterMs: Math.max(accountState.retryAfterMs, clientState.retryAfterMs),
      holdMs: FAILING_CLIENT_HOLD_MS,
    };
  const priority = clean ? "high" : "normal";
  // A clean client refused gets a strike: its next tries wait in the normal lane.
  const refuseBusy = async () => {
    if (!clean) return busy(FAILING_CLIENT_HOLD_MS);
    await store.write(async (q) => {
      await hitLimit(q, strikeKey, BUSY_STRIKE, now);
    });
    return busy(0);
  };
  if (passwordHashSlots.has(queueKey)) return busy(0);
  if (!passwordHashSlots.hasRoom(priority)) return refuseBusy();

  // Counted before the hash, atomically: concurrent attempts (other processes too) cannot all
  // pass a check made before any of them was counted. The queue is looked at again in the write's
  // turn (other requests' turns ran since the read above), and the hash is queued before any other
  // store turn runs ("applied": its commit follows in a turn of its own, long before the hash
  // ends), so two attempts from one client cannot both be counted on their way into the queue.
  const reservation = await store.write(
    async (q) => {
      if (passwordHashSlots.has(queueKey)) return "key_busy" as const;
      if (!passwordHashSlots.hasRoom(priority)) return "full" as const;
      return reserveAttempt(q, store, [limits.account, limits.client], now);
    },
    { wait: "applied" },
  );
  if (reservation === "key_busy") return busy(0);
  if (reservation === "full") return refuseBusy();
  if (!reservation.allowed)
    return {
      outcome: "throttled",
      retryAfterMs: reservation.retryAfterMs,
      holdMs: FAILING_CLIENT_HOLD_MS,
    };
  const [account, client] = reservation.taken as [Taken, Taken];
  let valid: boolean;
  try {
    valid = await check({ priority, key: queueKey });
  } catch (error) {
    // No password was checked: the attempt does not count.
    await store.write(async (q) => {
      for (const taken of reservation.taken) await refundAttempt(q, taken);
    });
    if (!(error instanceof QueueFullError)) throw error;
    // The queue filled up (or took this client's other attempt) since the checks above.
    return error instanceof KeyBusyError ? busy(0) : refuseBusy();
  }
  // The count is on disk before the answer (its commit ran while the password was hashed).
  await store.durable();
  if (!valid) return { outcome: "invalid" };
  await store.write(async (q) => {
    await resetLimit(q, account.key);
    if (!clean) await resetLimit(q, strikeKey);
    await refundAttempt(q, client);
  });
  return { outcome: "valid" };
}

const busy = (holdMs: number): GuardedCheck => ({
  outcome: "busy",
  retryAfterMs: PASSWORD_QUEUE.retryAfterMs,
  holdMs,
});

type Taken = Reservation["taken"][number];
