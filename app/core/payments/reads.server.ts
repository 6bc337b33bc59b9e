/**
 * What merchants and operators read about payments. Every merchant read is scoped by the signed-in
 * merchant's id: another merchant's payment is simply not found.
 *
 * On the store (ADR 0041): each read runs inside its caller's `store.read` (a page's one read,
 * app/core/payments/pages.server.ts) and takes its handle.
 */
import { and, asc, desc, eq, gte, inArray, like, lt, or, sql, type SQL } from "drizzle-orm";
import { payments, settlementTransfers } from "../../../drizzle/schema";
import { paidStatuses, paymentStatuses, type PaymentStatus } from "~/core/payments/statuses";
import { paymentsInMode } from "~/core/api/mode.server";
import type { ApiMode } from "~/core/api/vocabulary";
import { merchantBalances } from "~/core/ledger/ledger.server";
import type { DashboardStats } from "~/core/merchants/dashboard-stats";
import { countWhere, first } from "~/db/sql";
import type { Handle } from "~/db/store";
import type { ExportRow, ExportTransfer } from "./export";
import { hasUnresolvedHeldMoney } from "./held-money.server";
import { customerMpesaReceipts } from "./mpesa-collections.server";
import { listPaymentEvents, readPayment } from "./payments.server";
import { eatDayStart } from "./payments.server";
import { listTransfersForPayment } from "./settlement-transfers.server";

export function isPaymentStatus(value: string | null): value is PaymentStatus {
  return value !== null && (paymentStatuses as readonly string[]).includes(value);
}

/** What a payments list is filtered by. */
export interface PaymentListFilter {
  merchantId?: string;
  /** A merchant's reads show one mode: live unless test is asked for (core/api/mode.server). */
  mode?: ApiMode;
  /** Any merchant's payments of these modes (the payments tick of one runtime, ADR 0028). */
  modes?: readonly ApiMode[];
  statuses?: readonly PaymentStatus[];
  search?: string;
  /** Only payments with held money not flagged yet (held-money.server.ts). */
  held?: boolean;
  /** Created at or after this moment (epoch ms). */
  createdFrom?: number;
  /** Created before this moment (epoch ms). */
  createdBefore?: number;
  limit?: number;
  offset?: number;
}

/** The list's conditions; `on` (the read's transaction) builds the held-money subquery. */
function listConditions(on: Handle, filter: PaymentListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.held) conditions.push(hasUnresolvedHeldMoney(on, payments.id));
  if (filter.merchantId) conditions.push(paymentsInMode(filter.merchantId, filter.mode ?? "live"));
  if (filter.modes) conditions.push(inArray(payments.mode, [...filter.modes]));
  if (filter.statuses?.length) conditions.push(inArray(payments.status, filter.statuses));
  if (filter.createdFrom !== undefined)
    conditions.push(gte(payments.createdAt, filter.createdFrom));
  if (filter.createdBefore !== undefined)
    conditions.push(lt(payments.createdAt, filter.createdBefore));
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(sql`${payments.reference} like ${pattern} escape '\\'`, like(payments.id, pattern))!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** A page of payments (newest first), read on the caller's handle. */
export async function listPayments(q: Handle, filter: PaymentListFilter) {
  return q
    .select()
    .from(payments)
    .where(listConditions(q, filter))
    .orderBy(desc(payments.createdAt))
    .limit(filter.limit ?? 50)
    .offset(filter.offset ?? 0);
}

/** `listPayments` (the name the pages use). */
export const readPayments = listPayments;

/** What a filtered list adds up to: all its payments, and the paid ones' money (KES cents). */
export interface PaymentListTotals {
  count: number;
  paidCount: number;
  grossKesCents: bigint;
  feeKesCents: bigint;
  /** Excise duty on those fees (ADR 0059). */
  exciseKesCents: bigint;
  netKesCents: bigint;
}

/** The totals of every payment `filter` selects (all pages: its limit and offset do not apply). */
export async function paymentListTotals(
  q: Handle,
  filter: PaymentListFilter,
): Promise<PaymentListTotals> {
  const paid = inArray(payments.status, [...paidStatuses]);
  const row = await first(
    q
      .select({
        count: sql<number>`count(*)`,
        paidCount: countWhere(paid),
        gross: sql<string>`cast(coalesce(sum(case when ${paid} then ${payments.amountKesCents} else 0 end), 0) as text)`,
        fee: sql<string>`cast(coalesce(sum(case when ${paid} then ${payments.feeKesCents} else 0 end), 0) as text)`,
        excise: sql<string>`cast(coalesce(sum(case when ${paid} then ${payments.exciseKesCents} else 0 end), 0) as text)`,
      })
      .from(payments)
      .where(listConditions(q, filter)),
  );
  const grossKesCents = BigInt(row?.gross ?? "0");
  const feeKesCents = BigInt(row?.fee ?? "0");
  const exciseKesCents = BigInt(row?.excise ?? "0");
  return {
    count: Number(row?.count ?? 0),
    paidCount: Number(row?.paidCount ?? 0),
    grossKesCents,
    feeKesCents,
    exciseKesCents,
    netKesCents: grossKesCents - feeKesCents - exciseKesCents,
  };
}

export async function merchantPaymentDetail(q: Handle, merchantId: string, paymentId: string) {
  const payment = await readPayment(q, paymentId);
  if (!payment || payment.merchantId !== merchantId) return undefined;
  return {
    payment,
    events: await listPaymentEvents(q, payment.id),
    transfers: await listTransfersForPayment(q, payment.id),
    /** The customer's M-Pesa receipt, for a payment paid with M-Pesa. */
    mpesaReceipt:
      payment.paidWith === "mpesa"
        ? ((await customerMpesaReceipts(q, [payment.id])).get(payment.id) ?? null)
        : null,
  };
}

export async function operatorPaymentDetail(q: Handle, paymentId: string) {
  const payment = await readPayment(q, paymentId);
  if (!payment) return undefined;
  return {
    payment,
    events: await listPaymentEvents(q, payment.id),
    transfers: await listTransfersForPayment(q, payment.id),
  };
}

/** The merchant's KES balances in the ledger book of `mode` (live unless a page asks for test). */
export async function balancesOf(q: Handle, merchantId: string, mode: ApiMode = "live") {
  return merchantBalances(q, merchantId, mode);
}

export async function countPaymentsByStatus(q: Handle): Promise<Record<PaymentStatus, number>> {
  const counts = Object.fromEntries(paymentStatuses.map((status) => [status, 0])) as Record<
    PaymentStatus,
    number
  >;
  const rows = await q
    .select({ status: payments.status, count: sql<number>`count(*)` })
    .from(payments)
    .groupBy(payments.status);
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

const SUCCESSFUL: PaymentStatus[] = [...paidStatuses];
const FINISHED: PaymentStatus[] = [
  ...SUCCESSFUL,
  "expired",
  "canceled",
  "failed",
  "underpaid",
  "overpaid",
  "paid_after_expiry",
  "held",
];

function monthStart(epochMs: number, monthsBack = 0): number {
  const eat = new Date(epochMs + 3 * 3_600_000);
  const start = Date.UTC(eat.getUTCFullYear(), eat.getUTCMonth() - monthsBack, 1) - 3 * 3_600_000;
  return start;
}

/** One month's figures for one merchant (an index range on payments_merchant_created_idx). */
async function monthFigures(
  q: Handle,
  merchantId: string,
  mode: ApiMode,
  from: number,
  to: number,
) {
  const row = await first(
    q
      .select({
        revenue: sql<string>`cast(coalesce(sum(case when ${inArray(payments.status, SUCCESSFUL)} then ${payments.amountKesCents} - ${payments.feeKesCents} - ${payments.exciseKesCents} else 0 end), 0) as text)`,
        transactions: sql<number>`count(*)`,
        customers: sql<number>`count(distinct case when ${inArray(payments.status, SUCCESSFUL)} then ${payments.payerAddress} end)`,
        successful: countWhere(inArray(payments.status, SUCCESSFUL)),
        finished: countWhere(inArray(payments.status, FINISHED)),
      })
      .from(payments)
      .where(
        and(
          paymentsInMode(merchantId, mode),
          gte(payments.createdAt, from),
          lt(payments.createdAt, to),
        ),
      )
      .limit(1),
  );
  const successful = row?.successful ?? 0;
  const finished = row?.finished ?? 0;
  return {
    revenue: BigInt(row?.revenue ?? "0"),
    transactions: row?.transactions ?? 0,
    customers: row?.customers ?? 0,
    /** Null while no payment of the month has finished (no rate to give, not 0%). */
    successRateBps: finished === 0 ? null : Math.round((successful * 10_000) / finished),
  };
}

/**
 * Change from last month in basis points, or null when last month had nothing to compare with
 * (never "+0%" against an empty month, never a division by zero).
 */
function changeBps(current: bigint | number, previous: bigint | number): number | null {
  const now = BigInt(current);
  const before = BigInt(previous);
  if (before === 0n) return null;
  return Number(((now - before) * 10_000n) / before);
}

/**
 * The dashboard's figures for this month (EAT), each with the change from last month when last
 * month has figures to compare with. `revenue: false` (a role without `balances:read`): the
 * revenue figure is left out, not sent.
 */
export async function paymentDashboardStats(
  q: Handle,
  merchantId: string,
  now: number,
  mode: ApiMode = "live",
  options: { revenue?: boolean } = {},
): Promise<DashboardStats> {
  const thisMonth = await monthFigures(q, merchantId, mode, monthStart(now), now + 1);
  const lastMonth = await monthFigures(q, merchantId, mode, monthStart(now, 1), monthStart(now));
  return {
    totalRevenueKesCents:
      options.revenue === false
        ? null
        : {
            value: Number(thisMonth.revenue),
            changeBps: changeBps(thisMonth.revenue, lastMonth.revenue),
          },
    transactions: {
      value: thisMonth.transactions,
      changeBps: changeBps(thisMonth.transactions, lastMonth.transactions),
    },
    activeCustomers: {
      value: thisMonth.customers,
      changeBps: changeBps(thisMonth.customers, lastMonth.customers),
    },
    successRateBps: {
      value: thisMonth.successRateBps,
      // The difference in points, when both months have finished payments.
      changeBps:
        thisMonth.successRateBps === null || lastMonth.successRateBps === null
          ? null
          : thisMonth.successRateBps - lastMonth.successRateBps,
    },
  };
}

/**
 * The merchant's payments for the CSV export (same filters as the list), each with its settlement
 * transfers (receipts, M-Pesa charges, settlement time). Two queries, whatever the row count.
 */
export async function listPaymentsForExport(
  q: Handle,
  filter: PaymentListFilter & { merchantId: string; limit: number },
): Promise<ExportRow[]> {
  const rows = await readPayments(q, filter);
  const transfersByPayment = new Map<string, ExportTransfer[]>();
  for (let i = 0; i < rows.length; i += 500) {
    const ids = rows.slice(i, i + 500).map((p) => p.id);
    const transfers = await q
      .select({
        paymentId: settlementTransfers.paymentId,
        status: settlementTransfers.status,
        amountKesCents: settlementTransfers.amountKesCents,
        railChargeKesCents: settlementTransfers.railChargeKesCents,
        receipt: settlementTransfers.receipt,
        completedAt: settlementTransfers.completedAt,
      })
      .from(settlementTransfers)
      .where(
        and(
          eq(settlementTransfers.merchantId, filter.merchantId),
          inArray(settlementTransfers.paymentId, ids),
        ),
      )
      .orderBy(asc(settlementTransfers.paymentId), asc(settlementTransfers.sequence));
    for (const { paymentId, ...transfer } of transfers) {
      if (!paymentId) continue;
      const list = transfersByPayment.get(paymentId) ?? [];
      list.push(transfer);
      transfersByPayment.set(paymentId, list);
    }
  }
  const collectionReceipts = await customerMpesaReceipts(
    q,
    rows.filter((p) => p.paidWith === "mpesa").map((p) => p.id),
  );
  return rows.map((payment) => ({
    payment,
    transfers: transfersByPayment.get(payment.id) ?? [],
    collectionReceipt: collectionReceipts.get(payment.id) ?? null,
  }));
}

export { eatDayStart };
