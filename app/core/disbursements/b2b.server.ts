/**
 * M-Pesa B2B disbursements (Paybill and Till rows, ADR 0035 "B2B"): the Result and queue-timeout
 * callbacks, and the transfers left for an operator.
 *
 * A B2B request carries no id of ours, so the transfer is named by the `transfer` query parameter
 * of the ResultURL / QueueTimeOutURL we gave the request (app/core/rails/mpesa.server.ts), which
 * M-Pesa calls back verbatim. A callback applies only to a B2B disbursement transfer that went out
 * (`sent`, or `pending` with its request stamped: a run that crashed after sending); anything else,
 * and any repeat, changes nothing. A transfer whose Result never came is settled by an operator by
 * hand from M-Pesa's organisation portal (`settleB2bByHand`).
 */
import { and, count, eq, isNotNull, isNull, lte, or } from "drizzle-orm";
import { disbursementRows, settlementTransfers } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { openFindingIdsOn, resolveFindingOn } from "~/core/reconciliation/findings.server";
import type { B2bResult, QueueTimeout } from "~/core/providers/daraja/result";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { disbursementEngine } from "./transfers.server";
import { MPESA_RECEIPT_PATTERN } from "./vocabulary";

const { failTransfer, succeedTransfer } = disbursementEngine;

/**
 * How long a sent B2B transfer waits for its Result before the daily reconciliation puts it in the
 * operators' queue (M-Pesa's own queue timeout is minutes; a Result this late is not coming).
 */
export const B2B_RESULT_LIMIT_MS = 60 * 60_000;

export type B2bCallbackOutcome = "succeeded" | "failed" | "ignored";

/** The B2B disbursement transfer a callback names, if it went out and awaits its outcome. */
async function awaitingB2bTransfer(q: Handle, transferId: string) {
  const found = await first(
    q
      .select({ transfer: settlementTransfers, b2bKind: disbursementRows.b2bKind })
      .from(settlementTransfers)
      .innerJoin(disbursementRows, eq(disbursementRows.id, settlementTransfers.disbursementRowId))
      .where(eq(settlementTransfers.id, transferId))
      .limit(1),
  );
  if (!found?.b2bKind || found.transfer.purpose !== "disbursement") return null;
  const { transfer } = found;
  const wentOut =
    transfer.status === "sent" || (transfer.status === "pending" && transfer.sentAt !== null);
  return wentOut ? transfer : null;
}

/** Why M-Pesa refused a B2B payment, for the merchant (nothing was paid). */
export function b2bFailureReason(code: number, raw: string, description: string): string {
  if (code === 2007)
    return "The Paybill did not accept the account number: check it with the business and pay again";
  if (code === 2028)
    return "That business number does not take this kind of payment (a Till paid as a Paybill, or the other way round): check it with the business";
  if (raw === "SFC_IC0003") return "No Paybill or Till has that number: check it with the business";
  if (code === 1) return "M-Pesa could not take the payment from our float: try again later";
  if (code === 2001) return "M-Pesa refused our payment credentials: try again later";
  return `M-Pesa refused the payment (code ${raw}): ${description}`;
}

/**
 * Apply a B2B Result to the transfer its URL names: paid with the receipt, or failed. Inside the
 * caller's write (the callback's).
 */
export async function applyB2bResult(
  q: Handle,
  transferId: string,
  result: B2bResult,
  now: number,
): Promise<B2bCallbackOutcome> {
  const transfer = await awaitingB2bTransfer(q, transferId);
  if (!transfer) return "ignored";
  if (result.resultCode === 0)
    return (await succeedTransfer(
      q,
      transfer.id,
      {
        receipt: result.transactionId ?? null,
        description: result.resultDesc,
        recipientName: result.receiverName ?? null,
      },
      now,
    ))
      ? "succeeded"
      : "ignored";
  return (await failTransfer(
    q,
    transfer.id,
    {
      code: result.resultCode,
      description: b2bFailureReason(result.resultCode, result.resultCodeRaw, result.resultDesc),
    },
    now,
  ))
    ? "failed"
    : "ignored";
}

/**
 * Apply a B2B queue timeout: M-Pesa gave up on the request in its queue before processing it, so
 * nothing was paid; the transfer fails and its money goes back to the merchant. Inside the
 * caller's write (the callback's).
 */
export async function applyB2bTimeout(
  q: Handle,
  transferId: string,
  timeout: QueueTimeout,
  now: number,
): Promise<B2bCallbackOutcome> {
  const transfer = await awaitingB2bTransfer(q, transferId);
  if (!transfer) return "ignored";
  return (await failTransfer(
    q,
    transfer.id,
    {
      code: null,
      description: `M-Pesa timed out the payment in its queue, nothing was paid: ${timeout.resultDesc}`,
    },
    now,
  ))
    ? "failed"
    : "ignored";
}

/**
 * A B2B transfer in doubt: sent, and either its request's answer was lost (no ConversationID: a
 * crash or a dropped connection while it was sent, so M-Pesa may or may not have it; issue 27,
 * item 13) or sent at least `B2B_RESULT_LIMIT_MS` before `now` with no Result since. It is never
 * sent again; a late Result still settles it, else an operator does from M-Pesa's statement.
 */
function inDoubt(now: number) {
  return and(
    eq(settlementTransfers.status, "sent"),
    isNotNull(disbursementRows.b2bKind),
    or(
      isNull(settlementTransfers.conversationId),
      lte(settlementTransfers.sentAt, now - B2B_RESULT_LIMIT_MS),
    ),
  );
}

/**
 * The B2B transfers in doubt (see `inDoubt`): each becomes a finding in the operators' queue at
 * once (the payouts-in-doubt check, every minute) and at the daily reconciliation
 * (app/core/reconciliation/run.server.ts); the operator checks the M-Pesa statement.
 */
export function unansweredB2bTransfers(q: Handle, now: number, limit = 1_000) {
  return q
    .select({
      transfer: settlementTransfers,
      b2bKind: disbursementRows.b2bKind,
      businessNumber: disbursementRows.businessNumber,
      accountReference: disbursementRows.accountReference,
      rowId: disbursementRows.id,
      batchId: disbursementRows.batchId,
    })
    .from(settlementTransfers)
    .innerJoin(disbursementRows, eq(disbursementRows.id, settlementTransfers.disbursementRowId))
    .where(inDoubt(now))
    .limit(limit);
}

/** How many B2B transfers are in doubt (the operators' queue summary). */
export async function countInDoubtB2b(q: Handle, now: number): Promise<number> {
  const row = await first(
    q
      .select({ n: count() })
      .from(settlementTransfers)
      .innerJoin(disbursementRows, eq(disbursementRows.id, settlementTransfers.disbursementRowId))
      .where(inDoubt(now))
      .limit(1),
  );
  return row?.n ?? 0;
}

/** The rows of a batch whose B2B payout is in doubt (the batch page marks them). */
export async function inDoubtRowIds(q: Handle, batchId: string, now: number): Promise<string[]> {
  const rows = await q
    .select({ id: disbursementRows.id })
    .from(disbursementRows)
    .innerJoin(settlementTransfers, eq(settlementTransfers.id, disbursementRows.transferId))
    .where(and(eq(disbursementRows.batchId, batchId), inDoubt(now)));
  return rows.map((row) => row.id);
}

/** The longest operator note kept with a settlement by hand. */
export const MANUAL_NOTE_MAX = 500;

/**
 * What an operator found on M-Pesa's organisation portal for an unanswered B2B transfer: paid, with
 * M-Pesa's receipt, or no such transaction (failed: the money goes back to the merchant).
 */
export type ManualB2bSettlement =
  { outcome: "paid"; receipt: string; note: string } | { outcome: "failed"; note: string };

export type ManualB2bRefusal =
  "not_found" | "not_b2b" | "not_sent" | "bad_receipt" | "receipt_taken" | "no_note";

/** Why a settlement by hand was refused, in words for the operator. */
export class ManualB2bError extends Error {
  override readonly name = "ManualB2bError";
  constructor(
    readonly reason: ManualB2bRefusal,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Whether a transfer is a B2B disbursement transfer sent and still without its outcome: the only
 * kind an operator settles by hand (the reconciliation page offers the form for these only).
 */
export async function isUnansweredB2bTransfer(q: Handle, transferId: string): Promise<boolean> {
  const found = await first(
    q
      .select({
        status: settlementTransfers.status,
        purpose: settlementTransfers.purpose,
        b2bKind: disbursementRows.b2bKind,
      })
      .from(settlementTransfers)
      .innerJoin(disbursementRows, eq(disbursementRows.id, settlementTransfers.disbursementRowId))
      .where(eq(settlementTransfers.id, transferId))
      .limit(1),
  );
  return Boolean(found?.b2bKind) && found?.purpose === "disbursement" && found.status === "sent";
}

/**
 * Settle by hand an unanswered B2B transfer (ADR 0035 "B2B"), after the operator checked M-Pesa's
 * organisation portal: `paid` with M-Pesa's receipt (`succeedTransfer`: the money leaves in-flight,
 * the row is paid), or `failed`, M-Pesa having no such transaction (`failTransfer`: the money goes
 * back to the merchant's available balance). Only a B2B disbursement transfer that is `sent`; any
 * other refused with a `ManualB2bError`.
 *
 * One transaction: the outcome, its open `transfer_state` finding(s) resolved with a note saying
 * what was done (`resolveFindingOn`, audited), and an audit entry with the operator as actor. The
 * transfer's status guards against settling twice: a Result arriving meanwhile (or a second
 * operator) finds it no longer `sent` and changes nothing, and the other way round.
 */
export async function settleB2bByHand(
  store: Store,
  input: { transferId: string; operatorId: string } & ManualB2bSettlement,
  now: number,
): Promise<{ outcome: "paid" | "failed"; transferId: string; resolvedFindings: string[] }> {
  const note = input.note.trim();
  if (!note) throw new ManualB2bError("no_note", "Write a note: what you found on M-Pesa's portal");
  if (note.length > MANUAL_NOTE_MAX)
    throw new ManualB2bError("no_note", `Keep the note to ${MANUAL_NOTE_MAX} characters`);
  const receipt = input.outcome === "paid" ? input.receipt.trim().toUpperCase() : null;
  if (input.outcome === "paid" && !MPESA_RECEIPT_PATTERN.test(receipt ?? ""))
    throw new ManualB2bError(
      "bad_receipt",
      "Enter M-Pesa's receipt: 10 letters and digits, as the portal shows it",
    );

  return store.write(async (q) => {
    const found = await first(
      store.forUpdate(
        q
          .select({
            transfer: settlementTransfers,
            b2bKind: disbursementRows.b2bKind,
            rowId: disbursementRows.id,
            businessNumber: disbursementRows.businessNumber,
            accountReference: disbursementRows.accountReference,
          })
          .from(settlementTransfers)
          .leftJoin(
            disbursementRows,
            eq(disbursementRows.id, settlementTransfers.disbursementRowId),
          )
          .where(eq(settlementTransfers.id, input.transferId))
          .limit(1),
      ),
    );
    if (!found) throw new ManualB2bError("not_found", "There is no transfer with this id.");
    const { transfer } = found;
    if (transfer.purpose !== "disbursement" || !found.b2bKind)
      throw new ManualB2bError(
        "not_b2b",
        "This is not an M-Pesa B2B payout: only those are settled by hand here.",
      );
    if (transfer.status !== "sent")
      throw new ManualB2bError(
        "not_sent",
        transfer.status === "succeeded" || transfer.status === "failed"
          ? `This payout is already settled (${transfer.status === "succeeded" ? "paid" : "failed"}): nothing was changed.`
          : "This payout has not gone out to M-Pesa: only a sent payout is settled by hand.",
      );
    if (receipt !== null) {
      const taken = await first(
        q
          .select({ id: settlementTransfers.id })
          .from(settlementTransfers)
          .where(eq(settlementTransfers.receipt, receipt))
          .limit(1),
      );
      if (taken)
        throw new ManualB2bError(
          "receipt_taken",
          `Receipt ${receipt} already pays another payout (${taken.id}): check it on the portal`,
        );
    }

    // The engine's results run in this write: all of it commits, or none.
    const settled =
      receipt !== null
        ? await succeedTransfer(
            q,
            transfer.id,
            {
              receipt,
              description: "Paid: confirmed by an operator on M-Pesa's organisation portal",
              recipientName: null,
            },
            now,
          )
        : await failTransfer(
            q,
            transfer.id,
            {
              code: null,
              description:
                "M-Pesa has no record of this payment, nothing was paid: the money is back in your balance",
            },
            now,
          );
    if (!settled)
      throw new ManualB2bError("not_sent", "This payout is already settled: nothing was changed.");

    const did =
      receipt !== null
        ? `Settled by hand as paid, M-Pesa receipt ${receipt}`
        : "Settled by hand as failed (no such transaction on M-Pesa), money returned to the merchant";
    const resolvedFindings = await openFindingIdsOn(
      q,
      "transfer_state",
      transfer.id,
      store.forUpdate,
    );
    for (const findingId of resolvedFindings) {
      const resolved = await resolveFindingOn(
        q,
        { findingId, operatorId: input.operatorId, note: `${did}. ${note}` },
        now,
        store.forUpdate,
      );
      if (!resolved.ok)
        throw new ManualB2bError("not_sent", "The finding changed meanwhile: try again.");
    }

    await recordAudit(
      q,
      {
        actorType: "operator",
        actorId: input.operatorId,
        action:
          receipt !== null
            ? "disbursement.b2b_settled_paid_by_hand"
            : "disbursement.b2b_settled_failed_by_hand",
        targetType: "settlement_transfer",
        targetId: transfer.id,
        details: {
          outcome: input.outcome,
          receipt,
          note,
          disbursementRowId: found.rowId,
          b2bKind: found.b2bKind,
          businessNumber: found.businessNumber,
          accountReference: found.accountReference,
          amountKesCents: transfer.amountKesCents.toString(),
          findings: resolvedFindings,
        },
      },
      now,
    );
    return { outcome: input.outcome, transferId: transfer.id, resolvedFindings };
  });
}
