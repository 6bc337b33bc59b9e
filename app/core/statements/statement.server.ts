/**
 * A merchant's statement for a period (issue 15, item 6; ADR 0034): the opening balance, one line
 * per ledger transaction that changed what we owe the merchant, and the closing balance, which must
 * reconcile with the ledger to the cent.
 *
 * "What we owe the merchant" is the sum of their three KES accounts of the live book (available,
 * pending, in flight). Two queries, each one indexed pass over those accounts' entries
 * (ledger_entries_account_idx): the period's entries with their transaction and the fee-revenue
 * entry of the same transaction, folded into lines per transaction; and the sums before the period
 * and up to its end. A transaction that only moves money between the three accounts sums to zero on
 * them and is not a line.
 */
import { and, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  merchantApplications,
  merchants,
} from "../../../drizzle/schema";
import { feeRevenue, merchantAccounts } from "~/core/ledger/accounts";
import { combineSum, parseBigint } from "~/core/ledger/sql.server";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { Db, DbOrTx } from "~/utils/db.server";
import {
  type StatementLine,
  type StatementLineType,
  type StatementTotals,
  toLine,
  totalsByType,
} from "./lines";
import { type StatementRange, statementBounds } from "./range";

export interface Statement {
  merchantId: string;
  range: StatementRange;
  /** Epoch milliseconds: [startMs, endMs). */
  startMs: number;
  endMs: number;
  /** KES cents we owed the merchant at the start and at the end of the period. */
  opening: bigint;
  closing: bigint;
  /** Every line of the period, or its first `keepLines` (`buildStatement`'s option). */
  lines: StatementLine[];
  /** How many lines the period has (all counted in `totals`, kept or not). */
  lineCount: number;
  totals: Record<StatementLineType, StatementTotals>;
}

/** The statement's figures do not add up: a bug, never shown as a statement. */
export class StatementMismatchError extends Error {
  constructor(merchantId: string, expected: bigint, actual: bigint) {
    super(
      `Statement for ${merchantId} does not reconcile: opening + lines = ${expected}, ledger = ${actual}`,
    );
    this.name = "StatementMismatchError";
  }
}

/** A merchant entry of the period with its transaction, as the driver returns it. */
interface MovementRow {
  transactionId: string;
  amount: string;
  fee: string | null;
  kind: string;
  description: string | null;
  referenceId: string | null;
  reversesTransactionId: string | null;
  at: number;
}

/** Exact sum parts of an expression (as exactSumParts, for a CASE over the amount). */
function sumParts(expression: SQL): { high: SQL<string>; low: SQL<string> } {
  return {
    high: sql<string>`cast(coalesce(sum((${expression}) >> 32), 0) as text)`,
    low: sql<string>`cast(coalesce(sum((${expression}) & 4294967295), 0) as text)`,
  };
}

/** The ids of the merchant's live KES accounts that exist, and of fee revenue. */
function accountIds(db: DbOrTx, merchantId: string) {
  const { available, pending, inFlight, reserved } = merchantAccounts(merchantId);
  const fee = feeRevenue();
  const codes = [available.code, pending.code, inFlight.code, reserved.code, fee.code];
  const rows = db
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, codes))
    .all();
  return {
    merchant: rows.filter((row) => row.code !== fee.code).map((row) => row.id),
    fee: rows.find((row) => row.code === fee.code)?.id ?? null,
  };
}

/**
 * The merchant's statement for a period. Throws StatementMismatchError if the closing balance
 * (opening plus the lines) differs from the sum of the ledger entries up to the period's end.
 */
export function buildStatement(
  db: DbOrTx,
  merchantId: string,
  range: StatementRange,
  options: {
    /**
     * Keep only the first this many lines (a page shows 500): the period's rows are then read as
     * a stream, folded into the totals and the closing balance one by one, so a merchant with a
     * million entries in the period costs time, not memory (issue 28). Default: every line.
     */
    keepLines?: number;
  } = {},
): Statement {
  const keepLines = options.keepLines ?? Number.POSITIVE_INFINITY;
  const { startMs, endMs } = statementBounds(range);
  const ids = accountIds(db, merchantId);
  const empty = (opening: bigint): Statement => ({
    merchantId,
    range,
    startMs,
    endMs,
    opening,
    closing: opening,
    lines: [],
    lineCount: 0,
    totals: totalsByType([]),
  });
  if (ids.merchant.length === 0) return empty(0n);

  const ofMerchant = inArray(ledgerEntries.accountId, ids.merchant);

  // Before the period, and up to its end: one pass over the entries up to the end.
  const sums = db
    .select({
      before: sumParts(
        sql`case when ${ledgerEntries.createdAt} < ${startMs} then ${ledgerEntries.amount} else 0 end`,
      ),
      upToEnd: sumParts(sql`${ledgerEntries.amount}`),
    })
    .from(ledgerEntries)
    .where(and(ofMerchant, lt(ledgerEntries.createdAt, endMs)))
    .get();
  // Credit-normal: what we owe is the negated sum.
  const opening = sums ? -combineSum(sums.before) : 0n;
  const ledgerClosing = sums ? -combineSum(sums.upToEnd) : 0n;

  // Each merchant entry of the period with its transaction and the fee-revenue entry of the same
  // transaction (the transaction index finds it; an account appears once per transaction). In time
  // order, then in the order written: a transaction's entries are written together, so they come
  // next to each other, and a reversal sharing its original's millisecond comes after it. Plain
  // (portable) SQL run with `db.all`: the rows come back as the driver gives them (100,000 for a
  // busy merchant's year), without Drizzle's per-column mapping. Amounts as text, parsed exactly.
  const rows = movementRows(db, ids, startMs, endMs, Number.isFinite(keepLines));

  // One line per transaction whose merchant entries do not sum to zero.
  let balance = opening;
  const lines: StatementLine[] = [];
  let lineCount = 0;
  const totals = totalsByType([]);
  let group: { first: MovementRow; merchantSum: bigint } | null = null;
  const close = () => {
    if (!group || group.merchantSum === 0n) return;
    const { first, merchantSum } = group;
    const line = toLine(
      {
        transactionId: first.transactionId,
        kind: first.kind,
        description: first.description,
        referenceId: first.referenceId,
        reversesTransactionId: first.reversesTransactionId,
        at: first.at,
        merchantSum,
        feeSum: first.fee === null ? 0n : parseBigint(first.fee),
      },
      balance,
    );
    balance = line.balance;
    lineCount += 1;
    const total = totals[line.type];
    total.count += 1;
    total.gross += line.gross;
    total.fee += line.fee;
    total.net += line.net;
    if (lines.length < keepLines) lines.push(line);
  };
  for (const row of rows) {
    if (group && row.transactionId === group.first.transactionId) {
      group.merchantSum += parseBigint(row.amount);
      continue;
    }
    close();
    group = { first: row, merchantSum: parseBigint(row.amount) };
  }
  close();
  if (balance !== ledgerClosing)
    throw new StatementMismatchError(merchantId, balance, ledgerClosing);
  if (lineCount === 0) return empty(opening);
  return {
    merchantId,
    range,
    startMs,
    endMs,
    opening,
    closing: balance,
    lines,
    lineCount,
    totals,
  };
}

/**
 * Each merchant entry of the period with its transaction and the fee-revenue entry of the same
 * transaction (the transaction index finds it; an account appears once per transaction). In time
 * order, then in the order written: a transaction's entries are written together, so they come
 * next to each other, and a reversal sharing its original's millisecond comes after it. Plain
 * (portable) SQL: the rows come back as the driver gives them, without Drizzle's per-column
 * mapping. Amounts as text, parsed exactly.
 *
 * `stream`: read them one at a time (SQLite's cursor, on the database handle; synchronous like
 * the rest of buildStatement, whose callers are synchronous), never all at once.
 */
function movementRows(
  db: DbOrTx,
  ids: { merchant: number[]; fee: number | null },
  startMs: number,
  endMs: number,
  stream: boolean,
): Iterable<MovementRow> {
  const query = sql`
    select e.transaction_id as "transactionId", cast(e.amount as text) as "amount",
      cast(fee.amount as text) as "fee", t.kind as "kind", t.description as "description",
      t.reference_id as "referenceId", t.reverses_transaction_id as "reversesTransactionId",
      t.created_at as "at"
    from ${ledgerEntries} e
    join ${ledgerTransactions} t on t.id = e.transaction_id
    left join ${ledgerEntries} fee on fee.transaction_id = e.transaction_id
      and fee.account_id = ${ids.fee ?? -1}
    where e.account_id in ${ids.merchant} and e.created_at >= ${startMs} and e.created_at < ${endMs}
    order by e.created_at, e.id`;
  const client = "$client" in db ? (db as Db).$client : null;
  if (!stream || !client) return db.all<MovementRow>(query);
  const { sql: text, params } = new SQLiteSyncDialect().sqlToQuery(query);
  return client.prepare(text).iterate(...params) as IterableIterator<MovementRow>;
}

export interface StatementHolder {
  merchantId: string;
  businessName: string;
  contactEmail: string;
  /** From the merchant's approved application, when there is one. */
  registrationNumber: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
}

/** The business a statement is for: the merchant record and its application's details. */
export function statementHolder(db: DbOrTx, merchantId: string): StatementHolder | null {
  const merchant = db
    .select({
      merchantId: merchants.id,
      businessName: merchants.businessName,
      contactEmail: merchants.contactEmail,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .get();
  if (!merchant) return null;
  const application = db
    .select({
      registrationNumber: merchantApplications.registrationNumber,
      address: merchantApplications.businessAddress,
      city: merchantApplications.city,
      country: merchantApplications.country,
    })
    .from(merchantApplications)
    .where(eq(merchantApplications.merchantId, merchantId))
    .orderBy(desc(merchantApplications.createdAt))
    .limit(1)
    .get();
  return {
    ...merchant,
    registrationNumber: application?.registrationNumber ?? null,
    address: application?.address ?? null,
    city: application?.city ?? null,
    country: application?.country ?? null,
  };
}
