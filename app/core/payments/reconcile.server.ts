/**
 * Reconciliation with custody (issue 10, item 4): webhooks can be lost (our process killed between
 * two deliveries, a provider giving up its retries), so a payment must never wait for one forever.
 * The payments tick asks custody about every payment still `awaiting_payment` or `confirming` whose
 * last change is older than the reconciliation interval (and not asked within it), and applies
 * custody's answer through the same code as the webhook (`syncCustodyTransaction`): a later webhook
 * with the same state then changes nothing. Never inside a database transaction while custody is
 * asked: each read and write is a store callback of its own (ADR 0041), custody is asked between
 * them.
 */
import { and, asc, inArray, isNull, lte, or, sql, eq } from "drizzle-orm";
import { payments } from "../../../drizzle/schema";
import type { ApiMode } from "~/core/api/vocabulary";
import type { Store } from "~/db/store";
import { logger } from "~/utils/logger.server";
import { first } from "~/db/sql";
import type { PaymentsDeps } from "./deps";
import { applySyncedTransaction, syncCustodyTransaction } from "./webhooks.server";

/**
 * Default interval: a payment unchanged for this long is checked with custody
 * (PAYMENTS_RECONCILE_SECONDS).
 */
export const DEFAULT_RECONCILE_AFTER_MS = 60_000;

/**
 * Deposits are looked for from a little before the payment was created (clock skew with custody).
 */
const DEPOSIT_LOOKBACK_MS = 60_000;

export interface ReconcileResult {
  /** Payments asked about. */
  checked: number;
  /** Payments whose state changed from what custody said. */
  changed: number;
  /** Payments that became confirmed (the caller settles them). */
  confirmed: string[];
}

/** Payments due for a check, the longest unchecked first. */
export function paymentsToReconcile(
  store: Store,
  now: number,
  afterMs: number,
  limit: number,
  modes?: readonly ApiMode[],
) {
  const cutoff = now - afterMs;
  return store.read((q) =>
    q
      .select()
      .from(payments)
      .where(
        and(
          inArray(payments.status, ["awaiting_payment", "confirming"]),
          lte(payments.updatedAt, cutoff),
          or(isNull(payments.reconciledAt), lte(payments.reconciledAt, cutoff)),
          modes ? inArray(payments.mode, [...modes]) : undefined,
        ),
      )
      .orderBy(asc(sql`coalesce(${payments.reconciledAt}, 0)`), asc(payments.updatedAt))
      .limit(limit),
  );
}

/** The payment was asked about now (asked again after the interval). */
async function markReconciled(store: Store, paymentId: string, at: number): Promise<void> {
  await store.write(async (q) => {
    await q.update(payments).set({ reconciledAt: at }).where(eq(payments.id, paymentId));
  });
}

/**
 * Ask custody about the payments due (see the module comment) and apply what it says. A confirming
 * payment is re-read by its transaction id; an awaiting one by the deposits to its address (custody
 * may have seen a deposit whose webhook never reached us). Errors are logged; the next run asks
 * again.
 */
export async function reconcileCustodyPayments(
  store: Store,
  runtime: Pick<PaymentsDeps, "custody" | "config" | "modes">,
  now: () => number,
  options: { afterMs?: number; limit?: number; budgetMs?: number } = {},
): Promise<ReconcileResult> {
  const afterMs = options.afterMs ?? DEFAULT_RECONCILE_AFTER_MS;
  // Stop asking after this much real time (custody down: each ask waits for its timeout); the rest
  // are asked on the next run, the longest-unchecked first. Keeps the tick well inside its lease.
  const stopAt = Date.now() + (options.budgetMs ?? 30_000);
  const due = await paymentsToReconcile(store, now(), afterMs, options.limit ?? 100, runtime.modes);
  const result: ReconcileResult = { checked: 0, changed: 0, confirmed: [] };
  for (const payment of due) {
    if (Date.now() > stopAt) break;
    try {
      const outcomes = [];
      if (payment.custodyTxId) {
        outcomes.push(await syncCustodyTransaction(store, runtime, payment.custodyTxId, now));
      } else if (payment.depositAddress && payment.custodyAssetId) {
        const deposits = await runtime.custody.findDeposits({
          address: payment.depositAddress,
          assetId: payment.custodyAssetId,
          vaultAccountId: payment.custodyVaultAccountId,
          after: payment.createdAt - DEPOSIT_LOOKBACK_MS,
        });
        for (const transaction of deposits)
          outcomes.push(await applySyncedTransaction(store, runtime, transaction, now));
      }
      result.checked++;
      await markReconciled(store, payment.id, now());
      const after = await store.read((q) =>
        first(
          q
            .select({ status: payments.status, confirmations: payments.confirmations })
            .from(payments)
            .where(eq(payments.id, payment.id))
            .limit(1),
        ),
      );
      if (
        after &&
        (after.status !== payment.status || after.confirmations !== payment.confirmations)
      ) {
        result.changed++;
        logger.info("payment reconciled with custody", {
          paymentId: payment.id,
          from: payment.status,
          to: after.status,
          confirmations: after.confirmations,
        });
      }
      for (const outcome of outcomes)
        if (outcome.settlePaymentId) result.confirmed.push(outcome.settlePaymentId);
    } catch (error) {
      // Asked again after the interval, not on every tick (the others get their turn meanwhile).
      await markReconciled(store, payment.id, now());
      logger.warn("custody reconciliation failed", {
        paymentId: payment.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return result;
}
