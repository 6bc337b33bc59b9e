/**
 * Settlement to the merchant's destinations (M-Pesa, Airtel Money, T-Kash, a bank over PesaLink).
 * A confirmed payment is claimed by one worker (confirmed -> settling), routed (the default
 * destination or the merchant's split, failing over where allowed: core/destinations/routing), its
 * net KES (plus leftovers of earlier settlements) is split into transfers per destination (the
 * rail's limits, daily cap and charge per transfer passed through at cost), and each transfer due
 * today is posted to the ledger (merchant available -> in flight, the rail's float earmarked) and
 * committed BEFORE the rail is called with the transfer id as its idempotent id (M-Pesa's
 * OriginatorConversationID). Sending, results and status queries are the transfer engine's
 * (core/transfers, ADR 0043; settlement's handler: settlement-transfers.server.ts): a crash after
 * the commit leaves the transfer "pending" and the engine sends it again with the same id; success
 * clears the in-flight money; failure reverses the posting, so the money is back in the merchant's
 * available balance, and the transfer can be retried as a new transfer (`retryTransfer`).
 *
 * The engine's functions are re-exported at the end for the callers that used them from here.
 */
import { netOfFees } from "~/core/fees/excise";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { payments, settlementDestinations, settlementTransfers } from "../../../drizzle/schema";
import type { TransferStatus } from "~/core/payments/statuses";
import {
  codeWithoutBook,
  InsufficientBalanceError,
  type LedgerBook,
  ledgerBook,
  lockAccounts,
} from "~/core/ledger/ledger.server";
import { recordAudit } from "~/core/audit.server";
import { defaultDestination, isUsable } from "~/core/destinations/destinations.server";
import {
  destinationLabel,
  heldDestinationNotice,
  maskedDestinationLabel,
} from "~/core/destinations/display";
import {
  routeSettlement,
  type SettlementTarget,
  splitByPercent,
} from "~/core/destinations/routing.server";
import { railNames } from "~/core/destinations/schema";
import { profileOf, railChargeCents } from "~/core/rails/charges";
import type { RailId } from "~/core/rails/types";
import { newTransferId, newTransferState, type Transfer } from "~/core/transfers/engine.server";
import { afterFloat, payableShare } from "~/core/funding/policy";
import { addDue, dueOf, type StoredPolicy, storedPolicyOn } from "~/core/funding/policy.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { formatKesCents } from "~/utils/format";
import type { PaymentsConfig } from "./config";
import {
  listPaymentEvents,
  readPaymentForUpdate,
  recordEvent,
  transition,
  type Payment,
  type PaymentEventInput,
} from "./payments.server";
import { creditForDailySettlement } from "./daily-credit.server";
import { postTransferSent } from "./settlement-transfers.server";
import { eatDay, largestPayout, planTransfers } from "./settlement-plan";
import { transfers } from "./transfer-purposes.server";

const COUNTS_AGAINST_DAY: TransferStatus[] = ["scheduled", "pending", "sent", "succeeded"];

/** Transfers that pay the merchant its own collections: per payment, or a daily settlement. */
const SETTLING_PURPOSES = ["settlement", "sweep"] as const;

/** Transfers of one book (their payment's mode; live without a payment), as a condition. */
function transfersInBook(mode: LedgerBook) {
  return sql`${transfers.purposes.mode} = ${mode}`;
}

async function usedByDay(
  q: Handle,
  merchantId: string,
  mode: LedgerBook,
  destinationId: string,
): Promise<Map<string, bigint>> {
  const rows = await q
    .select({
      day: settlementTransfers.settlementDay,
      total: sql<string>`cast(sum(${settlementTransfers.amountKesCents}) as text)`,
    })
    .from(settlementTransfers)
    .where(
      and(
        eq(settlementTransfers.merchantId, merchantId),
        eq(settlementTransfers.destinationId, destinationId),
        inArray(settlementTransfers.purpose, SETTLING_PURPOSES),
        inArray(settlementTransfers.status, COUNTS_AGAINST_DAY),
        transfersInBook(mode),
      ),
    )
    .groupBy(settlementTransfers.settlementDay);
  return new Map(rows.map((row) => [row.day, BigInt(row.total ?? "0")]));
}

/**
 * Sum of (amount + rail charge + fee + excise) of the merchant's scheduled transfers (not posted
 * yet) and failed ones awaiting a retry: money still in the available balance that belongs to them.
 */
export async function transfersStillInAvailable(
  q: Handle,
  merchantId: string,
  mode: LedgerBook,
): Promise<bigint> {
  const row = await first(
    q
      .select({
        total: sql<string>`cast(coalesce(sum(${settlementTransfers.amountKesCents} + ${settlementTransfers.railChargeKesCents} + ${settlementTransfers.feeKesCents} + ${settlementTransfers.exciseKesCents}), 0) as text)`,
      })
      .from(settlementTransfers)
      .where(
        and(
          eq(settlementTransfers.merchantId, merchantId),
          transfersInBook(mode),
          // Check payouts are our money, not the merchant's. A failed daily settlement's money is
          // due again (its sweep handler adds it back), so only its scheduled transfers count.
          inArray(settlementTransfers.purpose, SETTLING_PURPOSES),
          sql`(${settlementTransfers.status} = 'scheduled' or (${settlementTransfers.status} = 'failed' and ${settlementTransfers.purpose} = 'settlement' and not exists (select 1 from settlement_transfers r where r.retry_of = ${settlementTransfers.id})))`,
        ),
      )
      .limit(1),
  );
  return BigInt(row?.total ?? "0");
}

/**
 * Net KES (less fee and excise) of the merchant's other confirmed payments of the same mode, not
 * planned yet (each plans its own).
 */
export async function otherConfirmedNet(
  q: Handle,
  merchantId: string,
  paymentId: string,
  mode: LedgerBook,
): Promise<bigint> {
  const row = await first(
    q
      .select({
        total: sql<string>`cast(coalesce(sum(${payments.amountKesCents} - ${payments.feeKesCents} - ${payments.exciseKesCents}), 0) as text)`,
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
      .limit(1),
  );
  return BigInt(row?.total ?? "0");
}

/**
 * What the merchant's available balance holds that belongs to nothing else: less other confirmed
 * payments not planned yet (each plans its own, `exceptPaymentId` is the one planning), scheduled
 * transfers not posted yet and failed ones waiting for a retry. All within one book: test money
 * never pays live and the reverse.
 *
 * Settlements of one merchant's book take turns here: the accounts its posting will move (the
 * merchant's available and in-flight, the fee revenue, the rails' float and in-flight) are locked,
 * in the order every posting locks accounts, before the balance is read, so the balance read and
 * the posting that spends it are one step and two at once never plan the same money (on PostgreSQL
 * the second's posting was refused). The two sums go out right behind the lock (one round trip on
 * PostgreSQL) and, run after it, see every settlement committed before.
 */
export async function freeBalanceCents(
  store: Store,
  q: Handle,
  merchant: { merchantId: string; mode: LedgerBook; exceptPaymentId: string | null },
  rails: readonly RailId[],
): Promise<bigint> {
  const { merchantId, mode, exceptPaymentId } = merchant;
  const book = ledgerBook(mode);
  const available = book.merchantAvailable(merchantId);
  const [balances, otherNet, stillInAvailable] = await Promise.all([
    lockAccounts(store, q, [
      available,
      book.merchantInFlight(merchantId),
      book.feeRevenue(),
      ...rails.flatMap((rail) => [book.railFloat(rail), book.railInFlight(rail)]),
    ]),
    otherConfirmedNet(q, merchantId, exceptPaymentId ?? "", mode),
    transfersStillInAvailable(q, merchantId, mode),
  ]);
  // A liability's balance is negative: what it owes.
  const free = -(balances.get(available.code) ?? 0n) - otherNet - stillInAvailable;
  return free > 0n ? free : 0n;
}

/**
 * What this payment's settlement may pay out under the merchant's policy (ADR 0050): its own net
 * (less a kept percentage) plus what earlier settlements left due (cents the rails could not send),
 * never what the policy keeps as a float nor the merchant's other payout money (top-ups, money back
 * from payouts): those are in the balance but not due. Reads the policy (after the accounts are
 * locked, so settlements of one merchant take turns on its due amount too).
 */
async function settleableCents(
  store: Store,
  q: Handle,
  payment: Payment,
  rails: readonly RailId[],
): Promise<{ settleable: bigint; share: bigint; due: bigint; policy: StoredPolicy }> {
  const [free, policy] = await Promise.all([
    freeBalanceCents(
      store,
      q,
      { merchantId: payment.merchantId, mode: payment.mode, exceptPaymentId: payment.id },
      rails,
    ),
    storedPolicyOn(q, payment.merchantId),
  ]);
  const stored = dueOf(policy, payment.mode);
  const due = stored > 0n ? stored : 0n;
  const share = payableShare(netOfFees(payment), policy.policy);
  const open = afterFloat(free, policy.policy);
  const most = share + due;
  return { settleable: open < most ? open : most, share, due, policy };
}

export type SettleOutcome =
  | "not_confirmed"
  | "no_settlement_number"
  | "destination_held"
  | "claimed_elsewhere"
  | "planned"
  | "credited"
  | "waiting_for_float";

/** "KES 0.66" for event texts (cents, no float). */
const kesText = (cents: bigint) => formatKesCents(cents);

export interface PlanOptions {
  /** Rails running in this process, for failover (undefined: all). */
  runningRails?: readonly RailId[];
}

/** A transfer as planned, before its owner (a payment, a daily settlement) is named. */
type PlannedBase = Omit<Transfer, "paymentId" | "purpose" | "sequence"> & {
  sequence: number;
};

export interface TargetPlan {
  merchantId: string;
  mode: LedgerBook;
  targets: readonly SettlementTarget[];
  /** What to pay out, split between the targets by their percent. */
  cents: bigint;
  now: number;
  /** The planned transfer with its owner: the payment's, or the daily settlement's. */
  transfer(base: PlannedBase): Transfer;
  /** A timeline entry for the owner (a payment's events; nothing for a daily settlement). */
  record(event: PaymentEventInput): Promise<void>;
}

/**
 * Split `cents` between the route's targets and plan each part into transfers within its rail's
 * limits (today's posted at once: available -> in flight, the rail's float earmarked; later days'
 * scheduled). Returns what was planned (amounts, charges and fees) and how many transfers.
 */
export async function planToTargets(
  store: Store,
  q: Handle,
  plan: TargetPlan,
): Promise<{ planned: bigint; transfers: number }> {
  const { merchantId, mode, targets, now } = plan;
  const today = eatDay(now);
  const parts = splitByPercent(
    plan.cents,
    targets.map((target) => target.percent),
  );
  let sequence = 0;
  let planned = 0n;
  for (const [index, target] of targets.entries()) {
    const { destination, insteadOf } = target;
    const railName = railNames[destination.rail];
    if (insteadOf) {
      await plan.record({
        type: "settlement_failed_over",
        cause: `${railNames[insteadOf.rail]} is unavailable: paying ${destinationLabel(destination)} instead, as your settings allow`,
        at: now,
        detail: { from: insteadOf.id, to: destination.id },
      });
    }
    const profile = profileOf(destination.rail);
    const plannedParts = planTransfers({
      availableCents: parts[index]!,
      railCharge: (amount) => railChargeCents(destination.rail, amount),
      minimumKes: profile.minimumKes,
      perTransferKes: profile.perTransferKes,
      dailyKes: profile.dailyKes,
      today,
      usedByDay: await usedByDay(q, merchantId, mode, destination.id),
    });
    for (const part of plannedParts) {
      const transfer = plan.transfer({
        id: newTransferId(),
        merchantId,
        sequence: ++sequence,
        rail: destination.rail,
        destinationId: destination.id,
        phone: destination.phone,
        amountKesCents: part.amountKesCents,
        feeKesCents: part.feeKesCents,
        exciseKesCents: part.exciseKesCents,
        railChargeKesCents: part.railChargeKesCents,
        settlementDay: part.day,
        retryOf: null,
        ...newTransferState(now),
      });
      // Started in order, awaited together (one round trip more on PostgreSQL than the posting's
      // own): the transfer, its timeline entry and today's posting.
      await Promise.all([
        q.insert(settlementTransfers).values(transfer).execute(),
        plan.record({
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
        }),
        part.day === today ? postTransferSent(q, transfer, now, { mode, lock: store }) : undefined,
      ]);
      planned +=
        part.amountKesCents + part.railChargeKesCents + part.feeKesCents + part.exciseKesCents;
    }
  }
  return { planned, transfers: sequence };
}

/**
 * Claim a confirmed payment and plan its transfers (ledger-posted for today's, scheduled for later
 * days). Does not call M-Pesa: follow with `sendPendingTransfers`.
 */
export async function planSettlement(
  store: Store,
  paymentId: string,
  config: PaymentsConfig,
  now: number,
  options: PlanOptions = {},
): Promise<SettleOutcome> {
  try {
    return await claimAndPlan(store, paymentId, now, options);
  } catch (error) {
    // Our M-Pesa float cannot cover it: nothing was claimed; say so once, the tick tries again.
    if (
      error instanceof InsufficientBalanceError &&
      codeWithoutBook(error.accountCode).startsWith("rail:")
    ) {
      await store.write(async (q) => {
        const last = (await listPaymentEvents(q, paymentId)).at(-1);
        if (last?.type !== "waiting_for_float") {
          await recordEvent(
            q,
            { id: paymentId },
            {
              type: "waiting_for_float",
              cause: "our payout float is being topped up; the payout follows automatically",
              at: now,
            },
          );
        }
      });
      return "waiting_for_float";
    }
    throw error;
  }
}

function claimAndPlan(
  store: Store,
  paymentId: string,
  now: number,
  options: PlanOptions,
): Promise<SettleOutcome> {
  return store.write(async (q): Promise<SettleOutcome> => {
    const payment = await readPaymentForUpdate(store, q, paymentId);
    if (!payment || payment.status !== "confirmed") return "not_confirmed";
    // A daily schedule: the payment is credited to the balance now and paid out with the day's
    // settlement (core/funding/daily-settlement), whatever the destinations are meanwhile.
    const { policy } = await storedPolicyOn(q, payment.merchantId);
    if (policy.schedule === "daily") return creditForDailySettlement(q, payment, policy, now);
    const route = await routeSettlement(q, payment.merchantId, now, options);
    if (route.kind === "no_destination") {
      const already = (await listPaymentEvents(q, paymentId)).some(
        (e) => e.type === "waiting_for_settlement_number",
      );
      if (!already) {
        await recordEvent(q, payment, {
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
      const noted = (await listPaymentEvents(q, paymentId)).some(
        (e) =>
          e.type === "waiting_for_destination_cooling_off" &&
          e.detail?.includes(`"heldUntil":${heldUntil}`),
      );
      if (!noted) {
        await recordEvent(q, payment, {
          type: "waiting_for_destination_cooling_off",
          cause: `${heldDestinationNotice(maskedDestinationLabel(destination), heldUntil)}: a new destination waits before it is paid, in case someone else added it`,
          at: now,
          detail: { heldUntil },
        });
      }
      return "destination_held";
    }
    if (
      !(await transition(q, payment, ["confirmed"], "settling", {
        type: "settlement_started",
        cause: "confirmed payments settle at once",
        at: now,
      }))
    ) {
      return "claimed_elsewhere";
    }
    const net = netOfFees(payment);
    const { settleable, share, due } = await settleableCents(
      store,
      q,
      payment,
      route.targets.map((target) => target.destination.rail),
    );
    if (settleable > share) {
      await recordEvent(q, payment, {
        type: "leftover_carried_in",
        cause: `includes ${kesText(settleable - share)} carried from earlier settlements`,
        at: now,
        detail: { amountKesCents: settleable - share },
      });
    }
    const kept = net - (settleable < share ? settleable : share);
    if (kept > 0n) {
      await recordEvent(q, payment, {
        type: "kept_in_balance",
        cause: `${kesText(kept)} stays in your OneHop balance for payouts, as your settlement settings say`,
        at: now,
        detail: { amountKesCents: kept },
      });
    }
    const { planned, transfers: sequence } = await planToTargets(store, q, {
      merchantId: payment.merchantId,
      mode: payment.mode,
      targets: route.targets,
      cents: settleable,
      now,
      transfer: (base) => ({ ...base, paymentId: payment.id, purpose: "settlement" }),
      record: (event) => recordEvent(q, payment, event),
    });
    const leftover = settleable - planned;
    // What the rails could not send stays due (carried into the next settlement); what was due and
    // went now is due no more.
    await addDue(q, payment.merchantId, payment.mode, leftover - due, now);
    if (leftover > 0n) {
      await recordEvent(q, payment, {
        type: "leftover_carried_forward",
        cause: `${kesText(leftover)} the rail cannot send on its own (whole shillings, and its minimum transfer) stays in your balance and is paid with your next settlement`,
        at: now,
        detail: { amountKesCents: leftover },
      });
    }
    if (sequence === 0) {
      await transition(q, payment, ["settling"], "settled", {
        type: "settled",
        cause: "less than the rail's minimum transfer: carried into your next settlement",
        at: now,
        set: { settledAt: now },
      });
    }
    return "planned";
  });
}

/** How many scheduled transfers one pass releases; the next pass takes the rest. */
const RELEASE_BATCH = 500;

/**
 * Scheduled transfers whose day has come: post them (they become pending), the oldest first, at
 * most RELEASE_BATCH a pass so that a backlog (a morning after a holiday) never holds one pass.
 */
export async function releaseScheduledTransfers(store: Store, now: number): Promise<number> {
  const due = await store.read((q) =>
    q
      .select()
      .from(settlementTransfers)
      .where(
        and(
          eq(settlementTransfers.status, "scheduled"),
          lte(settlementTransfers.settlementDay, eatDay(now)),
        ),
      )
      .orderBy(asc(settlementTransfers.createdAt))
      .limit(RELEASE_BATCH),
  );
  for (const transfer of due) {
    await store.write(async (q) =>
      postTransferSent(q, transfer, now, {
        mode: await transfers.purposes.book(q, transfer),
        lock: store,
      }),
    );
  }
  return due.length;
}

/**
 * A failed transfer's money is back in the available balance: pay it again as a new transfer, to
 * the merchant's current number. Null when it is not failed, was already retried, or the current
 * number is a new destination still in its cooling-off period.
 */
export function retryTransfer(
  store: Store,
  transferId: string,
  now: number,
  actor?: { type: "operator" | "merchant_user"; id: string },
  /** Pay to this destination instead (failover); it must be verified and not held. */
  toDestinationId?: string,
): Promise<Transfer | null> {
  return store.write(async (q): Promise<Transfer | null> => {
    // Retry once: the failed transfer is locked while this write checks it was not retried yet.
    const failed = await first(
      store.forUpdate(
        q.select().from(settlementTransfers).where(eq(settlementTransfers.id, transferId)).limit(1),
      ),
    );
    if (!failed || failed.status !== "failed" || failed.purpose !== "settlement") return null;
    const retried = await first(
      q
        .select({ id: settlementTransfers.id })
        .from(settlementTransfers)
        .where(eq(settlementTransfers.retryOf, failed.id))
        .limit(1),
    );
    if (retried) return null;
    // To the merchant's current default (they may have fixed where they are paid), else the same
    // destination while it is still verified; not to one still in its cooling-off period (issue 10,
    // item 14): retry after it ends.
    const original = failed.destinationId
      ? await first(
          q
            .select()
            .from(settlementDestinations)
            .where(eq(settlementDestinations.id, failed.destinationId))
            .limit(1),
        )
      : undefined;
    const chosen = toDestinationId
      ? await first(
          q
            .select()
            .from(settlementDestinations)
            .where(
              and(
                eq(settlementDestinations.id, toDestinationId),
                eq(settlementDestinations.merchantId, failed.merchantId),
              ),
            )
            .limit(1),
        )
      : undefined;
    const destination = toDestinationId
      ? chosen
      : ((await defaultDestination(q, failed.merchantId)) ??
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
    const last = await first(
      q
        .select({ max: sql<number>`max(${settlementTransfers.sequence})` })
        .from(settlementTransfers)
        .where(eq(settlementTransfers.paymentId, failed.paymentId ?? ""))
        .limit(1),
    );
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
    await q.insert(settlementTransfers).values(transfer);
    await postTransferSent(q, transfer, now, { lock: store });
    if (failed.paymentId)
      await recordEvent(
        q,
        { id: failed.paymentId },
        {
          type: "transfer_retried",
          cause: "retried after a failure",
          at: now,
          detail: { transferId: transfer.id, of: failed.id },
        },
      );
    if (actor) {
      await recordAudit(
        q,
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

export type { Payment, Transfer };
export {
  claimTransferForSending,
  newTransferId,
  newTransferState,
  SEND_LEASE_MS,
  sendBackoffMs,
  type SendOptions,
  UNPACED_PURPOSES,
} from "~/core/transfers/engine.server";
export {
  listTransfersForPayment,
  payoutRowOf,
  type TransferWithDestination,
} from "./settlement-transfers.server";
export {
  applyB2cResult,
  failTransfer,
  queryOverdueTransfers,
  sendPendingTransfers,
  succeedTransfer,
  transferModeOf,
} from "./transfer-purposes.server";
