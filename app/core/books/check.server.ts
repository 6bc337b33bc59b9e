/**
 * The books check (issue 28; docs/decisions/0042-backups.md): what must always hold in the money
 * tables, whatever happened (a crash, a restore, a repair by hand). `npm run db:verify`, the
 * verification of a backup before it is restored, the daily reconciliation and the tests all run
 * these same checks:
 *
 * - `unbalanced_transaction`: every ledger transaction sums to zero per currency within each book
 *   (live, test), and has at least two entries;
 * - `cached_balance`: every account's cached balance equals the sum of its entries;
 * - `refund_exceeds_payment`: a payment's refunds that hold or spent money (pending, sent,
 *   succeeded) never add up to more than the payment;
 * - `payout_row_transfer`: a payout (disbursement) row and its transfer agree: the transfer exists,
 *   names the row back, moves the row's amount, and the row is paid exactly when it succeeded;
 * - `transfer_paid_twice`: a payout row, a refund or a failed transfer is paid by at most one
 *   succeeded transfer.
 *
 * Engine-neutral: awaited Drizzle builders and portable SQL only (cast, substr, case, integer
 * shifts and masks; no glob, rowid or SQLite-only functions), on the handle it is given, so the
 * PostgreSQL store runs it unchanged. Each check is one statement (one consistent read); one
 * snapshot across all five needs the store's async read transaction (ADR 0041: better-sqlite3's
 * transactions are synchronous). Nothing is loaded whole: only the rows in trouble come back, at
 * most `limit` per check.
 */
import { aliasedTable, and, eq, inArray, isNotNull, ne, not, or, type SQL, sql } from "drizzle-orm";
import {
  disbursementRows,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  payments,
  refunds,
  settlementTransfers,
} from "../../../drizzle/schema";
import {
  amountOf,
  bookOfAccount,
  combineSum,
  exactSumIsZero,
  exactSumParts,
} from "~/core/ledger/sql.server";
import { LIVE_REFUND_STATUSES } from "~/core/refunds/vocabulary";
import { type Handle, isStore, type Store } from "~/db/store";

export const bookCheckNames = [
  "unbalanced_transaction",
  "cached_balance",
  "refund_exceeds_payment",
  "payout_row_transfer",
  "transfer_paid_twice",
] as const;
export type BookCheckName = (typeof bookCheckNames)[number];

/** One thing wrong in the books: which check, what is wrong (one line), the rows involved. */
export interface BooksProblem {
  check: BookCheckName;
  detail: string;
  ids: string[];
}

export interface BooksCheckOptions {
  /** At most this many problems per check (default 100): a broken database is not read whole. */
  limit?: number;
}

async function unbalancedTransactions(db: Handle, limit: number): Promise<BooksProblem[]> {
  const sums = await db
    .select({
      transactionId: ledgerEntries.transactionId,
      currency: ledgerAccounts.currency,
      book: bookOfAccount,
      ...exactSumParts(ledgerEntries.amount),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .groupBy(ledgerEntries.transactionId, ledgerAccounts.currency, bookOfAccount)
    .having(not(exactSumIsZero(ledgerEntries.amount)))
    .orderBy(ledgerEntries.transactionId)
    .limit(limit);
  const short = await db
    .select({
      transactionId: ledgerTransactions.id,
      entries: sql<string>`cast(count(${ledgerEntries.id}) as text)`,
    })
    .from(ledgerTransactions)
    .leftJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .groupBy(ledgerTransactions.id)
    .having(sql`count(${ledgerEntries.id}) < 2`)
    .orderBy(ledgerTransactions.id)
    .limit(limit);
  return [
    ...sums.map(({ transactionId, currency, book, high, low }) => ({
      check: "unbalanced_transaction" as const,
      detail: `ledger transaction ${transactionId} does not balance in ${currency} (${book} book): its entries sum to ${combineSum({ high, low })}`,
      ids: [transactionId],
    })),
    ...short.map(({ transactionId, entries }) => ({
      check: "unbalanced_transaction" as const,
      detail: `ledger transaction ${transactionId} has ${entries} entr${entries === "1" ? "y" : "ies"} (at least two)`,
      ids: [transactionId],
    })),
  ];
}

/**
 * cached = high * 2^32 + low exactly, without a 64-bit overflow in SQL: split the cached balance
 * the same way (`c >> 32`, `c & 0xFFFFFFFF`); equal when the low halves differ by a multiple of
 * 2^32 that the high halves make up.
 */
const sameAsCached: SQL = (() => {
  const low = sql`(coalesce(sum(${ledgerEntries.amount} & 4294967295), 0) - (${ledgerAccounts.balance} & 4294967295))`;
  const high = sql`(${ledgerAccounts.balance} >> 32) - coalesce(sum(${ledgerEntries.amount} >> 32), 0)`;
  return sql`(${low} % 4294967296 = 0 and ${high} = ${low} / 4294967296)`;
})();

async function cachedBalances(db: Handle, limit: number): Promise<BooksProblem[]> {
  const rows = await db
    .select({
      id: ledgerAccounts.id,
      code: ledgerAccounts.code,
      cached: amountOf(ledgerAccounts.balance),
      ...exactSumParts(ledgerEntries.amount),
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .groupBy(ledgerAccounts.id, ledgerAccounts.code, ledgerAccounts.balance)
    .having(not(sameAsCached))
    .orderBy(ledgerAccounts.id)
    .limit(limit);
  return rows.map((row) => ({
    check: "cached_balance" as const,
    detail: `account ${row.code} caches a balance of ${row.cached} but its entries sum to ${combineSum(row)}`,
    ids: [row.code],
  }));
}

async function refundsOverPayment(db: Handle, limit: number): Promise<BooksProblem[]> {
  const refunded = sql`sum(${refunds.amountKesCents})`;
  const rows = await db
    .select({
      paymentId: payments.id,
      amount: amountOf(payments.amountKesCents),
      refunded: sql<string>`cast(${refunded} as text)`,
      count: sql<string>`cast(count(${refunds.id}) as text)`,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(inArray(refunds.status, [...LIVE_REFUND_STATUSES]))
    .groupBy(payments.id, payments.amountKesCents)
    .having(sql`${refunded} > ${payments.amountKesCents}`)
    .orderBy(payments.id)
    .limit(limit);
  return rows.map((row) => ({
    check: "refund_exceeds_payment" as const,
    detail: `payment ${row.paymentId} of ${row.amount} KES cents has ${row.count} refund(s) totalling ${row.refunded} KES cents`,
    ids: [row.paymentId],
  }));
}

async function payoutRowsAndTransfers(db: Handle, limit: number): Promise<BooksProblem[]> {
  const transfer = settlementTransfers;
  // A row pointing at a transfer that is missing, names another row, or moves another amount; a
  // paid row whose transfer did not succeed, or a succeeded transfer whose row is not paid.
  const rows = await db
    .select({
      rowId: disbursementRows.id,
      rowStatus: disbursementRows.status,
      rowAmount: sql<string | null>`cast(${disbursementRows.amountKesCents} as text)`,
      transferId: disbursementRows.transferId,
      foundId: transfer.id,
      transferRow: transfer.disbursementRowId,
      transferStatus: transfer.status,
      transferAmount: sql<string | null>`cast(${transfer.amountKesCents} as text)`,
    })
    .from(disbursementRows)
    .leftJoin(transfer, eq(transfer.id, disbursementRows.transferId))
    .where(
      and(
        isNotNull(disbursementRows.transferId),
        or(
          sql`${transfer.id} is null`,
          sql`${transfer.disbursementRowId} is null`,
          ne(transfer.disbursementRowId, disbursementRows.id),
          ne(transfer.amountKesCents, disbursementRows.amountKesCents),
          and(eq(disbursementRows.status, "paid"), ne(transfer.status, "succeeded")),
          and(eq(transfer.status, "succeeded"), ne(disbursementRows.status, "paid")),
        ),
      ),
    )
    .orderBy(disbursementRows.id)
    .limit(limit);
  const problems: BooksProblem[] = rows.map((row) => {
    const ids = [row.rowId, row.transferId!];
    const what =
      row.foundId === null
        ? `names transfer ${row.transferId}, which does not exist`
        : row.transferRow !== row.rowId
          ? `names transfer ${row.transferId}, which pays ${row.transferRow ?? "no row"}`
          : row.transferAmount !== row.rowAmount
            ? `is ${row.rowAmount ?? "no amount"} KES cents but its transfer ${row.transferId} moves ${row.transferAmount}`
            : `is ${row.rowStatus} but its transfer ${row.transferId} is ${row.transferStatus}`;
    return {
      check: "payout_row_transfer" as const,
      detail: `payout row ${row.rowId} ${what}`,
      ids,
    };
  });
  // A disbursement transfer whose row does not exist.
  const orphans = await db
    .select({ transferId: transfer.id, rowId: transfer.disbursementRowId })
    .from(transfer)
    .leftJoin(disbursementRows, eq(disbursementRows.id, transfer.disbursementRowId))
    .where(and(isNotNull(transfer.disbursementRowId), sql`${disbursementRows.id} is null`))
    .orderBy(transfer.id)
    .limit(limit);
  for (const orphan of orphans)
    problems.push({
      check: "payout_row_transfer",
      detail: `transfer ${orphan.transferId} pays payout row ${orphan.rowId}, which does not exist`,
      ids: [orphan.transferId],
    });
  return problems;
}

async function transfersPaidTwice(db: Handle, limit: number): Promise<BooksProblem[]> {
  const t = settlementTransfers;
  const succeeded = eq(t.status, "succeeded");
  const twice = async (column: typeof t.disbursementRowId | typeof t.refundId, what: string) => {
    const rows = await db
      .select({
        subject: sql<string>`${column}`,
        count: sql<string>`cast(count(*) as text)`,
        first: sql<string>`min(${t.id})`,
        last: sql<string>`max(${t.id})`,
      })
      .from(t)
      .where(and(succeeded, isNotNull(column)))
      .groupBy(column)
      .having(sql`count(*) > 1`)
      .orderBy(column)
      .limit(limit);
    return rows.map((row) => ({
      check: "transfer_paid_twice" as const,
      detail: `${what} ${row.subject} was paid by ${row.count} succeeded transfers (${row.first} ... ${row.last})`,
      ids: [row.subject, row.first, row.last],
    }));
  };
  const retry = aliasedTable(t, "retry");
  const retried = await db
    .select({ original: t.id, retry: retry.id })
    .from(t)
    .innerJoin(retry, eq(retry.retryOf, t.id))
    .where(and(succeeded, eq(retry.status, "succeeded")))
    .orderBy(t.id)
    .limit(limit);
  return [
    ...(await twice(t.disbursementRowId, "payout row")),
    ...(await twice(t.refundId, "refund")),
    ...retried.map((row) => ({
      check: "transfer_paid_twice" as const,
      detail: `transfer ${row.original} succeeded and so did its retry ${row.retry}`,
      ids: [row.original, row.retry],
    })),
  ];
}

/**
 * Run every check in the caller's transaction `on`, or, given the store, in one read of their own
 * (one consistent view for all five). An empty list means the books are sound.
 */
export async function checkBooks(
  on: Handle | Store,
  options: BooksCheckOptions = {},
): Promise<BooksProblem[]> {
  if (isStore(on)) return on.read((q) => checkBooks(q, options));
  const limit = Math.max(1, Math.trunc(options.limit ?? 100));
  const checks: Record<BookCheckName, (db: Handle, limit: number) => Promise<BooksProblem[]>> = {
    unbalanced_transaction: unbalancedTransactions,
    cached_balance: cachedBalances,
    refund_exceeds_payment: refundsOverPayment,
    payout_row_transfer: payoutRowsAndTransfers,
    transfer_paid_twice: transfersPaidTwice,
  };
  const problems: BooksProblem[] = [];
  for (const name of bookCheckNames) problems.push(...(await checks[name](on, limit)));
  return problems;
}

/** One line per problem, for scripts and logs. */
export function describeProblems(problems: readonly BooksProblem[]): string[] {
  return problems.map((problem) => `${problem.check}: ${problem.detail}`);
}
