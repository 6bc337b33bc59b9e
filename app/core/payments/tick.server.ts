/**
 * The payments background work and immediate settlement, given their dependencies (the composition
 * place schedules the tick at boot; tests call it with their own clock): the tick expires quotes,
 * settles confirmed payments, sends pending transfers and chases unanswered ones.
 */
import { railNames } from "~/core/destinations/schema";
import { retryStalledVerifications } from "~/core/destinations/verification.server";
import { checkPendingNames } from "~/core/disbursements/name-checks.server";
import { pumpDisbursements } from "~/core/disbursements/pump.server";
import { queryOverdueRefunds, sendPendingRefunds } from "~/core/refunds/custody-send.server";
import { failOverStuckTransfers } from "./failover.server";
import type { Rail } from "~/core/ledger/accounts";
import type { RailId } from "~/core/rails/types";
import {
  keyInBook,
  type LedgerBook,
  ledgerBook,
  ledgerBooks,
  postTransaction,
} from "~/core/ledger/ledger.server";
import type { Store } from "~/db/store";
import { runLeased } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import { servesMode, type PaymentsDeps } from "./deps";
import { runDailySettlements } from "./daily-settlement.server";
import { payoutRailsOf } from "./rails.server";
import { queryPendingCollections } from "./mpesa-collections.server";
import { expireOverduePayments } from "./payments.server";
import { listPayments } from "./reads.server";
import { DEFAULT_RECONCILE_AFTER_MS, reconcileCustodyPayments } from "./reconcile.server";
import { planSettlement, releaseScheduledTransfers } from "./settlement.server";
import { UNPACED_PURPOSES } from "~/core/transfers/engine.server";
import { queryOverdueTransfers, sendPendingTransfers } from "./transfer-purposes.server";

/**
 * The tick's job name: one per set of providers (ADR 0028), so the live and the sandbox runs never
 * wait for each other's lease.
 */
export const paymentsTickName = (deps: Pick<PaymentsDeps, "modes">) =>
  deps.modes ? `payments.tick.${deps.modes.join("+")}` : "payments.tick";

/**
 * One pass of the background work; safe to run any time (leased, idempotent). With `deps.modes`,
 * only the payments and transfers of those modes reach these providers. Each step reads and writes
 * in transactions of its own on `store`.
 */
export function runPaymentsTick(store: Store, deps: PaymentsDeps, now: () => number) {
  const modes = deps.modes;
  const name = paymentsTickName(deps);
  return runLeased(store, name, { ttlMs: 120_000, recordSkipped: false }, async () => {
    const reconcileAfterMs = deps.reconcileAfterMs ?? DEFAULT_RECONCILE_AFTER_MS;
    // First ask custody about payments whose webhooks may have been lost (before expiring quotes: a
    // deposit custody saw in time must not be expired for our own downtime).
    const reconciled = await reconcileCustodyPayments(store, deps, now, {
      afterMs: reconcileAfterMs,
    });
    // M-Pesa Express prompts whose callback has not come: ask Daraja (before expiring quotes, and
    // before settling, so a payment confirmed here settles in this run).
    const collected = await queryPendingCollections(store, deps.stk, now, { modes });
    const expired = await expireOverduePayments(store, now());
    let planned = 0;
    const rails = payoutRailsOf(deps);
    const runningRails = Object.keys(rails) as RailId[];
    const confirmed = await store.read((q) =>
      listPayments(q, { statuses: ["confirmed"], modes, limit: 200 }),
    );
    for (const payment of confirmed) {
      const outcome = await planSettlement(store, payment.id, deps.config, now(), {
        runningRails,
      });
      if (outcome === "planned") planned++;
    }
    // Merchants paid once a day: the day's settlement, when its time has come (ADR 0050).
    const daily = await runDailySettlements(store, now(), { runningRails, modes });
    const released = await releaseScheduledTransfers(store, now());
    // Money stuck on a rail that is down moves to the merchant's fallback (when they allow it).
    const failedOver = await failOverStuckTransfers(store, now(), {
      runningRails,
      modes,
    });
    // Destinations are verified with live money (a check payout, or a lookup): live runs only.
    const verifications = servesMode(deps, "live")
      ? await retryStalledVerifications(store, rails, now)
      : 0;
    // Payout files waiting for approval: the registered names their rails hold.
    const namesChecked = await checkPendingNames(store, rails, now, { modes });
    const sent =
      (await sendPendingTransfers(store, rails, now, {
        modes,
        purpose: UNPACED_PURPOSES,
      })) +
      // Bulk payouts: the rest of a large batch, at each rail's allowed rate.
      (await pumpDisbursements(store, rails, now, { modes }));
    // Crypto refunds: to custody, and the outcome of those whose webhook has not come.
    const refunds =
      (await sendPendingRefunds(store, deps.custody, now, { modes })) +
      (await queryOverdueRefunds(store, deps.custody, now, reconcileAfterMs, {
        modes,
      }));
    const queried = await queryOverdueTransfers(store, rails, now(), reconcileAfterMs, {
      modes,
    });
    const detail = {
      reconciled: reconciled.changed,
      collected: collected.changed,
      expired,
      planned,
      daily,
      released,
      failedOver,
      verifications,
      namesChecked,
      sent,
      refunds,
      queried,
    };
    return Object.values(detail).some((n) => n > 0)
      ? { outcome: "succeeded" as const, detail }
      : { outcome: "skipped" as const };
  });
}

/**
 * Settle one payment now (after its confirmation or an operator's decision), without waiting for
 * the tick.
 */
export async function settleNow(
  store: Store,
  deps: Pick<PaymentsDeps, "config" | "payouts" | "rails" | "modes">,
  paymentId: string,
): Promise<void> {
  try {
    const rails = payoutRailsOf(deps);
    await planSettlement(store, paymentId, deps.config, Date.now(), {
      runningRails: Object.keys(rails) as RailId[],
    });
    await sendPendingTransfers(store, rails, Date.now, {
      modes: deps.modes,
      purpose: UNPACED_PURPOSES,
      paymentId,
    });
  } catch (error) {
    logger.error("settlement failed", {
      paymentId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * The float we may pay out from on each rail: an opening balance (whole KES), posted once per book
 * and rail. Each ledger book (live, and test for test-mode payments) has its own floats, funded the
 * same way, so test settlements run without ever drawing on the live float; by default both books
 * are funded, on M-Pesa only unless `rails` says more. Each posting is a write of its own.
 */
export async function fundOpeningFloat(
  store: Store,
  kes: number,
  books: readonly LedgerBook[] = ledgerBooks,
  rails: readonly Rail[] = ["mpesa"],
): Promise<void> {
  if (kes <= 0) return;
  for (const mode of books) {
    const { capital, railFloat } = ledgerBook(mode);
    for (const rail of rails) {
      const name = railNames[rail];
      await postTransaction(store, {
        // `float:mpesa:opening:<kes>` in the live book (as before the books), `test:`-prefixed in
        // the test book: the two never collide.
        idempotencyKey: keyInBook(mode, `float:${rail}:opening:${kes}`),
        kind: "float.funded",
        description: `Opening ${name} float of KES ${kes}${mode === "test" ? " (test book)" : ""}`,
        entries: [
          { account: railFloat(rail), amount: BigInt(kes) * 100n },
          { account: capital("KES"), amount: -BigInt(kes) * 100n },
        ],
      });
    }
  }
}
