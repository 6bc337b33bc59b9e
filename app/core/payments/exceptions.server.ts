/**
 * Operator decisions on payments that could not go through on their own, each in one transaction
 * with its ledger posting, its payment event and an audit entry:
 * - the exceptions queue (underpaid, overpaid, paid after expiry): accept as paid (at the locked
 *   rate), re-quote (at today's live rate, for late payments) or flag for refund;
 * - the manual-review queue (above the automatic limit, converted and held in `pending`): approve
 *   (released to available, then settled) or reject (the KES is taken back and the crypto owed to
 *   the customer).
 *
 * Each decision is one store write whose check reads the payment through `forUpdate`; the ledger's
 * posting, the status change and the audit log run on the write's handle.
 */
import { recordAudit } from "~/core/audit.server";
import { ledgerBook, postTransaction } from "~/core/ledger/ledger.server";
import type { Rate } from "~/core/rates/read-rates.server";
import type { Handle, Store } from "~/db/store";
import type { PaymentsConfig } from "./config";
import { postConversion } from "./deposit-postings.server";
import { readPayment, readPaymentForUpdate, transition, type Payment } from "./payments.server";
import { exciseOf, netOfFees } from "~/core/fees/excise";
import { bpsOf, computeQuote, kesCentsForUnits, type QuoteAsset } from "./quote";

export const EXCEPTION_STATUSES = ["underpaid", "overpaid", "paid_after_expiry"] as const;
export type Resolution = "accept" | "requote" | "refund";

export class ResolutionError extends Error {}

async function audit(
  q: Handle,
  operatorId: string,
  action: string,
  payment: Payment,
  details: Record<string, unknown>,
  now: number,
): Promise<void> {
  await recordAudit(
    q,
    {
      actorType: "operator",
      actorId: operatorId,
      action,
      targetType: "payment",
      targetId: payment.id,
      details,
    },
    now,
  );
}

export async function resolveException(
  store: Store,
  input: {
    paymentId: string;
    operatorId: string;
    resolution: Resolution;
    liveRate?: Rate;
    config: PaymentsConfig;
    now: number;
  },
): Promise<Payment> {
  const { now } = input;
  return store.write(async (q) => {
    const payment = await readPaymentForUpdate(store, q, input.paymentId);
    if (!payment) throw new ResolutionError("Payment not found");
    if (!(EXCEPTION_STATUSES as readonly string[]).includes(payment.status)) {
      throw new ResolutionError(
        `This payment is ${payment.status.replaceAll("_", " ")}, not in the exceptions queue.`,
      );
    }
    const asset = payment.asset as QuoteAsset;
    const units = payment.receivedUnits;
    // Every posting about a payment is in its mode's book.
    const { customerRefundsPayable, suspense } = ledgerBook(payment.mode);
    if (input.resolution === "refund") {
      await postTransaction(
        q,
        {
          idempotencyKey: `payment:${payment.id}:refund-flagged`,
          kind: "payment.refund_flagged",
          description: `Payment ${payment.id}: crypto owed back to the customer`,
          reference: { type: "payment", id: payment.id },
          entries: [
            { account: suspense(asset), amount: units },
            { account: customerRefundsPayable(asset), amount: -units },
          ],
          now,
        },
        store,
      );
      await transition(q, payment, [payment.status], "failed", {
        type: "refund_flagged",
        cause: "an operator flagged the crypto for refund to the customer",
        at: now,
        set: { resolution: "refund" },
      });
      await audit(
        q,
        input.operatorId,
        "payment.refund_flagged",
        payment,
        { receivedUnits: units.toString() },
        now,
      );
      return (await readPayment(q, payment.id))!;
    }

    let gross: bigint;
    let creditedUnits = units;
    let refundUnits = 0n;
    let detail: Record<string, unknown>;
    if (input.resolution === "requote") {
      if (payment.status !== "paid_after_expiry")
        throw new ResolutionError(
          "Only a payment that arrived after its quote expired can be re-quoted.",
        );
      const rate = input.liveRate;
      if (!rate || rate.kind !== "live")
        throw new ResolutionError("No live rate to re-quote with: try again when rates are live.");
      const requote = computeQuote({
        amountKesCents: 100n,
        marketRate: rate.priceKes,
        spreadBps: input.config.spreadBps,
        feeBps: input.config.c2bFeeBps,
        asset,
      });
      gross = kesCentsForUnits(units, requote.quoteRate, asset);
      detail = { rate: requote.quoteRate, source: rate.source };
    } else if (units > payment.cryptoAmountUnits) {
      // More than the quote (overpaid, or a late payment that was also too much): the quoted
      // amount, the excess owed back to the customer.
      gross = payment.amountKesCents;
      creditedUnits = payment.cryptoAmountUnits;
      refundUnits = units - payment.cryptoAmountUnits;
      detail = { refundUnits: refundUnits.toString() };
    } else {
      gross = kesCentsForUnits(units, payment.quoteRate, asset);
      if (gross > payment.amountKesCents) gross = payment.amountKesCents;
      detail = { rate: payment.quoteRate };
    }
    const fee = bpsOf(gross, input.config.c2bFeeBps);
    const excise = exciseOf(fee);
    await postConversion(q, payment, {
      units: creditedUnits,
      grossKesCents: gross,
      feeKesCents: fee,
      exciseKesCents: excise,
      fromSuspense: true,
      key: `payment:${payment.id}:converted`,
      now,
      refundUnits,
    });
    const to = payment.requiresReview ? "in_review" : "confirmed";
    await transition(q, payment, [payment.status], to, {
      type: input.resolution === "requote" ? "requoted" : "accepted",
      cause:
        input.resolution === "requote"
          ? "an operator re-quoted the late payment at today's rate"
          : "an operator accepted what arrived as the payment",
      at: now,
      set: {
        resolution: input.resolution,
        amountKesCents: gross,
        feeKesCents: fee,
        exciseKesCents: excise,
      },
      detail: { ...detail, grossKesCents: gross, feeKesCents: fee, exciseKesCents: excise },
    });
    await audit(
      q,
      input.operatorId,
      `payment.${input.resolution === "requote" ? "requoted" : "accepted"}`,
      payment,
      { grossKesCents: gross.toString() },
      now,
    );
    return (await readPayment(q, payment.id))!;
  });
}

/** Manual review of a large payment (held in the merchant's pending balance). */
export async function reviewPayment(
  store: Store,
  input: { paymentId: string; operatorId: string; approve: boolean; reason?: string; now: number },
): Promise<Payment> {
  const { now } = input;
  return store.write(async (q) => {
    const payment = await readPaymentForUpdate(store, q, input.paymentId);
    if (!payment) throw new ResolutionError("Payment not found");
    if (payment.status !== "in_review")
      throw new ResolutionError(
        `This payment is ${payment.status.replaceAll("_", " ")}, not waiting for review.`,
      );
    const net = netOfFees(payment);
    const asset = payment.asset as QuoteAsset;
    const {
      customerRefundsPayable,
      excisePayable,
      feeRevenue,
      merchantAvailable,
      merchantPending,
      treasuryConversion,
    } = ledgerBook(payment.mode);
    if (input.approve) {
      await postTransaction(
        q,
        {
          idempotencyKey: `payment:${payment.id}:review-approved`,
          kind: "payment.released",
          description: `Payment ${payment.id} approved in review`,
          reference: { type: "payment", id: payment.id },
          entries: [
            { account: merchantPending(payment.merchantId), amount: net },
            { account: merchantAvailable(payment.merchantId), amount: -net },
          ],
          guards: [merchantPending(payment.merchantId)],
          now,
        },
        store,
      );
      await transition(q, payment, ["in_review"], "confirmed", {
        type: "review_approved",
        cause: "an operator approved the payment",
        at: now,
      });
    } else {
      // Undo the conversion: the merchant is not credited, the fee and its excise are returned,
      // the crypto is owed back.
      await postTransaction(
        q,
        {
          idempotencyKey: `payment:${payment.id}:review-rejected`,
          kind: "payment.review_rejected",
          description: `Payment ${payment.id} rejected in review: ${input.reason ?? ""}`,
          reference: { type: "payment", id: payment.id },
          entries: [
            { account: merchantPending(payment.merchantId), amount: net },
            { account: feeRevenue(), amount: payment.feeKesCents },
            { account: excisePayable(), amount: payment.exciseKesCents },
            { account: treasuryConversion("KES"), amount: -payment.amountKesCents },
            { account: treasuryConversion(asset), amount: payment.receivedUnits },
            { account: customerRefundsPayable(asset), amount: -payment.receivedUnits },
            // A payment quoted before excise (ADR 0059) has none to give back.
          ].filter((entry) => entry.amount !== 0n),
          guards: [merchantPending(payment.merchantId)],
          now,
        },
        store,
      );
      await transition(q, payment, ["in_review"], "failed", {
        type: "review_rejected",
        cause: `an operator rejected the payment: ${input.reason ?? "no reason given"}`,
        at: now,
        set: { resolution: "refund" },
      });
    }
    await audit(
      q,
      input.operatorId,
      input.approve ? "payment.review_approved" : "payment.review_rejected",
      payment,
      { reason: input.reason ?? null },
      now,
    );
    return (await readPayment(q, payment.id))!;
  });
}
