/**
 * The payments vocabulary: the states a payment and a settlement transfer go through. Isomorphic
 * (no database, no node): the schema (drizzle/schema/payments.ts) builds its enum columns from
 * these lists, and components, routes and core import them from here
 * (docs/decisions/0020-import-boundaries.md).
 */

export const paymentStatuses = [
  "awaiting_payment",
  "confirming",
  "confirmed",
  "in_review",
  "settling",
  "settled",
  "expired",
  "underpaid",
  "overpaid",
  "paid_after_expiry",
  /**
   * The deposit came from an address on a sanctions list (issue 31, item 2): its crypto is held in
   * suspense, not converted nor settled, until a compliance case decides.
   */
  "held",
  "failed",
  /** Canceled by the merchant (API or dashboard) before any payment arrived. */
  "canceled",
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * The statuses of a payment the customer has paid (its amount received and confirmed): the
 * checkout shows a receipt, revenue and exports count it.
 */
export const paidStatuses = [
  "confirmed",
  "in_review",
  "settling",
  "settled",
] as const satisfies readonly PaymentStatus[];

/** Whether a payment in `status` has been paid (`paidStatuses`). */
export function isPaidStatus(status: string): boolean {
  return (paidStatuses as readonly string[]).includes(status);
}

export const transferStatuses = ["scheduled", "pending", "sent", "succeeded", "failed"] as const;
export type TransferStatus = (typeof transferStatuses)[number];

/** How a payment was paid (ADR 0033): crypto to its deposit address, or M-Pesa Express. */
export const paymentMethods = ["crypto", "mpesa"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** How a payment was paid, as lists, pages and exports name it. */
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  crypto: "Crypto",
  mpesa: "M-Pesa",
};

/** An M-Pesa Express prompt: waiting for the customer, paid, or not paid. */
export const mpesaCollectionStatuses = ["pending", "succeeded", "failed"] as const;
export type MpesaCollectionStatus = (typeof mpesaCollectionStatuses)[number];
