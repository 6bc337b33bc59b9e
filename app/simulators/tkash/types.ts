/**
 * The T-Kash aggregator simulator's public types (the protocol: ~/core/providers/tkash/types.ts).
 */
import type { FailureReason } from "~/core/providers/tkash/types";
import type { SimulatorStore } from "~/simulators/store.server";

export const tkashSimOutcomes = [
  /** Accepted and paid; COMPLETED by callback and status query. */
  "success",
  /** Accepted, then FAILED with RECIPIENT_NOT_FOUND (no T-Kash wallet); nothing paid. */
  "unregistered",
  /** REJECTED at once with INSUFFICIENT_BALANCE (our float at the aggregator is short). */
  "insufficient-float",
  /** Accepted; the status query says SUBMITTED `pendingQueries` times, then COMPLETED. */
  "pending",
  /** Paid, but the answer never comes (the client times out); the status query tells. */
  "timeout",
  /** 503 for this number; nothing is recorded. */
  "unavailable",
] as const;
export type TkashSimOutcome = (typeof tkashSimOutcomes)[number];

export interface TkashSimNumber {
  /** Default "success". */
  outcome?: TkashSimOutcome;
  /** For "pending": status queries answered SUBMITTED before COMPLETED. Default 1. */
  pendingQueries?: number;
}

export interface TkashSimulatorOptions {
  apiKey: string;
  apiSecret: string;
  /** Behaviour by number, `2547 7…` form. Unlisted Telkom numbers succeed. */
  numbers?: Readonly<Record<string, TkashSimNumber>>;
  /** Our float at the aggregator, whole KES; a payout above what is left is REJECTED (1e9). */
  floatKes?: number;
  /** Per-payout limit, whole KES (AMOUNT_OUT_OF_BOUNDS above). Default 250,000 (CBK's cap). */
  maxAmountKes?: number;
  /** Delay before a callback is POSTed. 0 (default): only on `flush()`. */
  callbackDelayMs?: number;
  /** Timeout of one callback POST. Default 5 s. */
  callbackTimeoutMs?: number;
  /** How far a request's signature time may be from ours. Default 300 s. */
  signatureToleranceS?: number;
  /**
   * Where payouts and the float are kept across a restart (simulator mode: our database). Without
   * it they live in memory only.
   */
  store?: SimulatorStore;
  now?: () => number;
  host?: string;
  port?: number;
}

export interface SimulatedPayout {
  payoutId: string;
  phone: string;
  amountKes: number;
  narration: string;
  callbackUrl: string;
  status: "ACCEPTED" | "SUBMITTED" | "COMPLETED" | "FAILED";
  providerTransactionId: string | null;
  failureReason: FailureReason | null;
  pendingQueries: number;
  created: number;
}

export interface TkashRequestLog {
  at: number;
  method: string;
  path: string;
  body: unknown;
  /** 0 when the simulator never answered (the "timeout" outcome). */
  status: number;
  response: unknown;
}

export interface TkashCallbackLog {
  at: number;
  url: string;
  payoutId: string;
  body: unknown;
  status: number | undefined;
  error: string | undefined;
}

export interface TkashSimulator {
  readonly baseUrl: string;
  readonly requests: readonly TkashRequestLog[];
  readonly callbacks: readonly TkashCallbackLog[];
  /** Deliver every pending callback now, in order, and wait for them. */
  flush(): Promise<void>;
  pendingCallbacks(): number;
  /** Configure one number (`2547 7…`); null forgets it. */
  setNumber(msisdn: string, behaviour: TkashSimNumber | null): void;
  payout(payoutId: string): SimulatedPayout | undefined;
  /** Times money moved for this payout id (1 at most, unless the simulator is wrong). */
  paidCount(payoutId: string): number;
  /** What is left of our float (payouts not yet final are held). */
  floatKes(): number;
  /**
   * Drift: KES (signed, at most 2 decimals) added to the balance `GET /v1/wallet-balances`
   * reports, so it disagrees with what was paid; 0 resets. Also `POST /__sim/drift {kes}`.
   */
  setDrift(kes: number): void;
  driftKes(): number;
  close(): Promise<void>;
}
