/**
 * The merchant's daily limit (ADR 0027, 0048): what a day has used (its counted payments, kept in
 * `payment_daily_volumes` by triggers, plus the holds of payments still being created) and the
 * holds taken while custody is asked for an address. Every function runs on the caller's write.
 */
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { merchants, paymentDailyVolumes, paymentReservations } from "../../../drizzle/schema";
import type { ApiMode } from "~/core/api/vocabulary";
import type { KybTier } from "~/core/kyb/vocabulary";
import { placeholders, prepared } from "~/db/prepared";
import { lastInWrite, type Handle, type Store } from "~/db/store";
import { eatDay } from "./settlement-plan";

/** The day's row, locked: the creators of one merchant's day take turns here. */
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

/** The refusal a check over the limit raises (refusal.ts). */
export const DAILY_LIMIT_REFUSAL = "daily_limit";

/**
 * The merchant's limit: its KYB tier's cap (app/core/kyb/tiers.ts, ADR 0058), read in the check's
 * own statement (a tier changed by an operator counts from the next payment); a merchant without a
 * row (tests) has the standard cap.
 */
const tierLimit = sql`coalesce((select case ${merchants.kybTier} when 'basic' then cast(${sql.placeholder("limitBasic")} as bigint) when 'enhanced' then cast(${sql.placeholder("limitEnhanced")} as bigint) else cast(${sql.placeholder("limitStandard")} as bigint) end from ${merchants} where ${merchants.id} = ${sql.placeholder("merchantId")}), cast(${sql.placeholder("limitStandard")} as bigint))`;

/**
 * The day's counted volume plus its live holds, refused (`onehop_refuse`) when over the merchant's
 * tier's limit: the check fails its statement, so it needs no answer before the COMMIT.
 */
const overDailyLimit = prepared("payments.overDailyLimit", (q) =>
  q
    .select({
      refused: sql<number>`case when ${paymentDailyVolumes.countedKesCents} + coalesce((select sum(${paymentReservations.amountKesCents}) from ${paymentReservations} where ${paymentReservations.merchantId} = ${sql.placeholder("merchantId")} and ${paymentReservations.mode} = ${sql.placeholder("mode")} and ${paymentReservations.day} = ${sql.placeholder("day")} and ${paymentReservations.expiresAt} > ${sql.placeholder("heldAfter")}), 0) > ${tierLimit} then onehop_refuse(${DAILY_LIMIT_REFUSAL}) else 0 end`,
    })
    .from(paymentDailyVolumes)
    .where(
      and(
        eq(paymentDailyVolumes.merchantId, sql.placeholder("merchantId")),
        eq(paymentDailyVolumes.mode, sql.placeholder("mode")),
        eq(paymentDailyVolumes.day, sql.placeholder("day")),
      ),
    ),
);

export interface DailyLimitCheck {
  merchantId: string;
  mode: ApiMode;
  now: number;
  /** Holds that lapse at or before this no longer count. */
  heldAfter: number;
  /** Each tier's limit, KES cents: the merchant's tier picks one (tierDailyCapsCents). */
  limitsCents: Readonly<Record<KybTier, bigint>>;
}

/**
 * The daily limit's check, started (for `lastInWrite`, after the payment or hold it counts): it
 * refuses with DAILY_LIMIT_REFUSAL when the merchant's day (its payments in a counted status, kept
 * in `payment_daily_volumes` by triggers, ADR 0027, plus the unexpired holds of payments still
 * being created), this write's own payment or hold included, is over the limit.
 *
 * The day's row is locked first (`forUpdate`) until the write ends. Every write that adds to the
 * day's use (a payment inserted: its trigger updates the row; a hold) holds that lock when it
 * commits, so the check, a statement of its own after the lock (which on PostgreSQL sees everything
 * committed before), counts every hold; holds need no lock of their own. As the write's last
 * statements, with the COMMIT behind them, concurrent creators of one merchant wait for each other
 * only while a COMMIT is written (ADR 0048, 0049).
 */
export function startDailyLimitCheck(
  store: Store,
  q: Handle,
  input: DailyLimitCheck,
): Promise<unknown>[] {
  const values = {
    merchantId: input.merchantId,
    mode: input.mode,
    day: eatDay(input.now),
    heldAfter: input.heldAfter,
    limitBasic: input.limitsCents.basic,
    limitStandard: input.limitsCents.standard,
    limitEnhanced: input.limitsCents.enhanced,
  };
  return [
    dailyVolumeRow(q).run(values),
    dailyVolume(q, undefined, store).get(values),
    overDailyLimit(q).get(values),
  ];
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
 * Hold `amountKesCents` of the merchant's day for a payment being created, as the write's last
 * statements (`lastInWrite`): lapsed holds of the merchant go, the hold is written, the day's use
 * with it is checked (refused with DAILY_LIMIT_REFUSAL over the limit, which undoes the write).
 */
export async function holdDailyAmount(
  store: Store,
  q: Handle,
  input: {
    paymentId: string;
    merchantId: string;
    mode: ApiMode;
    amountKesCents: bigint;
    limitsCents: Readonly<Record<KybTier, bigint>>;
    now: number;
    ttlMs?: number;
  },
): Promise<void> {
  const { now } = input;
  await lastInWrite(q, () =>
    Promise.all([
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
      ...startDailyLimitCheck(store, q, { ...input, heldAfter: now }),
    ]),
  );
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
