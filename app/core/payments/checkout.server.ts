/**
 * What the customer's checkout reads: the payment by its public id (pay_ + 12 characters) with the
 * business name of the merchant it pays, and the payment's status alone for the live poll.
 */
import { eq } from "drizzle-orm";
import { merchants, payments } from "../../../drizzle/schema";
import type { Db } from "~/utils/db.server";
import type { Payment } from "./payments.server";

const PAYMENT_ID = /^pay_[a-z0-9]{12}$/;

export function checkoutPayment(
  db: Db,
  id: string,
): { payment: Payment; businessName: string } | undefined {
  if (!PAYMENT_ID.test(id)) return undefined;
  const row = db
    .select({ payment: payments, businessName: merchants.businessName })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .where(eq(payments.id, id))
    .get();
  return row ?? undefined;
}

export function checkoutStatus(
  db: Db,
  id: string,
): Pick<Payment, "status" | "confirmations"> | undefined {
  if (!PAYMENT_ID.test(id)) return undefined;
  return db
    .select({ status: payments.status, confirmations: payments.confirmations })
    .from(payments)
    .where(eq(payments.id, id))
    .get();
}
