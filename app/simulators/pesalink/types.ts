/**
 * The PesaLink (Jenga-style) simulator's public types. The parts: state.server.ts (accounts,
 * tokens, transfers, persistence), api.server.ts (token, transfer, status and account inquiry
 * endpoints), callbacks.server.ts (signed result callbacks), control.server.ts (/__sim);
 * index.server.ts puts them together.
 */
import type { KeyLike } from "node:crypto";
import type { SimulatorStore } from "~/simulators/store.server";

export const pesalinkSimOutcomes = [
  /** Paid at once; the answer and the callback carry the registered account name. */
  "success",
  /** No such account at that bank: failed 104101, nothing paid; the inquiry finds nothing. */
  "unknown-account",
  /** Answered pending (-1); the status query says pending `pendingQueries` times, then success. */
  "ambiguous",
  /** Paid, but the answer never comes (the client times out); the status query tells. */
  "timeout",
  /** 503 for anything about this account; nothing is recorded. */
  "bank-down",
] as const;
export type PesalinkSimOutcome = (typeof pesalinkSimOutcomes)[number];

export interface SimAccount {
  /** Registered account holder. Default: a name picked from the account number. */
  name?: string;
  /** Default "success". */
  outcome?: PesalinkSimOutcome;
  /** The bank's own per-transfer limit (failed 104103 above it). Default 999,999. */
  limitKes?: number;
  /** For "ambiguous": status queries answered pending before success. Default 1. */
  pendingQueries?: number;
}

export interface PesalinkSimulatorOptions {
  apiKey: string;
  merchantCode: string;
  consumerSecret: string;
  /** The merchant's public key, to check request signatures. */
  clientPublicKey: KeyLike;
  /** The bank's private key, to sign callbacks. */
  bankPrivateKey: KeyLike;
  /** Where result callbacks go (Jenga configures it on the portal). None: no callbacks. */
  callbackUrl?: string;
  /** Delay before a callback is POSTed. 0 (default): only on `flush()`. */
  callbackDelayMs?: number;
  /** Timeout of one callback POST. Default 5 s. */
  callbackTimeoutMs?: number;
  /** Destination accounts by account number. Unlisted accounts succeed. */
  accounts?: Readonly<Record<string, SimAccount>>;
  /** Fail with 104102 when destination.name shares no word with the registered name. */
  nameCheck?: boolean;
  /** Default 900 (Jenga's sample token lives 15 minutes). */
  tokenLifetimeSeconds?: number;
  seed?: number;
  now?: () => number;
  host?: string;
  port?: number;
  /** Keep transfers across restarts, as the bank would. */
  store?: SimulatorStore;
}

export interface SimulatedTransfer {
  reference: string;
  transactionId: string;
  bankCode: string;
  accountNumber: string;
  /** destination.name as sent. */
  sentName: string;
  /** The bank's registered name, when the account exists. */
  accountName: string | undefined;
  amountKes: number;
  state: "SUCCESS" | "FAILED" | "PENDING";
  code: number;
  message: string;
  pendingQueries: number;
  at: number;
}

export interface PesalinkRequestLog {
  at: number;
  method: string;
  path: string;
  body: unknown;
  /** 0 when the simulator never answered (the "timeout" outcome). */
  status: number;
  response: unknown;
}

export interface PesalinkCallbackLog {
  at: number;
  url: string;
  reference: string;
  body: unknown;
  status: number | undefined;
  error: string | undefined;
}

export interface PesalinkSimulator {
  readonly baseUrl: string;
  readonly requests: readonly PesalinkRequestLog[];
  readonly callbacks: readonly PesalinkCallbackLog[];
  /** Deliver every pending callback now, in order, and wait for them. */
  flush(): Promise<void>;
  pendingCallbacks(): number;
  /** Configure one destination account; null forgets it. */
  setAccount(accountNumber: string, account: SimAccount | null): void;
  /** Invalidate every issued token (the next call gets 401). */
  expireTokens(): void;
  transfer(reference: string): SimulatedTransfer | undefined;
  /** Transfers that moved money (SUCCESS), for "paid once" checks. */
  paidCount(reference: string): number;
  close(): Promise<void>;
}
