/**
 * Settlement to M-Pesa. A confirmed payment is claimed by one worker (confirmed -> settling), its net
 * KES is split into transfers (rail limits, daily cap, B2C fee), and each transfer due today is posted
 * to the ledger (merchant available -> in flight, float earmarked) and committed BEFORE M-Pesa is
 * called with the transfer id as OriginatorConversationID. A crash after the commit leaves the transfer
 * "pending": `sendPendingTransfers` sends it again with the same id, and M-Pesa's duplicate check means
 * nothing is paid twice. The Result callback (or the status query when it never comes) settles it:
 * success clears the in-flight money; failure reverses the posting, so the money is back in the
 * merchant's available balance, and the transfer can be retried as a new transfer.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { merchants, payments, settlementTransfers, type TransferStatus } from "../../../drizzle/schema";
import {
  feeRevenue,
  InsufficientBalanceError,
  merchantAvailable,
  merchantInFlight,
  postTransaction,
  railFloat,
  railInFlight,
  reverseTransaction,
} from "~/core/ledger/ledger.server";
import { recordAudit } from "~/core/audit.server";
import { readableCode } from "~/core/ids.server";
import { DarajaApiError, DarajaValidationError, DuplicateRequestError } from "~/core/providers/daraja/errors";
import { classifyResultCode, type B2cResult } from "~/core/providers/daraja/result";
import type { MobileMoneyPayouts } from "~/core/providers/daraja/types";
import type { Db, DbOrTx } from "~/utils/db.server";
import type { PaymentsConfig } from "./config";
import { getPayment, listPaymentEvents, recordEvent, transition, type Payment } from "./payments.server";
import { eatDay, planTransfers } from "./settlement-plan";

export type Transfer = typeof settlementTransfers.$inferSelect;

const COUNTS_AGAINST_DAY: TransferStatus[] = ["scheduled", "pending", "sent", "succeeded"];

export const newTransferId = () => `trf_${readableCode(14).toLowerCase()}`;

function usedByDay(db: DbOrTx, merchantId: string): Map<string, bigint> {
  const rows = db
    .select({ day: settlementTransfers.settlementDay, total: sql<string>`cast(sum(${settlementTransfers.amountKesCents}) as text)` })
    .from(settlementTransfers)
    .where(and(eq(settlementTransfers.merchantId, merchantId), inArray(settlementTransfers.status, COUNTS_AGAINST_DAY)))
    .groupBy(settlementTransfers.settlementDay)
    .all();
  return new Map(rows.map((row) => [row.day, BigInt(row.total ?? "0")]));
}

/** Post a transfer's "sent" movement: merchant available -> in flight (+ B2C fee), float earmarked. */
function postTransferSent(db: DbOrTx, transfer: Transfer, now: number) {
  const result = postTransaction(db, {
    idempotencyKey: `transfer:${transfer.id}:sent`,
    kind: "payout.sent",
    description: `Payout ${transfer.id} to ${transfer.phone} (M-Pesa)`,
    reference: { type: "transfer", id: transfer.id },
    entries: [
      { account: merchantAvailable(transfer.merchantId), amount: transfer.amountKesCents + transfer.feeKesCents },
      { account: merchantInFlight(transfer.merchantId), amount: -transfer.amountKesCents },
      { account: feeRevenue(), amount: -transfer.feeKesCents },
      { account: railInFlight("mpesa"), amount: transfer.amountKesCents },
      { account: railFloat("mpesa"), amount: -transfer.amountKesCents },
    ],
    guards: [merchantAvailable(transfer.merchantId), railFloat("mpesa")],
    now,
  });
  db.update(settlementTransfers)
    .set({ status: "pending", ledgerTransactionId: result.transactionId, updatedAt: now })
    .where(eq(settlementTransfers.id, transfer.id))
    .run();
}

export type SettleOutcome = "not_confirmed" | "no_settlement_number" | "claimed_elsewhere" | "planned" | "waiting_for_float";

/**
 * Claim a confirmed payment and plan its transfers (ledger-posted for today's, scheduled for later
 * days). Does not call M-Pesa: follow with `sendPendingTransfers`.
 */
export function planSettlement(db: Db, paymentId: string, config: PaymentsConfig, now: number): SettleOutcome {
  try {
    return claimAndPlan(db, paymentId, config, now);
  } catch (error) {
    // Our M-Pesa float cannot cover it: nothing was claimed; say so once, the tick tries again.
    if (error instanceof InsufficientBalanceError && error.accountCode.startsWith("rail:")) {
      const last = listPaymentEvents(db, paymentId).at(-1);
      if (last?.type !== "waiting_for_float") {
        recordEvent(db, { id: paymentId }, { type: "waiting_for_float", cause: "our M-Pesa float is being topped up; the payout follows automatically", at: now });
      }
      return "waiting_for_float";
    }
    throw error;
  }
}

function claimAndPlan(db: Db, paymentId: string, config: PaymentsConfig, now: number): SettleOutcome {
  return db.transaction((tx): SettleOutcome => {
    const payment = tx.select().from(payments).where(eq(payments.id, paymentId)).get();
    if (!payment || payment.status !== "confirmed") return "not_confirmed";
    const merchant = tx.select().from(merchants).where(eq(merchants.id, payment.merchantId)).get();
    if (!merchant?.settlementPhone) {
      const already = tx.select({ id: sql`1` }).from(payments).where(and(eq(payments.id, paymentId), sql`exists (select 1 from payment_events where payment_id = ${paymentId} and type = 'waiting_for_settlement_number')`)).get();
      if (!already) {
        recordEvent(tx, payment, { type: "waiting_for_settlement_number", cause: "add an M-Pesa number in settlement settings to be paid", at: now });
      }
      return "no_settlement_number";
    }
    if (!transition(tx, payment, ["confirmed"], "settling", { type: "settlement_started", cause: "confirmed payments settle at once", at: now })) {
      return "claimed_elsewhere";
    }
    const net = payment.amountKesCents - payment.feeKesCents;
    const plan = planTransfers({
      availableCents: net,
      feeBps: config.b2cFeeBps,
      perTransferKes: config.railPerTransferKes,
      dailyKes: config.railDailyKes,
      today: eatDay(now),
      usedByDay: usedByDay(tx, payment.merchantId),
    });
    plan.forEach((planned, index) => {
      const transfer: Transfer = {
        id: newTransferId(),
        merchantId: payment.merchantId,
        paymentId: payment.id,
        sequence: index + 1,
        rail: "mpesa",
        phone: merchant.settlementPhone!,
        amountKesCents: planned.amountKesCents,
        feeKesCents: planned.feeKesCents,
        settlementDay: planned.day,
        retryOf: null,
        ...newTransferState(now),
      };
      tx.insert(settlementTransfers).values(transfer).run();
      if (planned.day === eatDay(now)) postTransferSent(tx, transfer, now);
      recordEvent(tx, payment, {
        type: planned.day === eatDay(now) ? "transfer_created" : "transfer_scheduled",
        cause: planned.day === eatDay(now) ? "settling to M-Pesa" : "over the daily M-Pesa limit: waits for the next day",
        at: now,
        detail: { transferId: transfer.id, amountKesCents: planned.amountKesCents, feeKesCents: planned.feeKesCents, day: planned.day },
      });
    });
    if (plan.length === 0) {
      transition(tx, payment, ["settling"], "settled", { type: "settled", cause: "nothing left to pay out after fees", at: now, set: { settledAt: now } });
    }
    return "planned";
  });
}

/** Scheduled transfers whose day has come: post them (they become pending). */
export function releaseScheduledTransfers(db: Db, now: number): number {
  const due = db
    .select()
    .from(settlementTransfers)
    .where(and(eq(settlementTransfers.status, "scheduled"), lte(settlementTransfers.settlementDay, eatDay(now))))
    .orderBy(asc(settlementTransfers.createdAt))
    .all();
  for (const transfer of due) db.transaction((tx) => postTransferSent(tx, transfer, now));
  return due.length;
}

/**
 * Call M-Pesa for every pending transfer (new, or left pending by a crash). A network failure leaves it
 * pending for the next run; a duplicate answer means M-Pesa already has it; a rejected request fails
 * the transfer and returns the money.
 */
export async function sendPendingTransfers(db: Db, payouts: MobileMoneyPayouts, now: () => number, limit = 50): Promise<number> {
  const pending = db.select().from(settlementTransfers).where(eq(settlementTransfers.status, "pending")).orderBy(asc(settlementTransfers.createdAt)).limit(limit).all();
  let sent = 0;
  for (const transfer of pending) {
    db.update(settlementTransfers).set({ attempts: transfer.attempts + 1 }).where(eq(settlementTransfers.id, transfer.id)).run();
    try {
      const ack = await payouts.b2cPayment({
        originatorConversationId: transfer.id,
        phone: transfer.phone,
        amountKes: Number(transfer.amountKesCents / 100n),
        remarks: `OneHop settlement ${transfer.paymentId ?? transfer.id}`,
        occasion: transfer.paymentId ?? undefined,
      });
      markSent(db, transfer, ack.conversationId, now());
      sent++;
    } catch (error) {
      if (error instanceof DuplicateRequestError) {
        markSent(db, transfer, null, now());
        sent++;
      } else if (error instanceof DarajaValidationError || (error instanceof DarajaApiError && error.httpStatus >= 400 && error.httpStatus < 500)) {
        failTransfer(db, transfer.id, { code: null, description: error.message }, now());
      }
      // Anything else (timeout, network, 5xx): stays pending and is sent again with the same id.
    }
  }
  return sent;
}

function markSent(db: Db, transfer: Transfer, conversationId: string | null, now: number) {
  db.update(settlementTransfers)
    .set({ status: "sent", conversationId: conversationId ?? transfer.conversationId, sentAt: now, updatedAt: now })
    .where(and(eq(settlementTransfers.id, transfer.id), eq(settlementTransfers.status, "pending")))
    .run();
}

function getTransfer(db: DbOrTx, id: string): Transfer | undefined {
  return db.select().from(settlementTransfers).where(eq(settlementTransfers.id, id)).get();
}

/** When every transfer of the payment has succeeded, the payment is settled. */
function settleIfDone(db: DbOrTx, paymentId: string | null, now: number) {
  if (!paymentId) return;
  const transfers = db.select({ status: settlementTransfers.status }).from(settlementTransfers).where(eq(settlementTransfers.paymentId, paymentId)).all();
  const open = transfers.filter((t) => t.status !== "failed");
  if (open.length > 0 && open.every((t) => t.status === "succeeded")) {
    const payment = getPayment(db, paymentId);
    if (payment) transition(db, payment, ["settling"], "settled", { type: "settled", cause: "every transfer paid", at: now, set: { settledAt: now } });
  }
}

export function succeedTransfer(db: Db, transferId: string, result: { receipt: string | null; description: string }, now: number): boolean {
  return db.transaction((tx) => {
    const transfer = getTransfer(tx, transferId);
    if (!transfer || (transfer.status !== "sent" && transfer.status !== "pending")) return false;
    postTransaction(tx, {
      idempotencyKey: `transfer:${transfer.id}:succeeded`,
      kind: "payout.succeeded",
      description: `Payout ${transfer.id} paid, receipt ${result.receipt ?? "?"}`,
      reference: { type: "transfer", id: transfer.id },
      entries: [
        { account: merchantInFlight(transfer.merchantId), amount: transfer.amountKesCents },
        { account: railInFlight("mpesa"), amount: -transfer.amountKesCents },
      ],
      now,
    });
    tx.update(settlementTransfers)
      .set({ status: "succeeded", receipt: result.receipt, resultCode: 0, resultDesc: result.description, completedAt: now, updatedAt: now })
      .where(eq(settlementTransfers.id, transfer.id))
      .run();
    if (transfer.paymentId) {
      recordEvent(tx, { id: transfer.paymentId }, { type: "transfer_succeeded", cause: "M-Pesa paid the merchant", at: now, detail: { transferId: transfer.id, receipt: result.receipt, amountKesCents: transfer.amountKesCents } });
    }
    settleIfDone(tx, transfer.paymentId, now);
    return true;
  });
}

export function failTransfer(db: Db, transferId: string, result: { code: number | null; description: string }, now: number): boolean {
  return db.transaction((tx) => {
    const transfer = getTransfer(tx, transferId);
    if (!transfer || (transfer.status !== "sent" && transfer.status !== "pending")) return false;
    if (transfer.ledgerTransactionId) {
      reverseTransaction(tx, {
        transactionId: transfer.ledgerTransactionId,
        idempotencyKey: `transfer:${transfer.id}:reversed`,
        reason: `Payout failed: ${result.description}`,
        now,
      });
    }
    tx.update(settlementTransfers)
      .set({ status: "failed", resultCode: result.code, resultDesc: result.description, completedAt: now, updatedAt: now })
      .where(eq(settlementTransfers.id, transfer.id))
      .run();
    if (transfer.paymentId) {
      recordEvent(tx, { id: transfer.paymentId }, { type: "transfer_failed", cause: `${result.description}; the money is back in the available balance and can be retried`, at: now, detail: { transferId: transfer.id, code: result.code } });
    }
    return true;
  });
}

/** Apply a B2C Result callback. Unknown ids and repeats change nothing. */
export function applyB2cResult(db: Db, result: B2cResult, now: number): "succeeded" | "failed" | "ignored" {
  const transfer = getTransfer(db, result.originatorConversationId);
  if (!transfer) return "ignored";
  if (result.resultCode === 0) return succeedTransfer(db, transfer.id, { receipt: result.receipt ?? result.transactionId ?? null, description: result.resultDesc }, now) ? "succeeded" : "ignored";
  const classification = classifyResultCode(result.resultCode);
  return failTransfer(db, transfer.id, { code: result.resultCode, description: classification.message }, now) ? "failed" : "ignored";
}

/** Transfers sent but unanswered for longer than `olderThanMs`: ask M-Pesa for their status. */
export async function queryOverdueTransfers(db: Db, payouts: MobileMoneyPayouts, now: number, olderThanMs = 5 * 60_000): Promise<number> {
  const overdue = db
    .select()
    .from(settlementTransfers)
    .where(and(eq(settlementTransfers.status, "sent"), lte(settlementTransfers.sentAt, now - olderThanMs)))
    .all();
  let asked = 0;
  for (const transfer of overdue) {
    try {
      await payouts.transactionStatus({ originatorConversationId: transfer.id });
      asked++;
    } catch {
      // Try again on the next run.
    }
  }
  return asked;
}

/** A transfer not yet sent: scheduled, no attempt, no provider answer, no ledger posting. */
function newTransferState(now: number) {
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
  } satisfies Partial<Transfer>;
}

/** A failed transfer's money is back in the available balance: pay it again as a new transfer. */
export function retryTransfer(db: Db, transferId: string, now: number, actor?: { type: "operator" | "merchant_user"; id: string }): Transfer | null {
  return db.transaction((tx) => {
    const failed = getTransfer(tx, transferId);
    if (!failed || failed.status !== "failed") return null;
    const retried = tx.select({ id: settlementTransfers.id }).from(settlementTransfers).where(eq(settlementTransfers.retryOf, failed.id)).get();
    if (retried) return null;
    const merchant = tx.select().from(merchants).where(eq(merchants.id, failed.merchantId)).get();
    const last = tx.select({ max: sql<number>`max(${settlementTransfers.sequence})` }).from(settlementTransfers).where(eq(settlementTransfers.paymentId, failed.paymentId ?? "")).get();
    const transfer: Transfer = {
      ...failed,
      id: newTransferId(),
      sequence: (last?.max ?? failed.sequence) + 1,
      phone: merchant?.settlementPhone ?? failed.phone,
      settlementDay: eatDay(now),
      retryOf: failed.id,
      ...newTransferState(now),
    };
    tx.insert(settlementTransfers).values(transfer).run();
    postTransferSent(tx, transfer, now);
    if (failed.paymentId) recordEvent(tx, { id: failed.paymentId }, { type: "transfer_retried", cause: "retried after a failure", at: now, detail: { transferId: transfer.id, of: failed.id } });
    if (actor) {
      recordAudit(tx, { actorType: actor.type, actorId: actor.id, action: "payment.transfer_retried", targetType: "payment", targetId: failed.paymentId ?? failed.id, details: { transferId: transfer.id, of: failed.id } }, now);
    }
    return { ...transfer, status: "pending" };
  });
}

export function listTransfersForPayment(db: DbOrTx, paymentId: string): Transfer[] {
  return db.select().from(settlementTransfers).where(eq(settlementTransfers.paymentId, paymentId)).orderBy(asc(settlementTransfers.sequence)).all();
}

export type { Payment };
