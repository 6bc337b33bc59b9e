/**
 * Refunds (issue 15, item 5; ADR 0037): what a payment can still give back, and making a refund:
 * the checks and the money's first movement in one transaction, so two refunds racing can never
 * give back more than the payment brought in, nor more than the balance holds.
 *
 * Money (the payment's book):
 * - crypto from the balance: the KES leaves the merchant's available balance and buys the crypto
 *   back through the conversion (treasury) position at the chosen rate; the crypto is then owed to
 *   the customer (`customer-refunds-payable`) until custody sends it (`custody-send.server.ts`);
 * - M-Pesa from the balance: the KES (and M-Pesa's charge) is reserved, then paid by a settlement
 *   transfer of purpose "refund" like a disbursement row (`transfers.server.ts`);
 * - crypto held for the customer (an overpayment's excess, money an operator flagged): already
 *   owed to the customer, nothing moves until custody sends it.
 * A refund that fails gives the money back where it came from.
 *
 * On the store (ADR 0041): the transfer engine's refund handler (`transfers.server.ts`) calls
 * `getRefundOn`, `markRefundSucceededOn` and `failRefundOn` on the engine's handle; the ledger, the
 * payment's events, the audit log and the outbox are awaited on the same handle.
 */
import { heldOnListedAddress } from "~/core/compliance/screening/address-holds.server";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { mpesaCollections, payments, refunds, settlementTransfers } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { enqueueEvent } from "~/core/api/outbox.server";
import { readableCode } from "~/core/ids.server";
import {
  InsufficientBalanceError,
  ledgerBook,
  listTransactionsByReference,
  owed,
  postTransaction,
  reverseTransaction,
  type Lock,
} from "~/core/ledger/ledger.server";
import { recordEvent, type Payment } from "~/core/payments/payments.server";
import { formatCryptoUnits, type QuoteAsset } from "~/core/payments/quote";
import type { PaymentStatus } from "~/core/payments/statuses";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { eatDayKey, formatKesCents } from "~/utils/format";
import { RefundError } from "./errors";
import { refundObject } from "./object";
import {
  LIVE_REFUND_STATUSES,
  type RefundMethod,
  type RefundRate,
  type RefundSource,
} from "./vocabulary";

export type Refund = typeof refunds.$inferSelect;

/** `rfd_` and 16 readable characters: also custody's externalTxId and M-Pesa's remarks. */
export const newRefundId = () => `rfd_${readableCode(16).toLowerCase()}`;

/** A payment whose money reached the merchant's available balance can be refunded from it. */
export const REFUNDABLE_STATUSES: readonly PaymentStatus[] = ["confirmed", "settling", "settled"];

/** Everything a refund will do, decided before anything moves (`plan.server.ts`). */
export interface RefundPlan {
  merchantId: string;
  paymentId: string;
  mode: Payment["mode"];
  method: RefundMethod;
  source: RefundSource;
  /** KES leaving the merchant's balance for the refund itself (0 for held money). */
  amountKesCents: bigint;
  /** Crypto: the asset and what the customer receives (ledger units). */
  asset: QuoteAsset | null;
  cryptoUnits: bigint | null;
  rateChoice: RefundRate | null;
  /** KES per whole coin used (crypto from the balance). */
  rate: string | null;
  networkFee: string | null;
  networkFeeAsset: string | null;
  /** The customer's address (crypto) or phone, E.164 (M-Pesa). */
  destination: string;
  /** M-Pesa's own charge for the transfer, passed through at cost. */
  railChargeKesCents: bigint;
  /** What leaves the merchant's balance in all: amount + rail charge. */
  totalKesCents: bigint;
}

export interface RefundMeta {
  /** The member who makes it (through the API, the key's member: ADR 0038). */
  createdBy: string;
  /** The API key it came through (absent or null: the dashboard). */
  createdWithKey?: string | null;
  requestKey: string;
  reason: string | null;
  /** The travel rule's IVMS101 record (JSON) for a crypto refund worth USD 1,000 or more. */
  travelRule?: string | null;
  now: number;
}

/** A refund by id, in the caller's transaction. */
export function getRefundOn(q: Handle, id: string): Promise<Refund | undefined> {
  return first(q.select().from(refunds).where(eq(refunds.id, id)).limit(1));
}

/** A refund of this merchant in this mode (another merchant's, or the other mode's: none). */
export function findRefundInScope(
  q: Handle,
  scope: { merchantId: string; mode: Payment["mode"] },
  id: string,
): Promise<Refund | undefined> {
  return first(
    q
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.id, id),
          eq(refunds.merchantId, scope.merchantId),
          eq(refunds.mode, scope.mode),
        ),
      )
      .limit(1),
  );
}

/** A payment's refunds, newest first. */
export function refundsOfPayment(q: Handle, paymentId: string): Promise<Refund[]> {
  return q
    .select()
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

/** KES already refunded (or being refunded) from the balance for a payment. */
export async function refundedKesCents(q: Handle, paymentId: string): Promise<bigint> {
  const row = await first(
    q
      .select({
        sum: sql<string>`cast(coalesce(sum(${refunds.amountKesCents}), 0) as text)`,
      })
      .from(refunds)
      .where(
        and(
          eq(refunds.paymentId, paymentId),
          eq(refunds.source, "balance"),
          inArray(refunds.status, [...LIVE_REFUND_STATUSES]),
        ),
      )
      .limit(1),
  );
  return BigInt(row?.sum ?? "0");
}

/**
 * Crypto of the payment's asset held for its customer and not yet being refunded: what the
 * payment's own ledger transactions put in customer refunds payable (an overpayment's excess, money
 * an operator flagged for refund), less held refunds still live.
 */
export async function heldForCustomer(q: Handle, payment: Payment): Promise<bigint> {
  const { customerRefundsPayable } = ledgerBook(payment.mode);
  const code = customerRefundsPayable(payment.asset as QuoteAsset).code;
  let owed = 0n;
  const transactions = await listTransactionsByReference(q, {
    type: "payment",
    id: payment.id,
  });
  for (const transaction of transactions)
    for (const entry of transaction.entries) if (entry.account.code === code) owed -= entry.amount;
  const row = await first(
    q
      .select({ sum: sql<string>`cast(coalesce(sum(${refunds.cryptoUnits}), 0) as text)` })
      .from(refunds)
      .where(
        and(
          eq(refunds.paymentId, payment.id),
          eq(refunds.source, "held"),
          inArray(refunds.status, [...LIVE_REFUND_STATUSES]),
        ),
      )
      .limit(1),
  );
  const held = owed - BigInt(row?.sum ?? "0");
  return held > 0n ? held : 0n;
}

/** The phone an M-Pesa Express payment was paid from (E.164), or null. */
export async function payerPhone(q: Handle, paymentId: string): Promise<string | null> {
  const row = await first(
    q
      .select({ phone: mpesaCollections.phone })
      .from(mpesaCollections)
      .where(
        and(eq(mpesaCollections.paymentId, paymentId), eq(mpesaCollections.status, "succeeded")),
      )
      .limit(1),
  );
  return row?.phone ?? null;
}

/** What can be refunded of a payment now, and why not when nothing can. */
export interface Refundability {
  method: RefundMethod;
  /** KES still refundable from the balance (0 when the payment cannot be refunded from it). */
  remainingKesCents: bigint;
  /** Crypto held for the customer, in the payment's asset (ledger units). */
  heldUnits: bigint;
  /** Why the balance cannot refund it, when it cannot. */
  blocked: string | null;
}

export async function refundabilityOf(q: Handle, payment: Payment): Promise<Refundability> {
  const method: RefundMethod = payment.paidWith === "mpesa" ? "mpesa" : "crypto";
  const heldUnits = method === "crypto" ? await heldForCustomer(q, payment) : 0n;
  let blocked: string | null = null;
  if (!REFUNDABLE_STATUSES.includes(payment.status))
    blocked =
      payment.status === "in_review"
        ? "This payment is in review: it can be refunded once it is approved."
        : "Only a paid payment can be refunded from your balance.";
  else if (method === "mpesa" && !(await payerPhone(q, payment.id)))
    blocked = "We do not know the phone this payment came from.";
  const remaining = payment.amountKesCents - (await refundedKesCents(q, payment.id));
  return {
    method,
    remainingKesCents: blocked || remaining < 0n ? 0n : remaining,
    heldUnits,
    blocked,
  };
}

/** The refund made for a request key, if any (a repeated request gets it back). */
export function refundByRequestKey(
  q: Handle,
  merchantId: string,
  requestKey: string,
): Promise<Refund | undefined> {
  return first(
    q
      .select()
      .from(refunds)
      .where(and(eq(refunds.merchantId, merchantId), eq(refunds.requestKey, requestKey)))
      .limit(1),
  );
}

/**
 * Check the plan again inside the transaction: the payment (its row read through `forUpdate`, so
 * two refunds of one payment take turns), what is left, what is held.
 */
async function recheck(store: Store, q: Handle, plan: RefundPlan): Promise<Payment> {
  const payment = await first(
    store.forUpdate(q.select().from(payments).where(eq(payments.id, plan.paymentId)).limit(1)),
  );
  if (!payment || payment.merchantId !== plan.merchantId || payment.mode !== plan.mode)
    throw new RefundError("not_found", "Payment not found.");
  const state = await refundabilityOf(q, payment);
  if (plan.source === "held") {
    if (plan.cryptoUnits === null || plan.cryptoUnits <= 0n || state.heldUnits < plan.cryptoUnits)
      throw new RefundError(
        "nothing_held",
        "Nothing is held for this customer any more: it was refunded already.",
      );
    return payment;
  }
  if (state.blocked) throw new RefundError("not_refundable", state.blocked);
  if (plan.amountKesCents > state.remainingKesCents)
    throw new RefundError(
      "amount_too_large",
      state.remainingKesCents === 0n
        ? "This payment has been refunded in full already."
        : `At most ${formatKesCents(state.remainingKesCents)} of this payment can still be refunded.`,
      "amount",
    );
  return payment;
}

/** The money's first movement (none for held money); its transaction id. */
async function postRefundStart(
  q: Handle,
  lock: Lock,
  plan: RefundPlan,
  refundId: string,
  now: number,
): Promise<string | null> {
  if (plan.source === "held") return null;
  const book = ledgerBook(plan.mode);
  const available = book.merchantAvailable(plan.merchantId);
  const reference = { type: "refund", id: refundId };
  if (plan.method === "mpesa") {
    const reserved = await postTransaction(
      q,
      {
        idempotencyKey: `refund:${refundId}:reserved`,
        kind: "refund.reserved",
        description: `Refund ${refundId} of payment ${plan.paymentId} set aside`,
        reference,
        entries: [
          { account: available, amount: plan.totalKesCents },
          { account: book.merchantReserved(plan.merchantId), amount: -plan.totalKesCents },
        ],
        guards: [available],
        now,
      },
      lock,
    );
    return reserved.transactionId;
  }
  const asset = plan.asset!;
  const units = plan.cryptoUnits!;
  const converted = await postTransaction(
    q,
    {
      idempotencyKey: `refund:${refundId}:converted`,
      kind: "refund.converted",
      description: `Refund ${refundId} of payment ${plan.paymentId}: ${formatCryptoUnits(units, asset)} ${asset} at ${plan.rate} KES/${asset}`,
      reference,
      entries: [
        { account: available, amount: plan.amountKesCents },
        { account: book.treasuryConversion("KES"), amount: -plan.amountKesCents },
        { account: book.treasuryConversion(asset), amount: units },
        { account: book.customerRefundsPayable(asset), amount: -units },
      ],
      guards: [available],
      now,
    },
    lock,
  );
  return converted.transactionId;
}

/**
 * Make a refund from its plan: in one transaction, check again (what is left of the payment, what
 * is held), move the money (guarded: never below a zero balance), record the refund (and for
 * M-Pesa its transfer), the payment's event, the audit entry and the `refund.created` webhook.
 * The same request key twice gives the first refund back (`created: false`).
 */
export function createRefund(
  store: Store,
  plan: RefundPlan,
  meta: RefundMeta,
): Promise<{ refund: Refund; created: boolean }> {
  return store.write(async (q) => {
    const existing = await first(
      store.forUpdate(
        q
          .select()
          .from(refunds)
          .where(
            and(eq(refunds.merchantId, plan.merchantId), eq(refunds.requestKey, meta.requestKey)),
          )
          .limit(1),
      ),
    );
    if (existing) return { refund: existing, created: false };
    const payment = await recheck(store, q, plan);
    const id = newRefundId();
    let ledgerTransactionId: string | null;
    try {
      ledgerTransactionId = await postRefundStart(q, store, plan, id, meta.now);
    } catch (error) {
      if (!(error instanceof InsufficientBalanceError)) throw error;
      const available = await owed(q, ledgerBook(plan.mode).merchantAvailable(plan.merchantId));
      throw new RefundError(
        "insufficient_balance",
        `Your available balance is ${formatKesCents(available)}: this refund needs ${formatKesCents(plan.totalKesCents)}. Payments already paid out to you are not in it; wait for new payments, or refund less.`,
        "amount",
      );
    }
    const transferId = plan.method === "mpesa" ? `rft_${readableCode(16).toLowerCase()}` : null;
    await q.insert(refunds).values({
      id,
      merchantId: plan.merchantId,
      paymentId: plan.paymentId,
      mode: plan.mode,
      method: plan.method,
      source: plan.source,
      status: "pending",
      amountKesCents: plan.amountKesCents,
      asset: plan.asset,
      cryptoUnits: plan.cryptoUnits,
      rateChoice: plan.rateChoice,
      rate: plan.rate,
      networkFee: plan.networkFee,
      networkFeeAsset: plan.networkFeeAsset,
      destination: plan.destination,
      railChargeKesCents: plan.railChargeKesCents,
      reason: meta.reason,
      travelRule: meta.travelRule ?? null,
      createdBy: meta.createdBy,
      createdWithKey: meta.createdWithKey ?? null,
      requestKey: meta.requestKey,
      ledgerTransactionId,
      transferId,
      createdAt: meta.now,
      updatedAt: meta.now,
    });
    if (transferId)
      await q.insert(settlementTransfers).values({
        id: transferId,
        merchantId: plan.merchantId,
        paymentId: null,
        sequence: 0,
        purpose: "refund",
        rail: "mpesa",
        destinationId: null,
        phone: plan.destination,
        amountKesCents: plan.amountKesCents,
        feeKesCents: 0n,
        railChargeKesCents: plan.railChargeKesCents,
        status: "pending",
        settlementDay: eatDayKey(meta.now),
        refundId: id,
        createdAt: meta.now,
        updatedAt: meta.now,
      });
    const refund = (await first(q.select().from(refunds).where(eq(refunds.id, id)).limit(1)))!;
    // Sanctions (issue 31, item 2; ADR 0055): to a listed address the refund waits, pending, under
    // a case (the sender skips held refunds), and goes out only if the case is cleared.
    if (plan.method === "crypto" && plan.destination)
      await heldOnListedAddress(q, {
        address: plan.destination,
        network: payment.network,
        context: "refund",
        hold: { target: "refund", targetId: id },
        merchantId: plan.merchantId,
        title: `Refund ${id} to a listed address`,
        evidence: { refundId: id, paymentId: plan.paymentId },
        now: meta.now,
      });
    await recordEvent(q, payment, {
      type: "refund_created",
      cause: `a refund of ${describeAmount(refund)} to the customer was started`,
      at: meta.now,
      detail: { refundId: id, source: plan.source, method: plan.method },
    });
    await recordAudit(
      q,
      {
        actorType: "merchant_user",
        actorId: meta.createdBy,
        action: "refund.created",
        targetType: "refund",
        targetId: id,
        details: {
          paymentId: plan.paymentId,
          method: plan.method,
          source: plan.source,
          amountKesCents: plan.amountKesCents.toString(),
          cryptoUnits: plan.cryptoUnits?.toString() ?? null,
          rate: plan.rate,
          destination: plan.destination,
          ...(meta.createdWithKey ? { viaApiKey: meta.createdWithKey } : {}),
        },
      },
      meta.now,
    );
    await enqueueRefundEvent(q, refund, "refund.created", meta.now);
    return { refund, created: true };
  });
}

/** "KES 1,000.00" (balance) or "0.0015 BTC" (held crypto). */
export function describeAmount(
  refund: Pick<Refund, "source" | "amountKesCents" | "asset" | "cryptoUnits">,
) {
  if (refund.source === "held" && refund.asset && refund.cryptoUnits !== null)
    return `${formatCryptoUnits(refund.cryptoUnits, refund.asset as QuoteAsset)} ${refund.asset}`;
  return formatKesCents(refund.amountKesCents);
}

export type RefundEventType = "refund.created" | "refund.succeeded" | "refund.failed";

export async function enqueueRefundEvent(
  q: Handle,
  refund: Refund,
  type: RefundEventType,
  now: number,
): Promise<void> {
  await enqueueEvent(q, {
    merchantId: refund.merchantId,
    mode: refund.mode,
    type,
    objectId: refund.id,
    data: { object: refundObject(refund) },
    now,
  });
}

/** What a refund's success says on its payment, in the audit log and to the merchant's webhooks. */
async function recordRefundSucceeded(
  q: Handle,
  refund: Refund,
  updated: Refund,
  set: { txHash?: string | null; receipt?: string | null },
  now: number,
) {
  await recordEvent(
    q,
    { id: refund.paymentId },
    {
      type: "refund_succeeded",
      cause: `the refund of ${describeAmount(refund)} reached the customer`,
      at: now,
      detail: { refundId: refund.id, txHash: set.txHash ?? null, receipt: set.receipt ?? null },
    },
  );
  await recordAudit(
    q,
    {
      actorType: "system",
      action: "refund.succeeded",
      targetType: "refund",
      targetId: refund.id,
      details: { txHash: set.txHash ?? null, receipt: set.receipt ?? null },
    },
    now,
  );
  await enqueueRefundEvent(q, updated, "refund.succeeded", now);
}

const succeededSet = (set: { txHash?: string | null; receipt?: string | null }, now: number) => ({
  ...set,
  status: "succeeded" as const,
  completedAt: now,
  updatedAt: now,
  sendLeaseUntil: null,
});

/**
 * The refund was sent and confirmed: mark it, say so on the payment and to the merchant's
 * webhooks. The caller posts the money's last movement in the same transaction.
 */
export async function markRefundSucceededOn(
  q: Handle,
  refund: Refund,
  set: { txHash?: string | null; receipt?: string | null },
  now: number,
): Promise<boolean> {
  const done = await q
    .update(refunds)
    .set(succeededSet(set, now))
    .where(and(eq(refunds.id, refund.id), inArray(refunds.status, ["pending", "sent"])))
    .returning({ id: refunds.id });
  if (done.length !== 1) return false;
  const updated = (await getRefundOn(q, refund.id))!;
  await recordRefundSucceeded(q, refund, updated, set, now);
  return true;
}

const failedSet = (reason: string, now: number) => ({
  status: "failed" as const,
  failureReason: reason.slice(0, 200),
  completedAt: now,
  updatedAt: now,
  sendLeaseUntil: null,
});

/**
 * A failed refund's money goes back where it came from, and its failure is said on its payment, in
 * the audit log and to the merchant's webhooks (`updated`: the refund as failed).
 */
async function recordRefundFailed(
  q: Handle,
  refund: Refund,
  updated: Refund,
  reason: string,
  now: number,
) {
  if (refund.ledgerTransactionId)
    await reverseTransaction(q, {
      transactionId: refund.ledgerTransactionId,
      idempotencyKey: `refund:${refund.id}:returned`,
      reason: `Refund ${refund.id} failed: ${reason}`.slice(0, 200),
      now,
    });
  await recordEvent(
    q,
    { id: refund.paymentId },
    {
      type: "refund_failed",
      cause:
        refund.source === "balance"
          ? `the refund of ${describeAmount(refund)} failed (${reason}); the money is back in the available balance`
          : `the refund of ${describeAmount(refund)} failed (${reason}); it is still held for the customer`,
      at: now,
      detail: { refundId: refund.id },
    },
  );
  await recordAudit(
    q,
    {
      actorType: "system",
      action: "refund.failed",
      targetType: "refund",
      targetId: refund.id,
      details: { reason },
    },
    now,
  );
  await enqueueRefundEvent(q, updated, "refund.failed", now);
}

/**
 * The refund failed: the money goes back where it came from (the merchant's balance; held money
 * stays held for the customer), in the caller's transaction, with the refund's new state.
 */
export async function failRefundOn(
  q: Handle,
  refundId: string,
  reason: string,
  now: number,
): Promise<boolean> {
  const refund = await getRefundOn(q, refundId);
  if (!refund || (refund.status !== "pending" && refund.status !== "sent")) return false;
  const done = await q
    .update(refunds)
    .set(failedSet(reason, now))
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, refund.status)))
    .returning({ id: refunds.id });
  if (done.length !== 1) return false;
  await recordRefundFailed(q, refund, (await getRefundOn(q, refund.id))!, reason, now);
  return true;
}
