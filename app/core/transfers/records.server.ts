/**
 * A transfer's row as the engine writes it (ADR 0043): its id, the state of a new one, its final
 * states, where it pays by default, and the ledger posting of a transfer whose money was reserved.
 */
import { and, eq } from "drizzle-orm";
import { settlementDestinations, settlementTransfers } from "../../../drizzle/schema";
import type { LedgerBook, LedgerBookAccounts } from "~/core/ledger/ledger.server";
import { readableCode } from "~/core/ids.server";
import type { PayoutDestination } from "~/core/rails/types";
import { first } from "~/db/sql";
import type { Handle } from "~/db/store";
import type { Transfer } from "./handler.server";
import type { TransferPurposes } from "./purposes.server";

export const newTransferId = () => `trf_${readableCode(14).toLowerCase()}`;

/** A transfer not yet sent: scheduled, no attempt, no provider answer, no ledger posting. */
export function newTransferState(now: number) {
  return {
    status: "scheduled",
    attempts: 0,
    conversationId: null,
    receipt: null,
    resultCode: null,
    resultDesc: null,
    ledgerTransactionId: null,
    createdAt: now,
    updatedAt: now,
    sentAt: null,
    completedAt: null,
    sendLeaseUntil: null,
    sendLeaseHolder: null,
    disbursementRowId: null,
    refundId: null,
    sweepId: null,
  } satisfies Partial<Transfer>;
}

export function getTransfer(q: Handle, id: string): Promise<Transfer | undefined> {
  return first(q.select().from(settlementTransfers).where(eq(settlementTransfers.id, id)).limit(1));
}

/** The rail has the transfer (or may have it: B2B): sent, the send claim given back. */
export async function markSent(
  q: Handle,
  transfer: Transfer,
  conversationId: string | null,
  now: number,
): Promise<void> {
  await q
    .update(settlementTransfers)
    .set({
      status: "sent",
      conversationId: conversationId ?? transfer.conversationId,
      sentAt: now,
      updatedAt: now,
      sendLeaseUntil: null,
      sendLeaseHolder: null,
    })
    .where(and(eq(settlementTransfers.id, transfer.id), eq(settlementTransfers.status, "pending")));
}

/** A transfer's final state and the rail's words for it. */
export async function markCompleted(
  q: Handle,
  transfer: Transfer,
  status: "succeeded" | "failed",
  result: { receipt: string | null; code: number | null },
  words: { description: string },
  now: number,
): Promise<void> {
  await q
    .update(settlementTransfers)
    .set({
      status,
      ...(status === "succeeded" ? { receipt: result.receipt } : {}),
      resultCode: result.code,
      resultDesc: words.description,
      completedAt: now,
      updatedAt: now,
    })
    .where(eq(settlementTransfers.id, transfer.id));
}

/**
 * Where a transfer pays by default: its destination's address (a number from before destinations:
 * M-Pesa).
 */
export async function destinationOfTransfer(
  q: Handle,
  transfer: Transfer,
): Promise<PayoutDestination> {
  const destination = transfer.destinationId
    ? await first(
        q
          .select()
          .from(settlementDestinations)
          .where(eq(settlementDestinations.id, transfer.destinationId))
          .limit(1),
      )
    : undefined;
  if (destination?.rail === "pesalink")
    return {
      kind: "bank_account",
      bankCode: destination.bankCode ?? "",
      accountNumber: destination.accountNumber ?? "",
      accountName: destination.accountName ?? "",
    };
  return { kind: "msisdn", phone: transfer.phone ?? destination?.phone ?? "" };
}

/**
 * The posting of a transfer whose money was reserved (a disbursement row, an M-Pesa refund) as it
 * goes to the rail: reserved gives amount, our fee, its excise and the rail's charge; the amount is
 * in flight to the recipient, the fee earned, the excise owed to the KRA (ADR 0059), and amount
 * and charge leave our float. Guarded: the
 * reservation and the float never go below zero. Idempotent (`transfer:<id>:sent`).
 */
export function reservedSending(book: LedgerBookAccounts, transfer: Transfer) {
  const charge = transfer.railChargeKesCents;
  const entries = [
    {
      account: book.merchantReserved(transfer.merchantId),
      amount: transfer.amountKesCents + charge + transfer.feeKesCents + transfer.exciseKesCents,
    },
    { account: book.merchantInFlight(transfer.merchantId), amount: -transfer.amountKesCents },
    { account: book.railInFlight(transfer.rail), amount: transfer.amountKesCents },
    { account: book.railFloat(transfer.rail), amount: -(transfer.amountKesCents + charge) },
  ];
  if (transfer.feeKesCents > 0n)
    entries.push({ account: book.feeRevenue(), amount: -transfer.feeKesCents });
  if (transfer.exciseKesCents > 0n)
    entries.push({ account: book.excisePayable(), amount: -transfer.exciseKesCents });
  return {
    idempotencyKey: `transfer:${transfer.id}:sent`,
    reference: { type: "transfer", id: transfer.id },
    entries,
    guards: [book.merchantReserved(transfer.merchantId), book.railFloat(transfer.rail)],
  };
}

/** The mode of a transfer (its payment's, batch's or refund's; live without), or null for none. */
export async function transferModeOf(
  q: Handle,
  handlers: TransferPurposes,
  transferId: string,
): Promise<LedgerBook | null> {
  const transfer = await getTransfer(q, transferId);
  return transfer ? handlers.book(q, transfer) : null;
}
