/**
 * Creating a payment: limits, a quote locked from a live rate (never stale or fallback), a deposit
 * address at custody. And the payment record itself: reading it, changing its status with an event.
 */
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { merchants, mpesaCollections, paymentEvents, payments } from "../../../drizzle/schema";
import { tierDailyCapKes, tierDailyCapsCents } from "~/core/kyb/tiers";
import { isPaidStatus, type PaymentStatus } from "~/core/payments/statuses";
import { queuePaymentReceivedSms } from "~/core/notifications/sms-queue.server";
import { queuePaymentSettledNotices } from "~/core/accounts/notifications.server";
import { readableCode } from "~/core/ids.server";
import type { Custody, CustodyAsset } from "~/core/providers/custody/types";
import type { Rate, RatesView } from "~/core/rates/read-rates.server";
import { placeholders, prepared } from "~/db/prepared";
import { first } from "~/db/sql";
import { refusalOf } from "~/db/refusal";
import { lastInWrite, type Handle, type Store } from "~/db/store";
import { enqueuePaymentEvent } from "~/core/api/outbox.server";
import { paymentStatusEvents, type ApiMode } from "~/core/api/vocabulary";
import type { PaymentsConfig } from "./config";
import { assetHasNetwork, defaultNetwork, networkRefusal, type NetworkId } from "~/core/networks";
import { takePooledAddress, type PooledAddress } from "./address-pool.server";
import { computeQuote, type Quote, type QuoteAsset } from "./quote";
import {
  DAILY_LIMIT_REFUSAL,
  holdDailyAmount,
  releaseHold,
  RESERVATION_TTL_MS,
  startDailyLimitCheck,
  takeLiveHold,
} from "./daily-limit.server";
import { eatDay } from "./settlement-plan";
import { formatKes } from "~/utils/format";

export type Payment = typeof payments.$inferSelect;
export type PaymentEvent = typeof paymentEvents.$inferSelect;

export const newPaymentId = () => `pay_${readableCode(12).toLowerCase()}`;

export class PaymentError extends Error {
  constructor(
    message: string,
    readonly code:
      | "below_minimum"
      | "above_maximum"
      | "daily_limit"
      | "rate_unavailable"
      | "custody_unavailable"
      | "invalid_network"
      | "not_found",
  ) {
    super(message);
  }
}

/**
 * The statuses whose amount counts against the merchant's daily limit. The triggers that keep
 * `payment_daily_volumes` (migration 0012) list the same; daily-volume.test.ts checks it.
 */
export const DAILY_LIMIT_STATUSES: readonly PaymentStatus[] = [
  "awaiting_payment",
  "confirming",
  "confirmed",
  "in_review",
  "settling",
  "settled",
];

/** Start of the current EAT day, epoch ms. */
export function eatDayStart(now: number): number {
  return Date.parse(`${eatDay(now)}T00:00:00+03:00`);
}

/** What a payment event says (`recordEvent`). */
export interface PaymentEventInput {
  type: string;
  cause: string;
  from?: PaymentStatus | null;
  to?: PaymentStatus | null;
  detail?: unknown;
  at: number;
}

/** The row of a payment's event (`recordEvent`). */
function eventRow(payment: Pick<Payment, "id">, event: PaymentEventInput) {
  return {
    paymentId: payment.id,
    at: event.at,
    type: event.type,
    fromStatus: event.from ?? null,
    toStatus: event.to ?? null,
    cause: event.cause,
    detail:
      event.detail === undefined
        ? null
        : JSON.stringify(event.detail, (_key, value) =>
            typeof value === "bigint" ? value.toString() : value,
          ),
  };
}

/** Add an event to a payment's timeline, in the caller's transaction. */
export async function recordEvent(
  q: Handle,
  payment: Pick<Payment, "id">,
  event: PaymentEventInput,
): Promise<void> {
  await eventInsert(q).run(eventRow(payment, event));
}

/** The inserts every payment's creation and move runs, built once (app/db/prepared.ts). */
const eventInsert = prepared("payments.eventInsert", (q) =>
  q
    .insert(paymentEvents)
    .values(placeholders("paymentId", "at", "type", "fromStatus", "toStatus", "cause", "detail")),
);
const paymentInsert = prepared("payments.insert", (q) =>
  q
    .insert(payments)
    .values(
      placeholders(
        ...(Object.keys(getTableColumns(payments)) as (keyof Payment & string)[]),
      ) as unknown as Payment,
    ),
);

/** What a transition says and changes besides the status (`set`: more of the payment's fields). */
export interface TransitionEvent {
  type: string;
  cause: string;
  detail?: unknown;
  at: number;
  set?: Partial<Payment>;
}

/**
 * The rules of a transition (`transition`): whether the payment's
 * current status may move (it is one of `from`), what the update sets, the event it records, and
 * what follows once it moved (the settled notices, for live payments only: e-mail notices are about
 * real money; the status's webhook event).
 */
const transitionRules = {
  mayMove: (
    current: { status: PaymentStatus } | undefined,
    from: readonly PaymentStatus[],
  ): current is { status: PaymentStatus } => current !== undefined && from.includes(current.status),
  set: (to: PaymentStatus, event: TransitionEvent) => ({
    ...event.set,
    status: to,
    updatedAt: event.at,
  }),
  /** Only while it is still in the status read: someone else may have moved it since. */
  where: (payment: Pick<Payment, "id">, current: PaymentStatus) =>
    and(eq(payments.id, payment.id), eq(payments.status, current)),
  event: (event: TransitionEvent, from: PaymentStatus, to: PaymentStatus): PaymentEventInput => ({
    ...event,
    from,
    to,
  }),
  settledNotices: (updated: Payment, to: PaymentStatus) =>
    to === "settled" && updated.mode === "live",
  webhookEvent: (to: PaymentStatus) => paymentStatusEvents[to],
  /** The "payment received" SMS (issue 30, item 9): when the payment first becomes paid. */
  receivedSms: (from: PaymentStatus, to: PaymentStatus) =>
    (to === "confirmed" || to === "in_review") && !isPaidStatus(from),
};

/**
 * Move a payment from one of `from` to `to`, with its event, in the caller's write. False when it
 * was not in `from` (someone else moved it). The status, its event and the webhook event in the
 * outbox are written in the caller's transaction: a throw undoes them with the caller's work. The
 * check is the update's own condition (`status` still the one read), so a concurrent move makes it
 * change nothing, on any engine.
 */
export async function transition(
  q: Handle,
  payment: Pick<Payment, "id">,
  from: readonly PaymentStatus[],
  to: PaymentStatus,
  event: TransitionEvent,
): Promise<boolean> {
  const current = await first(
    q
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, payment.id))
      .limit(1),
  );
  if (!transitionRules.mayMove(current, from)) return false;
  const changed = await q
    .update(payments)
    .set(transitionRules.set(to, event))
    .where(transitionRules.where(payment, current.status))
    .returning({ id: payments.id });
  if (changed.length !== 1) return false;
  await recordEvent(q, payment, transitionRules.event(event, current.status, to));
  const updated = (await getPayment(q, payment.id))!;
  if (transitionRules.settledNotices(updated, to))
    await queuePaymentSettledNotices(q, payment.id, event.at);
  if (transitionRules.receivedSms(current.status, to))
    await queuePaymentReceivedSms(q, updated, event.at);
  const webhookEvent = transitionRules.webhookEvent(to);
  if (webhookEvent) await enqueuePaymentEvent(q, updated, webhookEvent, event.at);
  return true;
}

/** A payment by id, read on the caller's handle. */
export async function getPayment(q: Handle, id: string): Promise<Payment | undefined> {
  return first(q.select().from(payments).where(eq(payments.id, id)).limit(1));
}

/** `getPayment` (the name the pages and services use). */
export const readPayment = getPayment;

/**
 * A payment by id, read in a "check then write" (`store.forUpdate`: locked until the write ends).
 */
export async function readPaymentForUpdate(
  store: Store,
  q: Handle,
  id: string,
): Promise<Payment | undefined> {
  return first(store.forUpdate(q.select().from(payments).where(eq(payments.id, id)).limit(1)));
}

/** A payment's timeline, oldest first, read on the caller's handle. */
export async function listPaymentEvents(q: Handle, paymentId: string): Promise<PaymentEvent[]> {
  return q
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(asc(paymentEvents.id));
}

export { RESERVATION_TTL_MS };

/** The merchant's daily limit by its KYB tier, whole KES (ADR 0058). */
async function merchantDailyCapKes(
  store: Store,
  merchantId: string,
  config: PaymentsConfig,
): Promise<number> {
  const row = await store.read((q) =>
    first(
      q
        .select({ tier: merchants.kybTier })
        .from(merchants)
        .where(eq(merchants.id, merchantId))
        .limit(1),
    ),
  );
  return tierDailyCapKes(row?.tier ?? "standard", config.dailyPerMerchantKes);
}

async function dailyLimitError(
  store: Store,
  merchantId: string,
  config: PaymentsConfig,
): Promise<PaymentError> {
  const capKes = await merchantDailyCapKes(store, merchantId, config);
  return new PaymentError(
    `This payment would take you over your daily limit of ${formatKes(capKes)}.`,
    "daily_limit",
  );
}

/**
 * `write`, its daily limit's refusal (a statement's, refusal.ts) thrown as the PaymentError naming
 * the merchant's limit.
 */
async function refusingOverLimit<T>(
  store: Store,
  merchantId: string,
  config: PaymentsConfig,
  write: Promise<T>,
): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (refusalOf(error) === DAILY_LIMIT_REFUSAL)
      throw await dailyLimitError(store, merchantId, config);
    throw error;
  }
}

/**
 * Check the daily limit and hold the amount, in one write (holdDailyAmount: the check takes the
 * day's lock, so the check and the hold of concurrent creators cannot interleave). Counts the
 * day's payments in a counted status plus every live hold. Throws the daily_limit PaymentError.
 */
export async function reserveDailyAmount(
  store: Store,
  input: {
    paymentId: string;
    merchantId: string;
    /** Test payments count against their own limit, never the live one. Default live. */
    mode?: ApiMode;
    amountKesCents: bigint;
    config: PaymentsConfig;
    now: number;
    ttlMs?: number;
  },
): Promise<void> {
  const { config, ...hold } = input;
  const limitsCents = tierDailyCapsCents(config.dailyPerMerchantKes);
  await refusingOverLimit(
    store,
    input.merchantId,
    config,
    store.write((q) =>
      holdDailyAmount(store, q, { ...hold, mode: input.mode ?? "live", limitsCents }),
    ),
  );
}

/**
 * The checks and the quote of a new payment, shared by the preview and the creation: the amount
 * within the limits, a live rate for the asset (never stale or fallback), the quote at that rate.
 * Throws PaymentError (below_minimum, above_maximum, rate_unavailable) with the message the
 * merchant sees.
 */
export function quotePayment(
  config: PaymentsConfig,
  rates: RatesView,
  input: Pick<CreatePaymentInput, "amountKes" | "asset">,
): { amountKesCents: bigint; rate: Rate; quote: Quote } {
  if (input.amountKes < config.minimumKes) {
    throw new PaymentError(
      `The minimum payment is ${formatKes(config.minimumKes)}.`,
      "below_minimum",
    );
  }
  if (input.amountKes > config.reviewMaxKes) {
    throw new PaymentError(
      `The maximum payment is ${formatKes(config.reviewMaxKes)}.`,
      "above_maximum",
    );
  }
  const amountKesCents = BigInt(input.amountKes) * 100n;
  const rate = rates.rates.find((candidate) => candidate.symbol === input.asset);
  if (!rate || rate.kind !== "live") {
    const why = !rate
      ? "no rate"
      : rate.kind === "stale"
        ? "the last rate is out of date"
        : "only a fallback rate is available";
    throw new PaymentError(
      `We can't lock a ${input.asset} quote right now (${why}). Please try again in a minute.`,
      "rate_unavailable",
    );
  }
  const quote = computeQuote({
    amountKesCents,
    marketRate: rate.priceKes,
    spreadBps: config.spreadBps,
    feeBps: config.c2bFeeBps,
    asset: input.asset,
  });
  return { amountKesCents, rate, quote };
}

export interface CreatePaymentInput {
  merchantId: string;
  amountKes: number;
  asset: QuoteAsset;
  /**
   * The network to pay on (ADR 0031), fixed by the merchant or the API. Absent: the asset's default
   * network, and on an asset with several the customer may choose another at checkout.
   */
  network?: NetworkId;
  /**
   * Made in KES only (issue 30, item 3; ADR 0052): `asset` is the coin it opens in, and the
   * customer may choose another coin at checkout. `network` is then absent.
   */
  customerChoosesCoin?: boolean;
  reference: string;
  description?: string;
  /** Test payments (a test API key) are kept apart from live ones. Default live. */
  mode?: ApiMode;
  /** API only: the caller's key-value pairs, returned as given. */
  metadata?: Record<string, string>;
  successUrl?: string;
  cancelUrl?: string;
  customerEmail?: string;
  apiKeyId?: string;
  paymentLinkId?: string;
}

/**
 * Work done in the write that inserts the payment (the API's idempotency record: the stored
 * response is written with the effect), on that write's handle `q`; a throw undoes the payment.
 */
export type InCreateTransaction = (q: Handle, payment: Payment) => Promise<void>;

/**
 * Lock a quote and open a payment. Throws PaymentError for limits and missing live rates (the
 * merchant sees why), and when custody cannot give an address (nothing is stored then).
 *
 * The address comes from the pool of addresses made ahead when it has one (address-pool.server.ts):
 * then the daily-limit check, the address taken and the payment inserted are one write (a member
 * of a group commit, ADR 0027) and custody is not called. Otherwise custody is asked during the
 * request, and the daily limit cannot be beaten by concurrent creates (issue 10, item 2): the
 * amount is checked and held BEFORE custody is called, in the write that found the pool empty (no
 * transaction is open during the call); the write that inserts the payment removes the hold (the
 * payment then counts itself), and a custody failure releases it. Should the hold have lapsed
 * meanwhile, the insert re-checks the limit. Every query runs on the handle of its write.
 */
export async function createPayment(
  store: Store,
  deps: {
    custody: Custody;
    rates: RatesView;
    config: PaymentsConfig;
    now: number;
    /** Called after an address was taken from the pool (the refill's wake-up). */
    onPooledAddressTaken?: () => void;
  },
  input: CreatePaymentInput,
  inTransaction?: InCreateTransaction,
): Promise<Payment> {
  const { config, now } = deps;
  // `now` is the quote's time; the hold's lapse is judged on the time that has really passed since.
  const startedAt = Date.now();
  const elapsedNow = () => now + Math.max(0, Date.now() - startedAt);
  if (input.customerChoosesCoin && input.network !== undefined)
    throw new PaymentError(
      "A payment the customer chooses the coin of has no network of its own.",
      "invalid_network",
    );
  if (input.network !== undefined && !assetHasNetwork(input.asset, input.network))
    throw new PaymentError(networkRefusal(input.asset, input.network)!, "invalid_network");
  const network = input.network ?? defaultNetwork(input.asset);
  const priced = quotePayment(config, deps.rates, input);
  const { amountKesCents } = priced;
  const id = newPaymentId();
  const mode = input.mode ?? "live";
  const asset = input.asset as CustodyAsset;
  const limitsCents = tierDailyCapsCents(config.dailyPerMerchantKes);
  const fields = { id, mode, input, network, priced, config, now, inTransaction };

  // In the open group commit (ADR 0027): concurrent creates share the fsync; answered once durable.
  // The payment (counted by the day's row) then the check, which sees it: startDailyLimitCheck.
  const withinLimit = (q: Handle, heldAfter: number) => () =>
    startDailyLimitCheck(store, q, {
      merchantId: input.merchantId,
      mode,
      now,
      heldAfter,
      limitsCents,
    });
  // One write: an address from the pool and the payment, or (the pool empty) the day's hold.
  const pooled = await refusingOverLimit(
    store,
    input.merchantId,
    config,
    store.write(async (q) => {
      const address = await takePooledAddress(q, mode, asset, network);
      if (address) return insertNewPayment(q, { ...fields, address }, withinLimit(q, now));
      const hold = { paymentId: id, merchantId: input.merchantId, mode, amountKesCents };
      await holdDailyAmount(store, q, { ...hold, limitsCents, now });
      return null;
    }),
  );
  if (pooled) {
    deps.onPooledAddressTaken?.();
    return pooled;
  }

  let address: PooledAddress;
  try {
    address = await deps.custody.createDepositAddress({ paymentId: id, asset, network });
  } catch (error) {
    await store.write((q) => releaseHold(q, id));
    throw new PaymentError(
      `Our custody provider did not answer (${error instanceof Error ? error.message : "unknown error"}). Please try again.`,
      "custody_unavailable",
    );
  }
  try {
    return await refusingOverLimit(
      store,
      input.merchantId,
      config,
      store.write(async (q) => {
        const at = elapsedNow();
        if (await takeLiveHold(q, id, at))
          // The hold becomes the payment, of the same amount: the day's use does not grow.
          return insertNewPayment(q, { ...fields, address }, () => []);
        // The hold lapsed (custody took longer than RESERVATION_TTL_MS): check again in this write.
        await releaseHold(q, id);
        return insertNewPayment(q, { ...fields, address }, withinLimit(q, at));
      }),
    );
  } catch (error) {
    await store.write((q) => releaseHold(q, id));
    throw error;
  }
}

/** Insert a new payment at its locked quote, its first timeline entry and `payment.created`. */
async function insertNewPayment(
  q: Handle,
  values: {
    id: string;
    mode: ApiMode;
    input: CreatePaymentInput;
    network: NetworkId;
    priced: ReturnType<typeof quotePayment>;
    address: PooledAddress;
    config: PaymentsConfig;
    now: number;
    inTransaction?: InCreateTransaction;
  },
  /** The daily-limit check, run right after the payment's insert (it throws to undo it). */
  checkLimit: () => Promise<unknown>[],
): Promise<Payment> {
  const { id, mode, input, network, address, config, now } = values;
  const { amountKesCents, rate, quote } = values.priced;
  const payment: Payment = {
    id,
    merchantId: input.merchantId,
    mode,
    reference: input.reference,
    description: input.description ?? null,
    metadata: input.metadata ? JSON.stringify(input.metadata) : null,
    successUrl: input.successUrl ?? null,
    cancelUrl: input.cancelUrl ?? null,
    customerEmail: input.customerEmail ?? null,
    apiKeyId: input.apiKeyId ?? null,
    paymentLinkId: input.paymentLinkId ?? null,
    canceledAt: null,
    asset: input.asset,
    network,
    amountKesCents,
    feeKesCents: quote.feeKesCents,
    exciseKesCents: quote.exciseKesCents,
    quoteRate: quote.quoteRate,
    marketRate: rate.priceKes,
    spreadBps: config.spreadBps,
    rateSource: rate.source,
    rateFetchedAt: rate.fetchedAt ?? now,
    cryptoAmountUnits: quote.cryptoAmountUnits,
    quotedAt: now,
    expiresAt: now + config.quoteTtlMs,
    requiresReview: input.amountKes > config.autoMaxKes,
    status: "awaiting_payment",
    depositAddress: address.address,
    custodyAssetId: address.assetId,
    custodyTxId: null,
    custodyVaultAccountId: address.vaultAccountId ?? null,
    reconciledAt: null,
    payerAddress: null,
    receivedUnits: 0n,
    confirmations: 0,
    resolution: null,
    createdAt: now,
    updatedAt: now,
    confirmedAt: null,
    settledAt: null,
    paidWith: "crypto",
  };
  // What takes no lock first: the webhook event and the idempotent response. Then, as the write's
  // last statements (the COMMIT right behind them on PostgreSQL), the payment, whose insert locks
  // the merchant's day row (its trigger counts it), its timeline entry and the limit's check.
  await enqueuePaymentEvent(q, payment, "payment.created", now);
  await values.inTransaction?.(q, payment);
  await lastInWrite(q, () =>
    Promise.all([
      paymentInsert(q).run(payment),
      recordEvent(q, payment, {
        type: "quote_locked",
        cause: "merchant created the payment",
        to: "awaiting_payment",
        at: now,
        detail: {
          quoteRate: quote.quoteRate,
          marketRate: rate.priceKes,
          spreadBps: config.spreadBps,
          source: rate.source,
          rateAsOf: rate.asOf,
          cryptoAmountUnits: quote.cryptoAmountUnits,
          requiresReview: payment.requiresReview,
          network,
          // Fixed by the merchant or the API; otherwise the customer may choose at checkout.
          networkFixed: input.network !== undefined,
          coinFixed: input.customerChoosesCoin !== true,
        },
      }),
      ...checkLimit(),
    ]),
  );
  return payment;
}

/**
 * A payment whose M-Pesa prompt (ADR 0033) is still pending, younger than this, is not expired
 * yet: the customer may be entering their PIN.
 */
export const PENDING_PROMPT_HOLDS_EXPIRY_MS = 5 * 60_000;

/**
 * Payments whose quote ran out with nothing received become expired, each in a write of its own.
 * Returns how many.
 */
export async function expireOverduePayments(store: Store, now: number): Promise<number> {
  const overdue = await store.read(async (q) =>
    q
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.status, "awaiting_payment"),
          sql`${payments.expiresAt} <= ${now}`,
          sql`not exists (select 1 from ${mpesaCollections} where ${mpesaCollections.paymentId} = ${payments.id} and ${mpesaCollections.status} = 'pending' and ${mpesaCollections.createdAt} > ${now - PENDING_PROMPT_HOLDS_EXPIRY_MS})`,
        ),
      ),
  );
  let expired = 0;
  for (const payment of overdue) {
    const moved = await store.write(async (q) =>
      transition(q, payment, ["awaiting_payment"], "expired", {
        type: "expired",
        cause: "the quote expired with nothing received",
        at: now,
      }),
    );
    if (moved) expired++;
  }
  return expired;
}
