/**
 * Incoming custody notifications, verified before anything is read (signature over the raw body,
 * deduplicated, then the transaction re-read from custody before crediting), on the store (ADR
 * 0041): custody is asked between the store's transactions, never inside one. The HTTP is the
 * edge's (app/route-support/custody-webhook.server.ts, issue 28 part 4): core receives the raw body
 * and the signature header's value and answers with a domain outcome. M-Pesa's result callbacks
 * are core/payments/mpesa-results.server.ts (the one guard, and applying a result) and their edge
 * app/route-support/mpesa-callback.server.ts.
 */
import { custodyEvents } from "../../../drizzle/schema";
import { dedupeKey, readWebhook } from "~/core/providers/custody/webhook.server";
import type { CustodyTransaction } from "~/core/providers/custody/types";
import { applyRefundTransaction, refundOfTransaction } from "~/core/refunds/custody-send.server";
import type { Store } from "~/db/store";
import { logger } from "~/utils/logger.server";
import {
  applyCustodyTransaction,
  findPaymentByAddress,
  type DepositOutcome,
} from "./deposits.server";
import { servesMode, type PaymentsDeps } from "./deps";
/** What a custody notification about one of our refunds did. */
type RefundOutcome = `refund_${Awaited<ReturnType<typeof applyRefundTransaction>>}`;

/** A custody notification as it arrived: the raw body and its signature header (null: none). */
export interface CustodyNotification {
  raw: string;
  signature: string | null;
}

/** What a custody notification did. */
export type CustodyWebhookOutcome =
  /** The signature does not verify with this mode's custody key. */
  | { kind: "unauthenticated" }
  /** Signed, but not a notification we can read. */
  | { kind: "invalid"; error: string }
  /** An event type we do not act on. */
  | { kind: "ignored"; type: string }
  /** Already received (the same event again). */
  | { kind: "duplicate" }
  /** Custody's record of the transaction applied; `settlePaymentId`: a payment it confirmed. */
  | {
      kind: "applied";
      outcome: DepositOutcome | RefundOutcome;
      settlePaymentId?: string;
    };

export async function handleCustodyWebhook(
  store: Store,
  runtime: Pick<PaymentsDeps, "custody" | "custodyWebhookPublicKeyPem" | "config" | "modes">,
  notification: CustodyNotification,
  now: () => number,
): Promise<CustodyWebhookOutcome> {
  const { raw } = notification;
  const read = readWebhook(raw, notification.signature, runtime.custodyWebhookPublicKeyPem);
  if (read.kind === "unauthenticated") return { kind: "unauthenticated" };
  if (read.kind === "invalid") {
    logger.warn("custody webhook rejected", { error: read.error });
    return { kind: "invalid", error: read.error };
  }
  if (read.kind === "ignored") return { kind: "ignored", type: read.type };
  const event = read.event;
  const inserted = await store.write((q) =>
    q
      .insert(custodyEvents)
      .values({
        dedupeKey: dedupeKey(event),
        custodyTxId: event.data.id,
        status: event.data.status,
        confirmations: event.data.numOfConfirmations,
        receivedAt: now(),
        body: raw,
      })
      .onConflictDoNothing()
      .returning({ dedupeKey: custodyEvents.dedupeKey }),
  );
  if (inserted.length === 0) return { kind: "duplicate" };
  // The webhook says something changed; custody's own record says what.
  const synced = await syncCustodyTransaction(store, runtime, event.data.id, now);
  return { kind: "applied", outcome: synced.outcome, settlePaymentId: synced.settlePaymentId };
}

/**
 * Read a transaction from custody and apply custody's view of it: the one path by which a deposit
 * changes a payment, used by the webhook and by reconciliation (idempotent: applying the same state
 * again changes nothing).
 */
export async function syncCustodyTransaction(
  store: Store,
  runtime: Pick<PaymentsDeps, "custody" | "config" | "modes">,
  txId: string,
  now: () => number,
): Promise<{ outcome: DepositOutcome | RefundOutcome; settlePaymentId?: string }> {
  const transaction = await runtime.custody.getTransaction(txId);
  return applySyncedTransaction(store, runtime, transaction, now);
}

/**
 * Apply a transaction custody has just answered with (the second half of `syncCustodyTransaction`).
 */
export async function applySyncedTransaction(
  store: Store,
  runtime: Pick<PaymentsDeps, "config" | "modes">,
  transaction: CustodyTransaction,
  now: () => number,
): Promise<{ outcome: DepositOutcome | RefundOutcome; settlePaymentId?: string }> {
  // One of our refunds going out (its external id is the refund's), not a deposit.
  const refund = await store.read((q) => refundOfTransaction(q, transaction));
  if (refund) {
    if (!servesMode(runtime, refund.mode)) return { outcome: "ignored" };
    const applied = await applyRefundTransaction(store, transaction, now(), refund.id);
    return { outcome: `refund_${applied}` };
  }
  const address = transaction.destinationAddress;
  const target = address ? await store.read((q) => findPaymentByAddress(q, address)) : undefined;
  if (target && !servesMode(runtime, target.mode)) {
    // The other mode's custody (sandbox or live) reported it: never let it move this payment.
    logger.warn("custody notification for a payment of the other mode ignored", {
      txId: transaction.id,
      paymentId: target.id,
    });
    return { outcome: "ignored" };
  }
  const outcome = await applyCustodyTransaction(store, transaction, runtime.config, now());
  if (outcome === "unknown_address")
    logger.warn("deposit to an unknown address", {
      txId: transaction.id,
      address: transaction.destinationAddress,
    });
  // The payment found above (its id never changes): settle it now if this confirmed it.
  return { outcome, settlePaymentId: outcome === "confirmed" ? target?.id : undefined };
}
