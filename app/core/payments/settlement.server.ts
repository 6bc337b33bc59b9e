/**
 * Settlement to the merchant's destinations (M-Pesa, Airtel Money, T-Kash, a bank over PesaLink).
 * A confirmed payment is claimed by one worker (confirmed -> settling), routed (the default
 * destination or the merchant's split, failing over where allowed: core/destinations/routing), its
 * net KES (plus leftovers of earlier settlements) is split into transfers per destination (the
 * rail's limits, daily cap and charge per transfer passed through at cost), and each transfer due
 * today is posted to the ledger (merchant available -> in flight, the rail's float earmarked) and
 * committed BEFORE the rail is called with the transfer id as its idempotent id (M-Pesa's
 * OriginatorConversationID). A crash after the commit leaves the
 * transfer "pending": `sendPendingTransfers` sends it again with the same id, and M-Pesa's
 * duplicate check means nothing is paid twice. The Result callback (or the status query when it
 * never comes) settles it: success clears the in-flight money; failure reverses the posting, so the
 * money is back in the merchant's available balance, and the transfer can be retried as a new
 * transfer.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { payments, settlementDestinations, settlementTransfers } from "../../../drizzle/schema";
import type { TransferStatus } from "~/core/payments/statuses";
import {
  codeWithoutBook,
  InsufficientBalanceError,
  type LedgerBook,
  ledgerBook,
  owed,
  postTransaction,
  reverseTransaction,
} from "~/core/ledger/ledger.server";
import { recordAudit } from "~/core/audit.server";
import { enqueueEvent } from "~/core/api/outbox.server";
import { payoutObject, type PayoutRow } from "~/core/api/payout-object";
import { readableCode } from "~/core/ids.server";
import { defaultDestination, isUsable } from "~/core/destinations/destinations.server";
import {
  destinationLabel,
  heldDestinationNotice,
  maskedDestinationLabel,
} from "~/core/destinations/display";
import { routeSettlement, splitByPercent } from "~/core/destinations/routing.server";
import { railNames } from "~/core/destinations/schema";
import { recordVerificationOutcome } from "~/core/destinations/verification-result.server";
import {
  bookOfDisbursementRow,
  disbursementDestination,
  disbursementIsB2b,
  disbursementRemarks,
  disbursementTransferMode,
  onDisbursementFailed,
  onDisbursementSucceeded,
  postDisbursementSent,
} from "~/core/disbursements/transfers.server";
import { classifyResultCode, type B2cResult } from "~/core/providers/daraja/result";
import {
  bookOfRefund,
  onRefundTransferFailed,
  onRefundTransferSucceeded,
  postRefundSent,
  refundRemarks,
  refundTransferMode,
} from "~/core/refunds/transfers.server";
import { profileOf, railChargeCents } from "~/core/rails/charges";
import type { PayoutDestination, PayoutRails, RailId, RailSendOutcome } from "~/core/rails/types";
import type { Db, DbOrTx } from "~/utils/db.server";
import { formatKesCents } from "~/utils/format";
import type { PaymentsConfig } from "./config";
import {
  getPayment,
  listPaymentEvents,
  recordEvent,
  transition,
  type Payment,
} from "./payments.server";
import { eatDay, largestPayout, planTransfers } from "./settlement-plan";

export type Transfer = typeof settlementTransfers.$inferSelect;

const COUNTS_AGAINST_DAY: TransferStatus[] = ["scheduled", "pending", "sent", "succeeded"];

export const newTransferId = () => `trf_${readableCode(14).toLowerCase()}`;

/**
 * The ledger book of a transfer: its payment's mode (test payments settle in the test book). A
 * transfer without a payment is live money.
 */
function bookOfTransfer(
  db: DbOrTx,
  transfer: Pick<Transfer, "paymentId" | "disbursementRowId" | "refundId">,
): LedgerBook {
  if (transfer.disbursementRowId) return bookOfDisbursementRow(db, transfer.disbursementRowId);
  if (transfer.refundId) return bookOfRefund(db, transfer.refundId);
  if (!transfer.paymentId) return "live";
  return (
    db
      .select({ mode: payments.mode })
      .from(payments)
      .where(eq(payments.id, transfer.paymentId))
      .get()?.mode ?? "live"
  );
}

/**
 * A transfer's mode: its payment's, its disbursement batch's or its refund's (live without any), as
 * an SQL expression.
 */
const transferMode = sql`coalesce((select ${payments.mode} from ${payments} where ${payments.id} = ${settlementTransfers.paymentId}), ${disbursementTransferMode}, ${refundTransferMode}, 'live')`;

/** Transfers of one book (their payment's mode; live without a payment), as a condition. */
function transfersInBook(mode: LedgerBook) {
  return sql`${transferMode} = ${mode}`;
}

/**
 * Transfers of these modes only, as a condition (undefined, so no condition, for every mode): a
 * runtime's payouts client sends and asks about its own mode's transfers only (ADR 0028).
 */
function transfersInModes(modes: readonly LedgerBook[] | undefined) {
  return modes ? inArray(transferMode, [...modes]) : undefined;
}

/** The mode of a transfer's payment (live without a payment), or null for no such transfer. */
export function transferModeOf(db: DbOrTx, transferId: string): LedgerBook | null {
  const transfer = db
    .select({
      paymentId: settlementTransfers.paymentId,
      disbursementRowId: settlementTransfers.disbursementRowId,
      refundId: settlementTransfers.refundId,
    })
    .from(settlementTransfers)
    .where(eq(settlementTransfers.id, transferId))
    .get();
  return transfer ? bookOfTransfer(db, transfer) : null;
}

/** What went (or is planned to go) to one destination per EAT day: its rail's daily cap applies. */
function usedByDay(
  db: DbOrTx,
  merchantId: string,
  mode: LedgerBook,
  destinationId: string,
): Map<string, bigint> {
  const rows = db
    .select({
      day: settlementTransfers.settlementDay,
      total: sql<string>`cast(sum(${settlementTransfers.amountKesCents}) as text)`,
    })
    .from(settlementTransfers)
    .where(
      and(
        eq(settlementTransfers.merchantId, merchantId),
        eq(settlementTransfers.destinationId, destinationId),
        eq(settlementTransfers.purpose, "settlement"),
        inArray(settlementTransfers.status, COUNTS_AGAINST_DAY),
        transfersInBook(mode),
      ),
    )
    .groupBy(settlementTransfers.settlementDay)
    .all();
  return new Map(rows.map((row) => [row.day, BigInt(row.total ?? "0")]));
}

/**
 * Post a transfer's "sent" movement: the merchant's available balance pays the amount (now in
 * flight to the merchant) and the rail's charge for it, which leaves our float on that rail with
 * the amount (the charge is what the rail takes from the float for the transfer: passed through at
 * cost). A fee of ours (none for settlements) would go to fee revenue. A failure reverses all of
 * it. In the book of the transfer's payment.
 */
function postTransferSent(
  db: DbOrTx,
  transfer: Transfer,
  now: number,
  mode: LedgerBook = bookOfTransfer(db, transfer),
) {
  const charge = transfer.railChargeKesCents;
  const { feeRevenue, merchantAvailable, merchantInFlight, railFloat, railInFlight } =
    ledgerBook(mode);
  const entries = [
    {
      account: merchantAvailable(transfer.merchantId),
      amount: transfer.amountKesCents + charge + transfer.feeKesCents,
    },
    { account: merchantInFlight(transfer.merchantId), amount: -transfer.amountKesCents },
    { account: railInFlight(transfer.rail), amount: transfer.amountKesCents },
    { account: railFloat(transfer.rail), amount: -(transfer.amountKesCents + charge) },
  ];
  if (transfer.feeKesCents > 0n)
    entries.push({ account: feeRevenue(), amount: -transfer.feeKesCents });
  const result = postTransaction(db, {
    idempotencyKey: `transfer:${transfer.id}:sent`,
    kind: "payout.sent",
    description: `Payout ${transfer.id} to ${railNames[transfer.rail]}${transfer.phone ? ` ${transfer.phone}` : ""}${charge > 0n ? `, ${railNames[transfer.rail]} charge ${charge / 100n} KES` : ""}`,
    reference: { type: "transfer", id: transfer.id },
    entries,
    guards: [merchantAvailable(transfer.merchantId), railFloat(transfer.rail)],
    now,
  });
  db.update(settlementTransfers)
    .set({ status: "pending", ledgerTransactionId: result.transactionId, updatedAt: now })
    .where(eq(settlementTransfers.id, transfer.id))
    .run();
}

/**
 * Sum of (amount + rail charge + fee) of the merchant's scheduled transfers (not posted yet) and
 * failed ones awaiting a retry: money still in the available balance that belongs to them.
 */
function transfersStillInAvailable(db: DbOrTx, merchantId: string, mode: LedgerBook): bigint {
  const row = db
    .select({
      total: sql<string>`cast(coalesce(sum(${settlementTransfers.amountKesCents} + ${settlementTransfers.railChargeKesCents} + ${settlementTransfers.feeKesCents}), 0) as text)`,
    })
    .from(settlementTransfers)
    .where(
      and(
        eq(settlementTransfers.merchantId, merchantId),
        transfersInBook(mode),
        // Check payouts are our money, not the merchant's.
        eq(settlementTransfers.purpose, "settlement"),
        sql`(${settlementTransfers.status} = 'scheduled' or (${settlementTransfers.status} = 'failed' and not exists (select 1 from settlement_transfers r where r.retry_of = ${settlementTransfers.id})))`,
      ),
    )
    .get();
  return BigInt(row?.total ?? "0");
}

/**
 * Net KES of the merchant's other confirmed payments of the same mode, not planned yet (each plans
 * its own).
 */
function otherConfirmedNet(
  db: DbOrTx,
  merchantId: string,
  paymentId: string,
  mode: LedgerBook,
): bigint {
  const row = db
    .select({
      total: sql<string>`cast(coalesce(sum(${payments.amountKesCents} - ${payments.feeKesCents}), 0) as text)`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.merchantId, merchantId),
        eq(payments.mode, mode),
        eq(payments.status, "confirmed"),
        sql`${payments.id} <> ${paymentId}`,
      ),
    )
    .get();
  return BigInt(row?.total ?? "0");
}

/**
 * What this payment's settlement may pay out: the merchant's available balance less what belongs to
 * something else (other confirmed payments not planned yet, scheduled transfers not posted yet,
 * failed transfers waiting for a retry). That is this payment's net plus any leftover of earlier
 * settlements (cents M-Pesa cannot move, or less than a minimum transfer): leftovers are carried,
 * never stranded. All within the payment's book: test money never pays live and the reverse.
 */
function settleableCents(db: DbOrTx, payment: Payment): bigint {
  const available = owed(db, ledgerBook(payment.mode).merchantAvailable(payment.merchantId));
  const free =
    available -
    otherConfirmedNet(db, payment.merchantId, payment.id, payment.mode) -
    transfersStillInAvailable(db, payment.merchantId, payment.mode);
  return free > 0n ? free : 0n;
}

export type SettleOutcome =
  | "not_confirmed"
  | "no_settlement_number"
  | "destination_held"
  | "claimed_elsewhere"
  | "planned"
  | "waiting_for_float";

/** "KES 0.66" for event texts (cents, no float). */
const kesText = (cents: bigint) => formatKesCents(cents);

export interface PlanOptions {
  /** Rails running in this process, for failover (undefined: all). */
  runningRails?: readonly RailId[];
}

/**
 * Claim a confirmed payment and plan its transfers (ledger-posted for today's, scheduled for later
 * days). Does not call M-Pesa: follow with `sendPendingTransfers`.
 */
export function planSettlement(
  db: Db,
  paymentId: string,
  config: PaymentsConfig,
  now: number,
  options: PlanOptions = {},
): SettleOutcome {
  try {
    return claimAndPlan(db, paymentId, now, options);
  } catch (error) {
    // Our M-Pesa float cannot cover it: nothing was claimed; say so once, the tick tries again.
    if (
      error instanceof InsufficientBalanceError &&
      codeWithoutBook(error.accountCode).startsWith("rail:")
    ) {
      const last = listPaymentEvents(db, paymentId).at(-1);
      if (last?.type !== "waiting_for_float") {
        recordEvent(
          db,
          { id: paymentId },
          {
            type: "waiting_for_float",
            cause: "our payout float is being topped up; the payout follows automatically",
            at: now,
          },
        );
      }
      return "waiting_for_float";
    }
    throw error;
  }
}

function claimAndPlan(db: Db, paymentId: string, now: number, options: PlanOptions): SettleOutcome {
  return db.transaction((tx): SettleOutcome => {
    const payment = tx.select().from(payments).where(eq(payments.id, paymentId)).get();
    if (!payment || payment.status !== "confirmed") return "not_confirmed";
    const route = routeSettlement(tx, payment.merchantId, now, options);
    if (route.kind === "no_destination") {
      const already = listPaymentEvents(tx, paymentId).some(
        (e) => e.type === "waiting_for_settlement_number",
      );
      if (!already) {
        recordEvent(tx, payment, {
          type: "waiting_for_settlement_number",
          cause: "add a payout destination in settlement settings to be paid",
          at: now,
        });
      }
      return "no_settlement_number";
    }
    // A new payout destination waits out its cooling-off period (issue 10, item 14); the tick plans
    // it after.
    if (route.kind === "held") {
      const { heldUntil, destination } = route;
      const noted = listPaymentEvents(tx, paymentId).some(
        (e) =>
          e.type === "waiting_for_destination_cooling_off" &&
          e.detail?.includes(`"heldUntil":${heldUntil}`),
      );
      if (!noted) {
        recordEvent(tx, payment, {
          type: "waiting_for_destination_cooling_off",
          cause: `${heldDestinationNotice(maskedDestinationLabel(destination), heldUntil)}: a new destination waits before it is paid, in case someone else added it`,
          at: now,
          detail: { heldUntil },
        });
      }
      return "destination_held";
    }
    if (
      !transition(tx, payment, ["confirmed"], "settling", {
        type: "settlement_started",
        cause: "confirmed payments settle at once",
        at: now,
      })
    ) {
      return "claimed_elsewhere";
    }
    const net = payment.amountKesCents - payment.feeKesCents;
    const settleable = settleableCents(tx, payment);
    if (settleable > net) {
      recordEvent(tx, payment, {
        type: "leftover_carried_in",
        cause: `includes ${kesText(settleable - net)} carried from earlier settlements`,
        at: now,
        detail: { amountKesCents: settleable - net },
      });
    }
    const today = eatDay(now);
    const parts = splitByPercent(
      settleable,
      route.targets.map((target) => target.percent),
    );
    let sequence = 0;
    let planned = 0n;
    route.targets.forEach((target, index) => {
      const { destination, insteadOf } = target;
      const railName = railNames[destination.rail];
      if (insteadOf) {
        recordEvent(tx, payment, {
          type: "settlement_failed_over",
          cause: `${railNames[insteadOf.rail]} is unavailable: paying ${destinationLabel(destination)} instead, as your settings allow`,
          at: now,
          detail: { from: insteadOf.id, to: destination.id },
        });
      }
      const profile = profileOf(destination.rail);
      const plan = planTransfers({
        availableCents: parts[index]!,
        railCharge: (amount) => railChargeCents(destination.rail, amount),
        minimumKes: profile.minimumKes,
        perTransferKes: profile.perTransferKes,
        dailyKes: profile.dailyKes,
        today,
        usedByDay: usedByDay(tx, payment.merchantId, payment.mode, destination.id),
      });
      for (const part of plan) {
        const transfer: Transfer = {
          id: newTransferId(),
          merchantId: payment.merchantId,
          paymentId: payment.id,
          sequence: ++sequence,
          purpose: "settlement",
          rail: destination.rail,
          destinationId: destination.id,
          phone: destination.phone,
          amountKesCents: part.amountKesCents,
          feeKesCents: part.feeKesCents,
          railChargeKesCents: part.railChargeKesCents,
          settlementDay: part.day,
          retryOf: null,
          ...newTransferState(now),
        };
        tx.insert(settlementTransfers).values(transfer).run();
        if (part.day === today) postTransferSent(tx, transfer, now, payment.mode);
        recordEvent(tx, payment, {
          type: part.day === today ? "transfer_created" : "transfer_scheduled",
          cause: `${part.day === today ? `settling to ${destinationLabel(destination)}` : `over the daily ${railName} limit: waits for the next day`}; ${railName} charge ${kesText(part.railChargeKesCents)}`,
          at: now,
          detail: {
            transferId: transfer.id,
            rail: destination.rail,
            destinationId: destination.id,
            amountKesCents: part.amountKesCents,
            railChargeKesCents: part.railChargeKesCents,
            day: part.day,
          },
        });
        planned += part.amountKesCents + part.railChargeKesCents + part.feeKesCents;
      }
    });
    const leftover = settleable - planned;
    if (leftover > 0n) {
      recordEvent(tx, payment, {
        type: "leftover_carried_forward",
        cause: `${kesText(leftover)} the rail cannot send on its own (whole shillings, and its minimum transfer) stays in your balance and is paid with your next settlement`,
        at: now,
        detail: { amountKesCents: leftover },
      });
    }
    if (sequence === 0) {
      transition(tx, payment, ["settling"], "settled", {
        type: "settled",
        cause: "less than the rail's minimum transfer: carried into your next settlement",
        at: now,
        set: { settledAt: now },
      });
    }
    return "planned";
  });
}

/** Scheduled transfers whose day has come: post them (they become pending). */
export function releaseScheduledTransfers(db: Db, now: number): number {
  const due = db
    .select()
    .from(settlementTransfers)
    .where(
      and(
        eq(settlementTransfers.status, "scheduled"),
        lte(settlementTransfers.settlementDay, eatDay(now)),
      ),
    )
    .orderBy(asc(settlementTransfers.createdAt))
    .all();
  for (const transfer of due) db.transaction((tx) => postTransferSent(tx, transfer, now));
  return due.length;
}

/**
 * How long a claim to send a transfer lasts: longer than any M-Pesa call (DARAJA_TIMEOUT_MS is at
 * most 60 s).
 */
export const SEND_LEASE_MS = 2 * 60_000;

/** What the payments run and immediate settlement send: everything but paced disbursement rows. */
export const UNPACED_PURPOSES = ["settlement", "verification", "refund"] as const;

/**
 * Purposes whose money was reserved when they were made, and how it leaves the reservation when
 * the transfer goes to the rail.
 */
const RESERVED_PURPOSES: Partial<
  Record<Transfer["purpose"], (tx: DbOrTx, transfer: Transfer, now: number) => string>
> = { disbursement: postDisbursementSent, refund: postRefundSent };

/** The ledger kind of a paid transfer's last posting, by purpose (verifications post none). */
const SUCCEEDED_KINDS: Record<Transfer["purpose"], string> = {
  settlement: "payout.succeeded",
  verification: "payout.succeeded",
  disbursement: "disbursement.succeeded",
  refund: "refund.succeeded",
};

export interface SendOptions {
  /** At most this many transfers per run. Default 50. */
  limit?: number;
  /** How long the claim on each transfer lasts. Default SEND_LEASE_MS. */
  leaseMs?: number;
  /** Who claims (logged on the row); default this process and run. */
  holder?: string;
  /** Only transfers of payments in these modes (the payouts client's, ADR 0028); default all. */
  modes?: readonly LedgerBook[];
  /**
   * Only transfers of these purposes (the disbursement pump sends "disbursement" rows at each
   * rail's pace, ADR 0035; the payments run and immediate settlement send the others); default all.
   */
  purpose?: Transfer["purpose"] | readonly Transfer["purpose"][];
}

/**
 * Claim one pending transfer for sending (issue 10, item 3): one conditional UPDATE (its own
 * transaction) that succeeds for exactly one caller while the claim is free or lapsed. A sender
 * that crashes mid-send leaves a claim that lapses after `leaseMs`; the next sender re-sends with
 * the SAME id (OriginatorConversationID), so M-Pesa's duplicate check is the last line, never the
 * first.
 */
export function claimTransferForSending(
  db: DbOrTx,
  transferId: string,
  holder: string,
  now: number,
  leaseMs = SEND_LEASE_MS,
): boolean {
  const claimed = db
    .update(settlementTransfers)
    .set({
      sendLeaseUntil: now + leaseMs,
      sendLeaseHolder: holder,
      attempts: sql`${settlementTransfers.attempts} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(settlementTransfers.id, transferId),
        eq(settlementTransfers.status, "pending"),
        or(
          isNull(settlementTransfers.sendLeaseUntil),
          lte(settlementTransfers.sendLeaseUntil, now),
        ),
      ),
    )
    .run();
  return claimed.changes === 1;
}

/**
 * After a call that failed without an answer, when the transfer may be sent again: 5 s after the
 * first attempt, doubling with each attempt up to 5 minutes. A rail that is down is not hammered
 * (every payments run would otherwise send every stuck transfer again), and the transfers stuck on
 * it never crowd out the other rails' new ones (the sender skips a transfer until its time).
 */
export function sendBackoffMs(attempts: number): number {
  return Math.min(5 * 60_000, 5_000 * 2 ** Math.max(0, Math.min(attempts - 1, 10)));
}

/**
 * Give a claim back (the call failed without an answer) with a time to wait before the next send:
 * the claim's end becomes the backoff's, and its holder none.
 */
function releaseSendClaim(
  db: DbOrTx,
  transfer: Pick<Transfer, "id" | "attempts">,
  holder: string,
  now: number,
) {
  db.update(settlementTransfers)
    .set({ sendLeaseUntil: now + sendBackoffMs(transfer.attempts + 1), sendLeaseHolder: null })
    .where(
      and(
        eq(settlementTransfers.id, transfer.id),
        eq(settlementTransfers.status, "pending"),
        eq(settlementTransfers.sendLeaseHolder, holder),
      ),
    )
    .run();
}

/**
 * Call M-Pesa for every pending transfer (new, or left pending by a crash) that nobody else is
 * sending. Each transfer is claimed first (`claimTransferForSending`), so the webhook's immediate
 * settlement and the background tick never both send it. A network failure leaves the transfer
 * pending, to be sent again after a backoff (`sendBackoffMs`); a duplicate answer means the rail
 * already has it; a rejected request fails the transfer and returns the money.
 */
export async function sendPendingTransfers(
  db: Db,
  rails: PayoutRails,
  now: () => number,
  options: number | SendOptions = {},
): Promise<number> {
  const {
    limit = 50,
    leaseMs = SEND_LEASE_MS,
    holder = `${process.pid}:${randomUUID().slice(0, 8)}`,
    modes,
    purpose,
  } = typeof options === "number" ? { limit: options } : options;
  const at = now();
  const running = Object.keys(rails) as RailId[];
  const pending = db
    .select()
    .from(settlementTransfers)
    .where(
      and(
        eq(settlementTransfers.status, "pending"),
        or(isNull(settlementTransfers.sendLeaseUntil), lte(settlementTransfers.sendLeaseUntil, at)),
        transfersInModes(modes),
        purpose
          ? inArray(
              settlementTransfers.purpose,
              typeof purpose === "string" ? [purpose] : [...purpose],
            )
          : undefined,
        inArray(settlementTransfers.rail, running),
      ),
    )
    // Merchants' own settlements and checks first: a large disbursement batch never holds them up.
    .orderBy(
      sql`case when ${settlementTransfers.purpose} = 'disbursement' then 1 else 0 end`,
      asc(settlementTransfers.createdAt),
    )
    .limit(limit)
    .all();
  let sent = 0;
  for (const transfer of pending) {
    const rail = rails[transfer.rail];
    // A rail not running here: the transfer waits, pending, for a process where it does.
    if (!rail) continue;
    if (!claimTransferForSending(db, transfer.id, holder, now(), leaseMs)) continue;
    // A disbursement row's or a refund's money leaves its reservation only now; a short float
    // makes it wait.
    const postSent = RESERVED_PURPOSES[transfer.purpose];
    if (postSent && !transfer.ledgerTransactionId) {
      try {
        db.transaction((tx) => postSent(tx, transfer, now()));
      } catch (error) {
        if (!(error instanceof InsufficientBalanceError)) throw error;
        releaseSendClaim(db, transfer, holder, now());
        continue;
      }
    }
    const destination = payoutDestinationOfTransfer(db, transfer);
    // M-Pesa B2B (ADR 0035, "B2B") is sent AT MOST ONCE: its request carries no id of ours that
    // M-Pesa could refuse as a duplicate. `sentAt` is stamped on the pending transfer before the
    // request goes out; one found stamped may have reached M-Pesa (a run crashed or threw after
    // sending), so it is never sent again: it is marked sent, and its Result (which names the
    // transfer in its URL) or, failing that, an operator settles it.
    if (destination.kind === "business") {
      if (transfer.sentAt !== null) {
        markSent(db, transfer, null, now());
        sent++;
        continue;
      }
      db.update(settlementTransfers)
        .set({ sentAt: now() })
        .where(
          and(eq(settlementTransfers.id, transfer.id), eq(settlementTransfers.status, "pending")),
        )
        .run();
    }
    let outcome: RailSendOutcome;
    try {
      outcome = await rail.send({
        transferId: transfer.id,
        destination,
        amountKes: Number(transfer.amountKesCents / 100n),
        remarks: remarksOf(db, transfer),
        reference: transfer.paymentId ?? undefined,
      });
    } catch {
      // Timeout, network, 5xx (RailUnavailableError): stays pending and is sent again (same id)
      // by a later run, after a backoff. (`attempts` was read before this run's claim added one.)
      releaseSendClaim(db, transfer, holder, now());
      continue;
    }
    if (outcome.kind === "rejected") {
      const { code, description } = outcome;
      failTransfer(db, transfer.id, { code, description }, now());
      continue;
    }
    // "unknown" (B2B only): the answer was lost, so no conversation id; never sent again (above).
    markSent(
      db,
      transfer,
      outcome.kind === "duplicate" || outcome.kind === "unknown" ? null : outcome.providerRef,
      now(),
    );
    if (outcome.kind === "succeeded")
      succeedTransfer(
        db,
        transfer.id,
        { receipt: outcome.receipt, description: outcome.description },
        now(),
      );
    sent++;
  }
  return sent;
}

function markSent(db: Db, transfer: Transfer, conversationId: string | null, now: number) {
  db.update(settlementTransfers)
    .set({
      status: "sent",
      conversationId: conversationId ?? transfer.conversationId,
      sentAt: now,
      updatedAt: now,
      sendLeaseUntil: null,
      sendLeaseHolder: null,
    })
    .where(and(eq(settlementTransfers.id, transfer.id), eq(settlementTransfers.status, "pending")))
    .run();
}

function getTransfer(db: DbOrTx, id: string): Transfer | undefined {
  return db.select().from(settlementTransfers).where(eq(settlementTransfers.id, id)).get();
}

/** A transfer's final state and the rail's words for it. */
function markCompleted(
  tx: DbOrTx,
  transfer: Transfer,
  status: "succeeded" | "failed",
  result: { receipt: string | null; code: number | null },
  words: { description: string },
  now: number,
) {
  tx.update(settlementTransfers)
    .set({
      status,
      ...(status === "succeeded" ? { receipt: result.receipt } : {}),
      resultCode: result.code,
      resultDesc: words.description,
      completedAt: now,
      updatedAt: now,
    })
    .where(eq(settlementTransfers.id, transfer.id))
    .run();
}

/** What the recipient reads on the rail. */
function remarksOf(db: DbOrTx, transfer: Transfer): string {
  if (transfer.purpose === "verification") return "OneHop account check";
  if (transfer.purpose === "disbursement") return disbursementRemarks(db, transfer);
  if (transfer.purpose === "refund") return refundRemarks(transfer);
  return `OneHop settlement ${transfer.paymentId ?? transfer.id}`;
}

/** Where a transfer pays: its destination's address (a number from before destinations: M-Pesa). */
function payoutDestinationOfTransfer(db: DbOrTx, transfer: Transfer): PayoutDestination {
  if (transfer.purpose === "disbursement") return disbursementDestination(db, transfer);
  const destination = transfer.destinationId
    ? db
        .select()
        .from(settlementDestinations)
        .where(eq(settlementDestinations.id, transfer.destinationId))
        .get()
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

/** When every transfer of the payment has succeeded, the payment is settled. */
function settleIfDone(db: DbOrTx, paymentId: string | null, now: number) {
  if (!paymentId) return;
  const transfers = db
    .select({
      id: settlementTransfers.id,
      status: settlementTransfers.status,
      retryOf: settlementTransfers.retryOf,
    })
    .from(settlementTransfers)
    .where(eq(settlementTransfers.paymentId, paymentId))
    .all();
  // A failed transfer counts until it is paid again (a retry names it): its money is not paid yet.
  const retried = new Set(transfers.map((t) => t.retryOf).filter((id) => id !== null));
  const open = transfers.filter((t) => t.status !== "failed" || !retried.has(t.id));
  if (open.length > 0 && open.every((t) => t.status === "succeeded")) {
    const payment = getPayment(db, paymentId);
    if (payment)
      transition(db, payment, ["settling"], "settled", {
        type: "settled",
        cause: "every transfer paid",
        at: now,
        set: { settledAt: now },
      });
  }
}

export function succeedTransfer(
  db: Db,
  transferId: string,
  result: { receipt: string | null; description: string; recipientName?: string | null },
  now: number,
): boolean {
  return db.transaction((tx) => {
    const transfer = getTransfer(tx, transferId);
    if (!transfer || (transfer.status !== "sent" && transfer.status !== "pending")) return false;
    const { merchantInFlight, railInFlight } = ledgerBook(bookOfTransfer(tx, transfer));
    // A check payout was our expense when sent: nothing is in flight for anyone.
    if (transfer.purpose === "verification") {
      markCompleted(tx, transfer, "succeeded", { receipt: result.receipt, code: 0 }, result, now);
      if (transfer.destinationId)
        recordVerificationOutcome(
          tx,
          transfer.destinationId,
          { kind: "succeeded", registeredName: result.recipientName ?? null },
          now,
        );
      return true;
    }
    postTransaction(tx, {
      idempotencyKey: `transfer:${transfer.id}:succeeded`,
      kind: SUCCEEDED_KINDS[transfer.purpose],
      description: `Payout ${transfer.id} paid, receipt ${result.receipt ?? "?"}`,
      reference: { type: "transfer", id: transfer.id },
      entries: [
        { account: merchantInFlight(transfer.merchantId), amount: transfer.amountKesCents },
        { account: railInFlight(transfer.rail), amount: -transfer.amountKesCents },
      ],
      now,
    });
    markCompleted(tx, transfer, "succeeded", { receipt: result.receipt, code: 0 }, result, now);
    onDisbursementSucceeded(tx, transfer, result, now);
    onRefundTransferSucceeded(tx, transfer, result, now);
    enqueuePayoutEvent(tx, transfer.id, now);
    if (transfer.paymentId) {
      recordEvent(
        tx,
        { id: transfer.paymentId },
        {
          type: "transfer_succeeded",
          cause: `${railNames[transfer.rail]} paid the merchant`,
          at: now,
          detail: {
            transferId: transfer.id,
            receipt: result.receipt,
            amountKesCents: transfer.amountKesCents,
          },
        },
      );
    }
    settleIfDone(tx, transfer.paymentId, now);
    return true;
  });
}

export function failTransfer(
  db: DbOrTx,
  transferId: string,
  result: { code: number | null; description: string },
  now: number,
): boolean {
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
    markCompleted(tx, transfer, "failed", { receipt: null, code: result.code }, result, now);
    onDisbursementFailed(tx, transfer, result, now);
    onRefundTransferFailed(tx, transfer, result, now);
    enqueuePayoutEvent(tx, transfer.id, now);
    if (transfer.purpose === "verification" && transfer.destinationId)
      recordVerificationOutcome(
        tx,
        transfer.destinationId,
        { kind: "failed", description: result.description },
        now,
      );
    if (transfer.paymentId) {
      recordEvent(
        tx,
        { id: transfer.paymentId },
        {
          type: "transfer_failed",
          cause: `${result.description}; the money is back in the available balance and can be retried`,
          at: now,
          detail: { transferId: transfer.id, code: result.code },
        },
      );
    }
    return true;
  });
}

/** Apply a B2C Result callback. Unknown ids and repeats change nothing. */
export function applyB2cResult(
  db: Db,
  result: B2cResult,
  now: number,
): "succeeded" | "failed" | "ignored" {
  const transfer = getTransfer(db, result.originatorConversationId);
  if (!transfer) return "ignored";
  if (result.resultCode === 0)
    return succeedTransfer(
      db,
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
    transfer.id,
    { code: result.resultCode, description: classification.message },
    now,
  )
    ? "failed"
    : "ignored";
}

/**
 * Transfers sent but unanswered for longer than `olderThanMs` (no Result callback: lost, or our
 * process was down when it came): ask M-Pesa for their status, at most once per `olderThanMs` each
 * (the ask is recorded in `updated_at`). The answer arrives at the status ResultURL and settles the
 * transfer there (`handleMpesaCallback`, "status-result": completed -> succeeded, failed/unknown ->
 * failed).
 */
export async function queryOverdueTransfers(
  db: Db,
  rails: PayoutRails,
  now: number,
  olderThanMs = 5 * 60_000,
  { limit = 100, modes }: { limit?: number; modes?: readonly LedgerBook[] } = {},
): Promise<number> {
  const cutoff = now - olderThanMs;
  const overdue = db
    .select()
    .from(settlementTransfers)
    .where(
      and(
        eq(settlementTransfers.status, "sent"),
        lte(settlementTransfers.sentAt, cutoff),
        lte(settlementTransfers.updatedAt, cutoff),
        transfersInModes(modes),
        // M-Pesa B2B has nothing to query (no id of ours): its Result or an operator settles it.
        sql`not ${disbursementIsB2b}`,
      ),
    )
    .orderBy(asc(settlementTransfers.updatedAt))
    .limit(limit)
    .all();
  let asked = 0;
  for (const transfer of overdue) {
    // Claim this round's question first (a concurrent run skips it), then ask.
    const claimed = db
      .update(settlementTransfers)
      .set({ updatedAt: now })
      .where(
        and(
          eq(settlementTransfers.id, transfer.id),
          eq(settlementTransfers.status, "sent"),
          lte(settlementTransfers.updatedAt, cutoff),
        ),
      )
      .run();
    if (claimed.changes !== 1) continue;
    const rail = rails[transfer.rail];
    if (!rail) continue;
    try {
      const status = await rail.queryStatus(transfer.id);
      asked++;
      if (status.kind === "succeeded")
        succeedTransfer(
          db,
          transfer.id,
          { receipt: status.receipt, description: status.description },
          now,
        );
      if (status.kind === "failed")
        failTransfer(db, transfer.id, { code: status.code, description: status.description }, now);
    } catch {
      // Try again on the next round.
    }
  }
  return asked;
}

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
  } satisfies Partial<Transfer>;
}

/**
 * A failed transfer's money is back in the available balance: pay it again as a new transfer, to
 * the merchant's current number. Null when it is not failed, was already retried, or the current
 * number is a new destination still in its cooling-off period.
 */
export function retryTransfer(
  db: DbOrTx,
  transferId: string,
  now: number,
  actor?: { type: "operator" | "merchant_user"; id: string },
  /** Pay to this destination instead (failover); it must be verified and not held. */
  toDestinationId?: string,
): Transfer | null {
  return db.transaction((tx) => {
    const failed = getTransfer(tx, transferId);
    if (!failed || failed.status !== "failed" || failed.purpose !== "settlement") return null;
    const retried = tx
      .select({ id: settlementTransfers.id })
      .from(settlementTransfers)
      .where(eq(settlementTransfers.retryOf, failed.id))
      .get();
    if (retried) return null;
    // To the merchant's current default (they may have fixed where they are paid), else the same
    // destination while it is still verified; not to one still in its cooling-off period (issue 10,
    // item 14): retry after it ends.
    const original = failed.destinationId
      ? tx
          .select()
          .from(settlementDestinations)
          .where(eq(settlementDestinations.id, failed.destinationId))
          .get()
      : undefined;
    const chosen = toDestinationId
      ? tx
          .select()
          .from(settlementDestinations)
          .where(
            and(
              eq(settlementDestinations.id, toDestinationId),
              eq(settlementDestinations.merchantId, failed.merchantId),
            ),
          )
          .get()
      : undefined;
    const destination = toDestinationId
      ? chosen
      : (defaultDestination(tx, failed.merchantId) ??
        (original?.status === "verified" ? original : undefined));
    if (!destination || !isUsable(destination, now)) return null;
    // Another rail charges differently: the largest payout the same money covers goes (what is
    // left over stays in the balance for the next settlement).
    const charge = (amount: bigint) => railChargeCents(destination.rail, amount);
    const amountKesCents =
      destination.rail === failed.rail
        ? failed.amountKesCents
        : largestPayout(
            failed.amountKesCents + failed.railChargeKesCents,
            charge,
            BigInt(profileOf(destination.rail).perTransferKes) * 100n,
          );
    if (amountKesCents <= 0n) return null;
    const last = tx
      .select({ max: sql<number>`max(${settlementTransfers.sequence})` })
      .from(settlementTransfers)
      .where(eq(settlementTransfers.paymentId, failed.paymentId ?? ""))
      .get();
    const transfer: Transfer = {
      ...failed,
      id: newTransferId(),
      sequence: (last?.max ?? failed.sequence) + 1,
      rail: destination.rail,
      destinationId: destination.id,
      phone: destination.phone,
      amountKesCents,
      railChargeKesCents:
        destination.rail === failed.rail ? failed.railChargeKesCents : charge(amountKesCents),
      settlementDay: eatDay(now),
      retryOf: failed.id,
      ...newTransferState(now),
    };
    tx.insert(settlementTransfers).values(transfer).run();
    postTransferSent(tx, transfer, now);
    if (failed.paymentId)
      recordEvent(
        tx,
        { id: failed.paymentId },
        {
          type: "transfer_retried",
          cause: "retried after a failure",
          at: now,
          detail: { transferId: transfer.id, of: failed.id },
        },
      );
    if (actor) {
      recordAudit(
        tx,
        {
          actorType: actor.type,
          actorId: actor.id,
          action: "payment.transfer_retried",
          targetType: "payment",
          targetId: failed.paymentId ?? failed.id,
          details: { transferId: transfer.id, of: failed.id },
        },
        now,
      );
    }
    return { ...transfer, status: "pending" };
  });
}

/** A transfer with where it went, written for people ("M-Pesa +254 712 345 678"), and masked. */
export type TransferWithDestination = Transfer & {
  destinationLabel: string;
  destinationMasked: string;
};

export function listTransfersForPayment(db: DbOrTx, paymentId: string): TransferWithDestination[] {
  return db
    .select({ transfer: settlementTransfers, destination: settlementDestinations })
    .from(settlementTransfers)
    .leftJoin(
      settlementDestinations,
      eq(settlementDestinations.id, settlementTransfers.destinationId),
    )
    .where(eq(settlementTransfers.paymentId, paymentId))
    .orderBy(asc(settlementTransfers.sequence))
    .all()
    .map(({ transfer, destination }) => withDestination(transfer, destination));
}

type DestinationRow = typeof settlementDestinations.$inferSelect;

function withDestination(
  transfer: Transfer,
  destination: DestinationRow | null | undefined,
): TransferWithDestination {
  const where = destination ?? {
    rail: transfer.rail,
    phone: transfer.phone,
    bankCode: null,
    accountNumber: null,
  };
  return {
    ...transfer,
    destinationLabel: destinationLabel(where),
    destinationMasked: maskedDestinationLabel(where),
  };
}

/** A transfer as the API's payout object reads it. */
export function payoutRowOf(transfer: TransferWithDestination): PayoutRow {
  return { ...transfer, destination: transfer.destinationMasked };
}

/**
 * `payout.succeeded` / `payout.failed` for a settlement transfer of a payment: the merchant's
 * systems learn the rail and the receipt (issue 14). In the transfer's transaction.
 */
function enqueuePayoutEvent(tx: DbOrTx, transferId: string, now: number) {
  const row = tx
    .select({ transfer: settlementTransfers, destination: settlementDestinations })
    .from(settlementTransfers)
    .leftJoin(
      settlementDestinations,
      eq(settlementDestinations.id, settlementTransfers.destinationId),
    )
    .where(eq(settlementTransfers.id, transferId))
    .get();
  if (!row || row.transfer.purpose !== "settlement" || !row.transfer.paymentId) return;
  const { transfer } = row;
  if (transfer.status !== "succeeded" && transfer.status !== "failed") return;
  const mode = bookOfTransfer(tx, transfer);
  enqueueEvent(tx, {
    merchantId: transfer.merchantId,
    mode,
    type: transfer.status === "succeeded" ? "payout.succeeded" : "payout.failed",
    objectId: transfer.id,
    data: {
      object: payoutObject(
        payoutRowOf(withDestination(transfer, row.destination)),
        mode === "live",
      ),
    },
    now,
  });
}

export type { Payment };
