/**
 * The PesaLink (Jenga-style) simulator's public types. The parts: state.server.ts (accounts,
 * tokens, transfers, source balance and drift, persistence), api.server.ts (token, transfer,
 * status, account inquiry and account balance endpoints), callbacks.server.ts (signed result
 * callbacks), control.server.ts (/__sim); index.server.ts puts them together.
 */
import type { KeyLike } from "node:crypto";
import type { IncomingCreditInput, IncomingCreditLog } from "./incoming.server";
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
  /** Where notifications of money received on our account go (top-ups). None: not sent. */
  incomingCreditUrl?: string;
  /** Our collection account number, as the notifications name it. Default "1100000001". */
  collectionAccount?: string;
  /** Delay before a callback is POSTed. 0 (default): only on `flush()`. */
  callbackDelayMs?: number;
  /** Timeout of one callback POST. Default 5 s. */
  callbackTimeoutMs?: number;
  /** Destination accounts by account number. Unlisted accounts succeed. */
  accounts?: Readonly<Record<string, SimAccount>>;
  /**
   * Our source account at the bank: its opening balance in KES (default 50,000,000). Every transfer
   * not failed is taken off it (pending ones included, as the bank holds the money), and the
   * balance call reports it. Transfers are not refused for a low balance (the simulator does not
   * model it).
   */
  sourceBalanceKes?: number;
  /** When set, the balance call answers only for this account (404 for others). */
  sourceAccountNumber?: string;
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
  /** The source account's balance as the bank holds it (without the drift), in KES. */
  sourceBalanceKes(): number;
  /**
   * Drift: KES (signed, at most 2 decimals) added to the balance the balance call reports, so it
   * disagrees with what was paid; 0 resets. Also `POST /__sim/drift {kes}`.
   */
  setDrift(kes: number): void;
  driftKes(): number;
  /**
   * Money received on our collection account over PesaLink: notifies `incomingCreditUrl` (signed)
   * at once and resolves with our answer. Also `POST /__sim/incoming-credit`.
   */
  sendIncomingCredit(input: IncomingCreditInput): Promise<IncomingCreditLog>;
  readonly incomingCredits: readonly IncomingCreditLog[];
  close(): Promise<void>;
}
