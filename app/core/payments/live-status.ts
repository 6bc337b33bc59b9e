/**
 * Which payment states are still moving on their own, so that a page showing the payment keeps
 * itself up to date (issue 11, items 3 and 6). Isomorphic.
 * - The customer's checkout waits while money may still arrive or confirm; after that it shows the
 *   outcome and stops.
 * - The merchant's payment page also follows the settlement to M-Pesa; the exceptions (underpaid,
 *   overpaid, paid after expiry) wait for an operator, not for the clock, so they count as final.
 */
import type { PaymentStatus } from "./statuses";

const CHECKOUT_WAITING: ReadonlySet<PaymentStatus> = new Set(["awaiting_payment", "confirming"]);

const MERCHANT_WAITING: ReadonlySet<PaymentStatus> = new Set([
  "awaiting_payment",
  "confirming",
  "confirmed",
  "in_review",
  "settling",
]);

/** The checkout is waiting for the customer's payment (or its confirmations). */
export const checkoutWaiting = (status: PaymentStatus): boolean => CHECKOUT_WAITING.has(status);

/** The merchant's payment page still has something to wait for. */
export const merchantWaiting = (status: PaymentStatus): boolean => MERCHANT_WAITING.has(status);
