/**
 * The transfer engine's handler for disbursement rows (ADR 0035, ADR 0043): the row's money was
 * reserved when its batch was approved; when the engine is about to hand the transfer to the rail,
 * `postDisbursementSent` moves it from reserved to in flight (and our fee and the rail's charge out
 * of it); the rail's answer lands in the engine's `succeedTransfer`/`failTransfer`, which call the
 * hooks here to mark the row, give a failed row's money back to the available balance and finish
 * the batch.
 *
 * This module imports the engine (core/transfers), never the other way round; `disbursementEngine`
 * is the engine over this purpose alone (the pump and the B2B results use it).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  disbursementBatches,
  disbursementRows,
  merchants,
  outboundMessages,
  settlementTransfers,
} from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { railNames } from "~/core/destinations/schema";
import { type LedgerBook, ledgerBook, postTransactionSync } from "~/core/ledger/ledger.server";
import type { PayoutDestination } from "~/core/rails/types";
import {
  reservedSending,
  type TransferHandler,
  transferEngine,
} from "~/core/transfers/engine.server";
import type { DbOrTx } from "~/utils/db.server";
import { formatEatDateTime, formatKesCents } from "~/utils/format";
import { enqueueBatchEvent, enqueueRowEvent } from "./events.server";
import { rowDestination } from "./row-destination";
import { OPEN_ROW_STATUSES } from "./vocabulary";

type TransferRow = typeof settlementTransfers.$inferSelect;
type DisbursementRow = typeof disbursementRows.$inferSelect;

/** The mode of a disbursement transfer's batch, as SQL over `settlement_transfers` (null: none). */
export const disbursementTransferMode = sql`(select ${disbursementBatches.mode} from ${disbursementRows} join ${disbursementBatches} on ${disbursementBatches.id} = ${disbursementRows.batchId} where ${disbursementRows.id} = ${settlementTransfers.disbursementRowId})`;

/**
 * Whether a `settlement_transfers` row pays an M-Pesa B2B disbursement row (a Paybill or Till), as
 * SQL: such a transfer is sent at most once and has no status to query (ADR 0035, "B2B").
 */
export const disbursementIsB2b = sql`exists (select 1 from ${disbursementRows} where ${disbursementRows.id} = ${settlementTransfers.disbursementRowId} and ${disbursementRows.b2bKind} is not null)`;

function rowOf(db: DbOrTx, rowId: string): DisbursementRow | undefined {
  return db.select().from(disbursementRows).where(eq(disbursementRows.id, rowId)).get();
}

function batchOfRow(db: DbOrTx, rowId: string) {
  return db
    .select({ batch: disbursementBatches })
    .from(disbursementRows)
    .innerJoin(disbursementBatches, eq(disbursementBatches.id, disbursementRows.batchId))
    .where(eq(disbursementRows.id, rowId))
    .get()?.batch;
}

/** The book a disbursement row's money moves in (its batch's mode). */
export function bookOfDisbursementRow(db: DbOrTx, rowId: string): LedgerBook {
  return batchOfRow(db, rowId)?.mode ?? "live";
}

/** Where a disbursement transfer pays: the row's number, bank account, Paybill or Till. */
export function disbursementDestination(db: DbOrTx, transfer: TransferRow): PayoutDestination {
  const row = transfer.disbursementRowId ? rowOf(db, transfer.disbursementRowId) : undefined;
  return rowDestination(
    row ?? {
      rail: transfer.rail,
      phone: transfer.phone,
      bankCode: null,
      accountNumber: null,
      name: null,
    },
  );
}

/** What the recipient sees on the rail: the row's reference, else ours. */
export function disbursementRemarks(db: DbOrTx, transfer: TransferRow): string {
  const row = transfer.disbursementRowId ? rowOf(db, transfer.disbursementRowId) : undefined;
  return row?.reference ? row.reference : `OneHop payout ${transfer.id}`;
}

/**
 * Move a row's money from reserved to in flight as its transfer goes to the rail: the amount is in
 * flight to the recipient, our fee is earned and the rail's charge leaves our float with the
 * amount. Throws InsufficientBalanceError when the rail's float is short (the transfer waits).
 * Idempotent (`transfer:<id>:sent`); records the transaction on the transfer.
 */
export function postDisbursementSent(db: DbOrTx, transfer: TransferRow, now: number): string {
  const mode = transfer.disbursementRowId
    ? bookOfDisbursementRow(db, transfer.disbursementRowId)
    : "live";
  const { transactionId } = postTransactionSync(db, {
    ...reservedSending(ledgerBook(mode), transfer),
    kind: "disbursement.sent",
    description: `Payout ${transfer.id} to ${railNames[transfer.rail]}${transfer.phone ? ` ${transfer.phone}` : ""}`,
    now,
  });
  db.update(settlementTransfers)
    .set({ ledgerTransactionId: transactionId, updatedAt: now })
    .where(eq(settlementTransfers.id, transfer.id))
    .run();
  db.update(disbursementRows)
    .set({ status: "sent", updatedAt: now })
    .where(
      and(
        eq(disbursementRows.id, transfer.disbursementRowId ?? ""),
        eq(disbursementRows.transferId, transfer.id),
      ),
    )
    .run();
  return transactionId;
}

/** A batch with no row still owing an outcome is completed. */
export function completeBatchIfDone(db: DbOrTx, batchId: string, now: number): boolean {
  const open = db
    .select({ id: disbursementRows.id })
    .from(disbursementRows)
    .where(
      and(
        eq(disbursementRows.batchId, batchId),
        inArray(disbursementRows.status, [...OPEN_ROW_STATUSES]),
      ),
    )
    .limit(1)
    .get();
  if (open) return false;
  const done = db
    .update(disbursementBatches)
    .set({ status: "completed", completedAt: now, updatedAt: now })
    .where(and(eq(disbursementBatches.id, batchId), eq(disbursementBatches.status, "processing")))
    .run();
  if (done.changes !== 1) return false;
  enqueueBatchEvent(db, batchId, "payout_batch.completed", now);
  return true;
}

/** The receipt text a recipient gets when their row is paid (stored; sent by the SMS provider). */
export function receiptText(input: {
  businessName: string;
  amountKesCents: bigint;
  railName: string;
  reference: string | null;
  receipt: string | null;
  at: number;
}): string {
  const parts = [
    `OneHop: ${input.businessName} sent you ${formatKesCents(input.amountKesCents)} by ${input.railName}.`,
    input.reference ? `Ref ${input.reference}.` : null,
    input.receipt ? `Receipt ${input.receipt}.` : null,
    `${formatEatDateTime(input.at)}.`,
  ];
  return parts.filter(Boolean).join(" ");
}

/** Each row's fate in the audit log (the rail decided it: a system entry). */
function auditRow(
  tx: DbOrTx,
  row: DisbursementRow,
  action: string,
  details: Record<string, unknown>,
  now: number,
) {
  recordAudit(
    tx,
    {
      actorType: "system",
      action,
      targetType: "disbursement_row",
      targetId: row.id,
      details: { batchId: row.batchId, line: row.line, ...details },
    },
    now,
  );
}

/** The rail paid a row: mark it, queue its receipt text if the batch asked, finish the batch. */
export function onDisbursementSucceeded(
  tx: DbOrTx,
  transfer: TransferRow,
  result: { receipt: string | null },
  now: number,
) {
  if (!transfer.disbursementRowId) return;
  const row = rowOf(tx, transfer.disbursementRowId);
  if (!row || row.transferId !== transfer.id) return;
  tx.update(disbursementRows)
    .set({ status: "paid", receipt: result.receipt, completedAt: now, updatedAt: now })
    .where(eq(disbursementRows.id, row.id))
    .run();
  enqueueRowEvent(tx, row.id, "disbursement.succeeded", now);
  auditRow(tx, row, "disbursement.row_paid", { receipt: result.receipt }, now);
  const batch = batchOfRow(tx, row.id);
  if (!batch) return;
  if (batch.smsReceipts && row.phone) {
    const merchant = tx
      .select({ businessName: merchants.businessName })
      .from(merchants)
      .where(eq(merchants.id, batch.merchantId))
      .get();
    tx.insert(outboundMessages)
      .values({
        channel: "sms",
        toPhone: row.phone,
        body: receiptText({
          businessName: merchant?.businessName ?? "A business",
          amountKesCents: transfer.amountKesCents,
          railName: railNames[transfer.rail],
          reference: row.reference,
          receipt: result.receipt,
          at: now,
        }),
        subjectKey: `disbursement_row:${row.id}`,
        createdAt: now,
      })
      .onConflictDoNothing()
      .run();
  }
  completeBatchIfDone(tx, batch.id, now);
}

/**
 * The rail refused a row (its sent posting, if any, is already reversed: the money is back in
 * reserved): release it to the available balance, mark the row failed, finish the batch.
 */
export function onDisbursementFailed(
  tx: DbOrTx,
  transfer: TransferRow,
  result: { description: string },
  now: number,
) {
  if (!transfer.disbursementRowId) return;
  const row = rowOf(tx, transfer.disbursementRowId);
  const batch = row ? batchOfRow(tx, row.id) : undefined;
  if (!row || !batch || row.transferId !== transfer.id) return;
  const book = ledgerBook(batch.mode);
  const total = transfer.amountKesCents + transfer.feeKesCents + transfer.railChargeKesCents;
  postTransactionSync(tx, {
    idempotencyKey: `transfer:${transfer.id}:released`,
    kind: "disbursement.released",
    description: `Payout ${transfer.id} failed: ${result.description}`,
    reference: { type: "transfer", id: transfer.id },
    entries: [
      { account: book.merchantReserved(transfer.merchantId), amount: total },
      { account: book.merchantAvailable(transfer.merchantId), amount: -total },
    ],
    guards: [book.merchantReserved(transfer.merchantId)],
    now,
  });
  tx.update(disbursementRows)
    .set({ status: "failed", failureReason: result.description, completedAt: now, updatedAt: now })
    .where(eq(disbursementRows.id, row.id))
    .run();
  enqueueRowEvent(tx, row.id, "disbursement.failed", now);
  auditRow(tx, row, "disbursement.row_failed", { reason: result.description }, now);
  completeBatchIfDone(tx, batch.id, now);
}

/** Disbursement rows as the transfer engine sends and settles them. */
export const disbursementTransferHandler: TransferHandler = {
  purpose: "disbursement",
  book: (db, transfer) =>
    transfer.disbursementRowId ? bookOfDisbursementRow(db, transfer.disbursementRowId) : "live",
  modeSql: disbursementTransferMode,
  destination: disbursementDestination,
  remarks: disbursementRemarks,
  postSent: postDisbursementSent,
  succeededKind: "disbursement.succeeded",
  unqueryable: disbursementIsB2b,
  onSucceeded: onDisbursementSucceeded,
  onFailed: onDisbursementFailed,
};

/** The engine over disbursement transfers alone: what the pump sends and B2B results settle. */
export const disbursementEngine = transferEngine([disbursementTransferHandler]);
