/**
 * What the payments pages read, each page's reads in one `store.read` (ADR 0041): the merchant's
 * list, dashboard, export and payment page, the console's list and payment page, and the checkout's
 * M-Pesa part. Routes reach these through the wiring (app/wiring/payment-pages.server.ts).
 */
import { netOfFees } from "~/core/fees/excise";
import { can } from "~/core/accounts/permissions";
import { auditTrailOn } from "~/core/audit.server";
import type { ApiMode } from "~/core/api/vocabulary";
import { settlementDestinationSummary } from "~/core/destinations/destinations.server";
import { previewSettlementPlan } from "~/core/destinations/plan-preview.server";
import type { PlanPreview } from "~/core/destinations/views";
import { countInDoubtB2b } from "~/core/disbursements/b2b.server";
import { getDashboardStats } from "~/core/merchants/dashboard.server";
import { firstRunReads } from "~/core/merchants/first-run.server";
import { merchantAccount } from "~/core/merchants/sign-in.server";
import type { RailId } from "~/core/rails/types";
import type { Store } from "~/db/store";
import { countUnresolvedHeldMoney, listHeldMoney } from "./held-money.server";
import { collectionState, listCollections } from "./mpesa-collections.server";
import type { Payment } from "./payments.server";
import {
  balancesOf,
  countPaymentsByStatus,
  listPaymentsForExport,
  merchantPaymentDetail,
  operatorPaymentDetail,
  paymentListTotals,
  readPayments,
  type PaymentListFilter,
} from "./reads.server";
import { listTransfersForPayment } from "./settlement-transfers.server";

type ListFilter = PaymentListFilter;

/** The console's payments list: counts per status, held money, a page of rows, payouts in doubt. */
export function operatorPaymentsPage(store: Store, filter: ListFilter, now: number) {
  return store.read(async (q) => {
    return {
      counts: await countPaymentsByStatus(q),
      held: (await countUnresolvedHeldMoney(store)).payments,
      rows: await readPayments(q, filter),
      payoutsInDoubt: await countInDoubtB2b(q, now),
    };
  });
}

/**
 * A merchant's payments list (one page), and with `money` (a role with `balances:read`) its totals
 * and balances in `mode`; without it neither is read.
 */
export function merchantPaymentsPage(
  store: Store,
  filter: ListFilter & { merchantId: string; mode: ApiMode; money: boolean },
) {
  return store.read(async (q) => ({
    rows: await readPayments(q, filter),
    totals: filter.money ? await paymentListTotals(q, filter) : null,
    balances: filter.money ? await balancesOf(q, filter.merchantId, filter.mode) : null,
  }));
}

/** The merchant's payments for the CSV export (reads.server.ts `listPaymentsForExport`). */
export function merchantPaymentsExport(
  store: Store,
  filter: Parameters<typeof listPaymentsForExport>[1],
) {
  return store.read(async (q) => listPaymentsForExport(q, filter));
}

/**
 * The merchant's dashboard: the settlement destination, this month's figures, what the first-run
 * checklist needs, and (`money`: a role with `balances:read`) the balances and revenue; without it
 * neither is read.
 */
export function merchantDashboard(
  store: Store,
  input: { merchantId: string; userId: string; mode: ApiMode; now: number; money: boolean },
) {
  const { merchantId, mode, now, money } = input;
  return store.read(async (q) => {
    return {
      balances: money ? await balancesOf(q, merchantId, mode) : null,
      destination: await settlementDestinationSummary(q, merchantId, now),
      stats: await getDashboardStats(q, merchantId, now, mode, { revenue: money }),
      firstRun: await firstRunReads(q, input),
    };
  });
}

/** Where the merchant's payouts go now (the new-payment page's warning). */
export function merchantSettlementDestination(store: Store, merchantId: string, now: number) {
  return settlementDestinationSummary(store, merchantId, now);
}

/**
 * A merchant's payment page: the payment with its timeline and transfers, the settlement
 * destination, and before settlement where the net would go now (`runningRails`).
 */
export function merchantPaymentPage(
  store: Store,
  input: { merchantId: string; paymentId: string; now: number; runningRails: RailId[] },
) {
  return store.read(async (q) => {
    const detail = await merchantPaymentDetail(q, input.merchantId, input.paymentId);
    if (!detail) return undefined;
    const { payment, transfers } = detail;
    const waiting = ["awaiting_payment", "confirming", "confirmed", "in_review"].includes(
      payment.status,
    );
    const plan: PlanPreview | null =
      waiting && transfers.length === 0
        ? await previewSettlementPlan(
            q,
            input.merchantId,
            netOfFees(payment),
            input.now,
            input.runningRails,
          )
        : null;
    return {
      ...detail,
      waiting,
      destination: await settlementDestinationSummary(q, input.merchantId, input.now),
      plan,
    };
  });
}

/** A payment for the console (with its timeline and transfers), or undefined. */
export function operatorPayment(store: Store, paymentId: string) {
  return store.read(async (q) => operatorPaymentDetail(q, paymentId));
}

/** The console's payment page: the payment, its audit trail and the money held for it. */
export function operatorPaymentPage(store: Store, paymentId: string) {
  return store.read(async (q) => {
    const detail = await operatorPaymentDetail(q, paymentId);
    if (!detail) return undefined;
    return {
      ...detail,
      audit: await auditTrailOn(q, "payment", paymentId),
      held: await listHeldMoney(store, paymentId),
    };
  });
}

/** The checkout's M-Pesa prompts of a payment (oldest first) and their state for the live poll. */
export function checkoutCollections(store: Store, paymentId: string) {
  return store.read(async (q) => ({
    collections: await listCollections(q, paymentId),
    state: await collectionState(q, paymentId),
  }));
}

/** The prompts' state alone ("none", or how many and the newest's status), for the live poll. */
export function checkoutCollectionState(store: Store, paymentId: string) {
  return store.read(async (q) => collectionState(q, paymentId));
}

/**
 * What the checkout shows the payment's own merchant (signed in as `merchantUserId`): the payment's
 * transfers, or null when that user is not of the payment's merchant or their role may not see
 * money (a Cashier, who may show the checkout to the customer, sees no fee nor payout there).
 */
export function checkoutMerchantTransfers(
  store: Store,
  payment: Pick<Payment, "id" | "merchantId">,
  merchantUserId: string,
) {
  return store.read(async (q) => {
    const account = await merchantAccount(q, merchantUserId);
    if (!account || account.merchantId !== payment.merchantId) return null;
    if (!can(account.role, "balances:read")) return null;
    return listTransfersForPayment(q, payment.id);
  });
}
