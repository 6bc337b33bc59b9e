/**
 * A deposit from an address on a sanctions list (issue 31, item 2; ADR 0055). When a deposit
 * counts (its confirmations reached), its sender is screened; a listed sender's crypto goes to
 * suspense and the payment to `held`, with a compliance case holding it, all in the deposit's
 * write. Nothing is converted or settled. A compliance officer who clears the case releases it:
 * the payment then goes where the deposit would have taken it (converted and confirmed, or the
 * exceptions queue when it was late, short or too much), in the decision's write.
 */
import { and, desc, eq } from "drizzle-orm";
import { paymentEvents } from "../../../drizzle/schema";
import { heldOnListedAddress } from "~/core/compliance/screening/address-holds.server";
import type { NetworkId } from "~/core/networks/networks";
import { first } from "~/db/sql";
import type { Handle } from "~/db/store";
import { postConversion, postToSuspense } from "./deposit-postings.server";
import { readPayment, transition, type Payment } from "./payments.server";

/**
 * Screen the sender of `payment`'s deposit; when listed, hold it (suspense, status `held`, a case)
 * and answer true. In the deposit's write.
 */
export async function heldForSanctions(
  q: Handle,
  payment: Payment,
  deposit: {
    payerAddress: string;
    network: NetworkId;
    late: boolean;
    units: bigint;
    txId: string;
    now: number;
  },
): Promise<boolean> {
  const { now } = deposit;
  const listed = await heldOnListedAddress(q, {
    address: deposit.payerAddress,
    network: deposit.network,
    context: "deposit",
    hold: { target: "payment", targetId: payment.id },
    merchantId: payment.merchantId,
    title: `Deposit to ${payment.id} from a listed address`,
    evidence: {
      paymentId: payment.id,
      txId: deposit.txId,
      units: deposit.units.toString(),
      asset: payment.asset,
    },
    now,
  });
  if (!listed) return false;
  await postToSuspense(q, payment, deposit.units, now);
  // The merchant's timeline says only that it is held for review (no tipping-off).
  await transition(q, payment, ["confirming"], "held", {
    type: "held",
    cause: "the deposit is held for review",
    at: now,
    set: { confirmedAt: now },
    detail: { receivedUnits: deposit.units, late: deposit.late },
  });
  return true;
}

/** Whether the held deposit arrived after the quote expired (kept on its `held` event). */
async function heldLate(q: Handle, paymentId: string): Promise<boolean> {
  const event = await first(
    q
      .select({ detail: paymentEvents.detail })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.type, "held")))
      .orderBy(desc(paymentEvents.id))
      .limit(1),
  );
  try {
    return (JSON.parse(event?.detail ?? "{}") as { late?: unknown }).late === true;
  } catch {
    return false;
  }
}

/**
 * The case was cleared: the held deposit continues as it would have. Its crypto is already in
 * suspense, so a late, short or excess deposit only moves to the exceptions queue; the exact
 * amount is converted from suspense at the locked rate.
 */
export async function releaseHeldPayment(q: Handle, paymentId: string, now: number) {
  const payment = await readPayment(q, paymentId);
  if (!payment || payment.status !== "held") return;
  const units = payment.receivedUnits;
  const released = {
    at: now,
    detail: { receivedUnits: units, expectedUnits: payment.cryptoAmountUnits },
  };
  const late = await heldLate(q, paymentId);
  const exception = late
    ? ("paid_after_expiry" as const)
    : units < payment.cryptoAmountUnits
      ? ("underpaid" as const)
      : units > payment.cryptoAmountUnits
        ? ("overpaid" as const)
        : null;
  if (exception) {
    await transition(q, payment, ["held"], exception, {
      type: exception,
      cause: "released after review; for an operator",
      ...released,
    });
    return;
  }
  await postConversion(q, payment, {
    units,
    grossKesCents: payment.amountKesCents,
    feeKesCents: payment.feeKesCents,
    exciseKesCents: payment.exciseKesCents,
    fromSuspense: true,
    key: `payment:${payment.id}:converted`,
    now,
  });
  const to = payment.requiresReview ? "in_review" : "confirmed";
  await transition(q, payment, ["held"], to, {
    type: "converted",
    cause: "released after review; converted at the locked rate",
    ...released,
  });
}
