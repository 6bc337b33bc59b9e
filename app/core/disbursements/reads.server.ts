/**
 * What the payout pages and the API read about batches (issue 15): the list, one batch's summary
 * (counts per row state, money per state, name checks and duplicates to look at, fees before
 * approval), its rows a page at a time, and the results file with each receipt.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { disbursementBatches, disbursementRows } from "../../../drizzle/schema";
import type { LedgerBook } from "~/core/ledger/ledger.server";
import { kesDecimal, textCell } from "~/core/payments/export";
import { countWhere, first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { formatEatIso } from "~/utils/format";
import type { Batch, BatchRow } from "./batch-rows.server";
import { sumCosts } from "./fees";
import { type RowFilter, type RowStatus, rowStatuses } from "./vocabulary";

export { rowFilters, type RowFilter } from "./vocabulary";

/**
 * The queries of a batch's summary, as columns and conditions: run by `batchSummary`, the ready
 * rows' query by `readyTotals` as well.
 */
function summaryQueries(batchId: string) {
  const ofBatch = eq(disbursementRows.batchId, batchId);
  const live = inArray(disbursementRows.status, ["ready", "queued", "sent", "paid", "failed"]);
  return {
    ready: {
      columns: {
        rail: disbursementRows.rail,
        amount: disbursementRows.amountKesCents,
        fee: disbursementRows.feeKesCents,
        excise: disbursementRows.exciseKesCents,
        charge: disbursementRows.railChargeKesCents,
      },
      where: and(ofBatch, eq(disbursementRows.status, "ready")),
    },
    byStatus: {
      columns: {
        status: disbursementRows.status,
        rows: count(),
        amount: sql<string>`cast(coalesce(sum(${disbursementRows.amountKesCents}), 0) as text)`,
      },
      where: ofBatch,
    },
    attention: {
      columns: {
        duplicatesInFile: countWhere(sql`${disbursementRows.duplicateOfLine} is not null`),
        recentDuplicates: countWhere(sql`${disbursementRows.recentDuplicateOf} is not null`),
        nameMismatches: countWhere(sql`${disbursementRows.nameCheck} in ('mismatch', 'partial')`),
        namesNotFound: countWhere(sql`${disbursementRows.nameCheck} = 'not_found'`),
        namesPending: countWhere(sql`${disbursementRows.nameCheck} = 'pending'`),
      },
      where: and(ofBatch, live),
    },
  };
}

type SummaryQueries = ReturnType<typeof summaryQueries>;
/** A row of one of the summary's queries. */
export type SummaryRow<K extends keyof SummaryQueries> = SelectResultFields<
  SummaryQueries[K]["columns"]
>;

/** What the ready rows (of `summaryQueries(…).ready`) come to. */
export function readyTotalsOf(rows: readonly SummaryRow<"ready">[]) {
  return sumCosts(
    rows.map((row) => {
      const amount = row.amount ?? 0n;
      const fee = row.fee ?? 0n;
      const excise = row.excise ?? 0n;
      const charge = row.charge ?? 0n;
      return {
        amountKesCents: amount,
        feeKesCents: fee,
        exciseKesCents: excise,
        railChargeKesCents: charge,
        totalKesCents: amount + fee + excise + charge,
      };
    }),
  );
}

/** What the batch's rows to pay come to (ready rows before approval). */
export async function readyTotals(q: Handle, batchId: string) {
  const { ready } = summaryQueries(batchId);
  return readyTotalsOf(await q.select(ready.columns).from(disbursementRows).where(ready.where));
}

export interface BatchSummary {
  batch: Batch;
  /** Rows per state. */
  counts: Record<RowStatus, number>;
  rows: number;
  /** Before approval: what the ready rows come to (amount, fee, rail charge, total). */
  ready: ReturnType<typeof readyTotalsOf>;
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

/** The summary from the rows of its queries (`summaryQueries`). */
function summaryOf(
  batch: Batch,
  byStatus: readonly SummaryRow<"byStatus">[],
  attention: SummaryRow<"attention"> | undefined,
  ready: readonly SummaryRow<"ready">[],
): BatchSummary {
  const counts = emptyCounts();
  let paidKesCents = 0n;
  let openKesCents = 0n;
  for (const row of byStatus) {
    counts[row.status] = row.rows;
    if (row.status === "paid") paidKesCents += BigInt(row.amount);
    if (row.status === "queued" || row.status === "sent") openKesCents += BigInt(row.amount);
  }
  return {
    batch,
    counts,
    rows: byStatus.reduce((sum, row) => sum + row.rows, 0),
    ready: readyTotalsOf(ready),
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

/** A batch's summary, in the caller's read. */
export async function batchSummary(q: Handle, batch: Batch): Promise<BatchSummary> {
  const queries = summaryQueries(batch.id);
  const byStatus = await q
    .select(queries.byStatus.columns)
    .from(disbursementRows)
    .where(queries.byStatus.where)
    .groupBy(disbursementRows.status);
  const attention = await first(
    q
      .select(queries.attention.columns)
      .from(disbursementRows)
      .where(queries.attention.where)
      .limit(1),
  );
  const ready = await q
    .select(queries.ready.columns)
    .from(disbursementRows)
    .where(queries.ready.where);
  return summaryOf(batch, byStatus, attention, ready);
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
export async function findBatchRow(
  q: Handle,
  batchId: string,
  rowId: string,
): Promise<BatchRow | null> {
  return (
    (await first(
      q
        .select()
        .from(disbursementRows)
        .where(and(eq(disbursementRows.batchId, batchId), eq(disbursementRows.id, rowId)))
        .limit(1),
    )) ?? null
  );
}

/** A page of a batch's rows (in file order) and whether more follow. */
export async function listBatchRows(
  q: Handle,
  batchId: string,
  options: { filter?: RowFilter; afterLine?: number; limit?: number } = {},
): Promise<{ rows: BatchRow[]; hasMore: boolean }> {
  const { filter = "all", afterLine = 0, limit = ROWS_PAGE_SIZE } = options;
  const rows = await q
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
    .limit(limit + 1);
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
export async function listBatches(
  q: Handle,
  merchantId: string,
  mode: LedgerBook,
  limit = 50,
): Promise<BatchListItem[]> {
  const batches = await q
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
    .limit(limit);
  if (batches.length === 0) return [];
  const stats = await q
    .select({
      batchId: disbursementRows.batchId,
      rows: countWhere(sql`${disbursementRows.status} not in ('dropped', 'invalid')`),
      amount: sql<string>`cast(coalesce(sum(case when ${disbursementRows.status} not in ('dropped', 'invalid', 'cancelled') then ${disbursementRows.amountKesCents} else 0 end), 0) as text)`,
      paid: countWhere(sql`${disbursementRows.status} = 'paid'`),
      failed: countWhere(sql`${disbursementRows.status} = 'failed'`),
    })
    .from(disbursementRows)
    .where(
      inArray(
        disbursementRows.batchId,
        batches.map((batch) => batch.id),
      ),
    )
    .groupBy(disbursementRows.batchId);
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

/**
 * The batch's results, one line per row (in file order), formula-safe: a page of rows per
 * store.read (a large batch is never read whole, nor in one transaction).
 */
export async function* resultsCsvLines(store: Store, batchId: string): AsyncGenerator<string> {
  yield resultsCsvHeader.join(",");
  let afterLine = 0;
  for (;;) {
    const from = afterLine;
    const page = await store.read((q) => resultsCsvPage(q, batchId, from));
    yield* page.lines;
    if (page.nextAfterLine === null) return;
    afterLine = page.nextAfterLine;
  }
}

/**
 * The results lines of the rows after `afterLine` (up to 1000, in file order), and the line to
 * read on from (null: none follow).
 */
export async function resultsCsvPage(
  q: Handle,
  batchId: string,
  afterLine: number,
): Promise<{ lines: string[]; nextAfterLine: number | null }> {
  const lines: string[] = [];
  const { rows, hasMore } = await listBatchRows(q, batchId, { afterLine, limit: 1000 });
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
