/**
 * Excise duty as the books hold it (issue 31, item 7; ADR 0059): the monthly excise report for
 * operators (what is owed to the KRA for a month, by fee kind, due by the 20th of the next month)
 * and a merchant's fee invoice for a month (each fee and its excise). Both read the live book's
 * fee-revenue and excise-payable entries of the month (a fee given back, or a payout whose posting
 * was reversed, is a negative line), so they reconcile to the cent with the ledger and the
 * merchant's statements. Test money (the test book) is never on them.
 *
 * The kind of each fee comes from its transaction's reference: a payment's is the collection fee;
 * a transfer's is a payout fee, B2B when the transfer pays a Paybill or Till row, B2C otherwise.
 */
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import {
  disbursementRows,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  settlementTransfers,
} from "../../../drizzle/schema";
import { excisePayable, feeRevenue, merchantAccounts } from "~/core/ledger/accounts";
import type { Handle } from "~/db/store";
import {
  type ExciseMonthReport,
  exciseDueDate,
  type FeeInvoice,
  type FeeInvoiceLine,
  type FeeKind,
  feeKinds,
  type FeeTotals,
  monthBounds,
} from "./months";

export type { ExciseMonthReport, FeeInvoice, FeeInvoiceLine, FeeTotals };

const emptyTotals = (): FeeTotals => ({ count: 0, feeKesCents: 0n, exciseKesCents: 0n });

/** The kind of a fee from its transaction's reference and the row its transfer pays. */
function kindOf(referenceType: string | null, b2bKind: string | null): FeeKind {
  if (referenceType === "transfer") return b2bKind ? "b2b" : "b2c";
  return "collection";
}

/** The platform accounts of the live book the fees and their excise are posted to, by id. */
async function platformAccountIds(q: Handle) {
  const fee = feeRevenue();
  const excise = excisePayable();
  const rows = await q
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, [fee.code, excise.code]));
  return {
    fee: rows.find((row) => row.code === fee.code)?.id ?? null,
    excise: rows.find((row) => row.code === excise.code)?.id ?? null,
  };
}

/** One transaction's fee and excise entries of the month, with what it is about. */
interface FeeRow {
  transactionId: string;
  at: number;
  description: string | null;
  referenceType: string | null;
  referenceId: string | null;
  b2bKind: string | null;
  fee: string;
  excise: string;
}

/**
 * The month's fee-revenue and excise-payable entries, one row per transaction (fee and excise
 * summed, credit-normal: positive when charged), optionally only transactions that also moved one
 * of `merchantAccountIds`.
 */
async function feeRowsOn(
  q: Handle,
  month: string,
  merchantAccountIds?: readonly number[],
): Promise<FeeRow[]> {
  const ids = await platformAccountIds(q);
  const accounts = [ids.fee, ids.excise].filter((id): id is number => id !== null);
  if (accounts.length === 0) return [];
  if (merchantAccountIds && merchantAccountIds.length === 0) return [];
  const { startMs, endMs } = monthBounds(month);
  const ofAccount = (id: number | null) =>
    sql`case when ${ledgerEntries.accountId} = ${id ?? -1} then -${ledgerEntries.amount} else 0 end`;
  const merchantEntry = sql`exists (select 1 from ${ledgerEntries} m where m.transaction_id = ${ledgerEntries.transactionId} and m.account_id in (${sql.join(
    (merchantAccountIds ?? []).map((id) => sql`${id}`),
    sql`, `,
  )}))`;
  return q
    .select({
      transactionId: ledgerEntries.transactionId,
      at: sql<number>`min(${ledgerTransactions.createdAt})`.mapWith(Number),
      description: sql<string | null>`min(${ledgerTransactions.description})`,
      referenceType: sql<string | null>`min(${ledgerTransactions.referenceType})`,
      referenceId: sql<string | null>`min(${ledgerTransactions.referenceId})`,
      b2bKind: sql<string | null>`min(${disbursementRows.b2bKind})`,
      fee: sql<string>`cast(sum(${ofAccount(ids.fee)}) as text)`,
      excise: sql<string>`cast(sum(${ofAccount(ids.excise)}) as text)`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(
      settlementTransfers,
      and(
        eq(ledgerTransactions.referenceType, "transfer"),
        eq(settlementTransfers.id, ledgerTransactions.referenceId),
      ),
    )
    .leftJoin(disbursementRows, eq(disbursementRows.id, settlementTransfers.disbursementRowId))
    .where(
      and(
        inArray(ledgerEntries.accountId, accounts),
        gte(ledgerEntries.createdAt, startMs),
        lt(ledgerEntries.createdAt, endMs),
        merchantAccountIds ? merchantEntry : undefined,
      ),
    )
    .groupBy(ledgerEntries.transactionId)
    .orderBy(sql`min(${ledgerTransactions.createdAt})`, ledgerEntries.transactionId);
}

/** The operators' excise report for a month (live book): fees and excise by fee kind. */
export async function exciseMonthReportOn(q: Handle, month: string): Promise<ExciseMonthReport> {
  const byKind = Object.fromEntries(feeKinds.map((kind) => [kind, emptyTotals()])) as Record<
    FeeKind,
    FeeTotals
  >;
  const totals = emptyTotals();
  for (const row of await feeRowsOn(q, month)) {
    const fee = BigInt(row.fee);
    const excise = BigInt(row.excise);
    if (fee === 0n && excise === 0n) continue;
    for (const sum of [byKind[kindOf(row.referenceType, row.b2bKind)], totals]) {
      sum.count += 1;
      sum.feeKesCents += fee;
      sum.exciseKesCents += excise;
    }
  }
  return { month, dueDate: exciseDueDate(month), byKind, totals };
}

/** A merchant's fee invoice for a month (live book): each fee we charged it and its excise. */
export async function feeInvoiceOn(
  q: Handle,
  merchantId: string,
  month: string,
): Promise<FeeInvoice> {
  const codes = Object.values(merchantAccounts(merchantId)).map((account) => account.code);
  const owned = await q
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, codes));
  const lines: FeeInvoiceLine[] = [];
  const totals = emptyTotals();
  for (const row of await feeRowsOn(
    q,
    month,
    owned.map((account) => account.id),
  )) {
    const feeKesCents = BigInt(row.fee);
    const exciseKesCents = BigInt(row.excise);
    if (feeKesCents === 0n && exciseKesCents === 0n) continue;
    lines.push({
      transactionId: row.transactionId,
      at: row.at,
      kind: kindOf(row.referenceType, row.b2bKind),
      reference: row.referenceId ?? "",
      description: row.description ?? "",
      feeKesCents,
      exciseKesCents,
    });
    totals.count += 1;
    totals.feeKesCents += feeKesCents;
    totals.exciseKesCents += exciseKesCents;
  }
  return { merchantId, month, lines, totals };
}
