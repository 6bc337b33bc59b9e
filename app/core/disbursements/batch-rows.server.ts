/**
 * A disbursement batch's records (issue 15, ADR 0035): its types and ids, writing its rows (checked
 * cells, duplicate flags, in slices for large files), the maker's edits of a draft, and the audit
 * entries. Batches are made from a file in batch-uploads.server.ts and submitted, approved, paid
 * and retried in batch-approval.server.ts; batches.server.ts is the one door for callers.
 */
import { and, asc, eq, getTableColumns, gte, inArray } from "drizzle-orm";
import { disbursementBatches, disbursementRows } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { readableCode } from "~/core/ids.server";
import { type LedgerBook } from "~/core/ledger/ledger.server";
import type { RailId } from "~/core/rails/types";
import type { Db, DbOrTx } from "~/utils/db.server";
import { placeholders, preparedPerDb } from "~/utils/prepared.server";
import { heavySlice } from "~/utils/yield";
import { type ParsedPayoutLine } from "./csv-parse";
import { DisbursementError } from "./errors";
import { rowCost } from "./fees";
import {
  type CheckedPayoutRow,
  checkPayoutRow,
  duplicateKey,
  type RawPayoutRow,
  type RowCheck,
} from "./row-check";
import { rowDestination } from "./row-destination";
import { BATCH_LIMITS, type BatchKind, type NameCheck } from "./vocabulary";

export type Batch = typeof disbursementBatches.$inferSelect;
export type BatchRow = typeof disbursementRows.$inferSelect;

export const newBatchId = () => `dsb_${readableCode(14).toLowerCase()}`;
export const newRowId = () => `dsr_${readableCode(14).toLowerCase()}`;

/** Rails whose registered name we can ask without moving money (Airtel's KYC, PesaLink). */
export const NAME_LOOKUP_RAILS: readonly RailId[] = ["airtel-money", "pesalink"];

/** A payout to the same recipient for the same amount this recently is flagged as a duplicate. */
export const RECENT_DUPLICATE_MS = 7 * 24 * 60 * 60_000;

/**
 * Who makes a batch: always a member (their user id), in a mode. Through the API it is the key's
 * member, with the key kept beside it for the audit (ADR 0039): a key is never a second person.
 */
export interface BatchMaker {
  merchantId: string;
  memberId: string;
  mode: LedgerBook;
  /** The API key it came through (null or absent: the dashboard). */
  keyId?: string | null;
}

/** Who acts on a batch afterwards (submits, approves, retries): a member, perhaps through a key. */
export interface BatchActor {
  merchantId: string;
  memberId: string;
  keyId?: string | null;
  /**
   * The member proved a second factor (two-factor sign-in on, confirmed in the last minutes): the
   * only way the sole approver of an account approves their own batch.
   */
  secondFactor?: boolean;
}

const INSERT_CHUNK = 100;

/** The columns a row's check sets (valid or not), from the raw cells. */
export function checkedColumns(raw: RawPayoutRow, check: RowCheck) {
  if (!check.ok)
    return {
      errors: JSON.stringify(check.errors),
      status: "invalid" as const,
      rail: null,
      phone: null,
      bankCode: null,
      accountNumber: null,
      b2bKind: null,
      businessNumber: null,
      accountReference: null,
      amountKesCents: null,
      feeKesCents: null,
      railChargeKesCents: null,
      reference: null,
      name: null,
      nameCheck: "not_offered" as NameCheck,
      registeredName: null,
    };
  const { row } = check;
  const destination = row.destination;
  const b2b = destination.kind === "business" ? destination : null;
  const cost = rowCost(row.rail, row.amountKesCents, b2b?.b2b ?? null);
  return {
    errors: null,
    status: "ready" as const,
    rail: row.rail,
    phone: destination.kind === "msisdn" ? destination.phone : null,
    bankCode: destination.kind === "bank_account" ? destination.bankCode : null,
    accountNumber: destination.kind === "bank_account" ? destination.accountNumber : null,
    b2bKind: b2b?.b2b ?? null,
    businessNumber: b2b?.businessNumber ?? null,
    accountReference: b2b?.accountReference ?? null,
    amountKesCents: row.amountKesCents,
    feeKesCents: cost.feeKesCents,
    railChargeKesCents: cost.railChargeKesCents,
    reference: row.reference || null,
    name: row.name || null,
    nameCheck: (row.name && NAME_LOOKUP_RAILS.includes(row.rail)
      ? "pending"
      : "not_offered") as NameCheck,
    registeredName: null,
  };
}

export function rawColumns(raw: RawPayoutRow) {
  return {
    rawRecipient: raw.recipient,
    rawRail: raw.rail,
    rawAmount: raw.amount,
    rawReference: raw.reference,
    rawName: raw.name,
    rawBankCode: raw.bankCode,
    rawAccount: raw.account ?? "",
  };
}

/** A stored row as the check's result (for its duplicate key). */
function checkedOf(row: BatchRow): CheckedPayoutRow | null {
  if (!row.rail || row.amountKesCents === null) return null;
  return {
    rail: row.rail,
    destination: rowDestination(row),
    amountKesCents: row.amountKesCents,
    reference: row.reference ?? "",
    name: row.name ?? "",
  };
}

/**
 * Payouts of the last 7 days (queued, sent or paid) of this merchant in this mode, by duplicate
 * key: the row id of one of them.
 */
export function recentPayoutKeys(
  db: DbOrTx,
  merchantId: string,
  mode: LedgerBook,
  now: number,
  exceptBatchId?: string,
): Map<string, string> {
  const rows = db
    .select({ row: disbursementRows })
    .from(disbursementRows)
    .innerJoin(disbursementBatches, eq(disbursementBatches.id, disbursementRows.batchId))
    .where(
      and(
        eq(disbursementBatches.merchantId, merchantId),
        eq(disbursementBatches.mode, mode),
        inArray(disbursementRows.status, ["queued", "sent", "paid"]),
        gte(disbursementRows.updatedAt, now - RECENT_DUPLICATE_MS),
      ),
    )
    .all();
  const keys = new Map<string, string>();
  for (const { row } of rows) {
    if (row.batchId === exceptBatchId) continue;
    const checked = checkedOf(row);
    if (checked) keys.set(duplicateKey(checked), row.id);
  }
  return keys;
}

/**
 * Mark the batch's duplicates again (after an edit or a drop): within the batch, a ready row paying
 * the same recipient the same amount as an earlier ready line; and against the last 7 days.
 */
function refreshDuplicates(tx: DbOrTx, batch: Batch, now: number) {
  const recent = recentPayoutKeys(tx, batch.merchantId, batch.mode, now, batch.id);
  const rows = tx
    .select()
    .from(disbursementRows)
    .where(eq(disbursementRows.batchId, batch.id))
    .orderBy(asc(disbursementRows.line))
    .all();
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    const checked = row.status === "ready" ? checkedOf(row) : null;
    const key = checked ? duplicateKey(checked) : null;
    const duplicateOfLine = key ? (firstLine.get(key) ?? null) : null;
    if (key && duplicateOfLine === null) firstLine.set(key, row.line);
    const recentDuplicateOf = key ? (recent.get(key) ?? null) : null;
    if (row.duplicateOfLine !== duplicateOfLine || row.recentDuplicateOf !== recentDuplicateOf)
      tx.update(disbursementRows)
        .set({ duplicateOfLine, recentDuplicateOf })
        .where(eq(disbursementRows.id, row.id))
        .run();
  }
}

/** Every column of a row, as the prepared insert's placeholders. */
const ROW_COLUMNS = Object.keys(getTableColumns(disbursementRows)) as (keyof BatchRow)[];
/** A prepared insert takes every column: those a new row leaves out are null. */
const EMPTY_ROW = Object.fromEntries(ROW_COLUMNS.map((column) => [column, null]));

/**
 * One row, prepared once per transaction handle: a file's rows are written one statement run at a
 * time (building a 100-row multi-value insert costs drizzle far more than SQLite's work).
 */
const insertRowStatement = preparedPerDb((tx: DbOrTx) =>
  tx
    .insert(disbursementRows)
    .values(placeholders(...ROW_COLUMNS) as unknown as typeof disbursementRows.$inferInsert)
    .prepare(),
);

export function insertRows(tx: DbOrTx, rows: (typeof disbursementRows.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    tx.insert(disbursementRows)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .run();
}

/** A file's rows as stored, checked, with their duplicates in the file and in the last 7 days. */
export function parsedRowValues(
  db: DbOrTx,
  batch: Batch,
  lines: readonly ParsedPayoutLine[],
  now: number,
): (typeof disbursementRows.$inferInsert)[] {
  return rowValues(
    batch,
    lines,
    recentPayoutKeys(db, batch.merchantId, batch.mode, now, batch.id),
    now,
  );
}

/** Lines as stored rows, `recent` being the last 7 days' payouts by duplicate key. */
function rowValues(
  batch: Batch,
  lines: readonly ParsedPayoutLine[],
  recent: Map<string, string>,
  now: number,
): (typeof disbursementRows.$inferInsert)[] {
  return lines.map((line) => ({
    id: newRowId(),
    batchId: batch.id,
    line: line.line,
    ...rawColumns(line.raw),
    ...checkedColumns(line.raw, line.check),
    duplicateOfLine: line.duplicateOfLine,
    recentDuplicateOf: line.check.ok ? (recent.get(duplicateKey(line.check.row)) ?? null) : null,
    updatedAt: now,
  }));
}

/**
 * Write a file's rows a slice at a time (BATCH_LIMITS.rowsPerWrite, a transaction each), giving
 * the event loop a turn between slices (issue 27, item 8). The batch is `checking` meanwhile:
 * nothing else reads or changes its rows until it is a draft.
 */
export async function writeRowsInSlices(
  db: Db,
  batch: Batch,
  lines: readonly ParsedPayoutLine[],
  now: number,
) {
  const recent = recentPayoutKeys(db, batch.merchantId, batch.mode, now, batch.id);
  const size = BATCH_LIMITS.rowsPerWrite;
  for (let start = 0; start < lines.length; start += size)
    await heavySlice(() => {
      const values = rowValues(batch, lines.slice(start, start + size), recent, now);
      db.transaction((tx) => {
        const insert = insertRowStatement(tx);
        for (const value of values) insert.run({ ...EMPTY_ROW, ...value });
      });
    });
}

/** Delete a batch's rows a slice at a time (a replaced file, an expired or abandoned batch). */
export async function deleteRowsInSlices(db: Db, batchId: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const changes = await heavySlice(() => {
      const ids = db
        .select({ id: disbursementRows.id })
        .from(disbursementRows)
        .where(eq(disbursementRows.batchId, batchId))
        .limit(BATCH_LIMITS.rowsPerWrite)
        .all()
        .map((row) => row.id);
      return ids.length === 0
        ? 0
        : db.delete(disbursementRows).where(inArray(disbursementRows.id, ids)).run().changes;
    });
    if (changes === 0) return deleted;
    deleted += changes;
  }
}

export function insertBatch(
  tx: DbOrTx,
  maker: BatchMaker,
  input: {
    kind: BatchKind;
    title: string;
    fileName: string | null;
    smsReceipts: boolean;
    rowCount: number;
    status?: "draft" | "checking";
  },
  now: number,
): Batch {
  const batch: Batch = {
    id: newBatchId(),
    merchantId: maker.merchantId,
    mode: maker.mode,
    kind: input.kind,
    status: input.status ?? "draft",
    fileName: input.fileName,
    title: input.title,
    smsReceipts: input.smsReceipts,
    createdBy: maker.memberId,
    createdWithKey: maker.keyId ?? null,
    rowCount: input.rowCount,
    submittedAt: null,
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
    reservedKesCents: null,
    completedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  tx.insert(disbursementBatches).values(batch).run();
  return batch;
}

export function getBatchFor(db: DbOrTx, merchantId: string, batchId: string): Batch {
  const batch = db
    .select()
    .from(disbursementBatches)
    .where(and(eq(disbursementBatches.id, batchId), eq(disbursementBatches.merchantId, merchantId)))
    .get();
  if (!batch) throw new DisbursementError("not_found", "There is no such payout batch.");
  return batch;
}

/** A batch of this merchant, or null. */
export function findBatch(db: DbOrTx, merchantId: string, batchId: string): Batch | null {
  try {
    return getBatchFor(db, merchantId, batchId);
  } catch {
    return null;
  }
}

function getRowFor(db: DbOrTx, batch: Batch, rowId: string): BatchRow {
  const row = db
    .select()
    .from(disbursementRows)
    .where(and(eq(disbursementRows.id, rowId), eq(disbursementRows.batchId, batch.id)))
    .get();
  if (!row) throw new DisbursementError("not_found", "There is no such row in this batch.");
  return row;
}

export function requireDraft(batch: Batch) {
  if (batch.status !== "draft")
    throw new DisbursementError(
      "not_editable",
      batch.status === "awaiting_approval"
        ? "This batch is waiting for approval. Withdraw it to make changes."
        : batch.status === "checking"
          ? "This batch's file is still being checked: reload the page in a moment."
          : "This batch can no longer be changed.",
    );
}

/** Fix a row of a draft batch: its cells checked again (the result is stored either way). */
export function updateRow(
  db: Db,
  actor: BatchActor,
  input: { batchId: string; rowId: string; raw: RawPayoutRow },
  now: number,
): RowCheck {
  return db.transaction((tx) => {
    const batch = getBatchFor(tx, actor.merchantId, input.batchId);
    requireDraft(batch);
    getRowFor(tx, batch, input.rowId);
    const check = checkPayoutRow(input.raw);
    tx.update(disbursementRows)
      .set({ ...rawColumns(input.raw), ...checkedColumns(input.raw, check), updatedAt: now })
      .where(eq(disbursementRows.id, input.rowId))
      .run();
    tx.update(disbursementBatches)
      .set({ updatedAt: now })
      .where(eq(disbursementBatches.id, batch.id))
      .run();
    refreshDuplicates(tx, batch, now);
    return check;
  });
}

/** Leave a row out of a draft batch, or put it back (checked again). */
export function setRowDropped(
  db: Db,
  actor: BatchActor,
  input: { batchId: string; rowId: string; dropped: boolean },
  now: number,
): void {
  db.transaction((tx) => {
    const batch = getBatchFor(tx, actor.merchantId, input.batchId);
    requireDraft(batch);
    const row = getRowFor(tx, batch, input.rowId);
    const status = input.dropped ? "dropped" : row.errors ? "invalid" : "ready";
    tx.update(disbursementRows)
      .set({ status, updatedAt: now })
      .where(eq(disbursementRows.id, row.id))
      .run();
    refreshDuplicates(tx, batch, now);
  });
}

/** Drop every row of a draft batch that still needs fixing (the maker sends the rest). */
export function dropInvalidRows(db: Db, actor: BatchActor, batchId: string, now: number): number {
  return db.transaction((tx) => {
    const batch = getBatchFor(tx, actor.merchantId, batchId);
    requireDraft(batch);
    return tx
      .update(disbursementRows)
      .set({ status: "dropped", updatedAt: now })
      .where(and(eq(disbursementRows.batchId, batch.id), eq(disbursementRows.status, "invalid")))
      .run().changes;
  });
}

export function countRows(db: DbOrTx, batchId: string, status: BatchRow["status"]): number {
  return db
    .select({ id: disbursementRows.id })
    .from(disbursementRows)
    .where(and(eq(disbursementRows.batchId, batchId), eq(disbursementRows.status, status)))
    .all().length;
}

export function audit(
  tx: DbOrTx,
  actor: BatchActor,
  action: string,
  batch: Batch,
  now: number,
  details?: Record<string, unknown>,
) {
  recordAudit(
    tx,
    {
      actorType: "merchant_user",
      actorId: actor.memberId,
      action,
      targetType: "disbursement_batch",
      targetId: batch.id,
      details: actor.keyId ? { ...details, viaApiKey: actor.keyId } : details,
    },
    now,
  );
}
