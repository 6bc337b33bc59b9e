/**
 * The Airtel Money simulator's public types. The parts: state.server.ts (float, drift, tokens,
 * outcome overrides, transactions, persistence), api.server.ts (token, disbursement, enquiry, KYC
 * and balance endpoints), callbacks.server.ts (the transaction callback with its hash);
 * index.server.ts puts them together (with a small /__sim control API).
 */
import type { AirtelTransactionStatus } from "~/core/providers/airtel/codes";
import type { SimulatorStore } from "~/simulators/store.server";

/**
 * success: TS `DP00900001001`. insufficient-balance: TF `…007`. unregistered-payee: TF `…010`, and
 * KYC finds no user. ambiguous / in-progress: TA `…000` / TIP `…006`, then TS after
 * `ambiguousEnquiries` enquiries. timeout / timeout-failed: processed (TS / TF `…024`) but the
 * request hangs past the client's timeout, so only the enquiry tells. dropped: the request hangs
 * and never reaches Airtel (the enquiry finds nothing).
 */
export const airtelSimOutcomes = [
  "success",
  "insufficient-balance",
  "unregistered-payee",
  "ambiguous",
  "in-progress",
  "timeout",
  "timeout-failed",
  "dropped",
] as const;
export type AirtelSimOutcome = (typeof airtelSimOutcomes)[number];

/** National numbers (no 254) with a fixed outcome unless `magicNumbers: false`. */
export const DEFAULT_AIRTEL_MAGIC_NUMBERS: Readonly<Record<string, AirtelSimOutcome>> = {
  "733000001": "insufficient-balance",
  "733000002": "unregistered-payee",
  "733000003": "ambiguous",
  "733000004": "timeout",
  "733000005": "timeout-failed",
  "733000006": "in-progress",
  "733000007": "dropped",
};

export interface KycName {
  firstName: string;
  lastName: string;
}

export interface AirtelSimulatorOptions {
  clientId: string;
  clientSecret: string;
  /** Default 127.0.0.1, port 0 (ephemeral). */
  host?: string;
  port?: number;
  seed?: number;
  now?: () => number;
  /** Default 180 (Airtel's sample). */
  tokenLifetimeSeconds?: number;
  /** When set, the disbursement `pin` must decrypt to `pin` with this key, else TF `…002`. */
  pin?: { pin: string; privateKeyPem: string };
  /** Disbursement float in KES (default 5,000,000); TF `…007` above it. */
  floatKes?: number;
  /** TF `…003` above this. Default 150,000 [?: Airtel Money Kenya's per-transfer cap]. */
  maxAmountKes?: number;
  /** Enquiries that still answer TA/TIP before the final status. Default 1. */
  ambiguousEnquiries?: number;
  /** true (default): DEFAULT_AIRTEL_MAGIC_NUMBERS; false: none; or your own table. */
  magicNumbers?: boolean | Readonly<Record<string, AirtelSimOutcome>>;
  /** Registered names by national number; others get a name from a list, unregistered none. */
  kycNames?: Readonly<Record<string, KycName>>;
  /** The callback URL (set in Airtel's portal, not per request). None: no callbacks. */
  callbackUrl?: string;
  /** With it, callbacks carry `hash` (see core/providers/airtel/callback.server.ts). */
  callbackSecret?: string;
  /** Delay before a callback is POSTed; 0 (default): only on `flush()`. Timeout default 5 s. */
  callbackDelayMs?: number;
  callbackTimeoutMs?: number;
  /** A hanging request is cut after this long. Default: only on `close()`. */
  hangMs?: number;
  /** Keep the transactions and the float here, and load them at start. */
  store?: SimulatorStore;
}

export interface SimulatedDisbursement {
  id: string;
  msisdn: string;
  amountKes: number;
  reference: string;
  outcome: AirtelSimOutcome | "wrong-pin";
  airtelMoneyId: string;
  referenceId: string;
  /** What an enquiry (or a repeated request) answers now. */
  status: AirtelTransactionStatus;
  responseCode: string;
  /** Where TA/TIP end. */
  finalStatus: "TS" | "TF";
  finalResponseCode: string;
  enquiriesBeforeFinal: number;
  createdAt: number;
}

export interface AirtelSimRequestLog {
  at: number;
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: unknown;
  /** undefined: the request was left hanging. */
  status: number | undefined;
  response: unknown;
}

export interface AirtelSimCallbackLog {
  at: number;
  url: string;
  id: string;
  raw: string;
  /** HTTP status of the receiver's answer; undefined when it could not be reached. */
  status: number | undefined;
  error: string | undefined;
}

export interface AirtelSimulator {
  /** Give it to `createAirtelClient({ baseUrl })`. */
  readonly baseUrl: string;
  readonly requests: readonly AirtelSimRequestLog[];
  readonly callbacks: readonly AirtelSimCallbackLog[];
  flush(): Promise<void>;
  pendingCallbacks(): number;
  /** Outcome for one number (any Kenyan form); null removes the override. */
  setOutcome(msisdn: string, outcome: AirtelSimOutcome | null): void;
  /** KYC name for one number; null: not registered. */
  setKycName(msisdn: string, name: KycName | null): void;
  floatKes(): number;
  /**
   * Drift: KES (signed, at most 2 decimals) added to the balance the enquiry reports, so it
   * disagrees with what was paid; 0 resets. Also `POST /__sim/drift {kes}`.
   */
  setDrift(kes: number): void;
  driftKes(): number;
  /** Invalidate every issued token (the next API call gets 401). */
  expireTokens(): void;
  transaction(id: string): SimulatedDisbursement | undefined;
  close(): Promise<void>;
}
