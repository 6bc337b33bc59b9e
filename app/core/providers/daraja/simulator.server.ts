/**
 * The Daraja simulator: a small node:http server speaking the same protocol as Safaricom's Daraja
 * (../shared/reference/protocols.md §1 and the §7 checklist) for the B2C payout flow:
 *
 * - `GET /oauth/v1/generate?grant_type=client_credentials` with Basic auth -> `{access_token, expires_in: "3599"}`.
 * - `POST /mpesa/b2c/v3/paymentrequest` with a Bearer token -> the synchronous ack (same keys and texts as
 *   tests/fixtures/daraja/b2c-response.json); later a Result POSTed to the request's ResultURL, or a
 *   timeout POSTed to its QueueTimeOutURL, or nothing at all ("silent").
 * - `POST /mpesa/transactionstatus/v1/query` -> ack, later a status Result to its ResultURL.
 * - Daraja's error bodies: 401 `404.001.03` bad/expired token, 400 `400.002.02` naming the invalid field,
 *   500 `500.002.1001` duplicate OriginatorConversationID, 400 `400.008.01` bad consumer credentials.
 *
 * Outcomes are decided when the request is accepted (so the float and the status query reflect it at
 * once) and delivered after `callbackDelayMs`, or only on `flush()` when that is 0 (the default, for
 * tests). Per phone: `setOutcome()`; by default the magic numbers in `DEFAULT_MAGIC_NUMBERS`. Amounts
 * below the minimum / above the maximum per transfer give ResultCode 2 / 3, an amount above the
 * simulated float ResultCode 1. Random choices (ResultParameter as object or array, numbers sent as
 * strings, ids, receipts) come from a seeded PRNG, so a seed replays the same bytes.
 *
 * Control API (JSON, no auth; bind to 127.0.0.1): GET /__sim/state, GET /__sim/requests,
 * GET /__sim/callbacks, POST /__sim/outcome {phone, outcome|null}, POST /__sim/float {kes},
 * POST /__sim/flush, POST /__sim/expire-tokens.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DUPLICATE_ORIGINATOR_ERROR_CODE, INVALID_REQUEST_ERROR_CODE, INVALID_TOKEN_ERROR_CODE } from "./errors";
import { formatCompletedDateTime, formatDarajaTimestamp, formatEatDate } from "./eat-time";
import { isKenyanMsisdn, normalizeKenyanMsisdn } from "./msisdn";
import { createSeededRandom } from "./random";
import { STATUS_NOT_FOUND_RESULT_CODE } from "./result";
import { decryptSecurityCredential } from "./security-credential.server";
import type { SimulatorStore } from "../simulator-store.server";
import { ACCEPTED_DESCRIPTION, B2C_COMMAND_IDS, B2C_PATH, TOKEN_PATH, TRANSACTION_STATUS_PATH, type B2cCommandId } from "./wire";

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
   * Keep the transactions M-Pesa accepted and the float here, and load them at start: after a restart
   * of our process the duplicate check and the status query still know every transfer, as M-Pesa
   * would. Callbacks not yet delivered are lost with the process (M-Pesa does not resend them either).
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

export type SimulatorCallbackKind = "b2c-result" | "b2c-timeout" | "status-result" | "status-timeout";

export interface SimulatorCallbackLog {
  at: number;
  kind: SimulatorCallbackKind;
  url: string;
  /** The OriginatorConversationID in the body. */
  originatorConversationId: string;
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
  /** "Completed", "Failed", or "NotProcessed" (timed out in the queue: unknown to the status query). */
  status: "Completed" | "Failed" | "NotProcessed";
  receiverName: string;
  initiatedAt: number;
  completedAt: number;
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
  setFloat(kes: number): void;
  floatKes(): number;
  pendingCallbacks(): number;
  /** Invalidate every issued token (the next API call gets 401 404.001.03). */
  expireTokens(): void;
  transaction(originatorConversationId: string): SimulatedTransaction | undefined;
  close(): Promise<void>;
}

interface PendingCallback {
  kind: SimulatorCallbackKind;
  url: string;
  body: { Result: { OriginatorConversationID: string } & Record<string, unknown> };
  timer: NodeJS.Timeout | undefined;
}

class BadField extends Error {
  constructor(readonly field: string) {
    super(`Bad Request - Invalid ${field}`);
  }
}

const NAMES = ["JOHN DOE", "JANE WANJIKU", "PETER OTIENO", "MARY AKINYI", "JAMES KAMAU", "GRACE CHEBET", "DAVID MWANGI", "FAITH NJERI"];
const HEX = "0123456789abcdef";
const RECEIPT_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const MAX_BODY_BYTES = 1_000_000;

const COMMAND_REASON: Record<B2cCommandId, string> = {
  BusinessPayment: "Business Payment to Customer via API",
  SalaryPayment: "Salary Payment via API",
  PromotionPayment: "Promotion Payment via API",
};

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function digitsOf(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === "string" && /^\d+$/.test(value.trim())) return value.trim();
  return undefined;
}

function wholeAmount(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function optionalText(body: Record<string, unknown>, field: string, max = 100): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string" || Array.from(value).length > max) throw new BadField(field);
  return value;
}

function requiredText(body: Record<string, unknown>, field: string, max = 1000): string {
  const value = body[field];
  if (typeof value !== "string" || value.trim() === "" || Array.from(value).length > max) throw new BadField(field);
  return value;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function startDarajaSimulator(options: DarajaSimulatorOptions): Promise<DarajaSimulator> {
  const now = options.now ?? Date.now;
  const random = createSeededRandom(options.seed ?? 1);
  const callbackDelayMs = Math.max(0, options.callbackDelayMs ?? 0);
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3599;
  const minAmountKes = options.minAmountKes ?? 10;
  const maxAmountKes = options.maxAmountKes ?? 250_000;
  const callbackTimeoutMs = options.callbackTimeoutMs ?? 5000;
  const organisationName = options.organisationName ?? "OneHop Simulator";
  const magic: Readonly<Record<string, DarajaSimOutcome>> =
    options.magicNumbers === false ? {} : options.magicNumbers === true || options.magicNumbers === undefined ? DEFAULT_MAGIC_NUMBERS : options.magicNumbers;
  const expectedBasic = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString("base64")}`;

  let floatKes = options.floatKes ?? 5_000_000;
  const overrides = new Map<string, DarajaSimOutcome>();
  const tokens = new Map<string, number>();
  const byOriginator = new Map<string, SimulatedTransaction>();
  const byConversation = new Map<string, SimulatedTransaction>();
  const byReceipt = new Map<string, SimulatedTransaction>();
  const requests: SimulatorRequestLog[] = [];
  const callbacks: SimulatorCallbackLog[] = [];
  const pending: PendingCallback[] = [];
  const deliveries = new Set<Promise<void>>();
  let closed = false;
  let baseUrl = "";

  // A stored simulator remembers what it accepted (and its float) across restarts.
  const store = options.store;
  for (const record of store?.load() ?? []) {
    if (record.kind === "float") floatKes = (JSON.parse(record.body) as { kes: number }).kes;
    if (record.kind !== "tx") continue;
    const transaction = JSON.parse(record.body) as SimulatedTransaction;
    byOriginator.set(transaction.originatorConversationId, transaction);
    byConversation.set(transaction.conversationId, transaction);
    byReceipt.set(transaction.transactionId, transaction);
  }
  const saveFloat = () => store?.save("float", "float", { kes: floatKes });

  // --- ids, in Daraja's shapes ---------------------------------------------------------------------
  const requestId = () => `${random.chars(HEX, 4)}-${random.chars(HEX, 4)}-${random.chars(HEX, 4)}-${random.chars(HEX, 12)}${random.chars("0123456789", 7)}`;
  const conversationId = () => `AG_${formatEatDate(now())}_${random.chars(HEX, 20)}`;
  const darajaOriginatorId = () => `${10000 + random.int(89999)}-${10000000 + random.int(89999999)}-1`;
  function receipt(): string {
    // First letter: year (A = 2006, so S = 2024), second: month (A = January), then 8 characters.
    const eat = new Date(now() + 3 * 3600_000);
    const year = String.fromCharCode(65 + Math.min(25, Math.max(0, eat.getUTCFullYear() - 2006)));
    const month = String.fromCharCode(65 + eat.getUTCMonth());
    return `${year}${month}${random.chars(RECEIPT_CHARS, 8)}`;
  }
  const nameFor = (phone: string) => NAMES[Number(phone.slice(-2)) % NAMES.length] ?? "JOHN DOE";
  /** A number, or (at random) the same number as a string, as Daraja sometimes sends it. */
  const maybeString = (value: number, decimals = 0): number | string =>
    random.chance(0.35) ? value.toFixed(decimals) : value;
  /** One Key/Value as an object, or (at random) as a one-element array. */
  const oneOrArray = <T>(item: T): T | T[] => (random.chance(0.5) ? item : [item]);

  // --- HTTP helpers ----------------------------------------------------------------------------------
  function sendJson(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json;charset=UTF-8" });
    res.end(JSON.stringify(body));
  }

  function errorBody(errorCode: string, errorMessage: string) {
    return { requestId: requestId(), errorCode, errorMessage };
  }

  function bearerValid(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? "";
    const match = /^Bearer\s+(\S+)$/.exec(header);
    if (!match?.[1]) return false;
    const expiresAt = tokens.get(match[1]);
    return expiresAt !== undefined && now() < expiresAt;
  }

  // --- callbacks -------------------------------------------------------------------------------------
  async function deliver(callback: PendingCallback): Promise<void> {
    const index = pending.indexOf(callback);
    if (index < 0) return;
    pending.splice(index, 1);
    if (callback.timer) clearTimeout(callback.timer);
    const entry: SimulatorCallbackLog = {
      at: now(),
      kind: callback.kind,
      url: callback.url,
      originatorConversationId: callback.body.Result.OriginatorConversationID,
      body: callback.body,
      status: undefined,
      error: undefined,
    };
    callbacks.push(entry);
    try {
      const response = await fetch(callback.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(callback.body),
        signal: AbortSignal.timeout(callbackTimeoutMs),
        redirect: "manual",
      });
      entry.status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      entry.error = error instanceof Error ? error.message : String(error);
    }
  }

  function track(delivery: Promise<void>) {
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  }

  function enqueue(kind: SimulatorCallbackKind, url: string, body: PendingCallback["body"]) {
    const callback: PendingCallback = { kind, url, body, timer: undefined };
    pending.push(callback);
    if (callbackDelayMs > 0) {
      callback.timer = setTimeout(() => track(deliver(callback)), callbackDelayMs);
      callback.timer.unref();
    }
  }

  async function flush(): Promise<void> {
    while (pending.length > 0 || deliveries.size > 0) {
      const next = pending[0];
      if (next) await deliver(next);
      else await Promise.all([...deliveries]);
    }
  }

  // --- B2C -------------------------------------------------------------------------------------------
  function validateB2c(body: Record<string, unknown>) {
    const originatorConversationId = requiredText(body, "OriginatorConversationID", 128);
    const initiatorName = requiredText(body, "InitiatorName", 100);
    const securityCredential = requiredText(body, "SecurityCredential", 4096);
    if (!/^[A-Za-z0-9+/=\s]+$/.test(securityCredential)) throw new BadField("SecurityCredential");
    const commandId = body.CommandID;
    if (typeof commandId !== "string" || !B2C_COMMAND_IDS.includes(commandId as B2cCommandId)) throw new BadField("CommandID");
    const amount = wholeAmount(body.Amount);
    if (amount === undefined) throw new BadField("Amount");
    const partyA = digitsOf(body.PartyA);
    if (!partyA || !/^\d{5,7}$/.test(partyA)) throw new BadField("PartyA");
    const partyB = digitsOf(body.PartyB);
    if (!partyB || !isKenyanMsisdn(partyB)) throw new BadField("PartyB");
    const remarks = requiredText(body, "Remarks", 100);
    if (!isHttpUrl(body.QueueTimeOutURL)) throw new BadField("QueueTimeOutURL");
    if (!isHttpUrl(body.ResultURL)) throw new BadField("ResultURL");
    // Daraja's own samples spell it both ways.
    const occasion = optionalText(body, "Occasion") ?? optionalText(body, "Occassion");
    return {
      originatorConversationId,
      initiatorName,
      securityCredential,
      commandId: commandId as B2cCommandId,
      amount,
      partyA,
      partyB,
      remarks,
      occasion,
      queueTimeoutUrl: body.QueueTimeOutURL,
      resultUrl: body.ResultURL,
    };
  }

  function credentialValid(initiatorName: string, credential: string): boolean {
    const expected = options.initiator;
    if (!expected) return true;
    if (expected.name !== undefined && expected.name !== initiatorName) return false;
    return decryptSecurityCredential(credential, expected.privateKeyPem) === expected.password;
  }

  function failure(code: number, desc: string) {
    return { resultCode: code, resultDesc: desc };
  }

  function handleB2c(body: Record<string, unknown>) {
    const request = validateB2c(body);
    if (byOriginator.has(request.originatorConversationId)) {
      return { status: 500, body: errorBody(DUPLICATE_ORIGINATOR_ERROR_CODE, "Duplicate OriginatorConversationID.") };
    }
    const outcome = !credentialValid(request.initiatorName, request.securityCredential)
      ? "invalid-initiator"
      : (overrides.get(request.partyB) ?? magic[request.partyB] ?? "success");

    let decided: { resultCode: number; resultDesc: string } | undefined;
    switch (outcome) {
      case "insufficient-float":
        decided = failure(1, "The balance is insufficient for the transaction.");
        break;
      case "invalid-number":
        decided = failure(7, "The receiver party is unresolved.");
        break;
      case "invalid-initiator":
        decided = failure(2001, "The initiator information is invalid.");
        break;
      case "timeout":
        decided = undefined;
        break;
      default:
        if (request.amount < minAmountKes) decided = failure(2, "Declined due to limit rule: less than the minimum transaction amount.");
        else if (request.amount > maxAmountKes) decided = failure(3, "Declined due to limit rule: greater than the maximum transaction amount.");
        else if (request.amount > floatKes) decided = failure(1, "The balance is insufficient for the transaction.");
        else decided = { resultCode: 0, resultDesc: "The service request is processed successfully." };
    }
    if (decided?.resultCode === 0) floatKes -= request.amount;

    const at = now();
    const transaction: SimulatedTransaction = {
      originatorConversationId: request.originatorConversationId,
      conversationId: conversationId(),
      transactionId: receipt(),
      phone: request.partyB,
      amountKes: request.amount,
      commandId: request.commandId,
      outcome,
      resultCode: decided?.resultCode,
      resultDesc: decided?.resultDesc ?? "The service request has timed out.",
      status: decided === undefined ? "NotProcessed" : decided.resultCode === 0 ? "Completed" : "Failed",
      receiverName: nameFor(request.partyB),
      initiatedAt: at,
      completedAt: at,
    };
    byOriginator.set(transaction.originatorConversationId, transaction);
    byConversation.set(transaction.conversationId, transaction);
    byReceipt.set(transaction.transactionId, transaction);
    store?.save("tx", transaction.originatorConversationId, transaction);
    saveFloat();

    if (outcome === "timeout") {
      enqueue("b2c-timeout", request.queueTimeoutUrl, {
        Result: {
          ResultType: 0,
          ResultCode: 1,
          ResultDesc: "The service request has timed out.",
          OriginatorConversationID: transaction.originatorConversationId,
          ConversationID: transaction.conversationId,
          TransactionID: "",
        },
      });
    } else if (outcome !== "silent") {
      enqueue("b2c-result", request.resultUrl, b2cResultBody(transaction, request.queueTimeoutUrl));
    }
    return {
      status: 200,
      body: {
        ConversationID: transaction.conversationId,
        OriginatorConversationID: transaction.originatorConversationId,
        ResponseCode: "0",
        ResponseDescription: ACCEPTED_DESCRIPTION,
      },
    };
  }

  function referenceData(key: string, value: string) {
    return { ReferenceItem: oneOrArray({ Key: key, Value: value }) };
  }

  function b2cResultBody(t: SimulatedTransaction, queueTimeoutUrl: string): PendingCallback["body"] {
    const result: Record<string, unknown> = {
      ResultType: 0,
      ResultCode: t.resultCode,
      ResultDesc: t.resultDesc,
      OriginatorConversationID: t.originatorConversationId,
      ConversationID: t.conversationId,
      TransactionID: t.transactionId,
    };
    if (t.resultCode === 0) {
      result.ResultParameters = {
        ResultParameter: [
          { Key: "TransactionAmount", Value: maybeString(t.amountKes) },
          { Key: "TransactionReceipt", Value: t.transactionId },
          { Key: "ReceiverPartyPublicName", Value: `${t.phone} - ${t.receiverName}` },
          { Key: "TransactionCompletedDateTime", Value: formatCompletedDateTime(t.completedAt) },
          { Key: "B2CUtilityAccountAvailableFunds", Value: maybeString(floatKes, 2) },
          { Key: "B2CWorkingAccountAvailableFunds", Value: maybeString(0, 2) },
          { Key: "B2CRecipientIsRegisteredCustomer", Value: "Y" },
          { Key: "B2CChargesPaidAccountAvailableFunds", Value: maybeString(0, 2) },
        ],
      };
    } else if (random.chance(0.5)) {
      // Failures usually carry no ResultParameters (fixture b2c-result-failure-2001.json); sometimes
      // a single one, which Daraja sends as an object rather than an array.
      result.ResultParameters = {
        ResultParameter: oneOrArray({ Key: "BOCompletedTime", Value: maybeString(Number(formatDarajaTimestamp(t.completedAt))) }),
      };
    }
    result.ReferenceData = referenceData("QueueTimeoutURL", queueTimeoutUrl);
    return { Result: result as PendingCallback["body"]["Result"] };
  }

  // --- transaction status ------------------------------------------------------------------------------
  function handleStatus(body: Record<string, unknown>) {
    const initiator = requiredText(body, "Initiator", 100);
    const credential = requiredText(body, "SecurityCredential", 4096);
    if (body.CommandID !== "TransactionStatusQuery") throw new BadField("CommandID");
    const transactionId = optionalText(body, "TransactionID", 100);
    const originalConversationId = optionalText(body, "OriginalConversationID", 128);
    if (!transactionId && !originalConversationId) throw new BadField("TransactionID");
    const partyA = digitsOf(body.PartyA);
    if (!partyA || !/^\d{5,7}$/.test(partyA)) throw new BadField("PartyA");
    const identifierType = digitsOf(body.IdentifierType);
    if (!identifierType || !["1", "2", "4"].includes(identifierType)) throw new BadField("IdentifierType");
    if (!isHttpUrl(body.ResultURL)) throw new BadField("ResultURL");
    if (!isHttpUrl(body.QueueTimeOutURL)) throw new BadField("QueueTimeOutURL");
    optionalText(body, "Remarks", 100);
    const occasion = optionalText(body, "Occasion") ?? optionalText(body, "Occassion");

    const ack = { ConversationID: conversationId(), OriginatorConversationID: darajaOriginatorId() };
    const found = transactionId
      ? byReceipt.get(transactionId)
      : (byOriginator.get(originalConversationId ?? "") ?? byConversation.get(originalConversationId ?? ""));
    const result: Record<string, unknown> = {
      ResultType: 0,
      OriginatorConversationID: ack.OriginatorConversationID,
      ConversationID: ack.ConversationID,
    };
    if (!credentialValid(initiator, credential)) {
      Object.assign(result, { ResultCode: 2001, ResultDesc: "The initiator information is invalid.", TransactionID: found?.transactionId ?? "" });
    } else if (!found || found.status === "NotProcessed") {
      Object.assign(result, {
        ResultCode: STATUS_NOT_FOUND_RESULT_CODE,
        ResultDesc: "The transaction receipt number does not exist.",
        TransactionID: transactionId ?? "",
      });
    } else {
      Object.assign(result, {
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        TransactionID: found.transactionId,
        ResultParameters: {
          ResultParameter: [
            { Key: "ReceiptNo", Value: found.transactionId },
            { Key: "Conversation ID", Value: found.conversationId },
            { Key: "FinalisedTime", Value: maybeString(Number(formatDarajaTimestamp(found.completedAt))) },
            { Key: "Amount", Value: maybeString(found.amountKes) },
            { Key: "TransactionStatus", Value: found.status },
            { Key: "ReasonType", Value: COMMAND_REASON[found.commandId] },
            found.status === "Failed" ? { Key: "TransactionReason", Value: found.resultDesc } : { Key: "TransactionReason" },
            { Key: "DebitPartyCharges" },
            { Key: "DebitAccountType", Value: "Utility Account" },
            { Key: "InitiatedTime", Value: maybeString(Number(formatDarajaTimestamp(found.initiatedAt))) },
            { Key: "Originator Conversation ID", Value: found.originatorConversationId },
            { Key: "CreditPartyName", Value: `${found.phone} - ${found.receiverName}` },
            { Key: "DebitPartyName", Value: `${partyA} - ${organisationName}` },
          ],
        },
      });
    }
    result.ReferenceData = occasion ? referenceData("Occasion", occasion) : referenceData("QueueTimeoutURL", body.QueueTimeOutURL as string);
    enqueue("status-result", body.ResultURL as string, { Result: result as PendingCallback["body"]["Result"] });
    return { status: 200, body: { ...ack, ResponseCode: "0", ResponseDescription: ACCEPTED_DESCRIPTION } };
  }

  // --- control API -------------------------------------------------------------------------------------
  function state() {
    return {
      floatKes,
      outcomes: Object.fromEntries(overrides),
      magicNumbers: magic,
      pendingCallbacks: pending.length,
      requests: requests.length,
      callbacks: callbacks.length,
    };
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, path: string, raw: string) {
    let body: Record<string, unknown> = {};
    if (raw.trim() !== "") {
      try {
        const parsed = JSON.parse(raw) as unknown;
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
      } catch {
        return sendJson(res, 400, { error: "The body is not JSON" });
      }
    }
    const route = `${req.method} ${path}`;
    switch (route) {
      case "GET /__sim/state":
        return sendJson(res, 200, state());
      case "GET /__sim/requests":
        // Credentials stay out of the HTTP view of the log (the in-process `requests` keeps them for tests).
        return sendJson(
          res,
          200,
          requests.map((entry) => ({ ...entry, authorization: entry.authorization?.replace(/^(\S+)\s.*$/, "$1 [redacted]") })),
        );
      case "GET /__sim/callbacks":
        return sendJson(res, 200, callbacks);
      case "POST /__sim/outcome": {
        const outcome = body.outcome;
        if (outcome !== null && !darajaSimOutcomes.includes(outcome as DarajaSimOutcome)) {
          return sendJson(res, 400, { error: `outcome must be null or one of ${darajaSimOutcomes.join(", ")}` });
        }
        try {
          api.setOutcome(String(body.phone ?? ""), outcome as DarajaSimOutcome | null);
        } catch (error) {
          return sendJson(res, 400, { error: error instanceof Error ? error.message : "invalid phone" });
        }
        return sendJson(res, 200, state());
      }
      case "POST /__sim/float": {
        const kes = body.kes;
        if (typeof kes !== "number" || !Number.isFinite(kes) || kes < 0) return sendJson(res, 400, { error: "kes must be a number >= 0" });
        floatKes = kes;
        saveFloat();
        return sendJson(res, 200, state());
      }
      case "POST /__sim/flush": {
        const before = callbacks.length;
        await flush();
        return sendJson(res, 200, { delivered: callbacks.length - before });
      }
      case "POST /__sim/expire-tokens":
        tokens.clear();
        return sendJson(res, 200, state());
      default:
        return sendJson(res, 404, { error: `No control endpoint ${route}` });
    }
  }

  // --- routing -------------------------------------------------------------------------------------------
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://simulator.invalid");
    let raw = "";
    try {
      raw = await readBody(req);
    } catch {
      return sendJson(res, 413, errorBody(INVALID_REQUEST_ERROR_CODE, "Bad Request - Body too large"));
    }
    if (url.pathname.startsWith("/__sim/")) return handleControl(req, res, url.pathname, raw);

    const answer = routeApi(req, url, raw);
    let parsedBody: unknown = raw;
    try {
      parsedBody = raw === "" ? undefined : (JSON.parse(raw) as unknown);
    } catch {
      // logged as text
    }
    requests.push({
      at: now(),
      method: req.method ?? "",
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
      body: parsedBody,
      status: answer.status,
      response: answer.body,
    });
    sendJson(res, answer.status, answer.body);
  }

  function routeApi(req: IncomingMessage, url: URL, raw: string): { status: number; body: unknown } {
    if (url.pathname === TOKEN_PATH) {
      if (req.method !== "GET") return { status: 405, body: errorBody("405.001", "Method Not Allowed") };
      if (url.searchParams.get("grant_type") !== "client_credentials") {
        return { status: 400, body: errorBody("400.008.02", "Invalid grant type passed") };
      }
      if (req.headers.authorization !== expectedBasic) {
        return { status: 400, body: errorBody("400.008.01", "Invalid Authentication passed") };
      }
      const token = random.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 28);
      tokens.set(token, now() + tokenLifetimeSeconds * 1000);
      return { status: 200, body: { access_token: token, expires_in: String(tokenLifetimeSeconds) } };
    }
    const handler = url.pathname === B2C_PATH ? handleB2c : url.pathname === TRANSACTION_STATUS_PATH ? handleStatus : undefined;
    if (!handler) return { status: 404, body: errorBody("404.001.01", "Resource not found") };
    if (req.method !== "POST") return { status: 405, body: errorBody("405.001", "Method Not Allowed") };
    if (!bearerValid(req)) return { status: 401, body: errorBody(INVALID_TOKEN_ERROR_CODE, "Invalid Access Token") };
    let body: unknown;
    try {
      body = JSON.parse(raw) as unknown;
    } catch {
      return { status: 400, body: errorBody(INVALID_REQUEST_ERROR_CODE, "Bad Request - Invalid JSON") };
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      return { status: 400, body: errorBody(INVALID_REQUEST_ERROR_CODE, "Bad Request - Invalid JSON") };
    }
    try {
      return handler(body as Record<string, unknown>);
    } catch (error) {
      if (error instanceof BadField) return { status: 400, body: errorBody(INVALID_REQUEST_ERROR_CODE, error.message) };
      throw error;
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody("500.003.1001", error instanceof Error ? error.message : "Internal Server Error"));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;

  const api: DarajaSimulator = {
    baseUrl,
    requests,
    callbacks,
    flush,
    setOutcome(phone, outcome) {
      const msisdn = normalizeKenyanMsisdn(phone);
      if (outcome === null) overrides.delete(msisdn);
      else if (darajaSimOutcomes.includes(outcome)) overrides.set(msisdn, outcome);
      else throw new Error(`Unknown outcome ${String(outcome)}`);
    },
    setFloat(kes) {
      if (!Number.isFinite(kes) || kes < 0) throw new Error("The float must be a number >= 0");
      floatKes = kes;
      saveFloat();
    },
    floatKes: () => floatKes,
    pendingCallbacks: () => pending.length,
    expireTokens: () => tokens.clear(),
    transaction: (id) => byOriginator.get(id),
    async close() {
      if (closed) return;
      closed = true;
      for (const callback of pending.splice(0)) if (callback.timer) clearTimeout(callback.timer);
      await Promise.allSettled([...deliveries]);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return api;
}
