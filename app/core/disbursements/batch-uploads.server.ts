/**
 * Making a disbursement batch from a payout file (issue 15, ADR 0035): the upload is parsed and
 * checked a slice at a time, written as a draft, replaced or abandoned by its maker.
 */
import { and, count, eq, gte, inArray, ne, sum } from "drizzle-orm";
import { disbursementBatches, merchants } from "../../../drizzle/schema";
import { type LedgerBook } from "~/core/ledger/ledger.server";
import { eatDayStart } from "~/core/payments/settlement-plan";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
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
async function openDraft(
  q: Handle,
  maker: BatchMaker,
  batch: Batch,
  input: { fileName: string | null; rows: number },
  now: number,
  inTransaction?: (q: Handle, batch: Batch) => Promise<void>,
): Promise<Batch> {
  const draft = { ...batch, status: "draft" as const };
  if (batch.status !== "draft")
    await q
      .update(disbursementBatches)
      .set({ status: "draft" })
      .where(and(eq(disbursementBatches.id, batch.id), eq(disbursementBatches.status, "checking")));
  await audit(q, maker, "disbursement.batch_created", draft, now, {
    rows: input.rows,
    fileName: input.fileName,
    mode: maker.mode,
  });
  await inTransaction?.(q, draft);
  return draft;
}

type BulkInput = { title: string; fileName: string | null; text: string; smsReceipts: boolean };

/**
 * A draft batch from a CSV file in one transaction: every row checked and stored (valid or not),
 * duplicates marked. For small files (tests, seeding); uploads use `uploadBulkBatch`. Throws
 * DisbursementError("invalid_file") when the file cannot be read, and the upload limits' errors.
 */
export async function createBulkBatch(
  store: Store,
  maker: BatchMaker,
  input: BulkInput,
  now: number,
  inTransaction?: (q: Handle, batch: Batch) => Promise<void>,
): Promise<Batch> {
  const lines = fileRows(parsePayoutCsv(input.text));
  return store.write(async (q) => {
    await requireUploadAllowance(q, maker, lines.length, now, { lock: store });
    const batch = await insertBatch(
      q,
      maker,
      { ...input, kind: "bulk", rowCount: lines.length },
      now,
    );
    await insertRows(q, await parsedRowValues(q, batch, lines, now));
    return openDraft(q, maker, batch, { ...input, rows: lines.length }, now, inTransaction);
  });
}

/**
 * The same for an upload (the dashboard and the API, up to 10,000 rows): the file is checked and
 * its rows written a slice at a time, the event loop turning between slices (issue 27, item 8), so
 * one big file never holds other requests for long. The batch is `checking` (not listed, not
 * editable) until its last row is in; a failure part-way removes it.
 */
export async function uploadBulkBatch(
  store: Store,
  maker: BatchMaker,
  input: BulkInput,
  now: number,
  /** Runs last in the transaction that opens the draft (the API stores its idempotent answer). */
  inTransaction?: (q: Handle, batch: Batch) => Promise<void>,
): Promise<Batch> {
  // Refused before any checking when the merchant is already at a limit (a flood costs nothing);
  // checked again with the file's rows in the transaction that makes the batch.
  await store.read((q) => requireUploadAllowance(q, maker, 0, now));
  const lines = fileRows(await parsePayoutCsvInSlices(input.text));
  const batch = await store.write(async (q) => {
    await requireUploadAllowance(q, maker, lines.length, now, { lock: store });
    return insertBatch(
      q,
      maker,
      { ...input, kind: "bulk", rowCount: lines.length, status: "checking" },
      now,
    );
  });
  try {
    await writeRowsInSlices(store, batch, lines, now);
    return await store.write((q) =>
      openDraft(q, maker, batch, { ...input, rows: lines.length }, now, inTransaction),
    );
  } catch (error) {
    await abandonBatch(store, batch.id);
    throw error;
  }
}

/** A batch that never became a draft (a failure, or a crash, part-way through writing it). */
export async function abandonBatch(store: Store, batchId: string): Promise<void> {
  await deleteRowsInSlices(store, batchId);
  await store.write(async (q) => {
    await q
      .delete(disbursementBatches)
      .where(and(eq(disbursementBatches.id, batchId), eq(disbursementBatches.status, "checking")));
  });
}

/**
 * What a merchant may still upload (issue 27, item 8), checked in the transaction that writes the
 * rows: at most BATCH_LIMITS.openDrafts drafts open at once and BATCH_LIMITS.rowsPerDay rows a day
 * (Nairobi day) in each mode. `replacing` is a draft whose rows are being replaced (not counted).
 * In a write, `lock` (the store) locks the merchant's row first: uploads of one merchant then take
 * turns between this check and their write (an aggregate cannot be read FOR UPDATE on PostgreSQL).
 */
async function requireUploadAllowance(
  q: Handle,
  maker: { merchantId: string; mode: LedgerBook },
  rows: number,
  now: number,
  options: { lock?: Pick<Store, "forUpdate">; replacing?: Batch } = {},
) {
  const { lock, replacing } = options;
  if (lock)
    await first(
      lock.forUpdate(
        q
          .select({ id: merchants.id })
          .from(merchants)
          .where(eq(merchants.id, maker.merchantId))
          .limit(1),
      ),
    );
  const mine = and(
    eq(disbursementBatches.merchantId, maker.merchantId),
    eq(disbursementBatches.mode, maker.mode),
  );
  if (!replacing) {
    const drafts = await first(
      q
        .select({ n: count() })
        .from(disbursementBatches)
        .where(and(mine, inArray(disbursementBatches.status, ["draft", "checking"])))
        .limit(1),
    );
    if ((drafts?.n ?? 0) >= BATCH_LIMITS.openDrafts)
      throw new DisbursementError(
        "too_many_drafts",
        `You have ${BATCH_LIMITS.openDrafts} draft batches open: submit or discard some before you upload another. Drafts expire after 7 days.`,
      );
  }
  const today = await first(
    q
      .select({ rows: sum(disbursementBatches.rowCount) })
      .from(disbursementBatches)
      .where(
        and(
          mine,
          gte(disbursementBatches.createdAt, eatDayStart(now)),
          replacing ? ne(disbursementBatches.id, replacing.id) : undefined,
        ),
      )
      .limit(1),
  );
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
  store: Store,
  actor: BatchActor,
  input: { batchId: string; fileName: string | null; text: string },
  now: number,
): Promise<Batch> {
  const lines = fileRows(await parsePayoutCsvInSlices(input.text));
  const batch = await store.write(async (q) => {
    const found = await getBatchFor(q, actor.merchantId, input.batchId, store);
    requireDraft(found);
    await requireUploadAllowance(q, found, lines.length, now, { lock: store, replacing: found });
    await q
      .update(disbursementBatches)
      .set({ status: "checking", updatedAt: now })
      .where(eq(disbursementBatches.id, found.id));
    return found;
  });
  try {
    await deleteRowsInSlices(store, batch.id);
    await writeRowsInSlices(store, batch, lines, now);
  } catch (error) {
    await deleteRowsInSlices(store, batch.id);
    await store.write(async (q) => {
      await q
        .update(disbursementBatches)
        .set({ status: "withdrawn", rowCount: 0, updatedAt: now })
        .where(eq(disbursementBatches.id, batch.id));
    });
    throw error;
  }
  return store.write(async (q) => {
    await q
      .update(disbursementBatches)
      .set({ status: "draft", fileName: input.fileName, rowCount: lines.length, updatedAt: now })
      .where(eq(disbursementBatches.id, batch.id));
    await audit(q, actor, "disbursement.batch_file_replaced", batch, now, {
      rows: lines.length,
      fileName: input.fileName,
    });
    return { ...batch, fileName: input.fileName, rowCount: lines.length };
  });
}
