/**
 * What the payout pages and the API read about batches (issue 15): the list, one batch's summary
 * (counts per row state, money per state, name checks and duplicates to look at, fees before
 * approval), its rows a page at a time, and the results file with each receipt.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import { disbursementBatches, disbursementRows } from "../../../drizzle/schema";
import type { LedgerBook } from "~/core/ledger/ledger.server";
import { kesDecimal, textCell } from "~/core/payments/export";
import type { DbOrTx } from "~/utils/db.server";
import { formatEatIso } from "~/utils/format";
import type { Batch, BatchRow } from "./batch-rows.server";
import { sumCosts } from "./fees";
import { type RowFilter, type RowStatus, rowStatuses } from "./vocabulary";

export { rowFilters, type RowFilter } from "./vocabulary";

/** What the batch's rows to pay come to (ready rows before approval). */
export function readyTotals(db: DbOrTx, batchId: string) {
  const rows = db
    .select({
      rail: disbursementRows.rail,
      amount: disbursementRows.amountKesCents,
      fee: disbursementRows.feeKesCents,
      charge: disbursementRows.railChargeKesCents,
    })
    .from(disbursementRows)
    .where(and(eq(disbursementRows.batchId, batchId), eq(disbursementRows.status, "ready")))
    .all();
  return sumCosts(
    rows.map((row) => {
      const amount = row.amount ?? 0n;
      const fee = row.fee ?? 0n;
      const charge = row.charge ?? 0n;
      return {
        amountKesCents: amount,
        feeKesCents: fee,
        railChargeKesCents: charge,
        totalKesCents: amount + fee + charge,
      };
    }),
  );
}

export interface BatchSummary {
  batch: Batch;
  /** Rows per state. */
  counts: Record<RowStatus, number>;
  rows: number;
  /** Before approval: what the ready rows come to (amount, fee, rail charge, total). */
  ready: ReturnType<typeof readyTotals>;
  /** KES cents paid (rows paid) and still on its way (queued or sent). */
  paidKesCents: bigint;
  openKesCents: bigint;
  /** Rows to look at before approving. */
  attention: {
    duplicatesInFile: number;
    recentDuplicates: number;
    nameMismatches: number;
    namesNotFound: number;
    namesPending: number;
  };
}

const emptyCounts = (): Record<RowStatus, number> =>
  Object.fromEntries(rowStatuses.map((status) => [status, 0])) as Record<RowStatus, number>;

export function batchSummary(db: DbOrTx, batch: Batch): BatchSummary {
  const byStatus = db
    .select({
      status: disbursementRows.status,
      rows: count(),
      amount: sql<string>`cast(coalesce(sum(${disbursementRows.amountKesCents}), 0) as text)`,
    })
    .from(disbursementRows)
    .where(eq(disbursementRows.batchId, batch.id))
    .groupBy(disbursementRows.status)
    .all();
  const counts = emptyCounts();
  let paidKesCents = 0n;
  let openKesCents = 0n;
  for (const row of byStatus) {
    counts[row.status] = row.rows;
    if (row.status === "paid") paidKesCents += BigInt(row.amount);
    if (row.status === "queued" || row.status === "sent") openKesCents += BigInt(row.amount);
  }
  const live = inArray(disbursementRows.status, ["ready", "queued", "sent", "paid", "failed"]);
  const attention = db
    .select({
      duplicatesInFile: sql<number>`coalesce(sum(case when ${disbursementRows.duplicateOfLine} is not null then 1 else 0 end), 0)`,
      recentDuplicates: sql<number>`coalesce(sum(case when ${disbursementRows.recentDuplicateOf} is not null then 1 else 0 end), 0)`,
      nameMismatches: sql<number>`coalesce(sum(case when ${disbursementRows.nameCheck} in ('mismatch', 'partial') then 1 else 0 end), 0)`,
      namesNotFound: sql<number>`coalesce(sum(case when ${disbursementRows.nameCheck} = 'not_found' then 1 else 0 end), 0)`,
      namesPending: sql<number>`coalesce(sum(case when ${disbursementRows.nameCheck} = 'pending' then 1 else 0 end), 0)`,
    })
    .from(disbursementRows)
    .where(and(eq(disbursementRows.batchId, batch.id), live))
    .get();
  return {
    batch,
    counts,
    rows: byStatus.reduce((sum, row) => sum + row.rows, 0),
    ready: readyTotals(db, batch.id),
    paidKesCents,
    openKesCents,
    attention: {
      duplicatesInFile: Number(attention?.duplicatesInFile ?? 0),
      recentDuplicates: Number(attention?.recentDuplicates ?? 0),
      nameMismatches: Number(attention?.nameMismatches ?? 0),
      namesNotFound: Number(attention?.namesNotFound ?? 0),
      namesPending: Number(attention?.namesPending ?? 0),
    },
  };
}

function filterCondition(filter: RowFilter) {
  switch (filter) {
    case "all":
      return undefined;
    case "attention":
      return or(
        eq(disbursementRows.status, "invalid"),
        eq(disbursementRows.status, "failed"),
        isNotNull(disbursementRows.duplicateOfLine),
        isNotNull(disbursementRows.recentDuplicateOf),
        inArray(disbursementRows.nameCheck, ["mismatch", "partial", "not_found"]),
      );
    case "open":
      return inArray(disbursementRows.status, ["queued", "sent"]);
    default:
      return eq(disbursementRows.status, filter);
  }
}

export const ROWS_PAGE_SIZE = 50;

/** One row of a batch, or null. */
export function findBatchRow(db: DbOrTx, batchId: string, rowId: string): BatchRow | null {
  return (
    db
      .select()
      .from(disbursementRows)
      .where(and(eq(disbursementRows.batchId, batchId), eq(disbursementRows.id, rowId)))
      .get() ?? null
  );
}

/** A page of a batch's rows (in file order) and whether more follow. */
export function listBatchRows(
  db: DbOrTx,
  batchId: string,
  options: { filter?: RowFilter; afterLine?: number; limit?: number } = {},
): { rows: BatchRow[]; hasMore: boolean } {
  const { filter = "all", afterLine = 0, limit = ROWS_PAGE_SIZE } = options;
  const rows = db
    .select()
    .from(disbursementRows)
    .where(
      and(
        eq(disbursementRows.batchId, batchId),
        gt(disbursementRows.line, afterLine),
        filterCondition(filter),
      ),
    )
    .orderBy(asc(disbursementRows.line))
    .limit(limit + 1)
    .all();
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

export interface BatchListItem {
  batch: Batch;
  rows: number;
  amountKesCents: bigint;
  paid: number;
  failed: number;
}

/** The merchant's batches in a mode, newest first, with row counts and amounts. */
export function listBatches(
  db: DbOrTx,
  merchantId: string,
  mode: LedgerBook,
  limit = 50,
): BatchListItem[] {
  const batches = db
    .select()
    .from(disbursementBatches)
    .where(
      and(
        eq(disbursementBatches.merchantId, merchantId),
        eq(disbursementBatches.mode, mode),
        // Given up, and files still being written (a moment), are not listed.
        sql`${disbursementBatches.status} not in ('withdrawn', 'checking')`,
      ),
    )
    .orderBy(desc(disbursementBatches.createdAt))
    .limit(limit)
    .all();
  if (batches.length === 0) return [];
  const stats = db
    .select({
      batchId: disbursementRows.batchId,
      rows: sql<number>`sum(case when ${disbursementRows.status} not in ('dropped', 'invalid') then 1 else 0 end)`,
      amount: sql<string>`cast(coalesce(sum(case when ${disbursementRows.status} not in ('dropped', 'invalid', 'cancelled') then ${disbursementRows.amountKesCents} else 0 end), 0) as text)`,
      paid: sql<number>`sum(case when ${disbursementRows.status} = 'paid' then 1 else 0 end)`,
      failed: sql<number>`sum(case when ${disbursementRows.status} = 'failed' then 1 else 0 end)`,
    })
    .from(disbursementRows)
    .where(
      inArray(
        disbursementRows.batchId,
        batches.map((batch) => batch.id),
      ),
    )
    .groupBy(disbursementRows.batchId)
    .all();
  const byBatch = new Map(stats.map((row) => [row.batchId, row]));
  return batches.map((batch) => {
    const row = byBatch.get(batch.id);
    return {
      batch,
      rows: Number(row?.rows ?? 0),
      amountKesCents: BigInt(row?.amount ?? "0"),
      paid: Number(row?.paid ?? 0),
      failed: Number(row?.failed ?? 0),
    };
  });
}

export const resultsCsvHeader = [
  "line",
  "recipient",
  "rail",
  "bank_code",
  "amount_kes",
  "fee_kes",
  "rail_charge_kes",
  "reference",
  "name",
  "registered_name",
  "status",
  "receipt",
  "failure_reason",
  "completed_at",
  "account",
] as const;

/** The batch's results, one line per row (in file order), formula-safe. */
export function* resultsCsvLines(db: DbOrTx, batchId: string): Generator<string> {
  yield resultsCsvHeader.join(",");
  let afterLine = 0;
  for (;;) {
    const page = resultsCsvPage(db, batchId, afterLine);
    yield* page.lines;
    if (page.nextAfterLine === null) return;
    afterLine = page.nextAfterLine;
  }
}

/**
 * The results lines of the rows after `afterLine` (up to 1000, in file order), and the line to
 * read on from (null: none follow).
 */
export function resultsCsvPage(
  db: DbOrTx,
  batchId: string,
  afterLine: number,
): { lines: string[]; nextAfterLine: number | null } {
  const lines: string[] = [];
  const { rows, hasMore } = listBatchRows(db, batchId, { afterLine, limit: 1000 });
  for (const row of rows) {
    const cells = [
      String(row.line),
      // Phones as M-Pesa writes them (254…): a leading "+" would be defused as a formula.
      row.phone
        ? row.phone.replace(/^\+/, "")
        : (row.businessNumber ?? row.accountNumber ?? row.rawRecipient),
      // Paybill and Till rows by their kind (a corrected file re-uploads as it is).
      row.b2bKind ?? row.rail ?? row.rawRail,
      row.bankCode ?? "",
      row.amountKesCents === null ? row.rawAmount : kesDecimal(row.amountKesCents),
      row.feeKesCents === null ? "" : kesDecimal(row.feeKesCents),
      row.railChargeKesCents === null ? "" : kesDecimal(row.railChargeKesCents),
      row.reference ?? row.rawReference,
      row.name ?? row.rawName,
      row.registeredName ?? "",
      row.status,
      row.receipt ?? "",
      row.failureReason ?? "",
      row.completedAt === null ? "" : formatEatIso(row.completedAt),
      row.accountReference ?? row.rawAccount,
    ];
    lines.push(cells.map(textCell).join(","));
  }
  return { lines, nextAfterLine: hasMore ? rows[rows.length - 1]!.line : null };
}
