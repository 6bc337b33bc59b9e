/**
 * A payout rail as settlement sees it (issue 14, item 1): one contract for M-Pesa B2C, Airtel
 * Money, T-Kash and PesaLink. Settlement sends a transfer with our idempotent id, gets an outcome
 * it can act on, and asks for the status of a transfer whose result never came; each rail's
 * adapter maps its provider's protocol onto this. What a rail is (limits, hours, charges,
 * destination format, time to arrive) is declared in `profiles.ts`; how healthy it is right now is
 * measured from our own transfers (`health.server.ts`), not asked of the provider.
 */

import { rails, type Rail } from "~/core/ledger/accounts";
import type { MobileMoneyB2b } from "~/core/providers/daraja/types";

/** The rails, as the ledger's rail accounts and the tariff name them: one vocabulary. */
export const railIds = rails;
export type RailId = Rail;

/** How a rail is doing (health.server.ts): idle, up, degraded or down. */
export type RailHealthStatus = "up" | "degraded" | "down" | "idle";

/** Where a payout goes on a rail. */
export type PayoutDestination =
  /** A mobile-money wallet (M-Pesa, Airtel Money, T-Kash): any common Kenyan form of the number. */
  | { kind: "msisdn"; phone: string }
  /** A bank account over PesaLink: the bank's code from app/content/banks.ts. */
  | { kind: "bank_account"; bankCode: string; accountNumber: string; accountName: string }
  /**
   * A business on M-Pesa B2B (ADR 0035, "B2B"): a Paybill with the account number there
   * (BusinessPayBill), or a Till (BusinessBuyGoods, no account).
   */
  | {
      kind: "business";
      b2b: "paybill" | "till";
      /** The Paybill or Till number, 5 to 7 digits. */
      businessNumber: string;
      /** Paybill: the account number at the Paybill (at most 13 characters); Till: null. */
      accountReference: string | null;
    };

export interface RailSendInput {
  /** Our idempotent id (the transfer's): sending it again never pays twice. */
  transferId: string;
  destination: PayoutDestination;
  /** Whole shillings. */
  amountKes: number;
  /** Shown to the recipient where the rail carries it (truncated to the rail's length). */
  remarks: string;
  /** Our reference for the recipient's statement (the payment id), where the rail carries one. */
  reference?: string;
}

/**
 * What a send came to. A transport failure (timeout, network, the provider's 5xx) is not an
 * outcome: the adapter throws `RailUnavailableError` and the transfer stays pending, to be sent
 * again with the same id.
 */
export type RailSendOutcome =
  /** Accepted; the result arrives later (the rail's callback, or a status query). */
  | { kind: "accepted"; providerRef: string | null }
  /** The rail already has this id (a send again after a crash): the first request stands. */
  | { kind: "duplicate" }
  /** Paid at once (rails that answer synchronously). */
  | { kind: "succeeded"; providerRef: string | null; receipt: string | null; description: string }
  /** Refused for good: nothing was paid, and the money goes back to the merchant. */
  | { kind: "rejected"; code: number | null; description: string }
  /**
   * Sent, but the answer was lost (timeout, network, 5xx) on a request that carries no id of ours
   * (M-Pesa B2B, ADR 0035 "B2B"): it must NEVER be sent again (a resend may pay twice). Settlement
   * marks the transfer sent with no provider reference; the Result, if M-Pesa took it, names the
   * transfer in its URL; without one it is left for an operator.
   */
  | { kind: "unknown"; description: string };

/** What a status question came to. */
export type RailStatus =
  /** Asked: the answer comes through the rail's callback (M-Pesa's status ResultURL). */
  | { kind: "asked" }
  /** The rail is still working on it (or does not know yet): ask again later. */
  | { kind: "pending" }
  | { kind: "succeeded"; receipt: string | null; description: string }
  | { kind: "failed"; code: number | null; description: string };

/** What a registered-name lookup came to (rails that have one: Airtel's KYC, PesaLink's lookup). */
export type RailNameLookup =
  | { kind: "found"; name: string }
  /** No wallet or account there (or, for Airtel, a barred one): nothing can be paid to it. */
  | { kind: "not_found"; description: string };

export interface PayoutRail {
  readonly id: RailId;
  send(input: RailSendInput): Promise<RailSendOutcome>;
  /** Ask about a transfer sent earlier whose result never came. */
  queryStatus(transferId: string): Promise<RailStatus>;
  /**
   * The name the rail holds for a destination, without moving money. Rails without one verify a
   * destination with a small payout whose result carries the name (M-Pesa) instead. Throws
   * `RailUnavailableError` when the rail gives no usable answer.
   */
  lookupName?(destination: PayoutDestination): Promise<RailNameLookup>;
}

/** M-Pesa B2B on the M-Pesa rail: the client and our B2B callback URLs (with the mode's token). */
export interface MpesaB2bSetup {
  client: MobileMoneyB2b;
  /** /webhooks/mpesa/b2b/result?token=…; the rail adds `transfer=<id>` per request. */
  resultUrl: string;
  /** /webhooks/mpesa/b2b/timeout?token=…; the rail adds `transfer=<id>` per request. */
  queueTimeoutUrl: string;
}

/** The rails running in this process, by id (a rail that is not configured is absent). */
export type PayoutRails = Partial<Record<RailId, PayoutRail>>;

/** No usable answer from the rail: the outcome is unknown, so send again with the same id later. */
export class RailUnavailableError extends Error {
  constructor(
    readonly rail: RailId,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "RailUnavailableError";
  }
}
