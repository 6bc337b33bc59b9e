/**
 * Parsing of the asynchronous Daraja "Result" envelope POSTed to our ResultURL / QueueTimeOutURL:
 *
 *   {"Result":{"ResultType":0,"ResultCode":0,"ResultDesc":"…","OriginatorConversationID":"…",
 *     "ConversationID":"AG_…","TransactionID":"…",
 *     "ResultParameters":{"ResultParameter":[{"Key":"…","Value":…}]},
 *     "ReferenceData":{"ReferenceItem":{"Key":"QueueTimeoutURL","Value":"…"}}}}
 *
 * ResultParameter and ReferenceItem come as an object (one item) or an array; ResultParameters is
 * missing on failures; values are numbers or strings ("10" or 10), some items have no Value, and
 * some keys contain spaces ("Originator Conversation ID"), which are kept as they are.
 *
 * Pure functions (no I/O): webhook routes call them on the parsed JSON body.
 */
import { decimalToUnits } from "./amounts";
import { DarajaCallbackError } from "./errors";
import { parseDarajaTime } from "./eat-time";
import { resultEnvelopeSchema, type KeyValue, type ResultEnvelope } from "./wire";

export type ParameterValue = string | number;

export interface DarajaResult {
  /** 0 normally. */
  resultType: number;
  /**
   * Numeric ResultCode (0 = success). A non-numeric code (rare, e.g. "SFC_IC0003") becomes -1; see
   * `resultCodeRaw`.
   */
  resultCode: number;
  /** ResultCode exactly as sent, as a string. */
  resultCodeRaw: string;
  resultDesc: string;
  /** For B2C: our idempotency id. For a status query: the id Daraja gave the query in its ack. */
  originatorConversationId: string;
  conversationId: string;
  transactionId: string | undefined;
  /**
   * ResultParameters as Key -> Value, keys kept as sent (spaces included); items without a Value
   * are left out.
   */
  parameters: Record<string, ParameterValue>;
  /** ReferenceData as Key -> Value (QueueTimeoutURL, Occasion, …). */
  referenceData: Record<string, ParameterValue>;
}

export interface B2cResult extends DarajaResult {
  /** TransactionReceipt, the M-Pesa receipt to show the merchant (e.g. "SG632NMUAB"). */
  receipt?: string;
  /** TransactionAmount in whole KES. */
  amountKes?: number;
  /** TransactionCompletedDateTime ("dd.MM.yyyy HH:mm:ss" EAT) as ISO 8601 UTC. */
  completedAt?: string;
  /**
   * Name part of ReceiverPartyPublicName ("254705912645 - NICHOLAS JOHN SONGOK" -> "NICHOLAS JOHN
   * SONGOK").
   */
  receiverName?: string;
  /** Number part of ReceiverPartyPublicName, when it is one. */
  receiverMsisdn?: string;
  /** B2CRecipientIsRegisteredCustomer = "Y". */
  recipientIsRegisteredCustomer?: boolean;
  /** B2CUtilityAccountAvailableFunds: our float after this payment. */
  utilityAccountAvailableKes?: number;
  workingAccountAvailableKes?: number;
  /** Can be negative. */
  chargesPaidAccountAvailableKes?: number;
}

export interface TransactionStatusResult extends DarajaResult {
  /** ReceiptNo of the queried transaction. */
  receiptNo?: string;
  /** TransactionStatus, e.g. "Completed". */
  transactionStatus?: string;
  amountKes?: number;
  /** "Conversation ID": Daraja's ConversationID of the queried transaction. */
  queriedConversationId?: string;
  /**
   * "Originator Conversation ID": the OriginatorConversationID of the queried transaction (our id
   * for B2C).
   */
  queriedOriginatorConversationId?: string;
  finalisedAt?: string;
  initiatedAt?: string;
  reasonType?: string;
  transactionReason?: string;
  debitPartyCharges?: string;
  creditPartyName?: string;
  debitPartyName?: string;
  /** ReferenceData "Occasion" (the client puts the queried id there). */
  occasion?: string;
}

function toRecord(items: KeyValue[] | null | undefined): Record<string, ParameterValue> {
  const record: Record<string, ParameterValue> = {};
  for (const item of items ?? []) {
    const value = item.Value;
    if (value === undefined || value === null) continue;
    record[item.Key] = typeof value === "boolean" ? String(value) : value;
  }
  return record;
}

function envelope(body: unknown, label: string): ResultEnvelope["Result"] {
  let input = body;
  if (typeof input === "string") {
    try {
      input = JSON.parse(input) as unknown;
    } catch (error) {
      throw new DarajaCallbackError(`${label}: the body is not JSON`, { cause: error });
    }
  }
  const parsed = resultEnvelopeSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join(".") || "(root)" : "(root)";
    throw new DarajaCallbackError(
      `${label}: not a Daraja Result envelope (${where}: ${issue?.message ?? "invalid"})`,
      {
        cause: parsed.error,
      },
    );
  }
  return parsed.data.Result;
}

function numeric(value: ParameterValue | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  const text = value.trim().replace(/,/g, "");
  if (!/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

function text(value: ParameterValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  const s = String(value).trim();
  return s === "" ? undefined : s;
}

function baseResult(result: ResultEnvelope["Result"]): DarajaResult {
  const raw = String(result.ResultCode).trim();
  const code = /^-?\d+$/.test(raw) ? Number(raw) : -1;
  const type = Number(result.ResultType ?? 0);
  const params =
    result.ResultParameters === "" ? undefined : result.ResultParameters?.ResultParameter;
  const refs = result.ReferenceData === "" ? undefined : result.ReferenceData?.ReferenceItem;
  return {
    resultType: Number.isFinite(type) ? type : 0,
    resultCode: code,
    resultCodeRaw: raw,
    resultDesc: result.ResultDesc ?? "",
    originatorConversationId: result.OriginatorConversationID,
    conversationId: result.ConversationID ?? "",
    transactionId: result.TransactionID ? result.TransactionID : undefined,
    parameters: toRecord(params),
    referenceData: toRecord(refs),
  };
}

function splitPublicName(value: string | undefined): { name?: string; msisdn?: string } {
  if (!value) return {};
  const separator = value.indexOf(" - ");
  if (separator < 0) return { name: value };
  const left = value.slice(0, separator).trim();
  const right = value.slice(separator + 3).trim();
  return { name: right || undefined, msisdn: /^\d{9,15}$/.test(left) ? left : undefined };
}

/** Strip undefined values so results compare cleanly and serialise small. */
function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) {
    if (value[key] === undefined) delete value[key];
  }
  return value;
}

/**
 * Parse a B2C Result callback (ResultURL). Throws `DarajaCallbackError` when the body is not one.
 */
export function parseB2cResult(body: unknown): B2cResult {
  const base = baseResult(envelope(body, "B2C result"));
  const p = base.parameters;
  const receiver = splitPublicName(text(p.ReceiverPartyPublicName));
  const registered = text(p.B2CRecipientIsRegisteredCustomer);
  return compact<B2cResult>({
    ...base,
    receipt: text(p.TransactionReceipt),
    amountKes: numeric(p.TransactionAmount),
    completedAt: parseDarajaTime(p.TransactionCompletedDateTime),
    receiverName: receiver.name,
    receiverMsisdn: receiver.msisdn,
    recipientIsRegisteredCustomer:
      registered === undefined ? undefined : registered.toUpperCase() === "Y",
    utilityAccountAvailableKes: numeric(p.B2CUtilityAccountAvailableFunds),
    workingAccountAvailableKes: numeric(p.B2CWorkingAccountAvailableFunds),
    chargesPaidAccountAvailableKes: numeric(p.B2CChargesPaidAccountAvailableFunds),
  });
}

/** Parse a transaction-status Result callback (its ResultURL). */
export function parseTransactionStatusResult(body: unknown): TransactionStatusResult {
  const base = baseResult(envelope(body, "Transaction status result"));
  const p = base.parameters;
  return compact<TransactionStatusResult>({
    ...base,
    receiptNo: text(p.ReceiptNo),
    transactionStatus: text(p.TransactionStatus),
    amountKes: numeric(p.Amount),
    queriedConversationId: text(p["Conversation ID"]),
    queriedOriginatorConversationId: text(p["Originator Conversation ID"]),
    finalisedAt: parseDarajaTime(p.FinalisedTime),
    initiatedAt: parseDarajaTime(p.InitiatedTime),
    reasonType: text(p.ReasonType),
    transactionReason: text(p.TransactionReason),
    debitPartyCharges: text(p.DebitPartyCharges),
    creditPartyName: text(p.CreditPartyName),
    debitPartyName: text(p.DebitPartyName),
    occasion: text(base.referenceData.Occasion),
  });
}

/** One account of an AccountBalance Result; amounts in cents (KES x 100), never floats. */
export interface DarajaAccountBalance {
  /** As sent: "Working Account", "Utility Account", "Charges Paid Account", … */
  name: string;
  currency: string;
  availableCents: bigint;
  currentCents: bigint;
  reservedCents: bigint;
  unclearedCents: bigint;
}

export interface AccountBalanceResult extends DarajaResult {
  /** Every account in `AccountBalance`, in the order sent; empty when the query failed. */
  accounts: DarajaAccountBalance[];
  /** BOCompletedTime (YYYYMMDDHHmmss EAT) as ISO 8601 UTC: when the balances were read. */
  completedAt?: string;
}

/** The account B2C pays from: the float the reconciliation compares with our ledger. */
export const UTILITY_ACCOUNT = "Utility Account";

/**
 * `Name|KES|avail|current|reserved|uncleared` accounts joined by `&`, e.g. "Working
 * Account|KES|46713.00|46713.00|0.00|0.00&Utility Account|KES|…". Amounts can be negative (the
 * Charges Paid Account) and have at most 2 decimals; anything else is refused, not guessed.
 */
export function parseAccountBalanceString(value: string): DarajaAccountBalance[] {
  const accounts: DarajaAccountBalance[] = [];
  for (const part of value.split("&")) {
    if (part.trim() === "") continue;
    const fields = part.split("|").map((field) => field.trim());
    const [name, currency, ...amounts] = fields;
    const cents = amounts.map((amount) => decimalToUnits(amount, 2));
    if (!name || !currency || fields.length !== 6 || cents.some((c) => c === undefined)) {
      throw new DarajaCallbackError(
        `Account balance result: "${part.slice(0, 120)}" is not Name|Currency|available|current|reserved|uncleared`,
      );
    }
    const [availableCents, currentCents, reservedCents, unclearedCents] = cents as bigint[];
    accounts.push({
      name,
      currency,
      availableCents: availableCents!,
      currentCents: currentCents!,
      reservedCents: reservedCents!,
      unclearedCents: unclearedCents!,
    });
  }
  if (accounts.length === 0)
    throw new DarajaCallbackError("Account balance result: AccountBalance lists no account");
  return accounts;
}

/**
 * Parse an account balance Result callback (the balance ResultURL). A failed query (non-zero
 * ResultCode) parses with no accounts; a successful one without a readable AccountBalance throws
 * `DarajaCallbackError`, as does a body that is not a Result envelope.
 */
export function parseAccountBalanceResult(body: unknown): AccountBalanceResult {
  const base = baseResult(envelope(body, "Account balance result"));
  const p = base.parameters;
  if (base.resultCode !== 0) return compact<AccountBalanceResult>({ ...base, accounts: [] });
  const balances = text(p.AccountBalance);
  if (balances === undefined)
    throw new DarajaCallbackError("Account balance result: success without AccountBalance");
  return compact<AccountBalanceResult>({
    ...base,
    accounts: parseAccountBalanceString(balances),
    completedAt: parseDarajaTime(p.BOCompletedTime),
  });
}

/** The named account of a balance Result (default the Utility Account), if it was sent. */
export function balanceAccount(
  result: Pick<AccountBalanceResult, "accounts">,
  name: string = UTILITY_ACCOUNT,
): DarajaAccountBalance | undefined {
  const wanted = name.toLowerCase();
  return result.accounts.find((account) => account.name.toLowerCase() === wanted);
}

// --- B2B -----------------------------------------------------------------------------------------

/** One charge of `DebitPartyCharges` ("Business Pay Bill Charge|KES|77.00"). */
export interface B2bCharge {
  /** As sent, e.g. "Business Pay Bill Charge", "Business Buy Goods Charge". */
  name: string;
  currency: string;
  cents: bigint;
}

export interface B2bResult extends DarajaResult {
  /** Amount paid, in cents (KES x 100). Always there on success. */
  amountCents?: bigint;
  /** Currency ("KES"). */
  currency?: string;
  /** TransCompletedTime (YYYYMMDDHHmmss EAT) as ISO 8601 UTC. */
  completedAt?: string;
  /** As sent, e.g. "603094 - Safaricom3117". */
  receiverPartyPublicName?: string;
  /** Number part of ReceiverPartyPublicName: the Paybill / Till paid. */
  receiverShortCode?: string;
  /** Name part of ReceiverPartyPublicName: the organisation paid. */
  receiverName?: string;
  /** DebitPartyCharges, each charge; empty when none is listed (failures, free bands). */
  debitPartyCharges: B2bCharge[];
  /** The charges added up, in cents (0n when none is listed). */
  debitPartyChargesCents: bigint;
  /** DebitPartyAffectedAccountBalance: the debited account after the payment, when readable. */
  debitAccountBalances?: DarajaAccountBalance[];
  /** ReferenceData BillReferenceNumber: the AccountReference sent (the account at the Paybill). */
  billReferenceNumber?: string;
  /** ReferenceData QueueTimeoutURL. */
  queueTimeoutUrl?: string;
}

/** A Result amount (10, "10", "10.00", "37,600.00") in cents, or undefined when it is not one. */
function centsOf(value: ParameterValue | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return undefined;
    if (Number.isSafeInteger(value)) return BigInt(value) * 100n;
    return decimalToUnits(String(value), 2);
  }
  return decimalToUnits(value, 2);
}

/**
 * `DebitPartyCharges`: `Name|Currency|amount`, several joined by `&` (as balances are). Anything
 * else is refused, not guessed; an empty value is no charge.
 */
export function parseDebitPartyCharges(value: string): B2bCharge[] {
  const charges: B2bCharge[] = [];
  for (const part of value.split("&")) {
    if (part.trim() === "") continue;
    const fields = part.split("|").map((field) => field.trim());
    const [name, currency, amount] = fields;
    const cents = amount === undefined ? undefined : decimalToUnits(amount, 2);
    if (fields.length !== 3 || !name || !currency || cents === undefined) {
      throw new DarajaCallbackError(
        `B2B result: DebitPartyCharges "${part.slice(0, 120)}" is not Name|Currency|amount`,
      );
    }
    charges.push({ name, currency, cents });
  }
  return charges;
}

/**
 * Parse a B2B Result callback (BusinessPayBill / BusinessBuyGoods, its ResultURL): amounts in
 * bigint cents, never floats. A failure (non-zero ResultCode) parses with what it carries (usually
 * no ResultParameters). Throws `DarajaCallbackError` when the body is not a Result envelope, when a
 * success has no readable Amount, or when an Amount or DebitPartyCharges is not an amount.
 * The OriginatorConversationID is Daraja's (from the ack), not ours.
 */
export function parseB2bResult(body: unknown): B2bResult {
  const base = baseResult(envelope(body, "B2B result"));
  const p = base.parameters;
  const amountCents = centsOf(p.Amount);
  if (p.Amount !== undefined && amountCents === undefined)
    throw new DarajaCallbackError(`B2B result: Amount "${String(p.Amount)}" is not an amount`);
  if (base.resultCode === 0 && amountCents === undefined)
    throw new DarajaCallbackError("B2B result: success without Amount");
  const chargesText = text(p.DebitPartyCharges);
  const debitPartyCharges = chargesText === undefined ? [] : parseDebitPartyCharges(chargesText);
  const foreign = debitPartyCharges.find((charge) => charge.currency.toUpperCase() !== "KES");
  if (foreign)
    throw new DarajaCallbackError(
      `B2B result: DebitPartyCharges in ${foreign.currency}, expected KES`,
    );
  const publicName = text(p.ReceiverPartyPublicName);
  const receiver = splitPublicName(publicName);
  const separator = publicName?.indexOf(" - ") ?? -1;
  const left = publicName && separator >= 0 ? publicName.slice(0, separator).trim() : undefined;
  let debitAccountBalances: DarajaAccountBalance[] | undefined;
  const affected = text(p.DebitPartyAffectedAccountBalance);
  if (affected !== undefined) {
    try {
      debitAccountBalances = parseAccountBalanceString(affected);
    } catch {
      debitAccountBalances = undefined; // informative only: an unreadable one is left out
    }
  }
  return compact<B2bResult>({
    ...base,
    amountCents,
    currency: text(p.Currency),
    completedAt: parseDarajaTime(p.TransCompletedTime),
    receiverPartyPublicName: publicName,
    receiverShortCode: left && /^\d{4,8}$/.test(left) ? left : undefined,
    receiverName: receiver.name,
    debitPartyCharges,
    debitPartyChargesCents: debitPartyCharges.reduce((sum, charge) => sum + charge.cents, 0n),
    debitAccountBalances,
    billReferenceNumber: text(base.referenceData.BillReferenceNumber),
    queueTimeoutUrl: text(base.referenceData.QueueTimeoutURL),
  });
}

export interface QueueTimeout {
  originatorConversationId: string;
  conversationId: string;
  resultDesc: string;
  /** As sent; do NOT classify it (a timeout says nothing about whether money moved). */
  resultCodeRaw: string;
}

/**
 * Parse a QueueTimeOutURL callback. It has the Result envelope, but its ResultCode is not a payment
 * outcome: the request timed out inside M-Pesa and its fate must be settled with the status query.
 */
export function parseQueueTimeout(body: unknown): QueueTimeout {
  const base = baseResult(envelope(body, "Queue timeout"));
  return {
    originatorConversationId: base.originatorConversationId,
    conversationId: base.conversationId,
    resultDesc: base.resultDesc,
    resultCodeRaw: base.resultCodeRaw,
  };
}

export function isSuccess(result: Pick<DarajaResult, "resultCode">): boolean {
  return result.resultCode === 0;
}

// --- Result codes -------------------------------------------------------------------------------

export type ResultClass = "success" | "failed-permanent" | "failed-retryable";

export interface ResultClassification {
  class: ResultClass;
  /** Short, for merchants and operators. */
  message: string;
}

/**
 * Core ResultCodes of the Result APIs (protocols.md 1.4). "failed-retryable": the same transfer can
 * succeed later without anyone changing anything (float topped up, limit reset, M-Pesa recovered).
 * "failed-permanent": it will fail again until someone fixes the number, the amount or our setup.
 * Every failure means this request moved no money; a retry needs a NEW OriginatorConversationID.
 */
const RESULT_CODES: Record<number, ResultClassification> = {
  0: { class: "success", message: "Paid" },
  1: {
    class: "failed-retryable",
    message: "Our M-Pesa float is too low; the transfer will be retried once it is topped up",
  },
  2: { class: "failed-permanent", message: "The amount is below the M-Pesa minimum" },
  3: { class: "failed-permanent", message: "The amount is above the M-Pesa maximum per transfer" },
  4: {
    class: "failed-retryable",
    message: "The transfer would exceed a daily M-Pesa limit; it can be retried tomorrow",
  },
  5: {
    class: "failed-retryable",
    message: "The transfer would take our M-Pesa account below its minimum balance",
  },
  6: {
    class: "failed-permanent",
    message: "M-Pesa could not resolve our paying account (configuration)",
  },
  7: { class: "failed-permanent", message: "The phone number is not a valid M-Pesa recipient" },
  8: {
    class: "failed-permanent",
    message: "The recipient's M-Pesa account would exceed its maximum balance",
  },
  11: {
    class: "failed-permanent",
    message: "M-Pesa reports our debit account as invalid (configuration)",
  },
  12: { class: "failed-permanent", message: "The recipient's M-Pesa account is invalid" },
  13: {
    class: "failed-permanent",
    message: "M-Pesa could not resolve our debit account (configuration)",
  },
  14: { class: "failed-permanent", message: "M-Pesa could not resolve the recipient's account" },
  15: {
    class: "failed-retryable",
    message: "M-Pesa took it for a duplicate of a recent transfer; retry in a few minutes",
  },
  17: {
    class: "failed-retryable",
    message: "M-Pesa had an internal failure; the transfer can be retried",
  },
  20: {
    class: "failed-permanent",
    message: "M-Pesa does not recognise our initiator (configuration)",
  },
  26: {
    class: "failed-retryable",
    message: "M-Pesa is blocking traffic for now; the transfer can be retried",
  },
  2001: {
    class: "failed-permanent",
    message: "M-Pesa rejected our initiator credentials (configuration)",
  },
};

export function classifyResultCode(code: number | string): ResultClassification {
  const numericCode =
    typeof code === "number" ? code : /^-?\d+$/.test(code.trim()) ? Number(code) : Number.NaN;
  const known = RESULT_CODES[numericCode];
  if (known) return known;
  return {
    class: "failed-permanent",
    message: `M-Pesa declined the transfer (code ${String(code)}); an operator should look at it`,
  };
}

// --- Status query outcome -----------------------------------------------------------------------

/**
 * ResultCode seen when the queried receipt / conversation does not exist ([1] source; see ADR
 * 0014).
 */
export const STATUS_NOT_FOUND_RESULT_CODE = 2032;

export type StatusOutcome = "completed" | "failed" | "not-found" | "pending" | "unknown";

/**
 * What a status Result says about the queried transaction. A non-zero ResultCode other than
 * not-found means the query itself failed (e.g. 2001 bad credential), so the transaction is
 * "unknown". "not-found" right after a request can mean "not processed yet": only trust it after a
 * grace period.
 */
export function statusOutcome(result: TransactionStatusResult): StatusOutcome {
  if (result.resultCode === STATUS_NOT_FOUND_RESULT_CODE) return "not-found";
  if (result.resultCode !== 0) return "unknown";
  const status = (result.transactionStatus ?? "").toLowerCase();
  if (status === "completed") return "completed";
  if (["failed", "declined", "cancelled", "expired", "reversed"].includes(status)) return "failed";
  if (["pending", "processing", "authorized", "authorised"].includes(status)) return "pending";
  return "unknown";
}
