/**
 * The merchant's daily limit (ADR 0027, 0048): what a day has used (its counted payments, kept in
 * `payment_daily_volumes` by triggers, plus the holds of payments still being created) and the
 * holds taken while custody is asked for an address. Every function runs on the caller's write.
 */
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { paymentDailyVolumes, paymentReservations } from "../../../drizzle/schema";
import type { ApiMode } from "~/core/api/vocabulary";
import { placeholders, prepared } from "~/db/prepared";
import type { Handle, Store } from "~/db/store";
import { eatDay } from "./settlement-plan";

/** The reads of `dailyUsedCents`, built once. */
const dailyVolume = prepared("payments.dailyVolume", (q) =>
  q
    .select({ counted: paymentDailyVolumes.countedKesCents })
    .from(paymentDailyVolumes)
    .where(
      and(
        eq(paymentDailyVolumes.merchantId, sql.placeholder("merchantId")),
        eq(paymentDailyVolumes.mode, sql.placeholder("mode")),
        eq(paymentDailyVolumes.day, sql.placeholder("day")),
      ),
    )
    .limit(1),
);
const dailyHolds = prepared("payments.dailyHolds", (q) =>
  q
    .select({ amount: paymentReservations.amountKesCents })
    .from(paymentReservations)
    .where(
      and(
        eq(paymentReservations.merchantId, sql.placeholder("merchantId")),
        eq(paymentReservations.mode, sql.placeholder("mode")),
        eq(paymentReservations.day, sql.placeholder("day")),
        gt(paymentReservations.expiresAt, sql.placeholder("heldAfter")),
      ),
    ),
);

/**
 * The day's volume row, made (at zero) if the day has none yet: the creators of one merchant's day
 * take turns on its lock. A lock on a row that does not exist stops nobody where writers run at
 * once (PostgreSQL).
 */
const dailyVolumeRow = prepared("payments.dailyVolumeRow", (q) =>
  q
    .insert(paymentDailyVolumes)
    .values({
      merchantId: sql.placeholder("merchantId"),
      mode: sql.placeholder("mode"),
      day: sql.placeholder("day"),
      countedKesCents: 0n,
    })
    .onConflictDoNothing(),
);

/**
 * KES (cents) of a merchant's day that counts against its daily limit, this write's own payment or
 * hold included: its payments of the EAT day in a counted status (one row of
 * `payment_daily_volumes`, which triggers keep: ADR 0027) plus the holds of payments still being
 * created (unexpired ones).
 *
 * The day's row is locked (`forUpdate`) until the write ends. Every write that adds to the day's
 * use (a payment inserted: its trigger updates the row; a hold: `reserveDailyAmount`) holds that
 * lock when it commits, so the holds read after taking it (a statement of its own, which on
 * PostgreSQL sees everything committed before) are complete; they need no lock of their own. Call
 * it last in its write, after the payment or hold is written: concurrent creators of one merchant
 * then wait for each other only for this check and the COMMIT (ADR 0048).
 */
export async function dailyUsedCents(
  store: Store,
  q: Handle,
  input: { merchantId: string; mode: ApiMode; now: number; heldAfter: number },
): Promise<bigint> {
  const values = {
    merchantId: input.merchantId,
    mode: input.mode,
    day: eatDay(input.now),
    heldAfter: input.heldAfter,
  };
  // Started in order, awaited together: one round trip on PostgreSQL (pipelined).
  const [, volume, holds] = await Promise.all([
    dailyVolumeRow(q).run(values),
    dailyVolume(q, undefined, store).get(values),
    dailyHolds(q).all(values),
  ]);
  return holds.reduce((sum, hold) => sum + hold.amount, volume?.counted ?? 0n);
}

/**
 * How long a hold on the daily limit lasts while custody is asked for an address. Longer than any
 * custody call (the client's timeout); a hold left by a crashed process lapses after it.
 */
export const RESERVATION_TTL_MS = 5 * 60_000;

const lapsedHolds = prepared("payments.lapsedHolds", (q) =>
  q
    .delete(paymentReservations)
    .where(
      and(
        eq(paymentReservations.merchantId, sql.placeholder("merchantId")),
        lte(paymentReservations.expiresAt, sql.placeholder("now")),
      ),
    ),
);
const holdInsert = prepared("payments.holdInsert", (q) =>
  q
    .insert(paymentReservations)
    .values(
      placeholders(
        "paymentId",
        "merchantId",
        "mode",
        "day",
        "amountKesCents",
        "createdAt",
        "expiresAt",
      ),
    ),
);
const holdDelete = prepared("payments.holdDelete", (q) =>
  q.delete(paymentReservations).where(eq(paymentReservations.paymentId, sql.placeholder("id"))),
);
const liveHoldTaken = prepared("payments.liveHoldTaken", (q) =>
  q
    .delete(paymentReservations)
    .where(
      and(
        eq(paymentReservations.paymentId, sql.placeholder("id")),
        gt(paymentReservations.expiresAt, sql.placeholder("at")),
      ),
    )
    .returning({ id: paymentReservations.paymentId }),
);

/**
 * Hold `amountKesCents` of the merchant's day for a payment being created, and return the day's use
 * with it (the caller refuses, undoing its write, when that is over the limit). Lapsed holds of the
 * merchant go first. The hold is written before the check, which takes the day's lock, last: see
 * dailyUsedCents.
 */
export async function holdDailyAmount(
  store: Store,
  q: Handle,
  input: {
    paymentId: string;
    merchantId: string;
    mode: ApiMode;
    amountKesCents: bigint;
    now: number;
    ttlMs?: number;
  },
): Promise<bigint> {
  const { now } = input;
  // Started in order, awaited together (one round trip on PostgreSQL, pipelined).
  const [, , used] = await Promise.all([
    lapsedHolds(q).run({ merchantId: input.merchantId, now }),
    holdInsert(q).run({
      paymentId: input.paymentId,
      merchantId: input.merchantId,
      mode: input.mode,
      day: eatDay(now),
      amountKesCents: input.amountKesCents,
      createdAt: now,
      expiresAt: now + (input.ttlMs ?? RESERVATION_TTL_MS),
    }),
    dailyUsedCents(store, q, {
      merchantId: input.merchantId,
      mode: input.mode,
      now,
      heldAfter: now,
    }),
  ]);
  return used;
}

/** Give a hold back (custody failed, or the creation gave up). */
export async function releaseHold(q: Handle, paymentId: string): Promise<void> {
  await holdDelete(q).run({ id: paymentId });
}

/**
 * Turn a payment's hold into the payment: removes it and says whether it was still live at `at`
 * (a lapsed one no longer counted, so the payment must be checked again).
 */
export async function takeLiveHold(q: Handle, paymentId: string, at: number): Promise<boolean> {
  const taken = await liveHoldTaken(q).all({ id: paymentId, at });
  return taken.length === 1;
}
