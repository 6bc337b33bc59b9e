/**
 * Verifying a new destination before any payout goes there (issue 14, item 5):
 * - rails with a name lookup (Airtel Money's KYC, the bank's account lookup over PesaLink) are
 *   asked for the registered name at once, without moving money;
 * - the others get a small check payout (M-Pesa's smallest B2C transfer is KES 10; T-Kash KES 1)
 *   that we pay from our float, whose result carries the registered name where the rail gives one
 *   (M-Pesa's ReceiverPartyPublicName). The transfer engine sends it like any transfer and, when
 *   its result arrives, records the outcome on the destination (`verification-result.server.ts`).
 * Either way the owner then confirms the name (`answerRegisteredName`): a name they do not
 * recognise fails the destination.
 *
 * On the store (ADR 0041): the rail's lookup is awaited outside any store callback; each record is
 * one `store.write`.
 */
import { and, eq, isNull, lte } from "drizzle-orm";
import { settlementDestinations, settlementTransfers } from "../../../drizzle/schema";
import { InsufficientBalanceError } from "~/core/ledger/errors";
import { ledgerBook, postTransaction } from "~/core/ledger/ledger.server";
import { eatDay } from "~/core/payments/settlement-plan";
import { railChargeCents } from "~/core/rails/charges";
import {
  RailUnavailableError,
  type PayoutDestination,
  type PayoutRails,
  type RailId,
} from "~/core/rails/types";
import { newTransferId, newTransferState, type Transfer } from "~/core/transfers/engine.server";
import { first } from "~/db/sql";
import type { Store } from "~/db/store";
import type { Destination } from "./destinations.server";
import { recordVerificationOutcome } from "./verification-result.server";

/** The check payout of rails verified by a payout, whole KES. */
export const VERIFICATION_PAYOUT_KES: Partial<Record<RailId, number>> = {
  mpesa: 10,
  "t-kash": 1,
};

/** Where a destination row pays, as the rails take it. */
export function payoutDestinationOf(destination: Destination): PayoutDestination {
  return destination.rail === "pesalink"
    ? {
        kind: "bank_account",
        bankCode: destination.bankCode ?? "",
        accountNumber: destination.accountNumber ?? "",
        accountName: destination.accountName ?? "",
      }
    : { kind: "msisdn", phone: destination.phone ?? "" };
}

export type VerificationStart =
  /** The rail returned a name: the owner confirms it. */
  | { kind: "name_found"; name: string }
  /** The rail has no such wallet or account: the destination failed. */
  | { kind: "not_found"; description: string }
  /** The check payout is posted and pending: settlement sends it (sendPendingTransfers). */
  | { kind: "payout_pending"; transferId: string }
  /** The rail is not running here, did not answer, or our float is short: try again later. */
  | { kind: "unavailable"; description: string }
  /** Not being verified (already answered, removed). */
  | { kind: "not_verifying" };

/**
 * Start (or try again) the verification of a destination in `verifying`. A lookup is a call to the
 * rail outside any transaction, then one write records its answer; a check payout is one write
 * (the transfer, its ledger posting and the link from the destination), made at most once per
 * destination: the write reads the destination through `forUpdate` and claims it only while it is
 * still verifying without a check payout.
 */
export async function startVerification(
  store: Store,
  rails: PayoutRails,
  destination: Destination,
  now: () => number,
): Promise<VerificationStart> {
  if (destination.status !== "verifying") return { kind: "not_verifying" };
  const rail = rails[destination.rail];
  if (!rail) return { kind: "unavailable", description: "this payout rail is not running now" };
  if (rail.lookupName) {
    let found;
    try {
      found = await rail.lookupName(payoutDestinationOf(destination));
    } catch (error) {
      if (error instanceof RailUnavailableError)
        return { kind: "unavailable", description: error.message };
      throw error;
    }
    await store.write((q) =>
      recordVerificationOutcome(
        q,
        destination.id,
        found.kind === "found"
          ? { kind: "succeeded", registeredName: found.name }
          : { kind: "failed", description: found.description },
        now(),
      ),
    );
    return found.kind === "found"
      ? { kind: "name_found", name: found.name }
      : { kind: "not_found", description: found.description };
  }
  if (destination.verificationTransferId)
    return { kind: "payout_pending", transferId: destination.verificationTransferId };
  const amountKes = VERIFICATION_PAYOUT_KES[destination.rail];
  if (!amountKes) return { kind: "unavailable", description: "this rail cannot be verified yet" };
  try {
    return await store.write(async (q): Promise<VerificationStart> => {
      const current = await first(
        store.forUpdate(
          q
            .select({
              status: settlementDestinations.status,
              verificationTransferId: settlementDestinations.verificationTransferId,
            })
            .from(settlementDestinations)
            .where(eq(settlementDestinations.id, destination.id))
            .limit(1),
        ),
      );
      if (current?.status !== "verifying") return { kind: "not_verifying" };
      // Another start (the payments run's retry, a second click) got there first: one check payout.
      if (current.verificationTransferId)
        return { kind: "payout_pending", transferId: current.verificationTransferId };
      const at = now();
      const amount = BigInt(amountKes) * 100n;
      const charge = railChargeCents(destination.rail, amount);
      const transfer: Transfer = {
        id: newTransferId(),
        merchantId: destination.merchantId,
        paymentId: null,
        sequence: 0,
        purpose: "verification",
        rail: destination.rail,
        destinationId: destination.id,
        phone: destination.phone,
        amountKesCents: amount,
        feeKesCents: 0n,
        exciseKesCents: 0n,
        railChargeKesCents: charge,
        settlementDay: eatDay(at),
        retryOf: null,
        ...newTransferState(at),
      };
      const claimed = await q
        .update(settlementDestinations)
        .set({ verificationTransferId: transfer.id, updatedAt: at })
        .where(
          and(
            eq(settlementDestinations.id, destination.id),
            eq(settlementDestinations.status, "verifying"),
            isNull(settlementDestinations.verificationTransferId),
          ),
        )
        .returning({ id: settlementDestinations.id });
      if (claimed.length !== 1) return { kind: "not_verifying" };
      await q.insert(settlementTransfers).values(transfer);
      // We pay the check payout (and its rail charge) from our float: an expense of ours.
      const { railCharges, railFloat } = ledgerBook("live");
      const posted = await postTransaction(
        q,
        {
          idempotencyKey: `transfer:${transfer.id}:sent`,
          kind: "payout.sent",
          description: `Check payout ${transfer.id} verifying destination ${destination.id}`,
          reference: { type: "transfer", id: transfer.id },
          entries: [
            { account: railCharges(destination.rail), amount: amount + charge },
            { account: railFloat(destination.rail), amount: -(amount + charge) },
          ],
          guards: [railFloat(destination.rail)],
          now: at,
        },
        store,
      );
      await q
        .update(settlementTransfers)
        .set({ status: "pending", ledgerTransactionId: posted.transactionId })
        .where(eq(settlementTransfers.id, transfer.id));
      return { kind: "payout_pending", transferId: transfer.id };
    });
  } catch (error) {
    if (error instanceof InsufficientBalanceError)
      return { kind: "unavailable", description: "our payout float is being topped up" };
    throw error;
  }
}

/** How long a verification that could not start (rail down, float short) waits before a retry. */
export const VERIFICATION_RETRY_MS = 5 * 60_000;

/**
 * The payments run's retry of verifications that could not start when the destination was added
 * (the rail did not answer the lookup, was not running, or our float was short): each destination
 * still `verifying` without a check payout, untouched for VERIFICATION_RETRY_MS, is claimed (its
 * `updated_at` moved to now, so two runs never both try it) and tried again. Returns how many were
 * tried.
 */
export async function retryStalledVerifications(
  store: Store,
  rails: PayoutRails,
  now: () => number,
  limit = 20,
): Promise<number> {
  const due = await store.read((q) =>
    q
      .select()
      .from(settlementDestinations)
      .where(
        and(
          eq(settlementDestinations.status, "verifying"),
          isNull(settlementDestinations.verificationTransferId),
          lte(settlementDestinations.updatedAt, now() - VERIFICATION_RETRY_MS),
        ),
      )
      .limit(limit),
  );
  let tried = 0;
  for (const destination of due) {
    if (!rails[destination.rail]) continue;
    const at = now();
    const claimed = await store.write((q) =>
      q
        .update(settlementDestinations)
        .set({ updatedAt: at })
        .where(
          and(
            eq(settlementDestinations.id, destination.id),
            eq(settlementDestinations.status, "verifying"),
            eq(settlementDestinations.updatedAt, destination.updatedAt),
          ),
        )
        .returning({ id: settlementDestinations.id }),
    );
    if (claimed.length !== 1) continue;
    tried++;
    await startVerification(store, rails, { ...destination, updatedAt: at }, now);
  }
  return tried;
}
