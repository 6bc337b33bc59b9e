/**
 * The Daraja simulator's public types: the outcomes it can play, its options, its logs, a simulated
 * transaction and the running simulator. The parts: state.server.ts (float, drift, tokens,
 * transactions, persistence), ids.server.ts (ids and receipts in Daraja's shapes), api.server.ts
 * (token, B2C, status query and account balance endpoints), stk.server.ts (M-Pesa Express push
 * and query, their state and callbacks), callbacks.server.ts (Result, timeout and STK POSTs),
 * control.server.ts (/__sim); index.server.ts puts them together.
 */
import type { B2bCommandId, B2cCommandId, StkTransactionType } from "~/core/providers/daraja/wire";
import type { SimulatorStore } from "~/simulators/store.server";
import type { C2bRegistration, PayBillInput, SimulatedC2bPayment } from "./c2b.server";

export const darajaSimOutcomes = [
  /** ResultCode 0 with receipt, amount, receiver name, completion time and balances. */
  "success",
  /** ResultCode 1, as when our float cannot cover the transfer. */
  "insufficient-float",
  /** ResultCode 7 "unresolved receiver party": the number cannot receive M-Pesa. */
  "invalid-number",
  /** ResultCode 2001 "The initiator information is invalid." (bad SecurityCredential). */
  "invalid-initiator",
  /** Nothing is paid; a timeout is POSTed to QueueTimeOutURL instead of a Result. */
  "timeout",
  /** Paid, but no callback ever comes: only the status query tells. */
  "silent",
] as const;
export type DarajaSimOutcome = (typeof darajaSimOutcomes)[number];

/**
 * What M-Pesa does with a B2B payment to one receiving Paybill / Till (b2b.server.ts), and so the
 * Result. Codes and texts as Daraja sends them (protocols.md §1.4; 2007, 2028 and SFC_IC0003 from
 * public client code [1]).
 */
export const b2bSimOutcomes = [
  /** ResultCode 0 with Amount, charge, receiver name, completion time and balances. */
  "success",
  /** ResultCode 1: our float cannot cover amount + charge. */
  "insufficient-float",
  /**
   * ResultCode 2007 "External validation failed for the C2B transaction.": the receiving Paybill's
   * validation refused the AccountReference (an unknown account number).
   */
  "invalid-account",
  /**
   * ResultCode 2028 "The request is not permitted according to product assignment.": the receiver
   * does not take this kind of payment (e.g. BusinessBuyGoods to a Paybill).
   */
  "not-permitted",
  /** ResultCode "SFC_IC0003" "The operator does not exist.": no such Paybill / Till. */
  "unknown-receiver",
  /** ResultCode 2001 "The initiator information is invalid." (bad SecurityCredential). */
  "invalid-initiator",
  /** Nothing is paid; a timeout is POSTed to QueueTimeOutURL instead of a Result. */
  "timeout",
  /** Paid, but no callback ever comes. */
  "silent",
] as const;
export type B2bSimOutcome = (typeof b2bSimOutcomes)[number];

/** Receiving shortcodes with a fixed B2B outcome unless `b2bMagicShortCodes: false`. */
export const DEFAULT_B2B_MAGIC_SHORTCODES: Readonly<Record<string, B2bSimOutcome>> = {
  "700001": "insufficient-float",
  "700002": "invalid-account",
  "700003": "not-permitted",
  "700004": "unknown-receiver",
  "700005": "timeout",
  "700006": "silent",
  "700007": "invalid-initiator",
};

/** What the customer does with an M-Pesa Express (STK) prompt, and so the callback's ResultCode. */
export const stkSimOutcomes = [
  /** Pays: ResultCode 0 with Amount, MpesaReceiptNumber, TransactionDate, PhoneNumber. */
  "success",
  /** ResultCode 1032 "Request cancelled by user". */
  "cancelled",
  /** ResultCode 1 "The balance is insufficient for the transaction." */
  "insufficient-funds",
  /** ResultCode 1037 "DS timeout user cannot be reached" (phone off, or no answer). */
  "timeout",
  /** ResultCode 2001: a wrong PIN. */
  "wrong-pin",
  /** Pays, but no callback ever comes: only the STK query tells. */
  "silent",
] as const;
export type StkSimOutcome = (typeof stkSimOutcomes)[number];

/** STK numbers with a fixed outcome unless `stkMagicNumbers: false` (everything else pays). */
export const DEFAULT_STK_MAGIC_NUMBERS: Readonly<Record<string, StkSimOutcome>> = {
  "254700000011": "cancelled",
  "254700000012": "insufficient-funds",
  "254700000013": "timeout",
  "254700000014": "wrong-pin",
  "254700000015": "silent",
};

/** Numbers with a fixed outcome unless `magicNumbers: false` (everything else succeeds). */
export const DEFAULT_MAGIC_NUMBERS: Readonly<Record<string, DarajaSimOutcome>> = {
  "254700000001": "insufficient-float",
  "254700000002": "invalid-number",
  "254700000003": "timeout",
  "254700000004": "silent",
  "254700000005": "invalid-initiator",
};

export interface DarajaSimulatorOptions {
  consumerKey: string;
  consumerSecret: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (default): an ephemeral port. */
  port?: number;
  /** Delay before a callback is POSTed. 0 (default): only on `flush()`. */
  callbackDelayMs?: number;
  seed?: number;
  now?: () => number;
  /** Simulated B2C float (utility account) in KES. Default 5,000,000. */
  floatKes?: number;
  /** Default 3599. */
  tokenLifetimeSeconds?: number;
  /** ResultCode 2 below this. Default 10. */
  minAmountKes?: number;
  /** ResultCode 3 above this. Default 250,000. */
  maxAmountKes?: number;
  /** true (default): DEFAULT_MAGIC_NUMBERS; false: none; or your own table. */
  magicNumbers?: boolean | Readonly<Record<string, DarajaSimOutcome>>;
  /**
   * When set, the SecurityCredential must decrypt (with this test key) to this password, and the
   * initiator name must match, or the Result is 2001, as Daraja does with a bad credential.
   */
  initiator?: { name?: string; password: string; privateKeyPem: string };
  /** Public name of the paying organisation in status results. */
  organisationName?: string;
  /** Timeout of one callback POST. Default 5 s. */
  callbackTimeoutMs?: number;
  /**
   * The Lipa na M-Pesa Online passkey every STK Password must be made with (base64 of shortcode +
   * passkey + Timestamp). Default: the public sandbox passkey (protocols.md §1.5).
   */
  stkPasskey?: string;
  /**
   * How far an STK Timestamp may be from the simulator's clock. Default 10 minutes: a UTC time sent
   * instead of Nairobi time (3 h off) is refused. A simulator choice, not a documented Daraja rule.
   */
  stkTimestampToleranceMs?: number;
  /** true (default): DEFAULT_STK_MAGIC_NUMBERS; false: none; or your own table. */
  stkMagicNumbers?: boolean | Readonly<Record<string, StkSimOutcome>>;
  /** B2B receivers. true (default): DEFAULT_B2B_MAGIC_SHORTCODES; false: none; or a table. */
  b2bMagicShortCodes?: boolean | Readonly<Record<string, B2bSimOutcome>>;
  /**
   * Keep the transactions M-Pesa accepted and the float here, and load them at start: after a
   * restart of our process the duplicate check and the status query still know every transfer, as
   * M-Pesa would. Callbacks not yet delivered are lost with the process (M-Pesa does not resend
   * them either).
   */
  store?: SimulatorStore;
}

export interface SimulatorRequestLog {
  at: number;
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
  status: number;
  response: unknown;
}

export type SimulatorCallbackKind =
  | "b2c-result"
  | "b2c-timeout"
  | "status-result"
  | "status-timeout"
  | "balance-result"
  | "b2b-result"
  | "b2b-timeout"
  | "stk-callback";

export interface SimulatorCallbackLog {
  at: number;
  kind: SimulatorCallbackKind;
  url: string;
  /** The OriginatorConversationID in the body ("" for an STK callback). */
  originatorConversationId: string;
  /** The CheckoutRequestID of an STK callback. */
  checkoutRequestId?: string;
  body: unknown;
  /** HTTP status of the receiver's answer; undefined when it could not be reached. */
  status: number | undefined;
  error: string | undefined;
}

export interface SimulatedTransaction {
  originatorConversationId: string;
  conversationId: string;
  /** M-Pesa receipt (also given to failed transactions, as Daraja does). */
  transactionId: string;
  phone: string;
  amountKes: number;
  commandId: B2cCommandId;
  outcome: DarajaSimOutcome;
  resultCode: number | undefined;
  resultDesc: string;
  /**
   * "Completed", "Failed", or "NotProcessed" (timed out in the queue: unknown to the status query).
   */
  status: "Completed" | "Failed" | "NotProcessed";
  receiverName: string;
  initiatedAt: number;
  completedAt: number;
}

/** A B2B payment the simulator accepted (b2b.server.ts). */
export interface SimulatedB2bPayment {
  /** Daraja's (ours has none): the ack's and the Result's OriginatorConversationID. */
  originatorConversationId: string;
  conversationId: string;
  /** M-Pesa receipt (also given to failed payments, as for B2C). */
  transactionId: string;
  commandId: B2bCommandId;
  partyA: string;
  /** The Paybill / Till paid. */
  partyB: string;
  accountReference: string | undefined;
  requester: string | undefined;
  amountKes: number;
  /** The B2B charge taken with the amount (whole KES; 0 unless paid). */
  chargeKes: number;
  outcome: B2bSimOutcome;
  /** A number, or a code like "SFC_IC0003"; undefined when it timed out in the queue. */
  resultCode: number | string | undefined;
  resultDesc: string;
  status: "Completed" | "Failed" | "NotProcessed";
  /** The receiver's public name ("603094 - NAME" in the Result). */
  receiverName: string;
  initiatedAt: number;
  completedAt: number;
}

/** What the B2C outcome hook is told of a payment request (`setB2cOutcomeHook`). */
export interface B2cRequestSeen {
  originatorConversationId: string;
  /** The receiving number as sent (digits). */
  partyB: string;
}
export type B2cOutcomeHook = (request: B2cRequestSeen) => Promise<DarajaSimOutcome | null>;

/** An M-Pesa Express push the simulator accepted. */
export interface SimulatedStkPush {
  checkoutRequestId: string;
  merchantRequestId: string;
  businessShortCode: string;
  transactionType: StkTransactionType;
  partyB: string;
  /** PhoneNumber (the number prompted and paying). */
  phone: string;
  amountKes: number;
  accountReference: string;
  transactionDesc: string;
  callbackUrl: string;
  outcome: StkSimOutcome;
  resultCode: number;
  resultDesc: string;
  /** MpesaReceiptNumber, for a payment only. */
  receipt: string | undefined;
  acceptedAt: number;
  /**
   * Whether the customer has answered the prompt: false until the callback is sent (or, for
   * "silent", until `flush()` / `callbackDelayMs`); until then the STK query says "being
   * processed".
   * Pushes loaded after a restart are answered (their callbacks are lost, as with B2C).
   */
  answered: boolean;
  answeredAt: number | undefined;
}

export interface DarajaSimulator {
  /** e.g. http://127.0.0.1:41234; give it to `createDarajaClient({ baseUrl })`. */
  readonly baseUrl: string;
  /** API requests answered (control calls excluded), oldest first. */
  readonly requests: readonly SimulatorRequestLog[];
  /** Callbacks delivered (or attempted), oldest first. */
  readonly callbacks: readonly SimulatorCallbackLog[];
  /** Deliver every pending callback now, in order, and wait for them. */
  flush(): Promise<void>;
  /** Outcome for one phone number (any Kenyan form); null removes the override. */
  setOutcome(phone: string, outcome: DarajaSimOutcome | null): void;
  /**
   * Asked before each B2C payment request is answered (null removes it): an outcome it resolves
   * with is that request's, once (ahead of `setOutcome`'s); null leaves the usual one. The app's
   * test helpers use it to fail one merchant's next test payout (in memory: a restart forgets it).
   */
  setB2cOutcomeHook(hook: B2cOutcomeHook | null): void;
  setFloat(kes: number): void;
  floatKes(): number;
  /**
   * Drift: KES (signed, at most 2 decimals) added to the Utility Account the balance query
   * reports, so it disagrees with what was paid; 0 resets.
   */
  setDrift(kes: number): void;
  driftKes(): number;
  pendingCallbacks(): number;
  /** Invalidate every issued token (the next API call gets 401 404.001.03). */
  expireTokens(): void;
  transaction(originatorConversationId: string): SimulatedTransaction | undefined;
  /** STK outcome for one phone number (any Kenyan form); null removes the override. */
  setStkOutcome(phone: string, outcome: StkSimOutcome | null): void;
  stkPush(checkoutRequestId: string): SimulatedStkPush | undefined;
  /**
   * C2B: a customer pays the Pay Bill now (validation, then confirmation, to the URLs registered
   * for the shortcode); resolves with what our receivers answered. Throws for a bad input or a
   * shortcode with no registered URLs.
   */
  payBill(input: PayBillInput): Promise<SimulatedC2bPayment>;
  /** C2B payments simulated so far, oldest first. */
  readonly c2bPayments: readonly SimulatedC2bPayment[];
  c2bRegistration(shortCode: string): C2bRegistration | undefined;
  close(): Promise<void>;
}
