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
import { ledgerBook, postTransactionSync, type LedgerBook } from "~/core/ledger/ledger.server";
import { reservedSending, type TransferHandler } from "~/core/transfers/engine.server";
import type { DbOrTx } from "~/utils/db.server";
import { failRefund, getRefund, markRefundSucceeded } from "./refunds.server";

type TransferRow = typeof settlementTransfers.$inferSelect;

/** The mode of a refund transfer's refund, as SQL over `settlement_transfers` (null: none). */
export const refundTransferMode = sql`(select ${refunds.mode} from ${refunds} where ${refunds.id} = ${settlementTransfers.refundId})`;

/** The book a refund transfer's money moves in (its refund's mode). */
export function bookOfRefund(db: DbOrTx, refundId: string): LedgerBook {
  return getRefund(db, refundId)?.mode ?? "live";
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
export function postRefundSent(db: DbOrTx, transfer: TransferRow, now: number): string {
  const book = ledgerBook(transfer.refundId ? bookOfRefund(db, transfer.refundId) : "live");
  const { transactionId } = postTransactionSync(db, {
    ...reservedSending(book, transfer),
    kind: "refund.sent",
    description:
      `Refund ${transfer.refundId ?? transfer.id} to M-Pesa ${transfer.phone ?? ""}`.trim(),
    now,
  });
  db.update(settlementTransfers)
    .set({ ledgerTransactionId: transactionId, updatedAt: now })
    .where(eq(settlementTransfers.id, transfer.id))
    .run();
  if (transfer.refundId)
    db.update(refunds)
      .set({ status: "sent", sentAt: now, updatedAt: now })
      .where(eq(refunds.id, transfer.refundId))
      .run();
  return transactionId;
}

/** M-Pesa paid the customer: the refund is done, with M-Pesa's receipt. */
export function onRefundTransferSucceeded(
  tx: DbOrTx,
  transfer: TransferRow,
  result: { receipt: string | null },
  now: number,
) {
  const refund = transfer.refundId ? getRefund(tx, transfer.refundId) : undefined;
  if (!refund || refund.transferId !== transfer.id) return;
  markRefundSucceeded(tx, refund, { receipt: result.receipt }, now);
}

/**
 * M-Pesa refused the refund (after settlement reversed the sent posting, the money is reserved
 * again): the refund fails and its reservation is undone, back to the available balance.
 */
export function onRefundTransferFailed(
  tx: DbOrTx,
  transfer: TransferRow,
  result: { description: string },
  now: number,
) {
  const refund = transfer.refundId ? getRefund(tx, transfer.refundId) : undefined;
  if (!refund || refund.transferId !== transfer.id) return;
  failRefund(tx, refund.id, result.description, now);
}

/** M-Pesa refunds as the transfer engine sends and settles them. */
export const refundTransferHandler: TransferHandler = {
  purpose: "refund",
  book: (db, transfer) => (transfer.refundId ? bookOfRefund(db, transfer.refundId) : "live"),
  modeSql: refundTransferMode,
  remarks: (_db, transfer) => refundRemarks(transfer),
  postSent: postRefundSent,
  succeededKind: "refund.succeeded",
  onSucceeded: onRefundTransferSucceeded,
  onFailed: onRefundTransferFailed,
};
