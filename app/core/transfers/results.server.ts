/**
 * A rail's final word on a transfer, however it arrives (the send's answer, a result callback, a
 * status query; ADR 0043). Success clears the money in flight and marks the transfer succeeded;
 * failure reverses its "sent" posting (the money is back where it came from) and marks it failed;
 * then its purpose's handler does the rest in the same transaction (a payment's events, a
 * disbursement row, a refund, a destination check). Only a pending or sent transfer changes, so a
 * repeated result changes nothing.
 */
import {
  ledgerBook,
  postTransactionSync,
  reverseTransactionSync,
} from "~/core/ledger/ledger.server";
import { classifyResultCode, type B2cResult } from "~/core/providers/daraja/result";
import type { Db, DbOrTx, Tx } from "~/utils/db.server";
import type { TransferFailure, TransferSuccess } from "./handler.server";
import type { TransferPurposes } from "./purposes.server";
import { getTransfer, markCompleted } from "./records.server";

/** A transfer still waiting for its result (pending or sent), with its purpose's handler here. */
function openTransfer(tx: Tx, handlers: TransferPurposes, transferId: string) {
  const transfer = getTransfer(tx, transferId);
  if (!transfer || (transfer.status !== "sent" && transfer.status !== "pending")) return null;
  const handler = handlers.of(transfer.purpose);
  return handler ? { transfer, handler } : null;
}

export function succeedTransfer(
  db: DbOrTx,
  handlers: TransferPurposes,
  transferId: string,
  result: TransferSuccess,
  now: number,
): boolean {
  return db.transaction((tx) => {
    const open = openTransfer(tx, handlers, transferId);
    if (!open) return false;
    const { transfer, handler } = open;
    // A check payout was our expense when sent: nothing is in flight for anyone.
    if (handler.succeededKind !== null) {
      const { merchantInFlight, railInFlight } = ledgerBook(handler.book(tx, transfer));
      postTransactionSync(tx, {
        idempotencyKey: `transfer:${transfer.id}:succeeded`,
        kind: handler.succeededKind,
        description: `Payout ${transfer.id} paid, receipt ${result.receipt ?? "?"}`,
        reference: { type: "transfer", id: transfer.id },
        entries: [
          { account: merchantInFlight(transfer.merchantId), amount: transfer.amountKesCents },
          { account: railInFlight(transfer.rail), amount: -transfer.amountKesCents },
        ],
        now,
      });
    }
    markCompleted(tx, transfer, "succeeded", { receipt: result.receipt, code: 0 }, result, now);
    handler.onSucceeded(tx, transfer, result, now);
    return true;
  });
}

export function failTransfer(
  db: DbOrTx,
  handlers: TransferPurposes,
  transferId: string,
  result: TransferFailure,
  now: number,
): boolean {
  return db.transaction((tx) => {
    const open = openTransfer(tx, handlers, transferId);
    if (!open) return false;
    const { transfer, handler } = open;
    if (transfer.ledgerTransactionId) {
      reverseTransactionSync(tx, {
        transactionId: transfer.ledgerTransactionId,
        idempotencyKey: `transfer:${transfer.id}:reversed`,
        reason: `Payout failed: ${result.description}`,
        now,
      });
    }
    markCompleted(tx, transfer, "failed", { receipt: null, code: result.code }, result, now);
    handler.onFailed(tx, transfer, result, now);
    return true;
  });
}

/** Apply a B2C Result callback. Unknown ids and repeats change nothing. */
export function applyB2cResult(
  db: Db,
  handlers: TransferPurposes,
  result: B2cResult,
  now: number,
): "succeeded" | "failed" | "ignored" {
  const transfer = getTransfer(db, result.originatorConversationId);
  if (!transfer) return "ignored";
  if (result.resultCode === 0)
    return succeedTransfer(
      db,
      handlers,
      transfer.id,
      {
        receipt: result.receipt ?? result.transactionId ?? null,
        description: result.resultDesc,
        recipientName: result.receiverName ?? null,
      },
      now,
    )
      ? "succeeded"
      : "ignored";
  const classification = classifyResultCode(result.resultCode);
  return failTransfer(
    db,
    handlers,
    transfer.id,
    { code: result.resultCode, description: classification.message },
    now,
  )
    ? "failed"
    : "ignored";
}
