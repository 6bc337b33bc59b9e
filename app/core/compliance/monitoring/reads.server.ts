/**
 * What the monitoring rules read (ADR 0056): live payments whose money arrived, payouts (the
 * transfers paying disbursement rows) and crypto refunds, each in a window and bounded (at most
 * MAX_ROWS a read: a run's work stays small whatever the volume).
 */
import { and, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import {
  disbursementBatches,
  disbursementRows,
  merchants,
  payments,
  refunds,
  settlementTransfers,
} from "../../../../drizzle/schema";
import type { Handle } from "~/db/store";
import type { PaymentStatus } from "~/core/payments/statuses";
import { addressKey } from "../sanctions/address-key";

/** The most rows one read takes. */
export const MAX_ROWS = 5_000;

/** A payment whose deposit arrived (paid, in review, held, under- or overpaid). */
export const receivedStatuses = [
  "confirmed",
  "in_review",
  "settling",
  "settled",
  "held",
  "underpaid",
  "overpaid",
  "paid_after_expiry",
] as const satisfies readonly PaymentStatus[];

export interface PaymentRead {
  id: string;
  merchantId: string;
  amountCents: bigint;
  payerAddress: string | null;
  network: string;
  at: number;
}

/** Live payments received created in [from, to], newest first. */
export async function readPayments(q: Handle, from: number, to: number): Promise<PaymentRead[]> {
  const rows = await q
    .select({
      id: payments.id,
      merchantId: payments.merchantId,
      amountCents: payments.amountKesCents,
      payerAddress: payments.payerAddress,
      network: payments.network,
      at: payments.createdAt,
    })
    .from(payments)
    .where(
      and(
        inArray(payments.status, [...receivedStatuses]),
        // A quote expires after it is created: this bound lets the status index do the work.
        gte(payments.expiresAt, from),
        eq(payments.mode, "live"),
        gte(payments.createdAt, from),
        lte(payments.createdAt, to),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(MAX_ROWS);
  return rows.map((row) => ({ ...row, amountCents: BigInt(row.amountCents) }));
}

/** A merchant's received live payments in [from, to): how many and how much. */
export async function paymentTotals(
  q: Handle,
  merchantId: string,
  from: number,
  to: number,
): Promise<{ count: number; cents: bigint }> {
  const [row] = await q
    .select({
      count: sql<number>`count(*)`,
      cents: sql<string>`cast(coalesce(sum(${payments.amountKesCents}), 0) as text)`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.merchantId, merchantId),
        eq(payments.mode, "live"),
        inArray(payments.status, [...receivedStatuses]),
        gte(payments.createdAt, from),
        lt(payments.createdAt, to),
      ),
    );
  return { count: Number(row?.count ?? 0), cents: BigInt(row?.cents ?? "0") };
}

export interface PayoutRead {
  /** The disbursement row paid (a retried row is one payout). */
  id: string;
  merchantId: string;
  batchKind: "bulk" | "single";
  amountCents: bigint;
  /** Who is paid: rail and number (phone, bank account, Paybill or Till). */
  recipient: string;
  at: number;
}

const recipientOf = (row: {
  rail: string;
  phone: string | null;
  bankCode: string | null;
  accountNumber: string | null;
  businessNumber: string | null;
  accountReference: string | null;
}) => {
  if (row.businessNumber)
    return `${row.rail}:${row.businessNumber}${row.accountReference ? `/${row.accountReference}` : ""}`;
  if (row.phone) return `${row.rail}:${row.phone}`;
  return `${row.rail}:${row.bankCode ?? ""}/${row.accountNumber ?? ""}`;
};

/** Live payouts (one per disbursement row, at its first transfer) made in [from, to]. */
export async function readPayouts(
  q: Handle,
  from: number,
  to: number,
  merchantId?: string,
): Promise<PayoutRead[]> {
  const rows = await q
    .select({
      id: disbursementRows.id,
      merchantId: settlementTransfers.merchantId,
      batchKind: disbursementBatches.kind,
      amountCents: disbursementRows.amountKesCents,
      transferCents: settlementTransfers.amountKesCents,
      rail: settlementTransfers.rail,
      phone: disbursementRows.phone,
      bankCode: disbursementRows.bankCode,
      accountNumber: disbursementRows.accountNumber,
      businessNumber: disbursementRows.businessNumber,
      accountReference: disbursementRows.accountReference,
      at: settlementTransfers.createdAt,
    })
    .from(settlementTransfers)
    .innerJoin(disbursementRows, eq(disbursementRows.id, settlementTransfers.disbursementRowId))
    .innerJoin(disbursementBatches, eq(disbursementBatches.id, disbursementRows.batchId))
    .where(
      and(
        eq(settlementTransfers.purpose, "disbursement"),
        eq(disbursementBatches.mode, "live"),
        merchantId ? eq(settlementTransfers.merchantId, merchantId) : undefined,
        gte(settlementTransfers.createdAt, from),
        lte(settlementTransfers.createdAt, to),
      ),
    )
    .orderBy(desc(settlementTransfers.createdAt))
    .limit(MAX_ROWS);
  const byRow = new Map<string, PayoutRead>();
  // Oldest first: a row's payout is when its first transfer was made.
  for (const row of rows.reverse())
    if (!byRow.has(row.id))
      byRow.set(row.id, {
        id: row.id,
        merchantId: row.merchantId,
        batchKind: row.batchKind,
        amountCents: BigInt(row.amountCents ?? row.transferCents),
        recipient: recipientOf(row),
        at: row.at,
      });
  return [...byRow.values()].reverse();
}

export interface RefundRead {
  id: string;
  merchantId: string;
  paymentId: string;
  destination: string;
  payerAddress: string | null;
  network: string;
  /** The refund's KES value, or the payment's when the refund is of held money (0). */
  valueCents: bigint;
  at: number;
}

/** Live crypto refunds made in [from, to], with the address their payment came from. */
export async function readCryptoRefunds(
  q: Handle,
  from: number,
  to: number,
): Promise<RefundRead[]> {
  const rows = await q
    .select({
      id: refunds.id,
      merchantId: refunds.merchantId,
      paymentId: refunds.paymentId,
      destination: refunds.destination,
      amountCents: refunds.amountKesCents,
      paymentCents: payments.amountKesCents,
      payerAddress: payments.payerAddress,
      network: payments.network,
      at: refunds.createdAt,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(refunds.method, "crypto"),
        eq(refunds.mode, "live"),
        gte(refunds.createdAt, from),
        lte(refunds.createdAt, to),
      ),
    )
    .orderBy(desc(refunds.createdAt))
    .limit(MAX_ROWS);
  return rows.map((row) => {
    const amount = BigInt(row.amountCents);
    return {
      id: row.id,
      merchantId: row.merchantId,
      paymentId: row.paymentId,
      destination: row.destination,
      payerAddress: row.payerAddress,
      network: row.network,
      valueCents: amount > 0n ? amount : BigInt(row.paymentCents),
      at: row.at,
    };
  });
}

/** Whether two addresses are the same holder's (addressKey: EVM and bech32 ignore case). */
export const sameAddress = (a: string, b: string) => addressKey(a) === addressKey(b);

export interface MerchantFacts {
  createdAt: number;
  payoutApprovalAboveKes: number | null;
}

/** When each merchant started and its single-payout approval threshold. */
export async function merchantFacts(
  q: Handle,
  ids: readonly string[],
): Promise<Map<string, MerchantFacts>> {
  const unique = [...new Set(ids)];
  const facts = new Map<string, MerchantFacts>();
  for (let at = 0; at < unique.length; at += 500) {
    const rows = await q
      .select({
        id: merchants.id,
        createdAt: merchants.createdAt,
        payoutApprovalAboveKes: merchants.payoutApprovalAboveKes,
      })
      .from(merchants)
      .where(inArray(merchants.id, unique.slice(at, at + 500)));
    for (const row of rows) facts.set(row.id, row);
  }
  return facts;
}
