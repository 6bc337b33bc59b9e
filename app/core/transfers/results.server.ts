/**
 * A rail's final word on a transfer, however it arrives (the send's answer, a result callback, a
 * status query; ADR 0043). Success clears the money in flight and marks the transfer succeeded;
 * failure reverses its "sent" posting (the money is back where it came from) and marks it failed;
 * then its purpose's handler does the rest in the same transaction (a payment's events, a
 * disbursement row, a refund, a destination check). Only a pending or sent transfer changes, so a
 * repeated result changes nothing.
 *
 * On the store (ADR 0041): each runs in the caller's write (the result callback's, or the write the
 * sender or the status query opens for it), on its handle; a throw undoes the caller's whole write,
 * as it undid the nested transaction and then the caller's before.
 */
import { ledgerBook, postTransaction, reverseTransaction } from "~/core/ledger/ledger.server";
import { classifyResultCode, type B2cResult } from "~/core/providers/daraja/result";
import type { Handle } from "~/db/store";
import type { TransferFailure, TransferSuccess } from "./handler.server";
import type { TransferPurposes } from "./purposes.server";
import { getTransfer, markCompleted } from "./records.server";

/** A transfer still waiting for its result (pending or sent), with its purpose's handler here. */
async function openTransfer(q: Handle, handlers: TransferPurposes, transferId: string) {
  const transfer = await getTransfer(q, transferId);
  if (!transfer || (transfer.status !== "sent" && transfer.status !== "pending")) return null;
  const handler = handlers.of(transfer.purpose);
  return handler ? { transfer, handler } : null;
}

/** The rail paid a pending or sent transfer, in the caller's write; false when it was not. */
export async function succeedTransfer(
  q: Handle,
  handlers: TransferPurposes,
  transferId: string,
  result: TransferSuccess,
  now: number,
): Promise<boolean> {
  const open = await openTransfer(q, handlers, transferId);
  if (!open) return false;
  const { transfer, handler } = open;
  // A check payout was our expense when sent: nothing is in flight for anyone.
  if (handler.succeededKind !== null) {
    const { merchantInFlight, railInFlight } = ledgerBook(await handler.book(q, transfer));
    await postTransaction(q, {
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
  await markCompleted(q, transfer, "succeeded", { receipt: result.receipt, code: 0 }, result, now);
  await handler.onSucceeded(q, transfer, result, now);
  return true;
}

/** The rail refused a pending or sent transfer, in the caller's write; false when it was not. */
export async function failTransfer(
  q: Handle,
  handlers: TransferPurposes,
  transferId: string,
  result: TransferFailure,
  now: number,
): Promise<boolean> {
  const open = await openTransfer(q, handlers, transferId);
  if (!open) return false;
  const { transfer, handler } = open;
  if (transfer.ledgerTransactionId) {
    await reverseTransaction(q, {
      transactionId: transfer.ledgerTransactionId,
      idempotencyKey: `transfer:${transfer.id}:reversed`,
      reason: `Payout failed: ${result.description}`,
      now,
    });
  }
  await markCompleted(q, transfer, "failed", { receipt: null, code: result.code }, result, now);
  await handler.onFailed(q, transfer, result, now);
  return true;
}

/** Apply a B2C Result callback, in the caller's write. Unknown ids and repeats change nothing. */
export async function applyB2cResult(
  q: Handle,
  handlers: TransferPurposes,
  result: B2cResult,
  now: number,
): Promise<"succeeded" | "failed" | "ignored"> {
  const transfer = await getTransfer(q, result.originatorConversationId);
  if (!transfer) return "ignored";
  if (result.resultCode === 0)
    return (await succeedTransfer(
      q,
      handlers,
      transfer.id,
      {
        receipt: result.receipt ?? result.transactionId ?? null,
        description: result.resultDesc,
        recipientName: result.receiverName ?? null,
      },
      now,
    ))
      ? "succeeded"
      : "ignored";
  const classification = classifyResultCode(result.resultCode);
  return (await failTransfer(
    q,
    handlers,
    transfer.id,
    { code: result.resultCode, description: classification.message },
    now,
  ))
    ? "failed"
    : "ignored";
}
