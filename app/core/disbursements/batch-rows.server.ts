/**
 * A disbursement batch's records (issue 15, ADR 0035): its types and ids, writing its rows (checked
 * cells, duplicate flags, in slices for large files), the maker's edits of a draft, and the audit
 * entries. Batches are made from a file in batch-uploads.server.ts and submitted, approved, paid
 * and retried in batch-approval.server.ts; batches.server.ts is the one door for callers.
 */
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { disbursementBatches, disbursementRows } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { readableCode } from "~/core/ids.server";
import { type LedgerBook } from "~/core/ledger/ledger.server";
import type { RailId } from "~/core/rails/types";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
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
      exciseKesCents: null,
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
    exciseKesCents: cost.exciseKesCents,
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
export async function recentPayoutKeys(
  q: Handle,
  merchantId: string,
  mode: LedgerBook,
  now: number,
  exceptBatchId?: string,
): Promise<Map<string, string>> {
  const rows = await q
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
    );
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
async function refreshDuplicates(q: Handle, batch: Batch, now: number) {
  const recent = await recentPayoutKeys(q, batch.merchantId, batch.mode, now, batch.id);
  const rows = await q
    .select()
    .from(disbursementRows)
    .where(eq(disbursementRows.batchId, batch.id))
    .orderBy(asc(disbursementRows.line));
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    const checked = row.status === "ready" ? checkedOf(row) : null;
    const key = checked ? duplicateKey(checked) : null;
    const duplicateOfLine = key ? (firstLine.get(key) ?? null) : null;
    if (key && duplicateOfLine === null) firstLine.set(key, row.line);
    const recentDuplicateOf = key ? (recent.get(key) ?? null) : null;
    if (row.duplicateOfLine !== duplicateOfLine || row.recentDuplicateOf !== recentDuplicateOf)
      await q
        .update(disbursementRows)
        .set({ duplicateOfLine, recentDuplicateOf })
        .where(eq(disbursementRows.id, row.id));
  }
}

export async function insertRows(q: Handle, rows: (typeof disbursementRows.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    await q.insert(disbursementRows).values(rows.slice(i, i + INSERT_CHUNK));
}

/** A file's rows as stored, checked, with their duplicates in the file and in the last 7 days. */
export async function parsedRowValues(
  q: Handle,
  batch: Batch,
  lines: readonly ParsedPayoutLine[],
  now: number,
): Promise<(typeof disbursementRows.$inferInsert)[]> {
  return rowValues(
    batch,
    lines,
    await recentPayoutKeys(q, batch.merchantId, batch.mode, now, batch.id),
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
 * Write a file's rows a slice at a time (BATCH_LIMITS.rowsPerWrite, a write each), giving the
 * event loop a turn between slices (issue 27, item 8). The batch is `checking` meanwhile: nothing
 * else reads or changes its rows until it is a draft.
 */
export async function writeRowsInSlices(
  store: Store,
  batch: Batch,
  lines: readonly ParsedPayoutLine[],
  now: number,
) {
  const recent = await store.read((q) =>
    recentPayoutKeys(q, batch.merchantId, batch.mode, now, batch.id),
  );
  const size = BATCH_LIMITS.rowsPerWrite;
  for (let start = 0; start < lines.length; start += size)
    await heavySlice(() =>
      store.write((q) =>
        insertRows(q, rowValues(batch, lines.slice(start, start + size), recent, now)),
      ),
    );
}

/** Delete a batch's rows a slice at a time (a replaced file, an expired or abandoned batch). */
export async function deleteRowsInSlices(store: Store, batchId: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const changes = await heavySlice(() =>
      store.write(async (q) => {
        const ids = (
          await q
            .select({ id: disbursementRows.id })
            .from(disbursementRows)
            .where(eq(disbursementRows.batchId, batchId))
            .limit(BATCH_LIMITS.rowsPerWrite)
        ).map((row) => row.id);
        if (ids.length === 0) return 0;
        const gone = await q
          .delete(disbursementRows)
          .where(inArray(disbursementRows.id, ids))
          .returning({ id: disbursementRows.id });
        return gone.length;
      }),
    );
    if (changes === 0) return deleted;
    deleted += changes;
  }
}

export async function insertBatch(
  q: Handle,
  maker: BatchMaker,
  input: {
    kind: BatchKind;
    title: string;
    fileName: string | null;
    smsReceipts: boolean;
    rowCount: number;
    status?: "draft" | "checking";
    /** A single payout's form request key (one payout per merchant and key). */
    requestKey?: string | null;
  },
  now: number,
): Promise<Batch> {
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
    requestKey: input.requestKey ?? null,
    submittedAt: null,
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
    reservedKesCents: null,
    completedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await q.insert(disbursementBatches).values(batch);
  return batch;
}

/**
 * The merchant's batch, or DisbursementError("not_found"). A "check then write" passes its store:
 * the batch's row is then read for update (locked until the write ends).
 */
export async function getBatchFor(
  q: Handle,
  merchantId: string,
  batchId: string,
  lock?: Pick<Store, "forUpdate">,
): Promise<Batch> {
  const query = q
    .select()
    .from(disbursementBatches)
    .where(and(eq(disbursementBatches.id, batchId), eq(disbursementBatches.merchantId, merchantId)))
    .limit(1);
  const batch = await first(lock ? lock.forUpdate(query) : query);
  if (!batch) throw new DisbursementError("not_found", "There is no such payout batch.");
  return batch;
}

/** A batch of this merchant, or null. */
export async function findBatch(
  store: Store,
  merchantId: string,
  batchId: string,
): Promise<Batch | null> {
  return store.read(async (q) => {
    try {
      return await getBatchFor(q, merchantId, batchId);
    } catch {
      return null;
    }
  });
}

async function getRowFor(q: Handle, batch: Batch, rowId: string): Promise<BatchRow> {
  const row = await first(
    q
      .select()
      .from(disbursementRows)
      .where(and(eq(disbursementRows.id, rowId), eq(disbursementRows.batchId, batch.id)))
      .limit(1),
  );
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
export async function updateRow(
  store: Store,
  actor: BatchActor,
  input: { batchId: string; rowId: string; raw: RawPayoutRow },
  now: number,
): Promise<RowCheck> {
  return store.write(async (q) => {
    const batch = await getBatchFor(q, actor.merchantId, input.batchId, store);
    requireDraft(batch);
    await getRowFor(q, batch, input.rowId);
    const check = checkPayoutRow(input.raw);
    await q
      .update(disbursementRows)
      .set({ ...rawColumns(input.raw), ...checkedColumns(input.raw, check), updatedAt: now })
      .where(eq(disbursementRows.id, input.rowId));
    await q
      .update(disbursementBatches)
      .set({ updatedAt: now })
      .where(eq(disbursementBatches.id, batch.id));
    await refreshDuplicates(q, batch, now);
    return check;
  });
}

/** Leave a row out of a draft batch, or put it back (checked again). */
export async function setRowDropped(
  store: Store,
  actor: BatchActor,
  input: { batchId: string; rowId: string; dropped: boolean },
  now: number,
): Promise<void> {
  await store.write(async (q) => {
    const batch = await getBatchFor(q, actor.merchantId, input.batchId, store);
    requireDraft(batch);
    const row = await getRowFor(q, batch, input.rowId);
    const status = input.dropped ? "dropped" : row.errors ? "invalid" : "ready";
    await q
      .update(disbursementRows)
      .set({ status, updatedAt: now })
      .where(eq(disbursementRows.id, row.id));
    await refreshDuplicates(q, batch, now);
  });
}

/** Drop every row of a draft batch that still needs fixing (the maker sends the rest). */
export async function dropInvalidRows(
  store: Store,
  actor: BatchActor,
  batchId: string,
  now: number,
): Promise<number> {
  return store.write(async (q) => {
    const batch = await getBatchFor(q, actor.merchantId, batchId, store);
    requireDraft(batch);
    const dropped = await q
      .update(disbursementRows)
      .set({ status: "dropped", updatedAt: now })
      .where(and(eq(disbursementRows.batchId, batch.id), eq(disbursementRows.status, "invalid")))
      .returning({ id: disbursementRows.id });
    return dropped.length;
  });
}

export async function countRows(
  q: Handle,
  batchId: string,
  status: BatchRow["status"],
): Promise<number> {
  const rows = await q
    .select({ id: disbursementRows.id })
    .from(disbursementRows)
    .where(and(eq(disbursementRows.batchId, batchId), eq(disbursementRows.status, status)));
  return rows.length;
}

export async function audit(
  q: Handle,
  actor: BatchActor,
  action: string,
  batch: Batch,
  now: number,
  details?: Record<string, unknown>,
): Promise<void> {
  await recordAudit(
    q,
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
