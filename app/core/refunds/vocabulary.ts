/**
 * The refunds vocabulary (issue 15, item 5; ADR 0037). Isomorphic: the schema builds its enum
 * columns from these lists, and pages, the API and core import them from here.
 *
 * A refund gives a customer money back for a payment, in the way they paid: crypto to an address
 * they give (sent by custody), or KES to the phone an M-Pesa Express payment came from (sent by
 * M-Pesa B2C). It is paid from the merchant's available balance, or (source "held") from money
 * already owed to the customer: an overpayment's excess, money an operator flagged for refund.
 */

/** pending: money set aside, not yet handed over; sent: custody or M-Pesa took it; then final. */
export const refundStatuses = ["pending", "sent", "succeeded", "failed"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export const refundMethods = ["crypto", "mpesa"] as const;
export type RefundMethod = (typeof refundMethods)[number];

/** Where the money comes from: the merchant's balance, or money held for the customer. */
export const refundSources = ["balance", "held"] as const;
export type RefundSource = (typeof refundSources)[number];

/**
 * The rate a crypto refund of a KES amount uses (BTCPay's choices): the rate locked when the
 * customer paid (they get back what they sent, for a full refund), or today's rate (they get back
 * the KES value today).
 */
export const refundRates = ["locked", "current"] as const;
export type RefundRate = (typeof refundRates)[number];

export const refundStatusLabels: Record<RefundStatus, string> = {
  pending: "Being sent",
  sent: "Sent, awaiting confirmation",
  succeeded: "Refunded",
  failed: "Failed",
};

export const refundRateLabels: Record<RefundRate, string> = {
  locked: "The rate locked at payment",
  current: "Today's rate",
};

/** Statuses that still hold (or spent) the money: they count against what is left to refund. */
export const LIVE_REFUND_STATUSES = ["pending", "sent", "succeeded"] as const;

/** A reason is optional; this long at most. */
export const REFUND_REASON_MAX = 200;
