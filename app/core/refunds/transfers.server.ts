/**
 * The transfer engine's handler for M-Pesa refunds (ADR 0037, ADR 0043), the way a disbursement
 * row's is (ADR 0035): the refund's money was reserved when it was made; as the engine hands the
 * transfer to M-Pesa, `postRefundSent` moves it from reserved to in flight (M-Pesa's charge leaves
 * our float with it); M-Pesa's answer lands in the engine's `succeedTransfer`/`failTransfer`,
 * which call the hooks here: a paid refund is marked with its receipt, a failed one gives the
 * money back to the available balance.
 *
 * This module imports the engine (core/transfers), never the other way round.
 */
import { eq, sql } from "drizzle-orm";
import { refunds, settlementTransfers } from "../../../drizzle/schema";
import { ledgerBook, postTransaction, type LedgerBook } from "~/core/ledger/ledger.server";
import { reservedSending, type TransferHandler } from "~/core/transfers/engine.server";
import type { Handle } from "~/db/store";
import { failRefundOn, getRefundOn, markRefundSucceededOn } from "./refunds.server";

type TransferRow = typeof settlementTransfers.$inferSelect;

/** The mode of a refund transfer's refund, as SQL over `settlement_transfers` (null: none). */
export const refundTransferMode = sql`(select ${refunds.mode} from ${refunds} where ${refunds.id} = ${settlementTransfers.refundId})`;

/** The book a refund transfer's money moves in (its refund's mode). */
export async function bookOfRefund(q: Handle, refundId: string): Promise<LedgerBook> {
  return (await getRefundOn(q, refundId))?.mode ?? "live";
}

/** What the customer reads on their M-Pesa message. */
export function refundRemarks(transfer: TransferRow): string {
  return `OneHop refund ${transfer.refundId ?? transfer.id}`;
}

/**
 * Move a refund's money from reserved to in flight as its transfer goes to M-Pesa; M-Pesa's charge
 * leaves our float with the amount. Throws InsufficientBalanceError when the float is short (the
 * transfer waits). Idempotent (`transfer:<id>:sent`); records the transaction on the transfer.
 */
export async function postRefundSent(
  q: Handle,
  transfer: TransferRow,
  now: number,
): Promise<string> {
  const book = ledgerBook(transfer.refundId ? await bookOfRefund(q, transfer.refundId) : "live");
  const { transactionId } = await postTransaction(q, {
    ...reservedSending(book, transfer),
    kind: "refund.sent",
    description:
      `Refund ${transfer.refundId ?? transfer.id} to M-Pesa ${transfer.phone ?? ""}`.trim(),
    now,
  });
  await q
    .update(settlementTransfers)
    .set({ ledgerTransactionId: transactionId, updatedAt: now })
    .where(eq(settlementTransfers.id, transfer.id));
  if (transfer.refundId)
    await q
      .update(refunds)
      .set({ status: "sent", sentAt: now, updatedAt: now })
      .where(eq(refunds.id, transfer.refundId));
  return transactionId;
}

/** M-Pesa paid the customer: the refund is done, with M-Pesa's receipt. */
export async function onRefundTransferSucceeded(
  q: Handle,
  transfer: TransferRow,
  result: { receipt: string | null },
  now: number,
): Promise<void> {
  const refund = transfer.refundId ? await getRefundOn(q, transfer.refundId) : undefined;
  if (!refund || refund.transferId !== transfer.id) return;
  await markRefundSucceededOn(q, refund, { receipt: result.receipt }, now);
}

/**
 * M-Pesa refused the refund (after settlement reversed the sent posting, the money is reserved
 * again): the refund fails and its reservation is undone, back to the available balance.
 */
export async function onRefundTransferFailed(
  q: Handle,
  transfer: TransferRow,
  result: { description: string },
  now: number,
): Promise<void> {
  const refund = transfer.refundId ? await getRefundOn(q, transfer.refundId) : undefined;
  if (!refund || refund.transferId !== transfer.id) return;
  await failRefundOn(q, refund.id, result.description, now);
}

/** M-Pesa refunds as the transfer engine sends and settles them. */
export const refundTransferHandler: TransferHandler = {
  purpose: "refund",
  book: (q, transfer) =>
    transfer.refundId ? bookOfRefund(q, transfer.refundId) : Promise.resolve("live"),
  modeSql: refundTransferMode,
  remarks: (_q, transfer) => Promise.resolve(refundRemarks(transfer)),
  postSent: postRefundSent,
  succeededKind: "refund.succeeded",
  onSucceeded: onRefundTransferSucceeded,
  onFailed: onRefundTransferFailed,
};
