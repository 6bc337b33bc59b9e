/**
 * What the customer's checkout reads: the payment by its public id (pay_ + 12 characters) with the
 * business name of the merchant it pays, and the payment's status alone for the live poll.
 */
import { eq } from "drizzle-orm";
import { merchants, payments } from "../../../drizzle/schema";
import { first } from "~/db/sql";
import type { Store } from "~/db/store";
import { networkChoiceFor, type NetworkChoice } from "./network-choice.server";
import { readPayment, type Payment } from "./payments.server";

const PAYMENT_ID = /^pay_[a-z0-9]{12}$/;

export async function checkoutPayment(
  store: Store,
  id: string,
): Promise<{ payment: Payment; businessName: string } | undefined> {
  if (!PAYMENT_ID.test(id)) return undefined;
  return store.read((q) =>
    first(
      q
        .select({ payment: payments, businessName: merchants.businessName })
        .from(payments)
        .innerJoin(merchants, eq(merchants.id, payments.merchantId))
        .where(eq(payments.id, id))
        .limit(1),
    ),
  );
}

export async function checkoutStatus(
  store: Store,
  id: string,
): Promise<Pick<Payment, "status" | "confirmations"> | undefined> {
  if (!PAYMENT_ID.test(id)) return undefined;
  return store.read((q) =>
    first(
      q
        .select({ status: payments.status, confirmations: payments.confirmations })
        .from(payments)
        .where(eq(payments.id, id))
        .limit(1),
    ),
  );
}

/** The payment `id` (any id, no format check), or undefined. */
export function checkoutPaymentById(store: Store, id: string): Promise<Payment | undefined> {
  return store.read((q) => readPayment(q, id));
}

/** The network choice the checkout offers for `payment` now (network-choice.server.ts). */
export function checkoutNetworkChoice(
  store: Store,
  payment: Payment,
  now: number,
): Promise<NetworkChoice> {
  return store.read((q) => networkChoiceFor(q, payment, now));
}
