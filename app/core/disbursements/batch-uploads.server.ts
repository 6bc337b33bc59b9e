/**
 * Making a disbursement batch from a payout file (issue 15, ADR 0035): the upload is parsed and
 * checked a slice at a time, written as a draft, replaced or abandoned by its maker.
 */
import { and, count, eq, gte, inArray, ne, sum } from "drizzle-orm";
import { disbursementBatches } from "../../../drizzle/schema";
import { type LedgerBook } from "~/core/ledger/ledger.server";
import { eatDayStart } from "~/core/payments/settlement-plan";
import type { Db, DbOrTx, Tx } from "~/utils/db.server";
import {
  type ParsedPayoutLine,
  parsePayoutCsv,
  parsePayoutCsvInSlices,
  type PayoutCsvParse,
} from "./csv-parse";
import { DisbursementError } from "./errors";
import { BATCH_LIMITS } from "./vocabulary";
import {
  type Batch,
  type BatchActor,
  type BatchMaker,
  audit,
  deleteRowsInSlices,
  getBatchFor,
  insertBatch,
  insertRows,
  parsedRowValues,
  requireDraft,
  writeRowsInSlices,
} from "./batch-rows.server";

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
