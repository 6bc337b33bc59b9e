/**
 * The payout aggregator protocol T-Kash is reached through (ADR 0030). Telkom Kenya publishes no
 * developer API for T-Kash; it is offered as a payout service by aggregators (openfintech's
 * `t_kash_kes`, Stanbic's mobile payments with `mobileMoneyMno: "T-KASH"`). Which aggregator we
 * contract is open, so this is one generic, documented protocol, modelled on public payout APIs:
 *
 * - pawaPay v2 "Initiate payout": our `payoutId` is the idempotency key; the answer is
 *   ACCEPTED, REJECTED (with `failureReason {failureCode, failureMessage}`) or DUPLICATE_IGNORED;
 *   one callback per payout on its final status (COMPLETED / FAILED); "Check payout status"
 *   answers FOUND (with the payout) or NOT_FOUND; technical failures HTTP_SIGNATURE_ERROR (403),
 *   INVALID_PARAMETER (400).
 * - openfintech `t_kash_kes`: the one field is `phone`, `^\+?\d{9,14}$`.
 * - Tingg (Cellulant) and Stanbic: the callback URL travels with each payout request.
 * - Paysend: every request carries an HMAC of its body under the shared secret.
 *
 * Wire (JSON, UTF-8):
 *   POST {base}/v1/payouts           PayoutRequestBody -> InitiateAnswer
 *   GET  {base}/v1/payouts/{payoutId}                  -> StatusAnswer
 *   POST {callbackUrl}               PayoutRecord (status COMPLETED | FAILED)
 *   GET  {base}/v1/wallet-balances                     -> WalletBalancesAnswer
 * The wallet balance call is ours, modelled on pawaPay's "Wallet balances" (`{balances:[{country,
 * balance, currency, provider}]}`, balance a decimal string): our float at the aggregator, what
 * payouts are paid from, with payouts not yet final already taken off (reserved).
 * Requests carry `X-Api-Key` and `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` over
 * `t.METHOD.path.body`; callbacks carry `X-Signature` over `t.body` (signature.server.ts). Errors
 * answer 4xx/5xx with `{failureReason}`.
 */
import { z } from "zod";

export const PAYOUTS_PATH = "/v1/payouts";
export const WALLET_BALANCES_PATH = "/v1/wallet-balances";
export const TKASH_SERVICE = "t_kash_kes";
export const SIGNATURE_HEADER = "x-signature";
export const API_KEY_HEADER = "x-api-key";
/** What the aggregator prints on the recipient's statement: letters, digits, spaces, 1-22. */
export const NARRATION = /^[A-Za-z0-9 ]{1,22}$/;
/** Our payout ids (the transfer ids): the idempotency key. */
export const PAYOUT_ID = /^[A-Za-z0-9_-]{6,64}$/;
/** openfintech's `phone` field for `t_kash_kes`. */
export const PHONE_FIELD = /^\+?\d{9,14}$/;

/** Business failures, in `failureReason.failureCode`. */
export const FAILURE = {
  /** The number holds no T-Kash wallet (found after acceptance: the payout FAILS). */
  recipientNotFound: "RECIPIENT_NOT_FOUND",
  /** Our float at the aggregator is short (REJECTED at once). */
  insufficientBalance: "INSUFFICIENT_BALANCE",
  /** Not a Telkom Kenya number (REJECTED at once). */
  invalidRecipient: "INVALID_RECIPIENT",
  /** Outside the service's limits (REJECTED at once). */
  amountOutOfBounds: "AMOUNT_OUT_OF_BOUNDS",
} as const;

export interface PayoutRequestBody {
  payoutId: string;
  service: typeof TKASH_SERVICE;
  /** Whole shillings as a string, e.g. "1500". */
  amount: string;
  currency: "KES";
  recipient: { phone: string };
  narration: string;
  callbackUrl: string;
}

const failureReasonSchema = z.object({ failureCode: z.string(), failureMessage: z.string() });
export type FailureReason = z.infer<typeof failureReasonSchema>;

export const errorBodySchema = z.object({ failureReason: failureReasonSchema });

export const initiateAnswerSchema = z.object({
  payoutId: z.string(),
  status: z.enum(["ACCEPTED", "COMPLETED", "REJECTED", "DUPLICATE_IGNORED"]),
  providerTransactionId: z.string().nullish(),
  failureReason: failureReasonSchema.nullish(),
});
export type InitiateAnswer = z.infer<typeof initiateAnswerSchema>;

export const payoutRecordSchema = z.object({
  payoutId: z.string(),
  status: z.enum(["ACCEPTED", "SUBMITTED", "COMPLETED", "FAILED"]),
  amount: z.string(),
  currency: z.literal("KES"),
  recipient: z.object({ phone: z.string() }),
  /** T-Kash's own receipt, once paid. */
  providerTransactionId: z.string().nullable(),
  failureReason: failureReasonSchema.nullable(),
  /** ISO time the aggregator took the payout. */
  created: z.string(),
});
export type PayoutRecord = z.infer<typeof payoutRecordSchema>;

export const statusAnswerSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("FOUND"), data: payoutRecordSchema }),
  z.object({ status: z.literal("NOT_FOUND") }),
]);
export type StatusAnswer = z.infer<typeof statusAnswerSchema>;

export const walletBalancesAnswerSchema = z.object({
  balances: z.array(
    z.object({
      country: z.string(),
      balance: z.string(),
      currency: z.string(),
      provider: z.string().nullish(),
    }),
  ),
});
export type WalletBalancesAnswer = z.infer<typeof walletBalancesAnswerSchema>;

export const callbackSchema = payoutRecordSchema.extend({
  status: z.enum(["COMPLETED", "FAILED"]),
});

// What the client returns: business outcomes, never thrown.

export interface TkashPayoutInput {
  /** Our transfer id: sending it again never pays twice. */
  id: string;
  /** Any common Kenyan form of a Telkom number. */
  phone: string;
  amountKes: number;
  narration: string;
}

export type TkashPayoutOutcome =
  /**
   * Taken; the result comes by callback or status query. `duplicate`: the aggregator already had
   * this id and the first payout is still on its way.
   */
  | { kind: "accepted"; payoutId: string; duplicate: boolean }
  | { kind: "succeeded"; payoutId: string; providerTransactionId: string | null }
  /** Refused or failed for good: nothing was paid. */
  | { kind: "failed"; payoutId: string; code: string; message: string };

export type TkashStatus =
  | { kind: "pending" }
  | { kind: "succeeded"; providerTransactionId: string | null }
  | { kind: "failed"; code: string; message: string }
  /** The aggregator has no payout with this id (never arrived, or not visible yet). */
  | { kind: "not_found" };

export interface TkashCallback {
  payoutId: string;
  outcome: Exclude<TkashStatus, { kind: "pending" } | { kind: "not_found" }>;
  amountKes: number;
  phone: string;
}

export interface TkashBalance {
  /** Our KES wallet at the aggregator, in cents (KES x 100); payouts not yet final are held. */
  balanceCents: bigint;
  currency: "KES";
}

/** Apart from `TkashClient`, so that fakes of the payout rail need not implement it. */
export interface TkashBalanceEnquiry {
  balance(): Promise<TkashBalance>;
}

export interface TkashClient {
  payout(input: TkashPayoutInput): Promise<TkashPayoutOutcome>;
  status(payoutId: string): Promise<TkashStatus>;
}
