/**
 * Disbursement batches (issue 15, ADR 0035): made from a CSV file or one payout, checked row by row
 * (the preview), fixed or trimmed by the maker, submitted, approved by another member (the checker)
 * and then paid row by row by the payments tick through the rail interface.
 *
 * Every check and the write it guards run in one database transaction: a batch is approved once (a
 * conditional update on its status), the maker never approves their own, and the money for every
 * row is reserved in the ledger in the same transaction (guarded: never more than the available
 * balance). A failed row's money goes back to the balance (transfers.server.ts); retrying reserves
 * it again, the same way.
 */
import { and, asc, count, eq, getTableColumns, gte, inArray, ne, sum } from "drizzle-orm";
import {
  disbursementBatches,
  disbursementRows,
  merchantUsers,
  settlementTransfers,
} from "../../../drizzle/schema";
import { rolePermissions } from "~/core/accounts/permissions";
import { recordAudit } from "~/core/audit.server";
import { railNames } from "~/core/destinations/schema";
import { readableCode } from "~/core/ids.server";
import {
  InsufficientBalanceError,
  type LedgerBook,
  ledgerBook,
  postTransaction,
} from "~/core/ledger/ledger.server";
import { eatDay, eatDayStart } from "~/core/payments/settlement-plan";
import type { RailId } from "~/core/rails/types";
import { newTransferId, newTransferState } from "~/core/transfers/engine.server";
import type { Db, DbOrTx, Tx } from "~/utils/db.server";
import { formatKesCents } from "~/utils/format";
import { placeholders, preparedPerDb } from "~/utils/prepared.server";
import { heavySlice } from "~/utils/yield";
import {
  type ParsedPayoutLine,
  parsePayoutCsv,
  parsePayoutCsvInSlices,
  type PayoutCsvParse,
} from "./csv-parse";
import { DisbursementError } from "./errors";
import { rowCost } from "./fees";
import {
  type CheckedPayoutRow,
  checkPayoutRow,
  duplicateKey,
  type RawPayoutRow,
  type RowCheck,
} from "./row-check";
import { enqueueBatchEvent } from "./events.server";
import { readyTotals } from "./reads.server";
import { rowDestination } from "./row-destination";
import { completeBatchIfDone } from "./transfers.server";
import { BATCH_LIMITS, type BatchKind, type NameCheck } from "./vocabulary";

export type Batch = typeof disbursementBatches.$inferSelect;
export type BatchRow = typeof disbursementRows.$inferSelect;

export const newBatchId = () => `dsb_${readableCode(14).toLowerCase()}`;
const newRowId = () => `dsr_${readableCode(14).toLowerCase()}`;

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
function checkedColumns(raw: RawPayoutRow, check: RowCheck) {
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

function rawColumns(raw: RawPayoutRow) {
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
function recentPayoutKeys(
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

function insertRows(tx: DbOrTx, rows: (typeof disbursementRows.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    tx.insert(disbursementRows)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .run();
}

/** A file's rows as stored, checked, with their duplicates in the file and in the last 7 days. */
function parsedRowValues(
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
async function writeRowsInSlices(
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

function insertBatch(
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

/** A file's rows, or the refusal when the file cannot be read or has no row. */
function fileRows(parsed: PayoutCsvParse): ParsedPayoutLine[] {
  if (!parsed.ok) throw new DisbursementError("invalid_file", parsed.error);
  if (parsed.rows.length === 0)
    throw new DisbursementError("invalid_file", "The file has a header but no payout rows.");
  return parsed.rows;
}

/** The last step of making a file's batch: it is a draft, audited (and the API's answer stored). */
function openDraft(
  tx: Tx,
  maker: BatchMaker,
  batch: Batch,
  input: { fileName: string | null; rows: number },
  now: number,
  inTransaction?: (tx: Tx, batch: Batch) => void,
): Batch {
  const draft = { ...batch, status: "draft" as const };
  if (batch.status !== "draft")
    tx.update(disbursementBatches)
      .set({ status: "draft" })
      .where(and(eq(disbursementBatches.id, batch.id), eq(disbursementBatches.status, "checking")))
      .run();
  audit(tx, maker, "disbursement.batch_created", draft, now, {
    rows: input.rows,
    fileName: input.fileName,
    mode: maker.mode,
  });
  inTransaction?.(tx, draft);
  return draft;
}

type BulkInput = { title: string; fileName: string | null; text: string; smsReceipts: boolean };

/**
 * A draft batch from a CSV file in one transaction: every row checked and stored (valid or not),
 * duplicates marked. For small files (tests, seeding); uploads use `uploadBulkBatch`. Throws
 * DisbursementError("invalid_file") when the file cannot be read, and the upload limits' errors.
 */
export function createBulkBatch(
  db: Db,
  maker: BatchMaker,
  input: BulkInput,
  now: number,
  inTransaction?: (tx: Tx, batch: Batch) => void,
): Batch {
  const lines = fileRows(parsePayoutCsv(input.text));
  return db.transaction((tx) => {
    requireUploadAllowance(tx, maker, lines.length, now);
    const batch = insertBatch(tx, maker, { ...input, kind: "bulk", rowCount: lines.length }, now);
    insertRows(tx, parsedRowValues(tx, batch, lines, now));
    return openDraft(tx, maker, batch, { ...input, rows: lines.length }, now, inTransaction);
  });
}

/**
 * The same for an upload (the dashboard and the API, up to 10,000 rows): the file is checked and
 * its rows written a slice at a time, the event loop turning between slices (issue 27, item 8), so
 * one big file never holds other requests for long. The batch is `checking` (not listed, not
 * editable) until its last row is in; a failure part-way removes it.
 */
export async function uploadBulkBatch(
  db: Db,
  maker: BatchMaker,
  input: BulkInput,
  now: number,
  /** Runs last in the transaction that opens the draft (the API stores its idempotent answer). */
  inTransaction?: (tx: Tx, batch: Batch) => void,
): Promise<Batch> {
  // Refused before any checking when the merchant is already at a limit (a flood costs nothing);
  // checked again with the file's rows in the transaction that makes the batch.
  requireUploadAllowance(db, maker, 0, now);
  const lines = fileRows(await parsePayoutCsvInSlices(input.text));
  const batch = db.transaction((tx) => {
    requireUploadAllowance(tx, maker, lines.length, now);
    return insertBatch(
      tx,
      maker,
      { ...input, kind: "bulk", rowCount: lines.length, status: "checking" },
      now,
    );
  });
  try {
    await writeRowsInSlices(db, batch, lines, now);
    return db.transaction((tx) =>
      openDraft(tx, maker, batch, { ...input, rows: lines.length }, now, inTransaction),
    );
  } catch (error) {
    await abandonBatch(db, batch.id);
    throw error;
  }
}

/** A batch that never became a draft (a failure, or a crash, part-way through writing it). */
export async function abandonBatch(db: Db, batchId: string): Promise<void> {
  await deleteRowsInSlices(db, batchId);
  db.delete(disbursementBatches)
    .where(and(eq(disbursementBatches.id, batchId), eq(disbursementBatches.status, "checking")))
    .run();
}

/**
 * What a merchant may still upload (issue 27, item 8), checked in the transaction that writes the
 * rows: at most BATCH_LIMITS.openDrafts drafts open at once and BATCH_LIMITS.rowsPerDay rows a day
 * (Nairobi day) in each mode. `replacing` is a draft whose rows are being replaced (not counted).
 */
function requireUploadAllowance(
  tx: DbOrTx,
  maker: { merchantId: string; mode: LedgerBook },
  rows: number,
  now: number,
  replacing?: Batch,
) {
  const mine = and(
    eq(disbursementBatches.merchantId, maker.merchantId),
    eq(disbursementBatches.mode, maker.mode),
  );
  if (!replacing) {
    const drafts = tx
      .select({ n: count() })
      .from(disbursementBatches)
      .where(and(mine, inArray(disbursementBatches.status, ["draft", "checking"])))
      .get();
    if ((drafts?.n ?? 0) >= BATCH_LIMITS.openDrafts)
      throw new DisbursementError(
        "too_many_drafts",
        `You have ${BATCH_LIMITS.openDrafts} draft batches open: submit or discard some before you upload another. Drafts expire after 7 days.`,
      );
  }
  const today = tx
    .select({ rows: sum(disbursementBatches.rowCount) })
    .from(disbursementBatches)
    .where(
      and(
        mine,
        gte(disbursementBatches.createdAt, eatDayStart(now)),
        replacing ? ne(disbursementBatches.id, replacing.id) : undefined,
      ),
    )
    .get();
  const used = Number(today?.rows ?? 0);
  if (used + rows > BATCH_LIMITS.rowsPerDay || used >= BATCH_LIMITS.rowsPerDay)
    throw new DisbursementError(
      "daily_rows_exceeded",
      `Batches of up to ${BATCH_LIMITS.rowsPerDay.toLocaleString("en-KE")} rows a day can be uploaded, and ${used.toLocaleString("en-KE")} were today${rows > 0 ? `: ${rows.toLocaleString("en-KE")} more is over it` : ""}. Upload the rest tomorrow, or write to us to raise it.`,
    );
}

/**
 * A corrected file for a draft batch (the maker fixed it in a spreadsheet): its rows replace the
 * batch's, a slice at a time (the batch is `checking` meanwhile). Throws
 * DisbursementError("invalid_file") when the file cannot be read. Should writing fail part-way,
 * the draft is given up (withdrawn, its rows removed): nothing was reserved.
 */
export async function replaceBatchFile(
  db: Db,
  actor: BatchActor,
  input: { batchId: string; fileName: string | null; text: string },
  now: number,
): Promise<Batch> {
  const lines = fileRows(await parsePayoutCsvInSlices(input.text));
  const batch = db.transaction((tx) => {
    const found = getBatchFor(tx, actor.merchantId, input.batchId);
    requireDraft(found);
    requireUploadAllowance(tx, found, lines.length, now, found);
    tx.update(disbursementBatches)
      .set({ status: "checking", updatedAt: now })
      .where(eq(disbursementBatches.id, found.id))
      .run();
    return found;
  });
  try {
    await deleteRowsInSlices(db, batch.id);
    await writeRowsInSlices(db, batch, lines, now);
  } catch (error) {
    await deleteRowsInSlices(db, batch.id);
    db.update(disbursementBatches)
      .set({ status: "withdrawn", rowCount: 0, updatedAt: now })
      .where(eq(disbursementBatches.id, batch.id))
      .run();
    throw error;
  }
  return db.transaction((tx) => {
    tx.update(disbursementBatches)
      .set({ status: "draft", fileName: input.fileName, rowCount: lines.length, updatedAt: now })
      .where(eq(disbursementBatches.id, batch.id))
      .run();
    audit(tx, actor, "disbursement.batch_file_replaced", batch, now, {
      rows: lines.length,
      fileName: input.fileName,
    });
    return { ...batch, fileName: input.fileName, rowCount: lines.length };
  });
}

function getBatchFor(db: DbOrTx, merchantId: string, batchId: string): Batch {
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

function requireDraft(batch: Batch) {
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

function countRows(db: DbOrTx, batchId: string, status: BatchRow["status"]): number {
  return db
    .select({ id: disbursementRows.id })
    .from(disbursementRows)
    .where(and(eq(disbursementRows.batchId, batchId), eq(disbursementRows.status, status)))
    .all().length;
}

function audit(
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

/** The maker sends a draft for approval: no row may still need fixing, and one must be payable. */
export function submitBatch(
  db: Db,
  actor: BatchActor,
  batchId: string,
  now: number,
  /** Runs last in the transaction (the API stores its idempotent answer there). */
  inTransaction?: (tx: Tx, batch: Batch) => void,
): Batch {
  return db.transaction((tx) => {
    const batch = getBatchFor(tx, actor.merchantId, batchId);
    requireDraft(batch);
    const invalid = countRows(tx, batch.id, "invalid");
    if (invalid > 0)
      throw new DisbursementError(
        "rows_need_fixing",
        `${invalid} ${invalid === 1 ? "row needs" : "rows need"} fixing first: fix ${invalid === 1 ? "it" : "them"} or drop ${invalid === 1 ? "it" : "them"} from the batch.`,
      );
    if (countRows(tx, batch.id, "ready") === 0)
      throw new DisbursementError("nothing_to_pay", "There is no row to pay in this batch.");
    tx.update(disbursementBatches)
      .set({ status: "awaiting_approval", submittedAt: now, updatedAt: now })
      .where(eq(disbursementBatches.id, batch.id))
      .run();
    audit(tx, actor, "disbursement.batch_submitted", batch, now);
    const submitted = { ...batch, status: "awaiting_approval" as const, submittedAt: now };
    inTransaction?.(tx, submitted);
    return submitted;
  });
}

/** Back to draft (waiting for approval), or a draft given up: nothing was reserved either way. */
export function withdrawBatch(db: Db, actor: BatchActor, batchId: string, now: number): Batch {
  return db.transaction((tx) => {
    const batch = getBatchFor(tx, actor.merchantId, batchId);
    const next =
      batch.status === "awaiting_approval"
        ? "draft"
        : batch.status === "draft"
          ? "withdrawn"
          : null;
    if (!next)
      throw new DisbursementError("already_decided", "This batch has already been decided.");
    tx.update(disbursementBatches)
      .set({ status: next, submittedAt: null, updatedAt: now })
      .where(
        and(eq(disbursementBatches.id, batch.id), eq(disbursementBatches.status, batch.status)),
      )
      .run();
    audit(
      tx,
      actor,
      next === "draft" ? "disbursement.batch_withdrawn" : "disbursement.batch_discarded",
      batch,
      now,
    );
    return { ...batch, status: next };
  });
}

/**
 * Reserve `total` of the merchant's available balance for payouts (guarded): throws
 * DisbursementError("insufficient_balance") saying by how much it is short.
 */
function reserve(
  tx: DbOrTx,
  batch: Batch,
  total: bigint,
  rows: number,
  idempotencyKey: string,
  description: string,
  now: number,
) {
  const book = ledgerBook(batch.mode);
  try {
    return postTransaction(tx, {
      idempotencyKey,
      kind: "disbursement.reserved",
      description,
      reference: { type: "disbursement_batch", id: batch.id },
      entries: [
        { account: book.merchantAvailable(batch.merchantId), amount: total },
        { account: book.merchantReserved(batch.merchantId), amount: -total },
      ],
      guards: [book.merchantAvailable(batch.merchantId)],
      now,
    });
  } catch (error) {
    if (error instanceof InsufficientBalanceError)
      throw new DisbursementError(
        "insufficient_balance",
        `The available balance is ${formatKesCents(total - error.shortfall)}: ${formatKesCents(error.shortfall)} short of the ${formatKesCents(total)} ${rows === 1 ? "this payout needs" : "these payouts need"} with fees.`,
      );
    throw error;
  }
}

/** A pending transfer paying `row` (the payments tick sends it). */
function queueRow(tx: DbOrTx, batch: Batch, row: BatchRow, now: number): string {
  const id = newTransferId();
  tx.insert(settlementTransfers)
    .values({
      ...newTransferState(now),
      id,
      merchantId: batch.merchantId,
      paymentId: null,
      sequence: row.line,
      purpose: "disbursement",
      rail: row.rail!,
      destinationId: null,
      phone: row.phone,
      amountKesCents: row.amountKesCents!,
      feeKesCents: row.feeKesCents ?? 0n,
      railChargeKesCents: row.railChargeKesCents ?? 0n,
      status: "pending",
      settlementDay: eatDay(now),
      retryOf: null,
      disbursementRowId: row.id,
    })
    .run();
  tx.update(disbursementRows)
    .set({
      status: "queued",
      transferId: id,
      failureReason: null,
      completedAt: null,
      updatedAt: now,
    })
    .where(eq(disbursementRows.id, row.id))
    .run();
  return id;
}

/**
 * Refuse to release rows on rails that do not run here (a live rail whose contract is not set up
 * yet): their money would sit reserved with nothing to send it. `running` undefined: no check.
 */
function requireRunningRails(
  tx: DbOrTx,
  batchId: string,
  status: BatchRow["status"],
  running: readonly RailId[] | undefined,
  rowIds?: readonly string[],
) {
  if (!running) return;
  const rails = tx
    .selectDistinct({ rail: disbursementRows.rail })
    .from(disbursementRows)
    .where(
      and(
        eq(disbursementRows.batchId, batchId),
        eq(disbursementRows.status, status),
        rowIds ? inArray(disbursementRows.id, [...rowIds]) : undefined,
      ),
    )
    .all()
    .map((row) => row.rail)
    .filter((rail): rail is RailId => rail !== null && !running.includes(rail));
  if (rails.length > 0)
    throw new DisbursementError(
      "rail_unavailable",
      `${rails.map((rail) => railNames[rail]).join(" and ")} payouts are not available at the moment: drop those rows, or try again later. Nothing was reserved.`,
    );
}

/**
 * Release a batch for payment: its ready rows' money (amount, fee and charge) is reserved and each
 * gets a pending transfer. `from` is the status it must be in; one caller wins (a conditional
 * update in the same transaction as the reservation).
 */
function release(
  tx: DbOrTx,
  batch: Batch,
  actor: BatchActor,
  from: Batch["status"],
  now: number,
  runningRails?: readonly RailId[],
): { reservedKesCents: bigint; rows: number } {
  const totals = readyTotals(tx, batch.id);
  if (totals.count === 0)
    throw new DisbursementError("nothing_to_pay", "There is no row to pay in this batch.");
  requireRunningRails(tx, batch.id, "ready", runningRails);
  const moved = tx
    .update(disbursementBatches)
    .set({
      status: "processing",
      decidedBy: actor.memberId,
      decidedAt: now,
      reservedKesCents: totals.totalKesCents,
      updatedAt: now,
    })
    .where(and(eq(disbursementBatches.id, batch.id), eq(disbursementBatches.status, from)))
    .run();
  if (moved.changes !== 1)
    throw new DisbursementError("already_decided", "This batch has already been decided.");
  reserve(
    tx,
    batch,
    totals.totalKesCents,
    totals.count,
    `batch:${batch.id}:reserved`,
    `Payout batch ${batch.id}: ${totals.count} ${totals.count === 1 ? "payout" : "payouts"}`,
    now,
  );
  const rows = tx
    .select()
    .from(disbursementRows)
    .where(and(eq(disbursementRows.batchId, batch.id), eq(disbursementRows.status, "ready")))
    .orderBy(asc(disbursementRows.line))
    .all();
  for (const row of rows) queueRow(tx, batch, row, now);
  // Approved without waiting for every name: the rest are no longer asked.
  tx.update(disbursementRows)
    .set({ nameCheck: "not_offered" })
    .where(and(eq(disbursementRows.batchId, batch.id), eq(disbursementRows.nameCheck, "pending")))
    .run();
  return { reservedKesCents: totals.totalKesCents, rows: rows.length };
}

/**
 * The checker approves a batch waiting for approval: never its maker. Reserves the money and queues
 * every ready row, or refuses (short balance, already decided) having changed nothing.
 */
export function approveBatch(
  db: Db,
  actor: BatchActor,
  batchId: string,
  now: number,
  options: { runningRails?: readonly RailId[] } = {},
): { reservedKesCents: bigint; rows: number } {
  return db.transaction((tx) => {
    const batch = getBatchFor(tx, actor.merchantId, batchId);
    if (batch.status !== "awaiting_approval")
      throw new DisbursementError(
        "already_decided",
        batch.status === "draft"
          ? "This batch has not been submitted for approval."
          : "This batch has already been decided.",
      );
    const self = requireChecker(tx, batch, actor);
    const released = release(tx, batch, actor, "awaiting_approval", now, options.runningRails);
    enqueueBatchEvent(tx, batch.id, "payout_batch.approved", now);
    audit(tx, actor, "disbursement.batch_approved", batch, now, {
      rows: released.rows,
      reservedKesCents: released.reservedKesCents.toString(),
      ...(self ? { selfApproved: "sole approver, with a second factor" } : {}),
    });
    return released;
  });
}

/** The roles that may approve payouts (the checker's side of maker-checker). */
const APPROVER_ROLES = (Object.keys(rolePermissions) as (keyof typeof rolePermissions)[]).filter(
  (role) => rolePermissions[role].includes("payouts:approve"),
);

/**
 * The active members of a merchant, other than `memberId`, who could approve a payout: none means
 * the account has one person who can, and maker-checker cannot be two people there.
 */
export function otherApprovers(db: DbOrTx, merchantId: string, memberId: string): number {
  const row = db
    .select({ n: count() })
    .from(merchantUsers)
    .where(
      and(
        eq(merchantUsers.merchantId, merchantId),
        eq(merchantUsers.status, "active"),
        inArray(merchantUsers.role, APPROVER_ROLES),
        ne(merchantUsers.id, memberId),
      ),
    )
    .get();
  return row?.n ?? 0;
}

/**
 * The checker is another member than the maker (a key is its member, never a second person). Only
 * where nobody else could approve does the maker approve their own batch, and then only in person
 * with a second factor (ADR 0039). Returns whether it is such a self-approval.
 */
function requireChecker(tx: DbOrTx, batch: Batch, actor: BatchActor): boolean {
  if (batch.createdBy !== actor.memberId) return false;
  if (otherApprovers(tx, batch.merchantId, actor.memberId) > 0)
    throw new DisbursementError(
      "maker_cannot_approve",
      "You made this batch, so another member with the Finance, Admin or Owner role must approve it.",
    );
  if (actor.keyId || !actor.secondFactor)
    throw new DisbursementError(
      "second_factor_required",
      "You are the only member who can approve payouts, so you approve your own batches with two-factor sign-in: turn it on under Security, then approve with a code from your app.",
    );
  return true;
}

/** The checker turns a batch down (with a reason); nothing was reserved. */
export function rejectBatch(
  db: Db,
  actor: BatchActor,
  input: { batchId: string; note: string },
  now: number,
): Batch {
  return db.transaction((tx) => {
    const batch = getBatchFor(tx, actor.merchantId, input.batchId);
    if (batch.createdBy === actor.memberId)
      throw new DisbursementError(
        "maker_cannot_approve",
        "You made this batch: withdraw it instead of rejecting it.",
      );
    const moved = tx
      .update(disbursementBatches)
      .set({
        status: "rejected",
        decidedBy: actor.memberId,
        decidedAt: now,
        decisionNote: input.note || null,
        updatedAt: now,
      })
      .where(
        and(
          eq(disbursementBatches.id, batch.id),
          eq(disbursementBatches.status, "awaiting_approval"),
        ),
      )
      .run();
    if (moved.changes !== 1)
      throw new DisbursementError("already_decided", "This batch has already been decided.");
    enqueueBatchEvent(tx, batch.id, "payout_batch.rejected", now);
    audit(tx, actor, "disbursement.batch_rejected", batch, now, { note: input.note });
    return { ...batch, status: "rejected" as const };
  });
}

/**
 * One payout (a batch of one). At or under the merchant's approval threshold it is released at once
 * (the maker's step-up is the check); above it, it waits for another member's approval.
 */
export function createSinglePayout(
  db: Db,
  maker: BatchMaker,
  input: {
    row: CheckedPayoutRow;
    raw: RawPayoutRow;
    smsReceipts: boolean;
    approvalAboveKes: number | null;
    /** The rails that run here (undefined: not checked). */
    runningRails?: readonly RailId[];
  },
  now: number,
): { batch: Batch; needsApproval: boolean } {
  return db.transaction((tx) => {
    const name = input.row.name || input.raw.recipient;
    const batch = insertBatch(
      tx,
      maker,
      {
        kind: "single",
        title: `Payout to ${name}`.slice(0, 120),
        fileName: null,
        smsReceipts: input.smsReceipts,
        rowCount: 1,
      },
      now,
    );
    const columns = checkedColumns(input.raw, { ok: true, row: input.row, warnings: [] });
    const recentDuplicateOf =
      recentPayoutKeys(tx, maker.merchantId, maker.mode, now).get(duplicateKey(input.row)) ?? null;
    insertRows(tx, [
      {
        id: newRowId(),
        batchId: batch.id,
        line: 1,
        ...rawColumns(input.raw),
        ...columns,
        // One payout is sent at once: its name is not looked up first.
        nameCheck: "not_offered",
        duplicateOfLine: null,
        recentDuplicateOf,
        updatedAt: now,
      },
    ]);
    const needsApproval =
      input.approvalAboveKes !== null &&
      input.row.amountKesCents > BigInt(input.approvalAboveKes) * 100n;
    const actor = { merchantId: maker.merchantId, memberId: maker.memberId, keyId: maker.keyId };
    audit(tx, actor, "disbursement.single_created", batch, now, {
      amountKesCents: input.row.amountKesCents.toString(),
      needsApproval,
    });
    if (needsApproval) {
      tx.update(disbursementBatches)
        .set({ status: "awaiting_approval", submittedAt: now, updatedAt: now })
        .where(eq(disbursementBatches.id, batch.id))
        .run();
      return { batch: { ...batch, status: "awaiting_approval" as const }, needsApproval };
    }
    release(tx, batch, actor, "draft", now, input.runningRails);
    // Released on the maker's own authority (at or under the threshold): approved all the same.
    enqueueBatchEvent(tx, batch.id, "payout_batch.approved", now);
    return { batch: { ...batch, status: "processing" as const }, needsApproval };
  });
}

/** The batch's failed rows: these, or every one. */
function failedRows(batchId: string, rowIds: readonly string[] | "all_failed") {
  return and(
    eq(disbursementRows.batchId, batchId),
    eq(disbursementRows.status, "failed"),
    rowIds === "all_failed" ? undefined : inArray(disbursementRows.id, [...rowIds]),
  );
}

/** Pay a failed row again: its money is reserved again (guarded) and a new transfer queued. */
export function retryRows(
  db: Db,
  actor: BatchActor,
  input: {
    batchId: string;
    rowIds: readonly string[] | "all_failed";
    /** The rails that run here (undefined: not checked). */
    runningRails?: readonly RailId[];
  },
  now: number,
): number {
  return db.transaction((tx) => {
    const batch = getBatchFor(tx, actor.merchantId, input.batchId);
    requireRunningRails(
      tx,
      batch.id,
      "failed",
      input.runningRails,
      input.rowIds === "all_failed" ? undefined : input.rowIds,
    );
    if (batch.status !== "processing" && batch.status !== "completed")
      throw new DisbursementError(
        "not_retryable",
        "Only rows of an approved batch can be retried.",
      );
    const rows = tx
      .select()
      .from(disbursementRows)
      .where(failedRows(batch.id, input.rowIds))
      .orderBy(asc(disbursementRows.line))
      .all();
    if (rows.length === 0)
      throw new DisbursementError("not_retryable", "There is no failed row to retry.");
    const total = rows.reduce(
      (sum, row) =>
        sum + (row.amountKesCents ?? 0n) + (row.feeKesCents ?? 0n) + (row.railChargeKesCents ?? 0n),
      0n,
    );
    const transferIds = rows.map((row) => queueRow(tx, batch, row, now));
    reserve(
      tx,
      batch,
      total,
      rows.length,
      `batch:${batch.id}:retry:${transferIds[0]}`,
      `Payout batch ${batch.id}: ${rows.length} ${rows.length === 1 ? "payout" : "payouts"} retried`,
      now,
    );
    tx.update(disbursementBatches)
      .set({ status: "processing", completedAt: null, updatedAt: now })
      .where(eq(disbursementBatches.id, batch.id))
      .run();
    audit(tx, actor, "disbursement.rows_retried", batch, now, {
      rows: rows.map((row) => row.line),
    });
    return rows.length;
  });
}

/** Give up failed rows for good (their money is already back in the balance). */
export function cancelRows(
  db: Db,
  actor: BatchActor,
  input: { batchId: string; rowIds: readonly string[] | "all_failed" },
  now: number,
): number {
  return db.transaction((tx) => {
    const batch = getBatchFor(tx, actor.merchantId, input.batchId);
    const cancelled = tx
      .update(disbursementRows)
      .set({ status: "cancelled", updatedAt: now })
      .where(failedRows(batch.id, input.rowIds))
      .returning({ line: disbursementRows.line })
      .all();
    if (cancelled.length === 0)
      throw new DisbursementError("not_retryable", "There is no failed row to cancel.");
    completeBatchIfDone(tx, batch.id, now);
    audit(tx, actor, "disbursement.rows_cancelled", batch, now, {
      rows: cancelled.map((row) => row.line),
    });
    return cancelled.length;
  });
}
