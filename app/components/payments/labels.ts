/** How payment and transfer states read to merchants, customers and operators. */
import type { PaymentStatus, TransferStatus } from "~/core/payments/statuses";
import { paymentStatusMessages } from "~/i18n/catalogs/payment-status";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";

const statusTones: Record<PaymentStatus, "neutral" | "success" | "warning" | "danger" | "info"> = {
  awaiting_payment: "info",
  confirming: "info",
  confirmed: "success",
  in_review: "warning",
  settling: "info",
  settled: "success",
  expired: "neutral",
  underpaid: "danger",
  overpaid: "warning",
  paid_after_expiry: "warning",
  held: "warning",
  failed: "danger",
  canceled: "neutral",
};

/** A status's label in `locale` (English by default) and its badge's tone. */
export function paymentStatusLabelsIn(locale: Locale) {
  const words = inLocale(paymentStatusMessages, locale);
  return Object.fromEntries(
    (Object.keys(statusTones) as PaymentStatus[]).map((status) => [
      status,
      { label: words[status], tone: statusTones[status] },
    ]),
  ) as Record<PaymentStatus, { label: string; tone: (typeof statusTones)[PaymentStatus] }>;
}

export const paymentStatusLabels = paymentStatusLabelsIn("en");

export const transferStatusLabels: Record<TransferStatus, string> = {
  scheduled: "Waiting for the next day (daily M-Pesa limit)",
  pending: "Sending to M-Pesa",
  sent: "Sent, waiting for M-Pesa",
  succeeded: "Paid",
  failed: "Failed",
};

export const eventLabels: Record<string, string> = {
  quote_locked: "Quote locked",
  deposit_detected: "Customer's payment seen",
  confirmation: "Confirmation",
  converted: "Converted to KES",
  expired: "Quote expired",
  underpaid: "Underpaid",
  overpaid: "Overpaid",
  paid_after_expiry: "Paid after expiry",
  canceled: "Canceled by the merchant",
  deposit_failed: "Deposit failed",
  settlement_started: "Settlement started",
  transfer_created: "M-Pesa transfer created",
  transfer_scheduled: "M-Pesa transfer scheduled",
  transfer_succeeded: "M-Pesa transfer paid",
  transfer_failed: "M-Pesa transfer failed",
  transfer_retried: "M-Pesa transfer retried",
  settled: "Settled",
  waiting_for_settlement_number: "Waiting for a settlement number",
  waiting_for_float: "Waiting for M-Pesa float",
  waiting_for_destination_cooling_off: "Waiting: new payout number",
  leftover_carried_in: "Earlier leftover included",
  leftover_carried_forward: "Leftover carried forward",
  kept_in_balance: "Kept in your balance",
  credited_to_balance: "Credited to your balance",
  review_approved: "Approved in review",
  review_rejected: "Rejected in review",
  accepted: "Accepted by an operator",
  requoted: "Re-quoted by an operator",
  refund_flagged: "Flagged for refund",
  second_deposit: "Another deposit to the same address",
  // M-Pesa Express (ADR 0033).
  mpesa_prompt: "M-Pesa prompt sent",
  mpesa_paid: "Paid with M-Pesa",
  mpesa_failed: "M-Pesa prompt not paid",
  mpesa_paid_unexpected: "M-Pesa money held for an operator",
  deposit_after_mpesa: "Crypto after an M-Pesa payment: held",
  held_refund_flagged: "Held money flagged for refund",
  wrong_network_deposit: "Deposit on another network: held",
  network_changed: "Network changed by the customer",
  coin_changed: "Coin changed by the customer",
  settlement_failed_over: "Settlement moved to the fallback destination",
  // Refunds (ADR 0037).
  refund_created: "Refund started",
  refund_succeeded: "Refunded to the customer",
  refund_failed: "Refund failed",
};
