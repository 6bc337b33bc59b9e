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
 *
 * On the store (ADR 0041): every hook runs on the engine's handle, the ledger and the audit log
 * included.
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
import { queueBatchCompletedSms } from "~/core/notifications/sms-queue.server";
import { railNames } from "~/core/destinations/schema";
import { type LedgerBook, ledgerBook, postTransaction } from "~/core/ledger/ledger.server";
import type { PayoutDestination } from "~/core/rails/types";
import {
  reservedSending,
  type TransferHandler,
  transferEngine,
} from "~/core/transfers/engine.server";
import { first } from "~/db/sql";
import type { Handle } from "~/db/store";
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

function rowOf(q: Handle, rowId: string): Promise<DisbursementRow | undefined> {
  return first(q.select().from(disbursementRows).where(eq(disbursementRows.id, rowId)).limit(1));
}

async function batchOfRow(q: Handle, rowId: string) {
  const found = await first(
    q
      .select({ batch: disbursementBatches })
      .from(disbursementRows)
      .innerJoin(disbursementBatches, eq(disbursementBatches.id, disbursementRows.batchId))
      .where(eq(disbursementRows.id, rowId))
      .limit(1),
  );
  return found?.batch;
}

/** The book a disbursement row's money moves in (its batch's mode). */
export async function bookOfDisbursementRow(q: Handle, rowId: string): Promise<LedgerBook> {
  return (await batchOfRow(q, rowId))?.mode ?? "live";
}

/** Where a disbursement transfer pays: the row's number, bank account, Paybill or Till. */
export async function disbursementDestination(
  q: Handle,
  transfer: TransferRow,
): Promise<PayoutDestination> {
  const row = transfer.disbursementRowId ? await rowOf(q, transfer.disbursementRowId) : undefined;
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
export async function disbursementRemarks(q: Handle, transfer: TransferRow): Promise<string> {
  const row = transfer.disbursementRowId ? await rowOf(q, transfer.disbursementRowId) : undefined;
  return row?.reference ? row.reference : `OneHop payout ${transfer.id}`;
}

/**
 * Move a row's money from reserved to in flight as its transfer goes to the rail: the amount is in
 * flight to the recipient, our fee is earned and the rail's charge leaves our float with the
 * amount. Throws InsufficientBalanceError when the rail's float is short (the transfer waits).
 * Idempotent (`transfer:<id>:sent`); records the transaction on the transfer.
 */
export async function postDisbursementSent(
  q: Handle,
  transfer: TransferRow,
  now: number,
): Promise<string> {
  const mode = transfer.disbursementRowId
    ? await bookOfDisbursementRow(q, transfer.disbursementRowId)
    : "live";
  const { transactionId } = await postTransaction(q, {
    ...reservedSending(ledgerBook(mode), transfer),
    kind: "disbursement.sent",
    description: `Payout ${transfer.id} to ${railNames[transfer.rail]}${transfer.phone ? ` ${transfer.phone}` : ""}`,
    now,
  });
  await q
    .update(settlementTransfers)
    .set({ ledgerTransactionId: transactionId, updatedAt: now })
    .where(eq(settlementTransfers.id, transfer.id));
  await q
    .update(disbursementRows)
    .set({ status: "sent", updatedAt: now })
    .where(
      and(
        eq(disbursementRows.id, transfer.disbursementRowId ?? ""),
        eq(disbursementRows.transferId, transfer.id),
      ),
    );
  return transactionId;
}

/** A batch with no row still owing an outcome is completed. */
export async function completeBatchIfDone(
  q: Handle,
  batchId: string,
  now: number,
): Promise<boolean> {
  const open = await first(
    q
      .select({ id: disbursementRows.id })
      .from(disbursementRows)
      .where(
        and(
          eq(disbursementRows.batchId, batchId),
          inArray(disbursementRows.status, [...OPEN_ROW_STATUSES]),
        ),
      )
      .limit(1),
  );
  if (open) return false;
  const done = await q
    .update(disbursementBatches)
    .set({ status: "completed", completedAt: now, updatedAt: now })
    .where(and(eq(disbursementBatches.id, batchId), eq(disbursementBatches.status, "processing")))
    .returning({ id: disbursementBatches.id });
  if (done.length !== 1) return false;
  await enqueueBatchEvent(q, batchId, "payout_batch.completed", now);
  await queueBatchCompletedSms(q, batchId, now);
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
async function auditRow(
  q: Handle,
  row: DisbursementRow,
  action: string,
  details: Record<string, unknown>,
  now: number,
) {
  await recordAudit(
    q,
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
export async function onDisbursementSucceeded(
  q: Handle,
  transfer: TransferRow,
  result: { receipt: string | null },
  now: number,
): Promise<void> {
  if (!transfer.disbursementRowId) return;
  const row = await rowOf(q, transfer.disbursementRowId);
  if (!row || row.transferId !== transfer.id) return;
  await q
    .update(disbursementRows)
    .set({ status: "paid", receipt: result.receipt, completedAt: now, updatedAt: now })
    .where(eq(disbursementRows.id, row.id));
  await enqueueRowEvent(q, row.id, "disbursement.succeeded", now);
  await auditRow(q, row, "disbursement.row_paid", { receipt: result.receipt }, now);
  const batch = await batchOfRow(q, row.id);
  if (!batch) return;
  if (batch.smsReceipts && row.phone) {
    const merchant = await first(
      q
        .select({ businessName: merchants.businessName })
        .from(merchants)
        .where(eq(merchants.id, batch.merchantId))
        .limit(1),
    );
    await q
      .insert(outboundMessages)
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
      .onConflictDoNothing();
  }
  await completeBatchIfDone(q, batch.id, now);
}

/**
 * The rail refused a row (its sent posting, if any, is already reversed: the money is back in
 * reserved): release it to the available balance, mark the row failed, finish the batch.
 */
export async function onDisbursementFailed(
  q: Handle,
  transfer: TransferRow,
  result: { description: string },
  now: number,
): Promise<void> {
  if (!transfer.disbursementRowId) return;
  const row = await rowOf(q, transfer.disbursementRowId);
  const batch = row ? await batchOfRow(q, row.id) : undefined;
  if (!row || !batch || row.transferId !== transfer.id) return;
  const book = ledgerBook(batch.mode);
  const total =
    transfer.amountKesCents +
    transfer.feeKesCents +
    transfer.exciseKesCents +
    transfer.railChargeKesCents;
  await postTransaction(q, {
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
  await q
    .update(disbursementRows)
    .set({ status: "failed", failureReason: result.description, completedAt: now, updatedAt: now })
    .where(eq(disbursementRows.id, row.id));
  await enqueueRowEvent(q, row.id, "disbursement.failed", now);
  await auditRow(q, row, "disbursement.row_failed", { reason: result.description }, now);
  await completeBatchIfDone(q, batch.id, now);
}

/** Disbursement rows as the transfer engine sends and settles them. */
export const disbursementTransferHandler: TransferHandler = {
  purpose: "disbursement",
  book: (q, transfer) =>
    transfer.disbursementRowId
      ? bookOfDisbursementRow(q, transfer.disbursementRowId)
      : Promise.resolve("live"),
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
