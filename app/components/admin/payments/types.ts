/**
 * What the operator payment loaders send to the page: plain JSON (amounts as strings of integers:
 * KES cents, crypto base units; times as epoch milliseconds).
 */
import type { PaymentStatus, TransferStatus } from "~/core/payments/statuses";
import type { QuoteAsset } from "~/core/payments/quote";

export type PaymentView = "all" | "exceptions" | "review" | "held" | PaymentStatus;

export interface PaymentRow {
  id: string;
  reference: string;
  merchantId: string;
  asset: QuoteAsset;
  amountKesCents: string;
  cryptoAmountUnits: string;
  receivedUnits: string;
  status: PaymentStatus;
  createdAt: number;
  /** Made with a test API key (issue 13): no real money. */
  test?: boolean;
}

export interface PaymentDetail extends PaymentRow {
  description: string | null;
  network: string;
  feeKesCents: string;
  exciseKesCents: string;
  quoteRate: string;
  marketRate: string;
  spreadBps: number;
  rateSource: string;
  rateFetchedAt: number;
  quotedAt: number;
  expiresAt: number;
  requiresReview: boolean;
  depositAddress: string | null;
  custodyTxId: string | null;
  payerAddress: string | null;
  confirmations: number;
  resolution: string | null;
  confirmedAt: number | null;
  settledAt: number | null;
  /** What arrived, valued at the locked rate (KES cents), for the exceptions queue. */
  receivedValueKesCents: string;
}

export interface PaymentEventView {
  id: number;
  at: number;
  type: string;
  fromStatus: string | null;
  toStatus: string | null;
  cause: string;
  detail: string | null;
}

export interface TransferView {
  id: string;
  sequence: number;
  /** Where it went: "M-Pesa +254 712 345 678", "Equity Bank Kenya 1450160649886 (PesaLink)". */
  destination: string;
  amountKesCents: string;
  /**
   * The rail's charge for this transfer (Safaricom's B2C band for M-Pesa), passed through at cost
   * (docs/decisions/0018-settlement-fees.md).
   */
  railChargeKesCents: string;
  status: TransferStatus;
  settlementDay: string;
  attempts: number;
  receipt: string | null;
  resultCode: number | null;
  resultDesc: string | null;
  createdAt: number;
  completedAt: number | null;
  /** The failed transfer this one pays again. */
  retryOf: string | null;
  /** A failed transfer that has not been paid again yet. */
  retryable: boolean;
}

export interface AuditView {
  id: number;
  action: string;
  actorId: string | null;
  at: number;
  details: string | null;
}

/** Money held in suspense for a payment already paid or closed (core/payments/held-money). */
export interface HeldMoneyView {
  /** The `payment.held` ledger transaction: what the "Flag for refund" form sends. */
  transactionId: string;
  currency: "KES" | QuoteAsset;
  /** KES cents or crypto base units. */
  amount: string;
  /** KES from M-Pesa Express, or crypto sent to the deposit address. */
  source: "mpesa" | "crypto";
  description: string | null;
  heldAt: number;
  /** When it was flagged for refund; null while it waits for an operator. */
  refundFlaggedAt: number | null;
}

export interface LiveRateView {
  priceKes: string;
  source: string;
  asOf: number | null;
}
