/**
 * The Daraja endpoints the simulator serves (../shared/reference/protocols.md §1 and the §7
 * checklist):
 * - `GET /oauth/v1/generate?grant_type=client_credentials` with Basic auth ->
 *   `{access_token, expires_in: "3599"}`.
 * - `POST /mpesa/b2c/v3/paymentrequest` with a Bearer token -> the synchronous ack (same keys and
 *   texts as tests/fixtures/daraja/b2c-response.json); later a Result POSTed to the request's
 *   ResultURL, or a timeout POSTed to its QueueTimeOutURL, or nothing at all ("silent").
 * - `POST /mpesa/transactionstatus/v1/query` -> ack, later a status Result to its ResultURL.
 * - `POST /mpesa/b2b/v1/paymentrequest` -> ack, later a B2B Result (b2b.server.ts).
 * - `POST /mpesa/accountbalance/v1/query` -> ack, later a balance Result to its ResultURL: the
 *   `AccountBalance` string with the Utility Account (what B2C pays from) at the float plus the
 *   drift, the other accounts at 0.00, and `BOCompletedTime`.
 * - Daraja's error bodies: 401 `404.001.03` bad/expired token, 400 `400.002.02` naming the invalid
 *   field, 500 `500.002.1001` duplicate OriginatorConversationID, 400 `400.008.01` bad consumer
 *   credentials.
 *
 * Outcomes are decided when the request is accepted (so the float and the status query reflect it
 * at once): per phone by `setOutcome()`, else the magic numbers; amounts below the minimum / above
 * the maximum per transfer give ResultCode 2 / 3, an amount above the simulated float ResultCode 1.
 */
import {
  DUPLICATE_ORIGINATOR_ERROR_CODE,
  INVALID_REQUEST_ERROR_CODE,
  INVALID_TOKEN_ERROR_CODE,
} from "~/core/providers/daraja/errors";
import { mpesaB2cChargeKes } from "~/content/tariff";
import { formatCompletedDateTime, formatDarajaTimestamp } from "~/core/providers/daraja/eat-time";
import { isKenyanMsisdn } from "~/core/providers/daraja/msisdn";
import { STATUS_NOT_FOUND_RESULT_CODE } from "~/core/providers/daraja/result";
import { decryptSecurityCredential } from "~/core/providers/daraja/security-credential.server";
import {
  ACCEPTED_DESCRIPTION,
  ACCOUNT_BALANCE_PATH,
  B2B_PATH,
  B2C_COMMAND_IDS,
  B2C_PATH,
  TOKEN_PATH,
  TRANSACTION_STATUS_PATH,
  type B2cCommandId,
} from "~/core/providers/daraja/wire";
import { createB2bSimulator } from "./b2b.server";
import type { CallbackQueue, ResultCallbackBody as CallbackBody } from "./callbacks.server";
import { reportedKes } from "./drift";
import type { DarajaIds } from "./ids.server";
import type { DarajaState } from "./state.server";
import type { DarajaSimOutcome, DarajaSimulatorOptions, SimulatedTransaction } from "./types";

export interface ApiRequest {
  method: string;
  url: URL;
  authorization: string | undefined;
  raw: string;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

export interface DarajaApiSettings {
  now: () => number;
  ids: DarajaIds;
  state: DarajaState;
  queue: CallbackQueue;
  magic: Readonly<Record<string, DarajaSimOutcome>>;
  expectedBasic: string;
  tokenLifetimeSeconds: number;
  minAmountKes: number;
  maxAmountKes: number;
  organisationName: string;
  initiator: DarajaSimulatorOptions["initiator"];
  /** More POST endpoints behind the same Bearer check (the STK ones), by path. */
  extraHandlers?: ReadonlyMap<string, (body: Record<string, unknown>) => ApiAnswer>;
  /**
   * One-shot B2C outcomes by OriginatorConversationID (the B2C outcome hook's, index.server.ts):
   * taken by the first request with that id, before the per-phone overrides.
   */
  onceByOriginator?: Map<string, DarajaSimOutcome>;
}

/** A request field Daraja would refuse: 400 `400.002.02` "Bad Request - Invalid <field>". */
export class BadField extends Error {
  constructor(readonly field: string) {
    super(`Bad Request - Invalid ${field}`);
  }
}

const COMMAND_REASON: Record<B2cCommandId, string> = {
  BusinessPayment: "Business Payment to Customer via API",
  SalaryPayment: "Salary Payment via API",
  PromotionPayment: "Promotion Payment via API",
};

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export function digitsOf(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === "string" && /^\d+$/.test(value.trim())) return value.trim();
  return undefined;
}

export function wholeAmount(value: unknown): number | undefined {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim() !== ""
        ? Number(value)
        : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function optionalText(body: Record<string, unknown>, field: string, max = 100): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string" || Array.from(value).length > max) throw new BadField(field);
  return value;
}

export function requiredText(body: Record<string, unknown>, field: string, max = 1000): string {
  const value = body[field];
  if (typeof value !== "string" || value.trim() === "" || Array.from(value).length > max)
    throw new BadField(field);
  return value;
}

export function createDarajaApi(settings: DarajaApiSettings) {
  const {
    now,
    ids,
    state,
    queue,
    magic,
    expectedBasic,
    tokenLifetimeSeconds,
    minAmountKes,
    maxAmountKes,
    organisationName,
  } = settings;
  const { tokens, byOriginator, byConversation, byReceipt, overrides } = state;
  const { conversationId, darajaOriginatorId, receipt, nameFor, maybeString, oneOrArray } = ids;
  const enqueue = queue.enqueue;

  function errorBody(errorCode: string, errorMessage: string) {
    return { requestId: ids.requestId(), errorCode, errorMessage };
  }

  function bearerValid(authorization: string | undefined): boolean {
    const header = authorization ?? "";
    const match = /^Bearer\s+(\S+)$/.exec(header);
    if (!match?.[1]) return false;
    const expiresAt = tokens.get(match[1]);
    return expiresAt !== undefined && now() < expiresAt;
  }

  // --- B2C
  // -------------------------------------------------------------------------------------------
  function validateB2c(body: Record<string, unknown>) {
    const originatorConversationId = requiredText(body, "OriginatorConversationID", 128);
    const initiatorName = requiredText(body, "InitiatorName", 100);
    const securityCredential = requiredText(body, "SecurityCredential", 4096);
    if (!/^[A-Za-z0-9+/=\s]+$/.test(securityCredential)) throw new BadField("SecurityCredential");
    const commandId = body.CommandID;
    if (typeof commandId !== "string" || !B2C_COMMAND_IDS.includes(commandId as B2cCommandId))
      throw new BadField("CommandID");
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
    const expected = settings.initiator;
    if (!expected) return true;
    if (expected.name !== undefined && expected.name !== initiatorName) return false;
    return decryptSecurityCredential(credential, expected.privateKeyPem) === expected.password;
  }

  const b2b = createB2bSimulator({
    now,
    ids,
    state,
    queue,
    maxAmountKes,
    organisationName,
    credentialValid,
  });

  function failure(code: number, desc: string) {
    return { resultCode: code, resultDesc: desc };
  }

  function handleB2c(body: Record<string, unknown>) {
    const request = validateB2c(body);
    if (byOriginator.has(request.originatorConversationId)) {
      return {
        status: 500,
        body: errorBody(DUPLICATE_ORIGINATOR_ERROR_CODE, "Duplicate OriginatorConversationID."),
      };
    }
    const once = settings.onceByOriginator?.get(request.originatorConversationId);
    if (once) settings.onceByOriginator!.delete(request.originatorConversationId);
    const outcome = !credentialValid(request.initiatorName, request.securityCredential)
      ? "invalid-initiator"
      : (once ?? overrides.get(request.partyB) ?? magic[request.partyB] ?? "success");

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
        if (request.amount < minAmountKes)
          decided = failure(
            2,
            "Declined due to limit rule: less than the minimum transaction amount.",
          );
        else if (request.amount > maxAmountKes)
          decided = failure(
            3,
            "Declined due to limit rule: greater than the maximum transaction amount.",
          );
        else if (request.amount > state.floatKes())
          decided = failure(1, "The balance is insufficient for the transaction.");
        else
          decided = { resultCode: 0, resultDesc: "The service request is processed successfully." };
    }
    if (decided?.resultCode === 0) {
      // The Utility Account pays the amount; the Charges Paid Account the B2C charge (the tariff's
      // band), as M-Pesa's Result shows it (B2CChargesPaidAccountAvailableFunds below zero).
      state.debitFloat(request.amount);
      state.debitCharge(mpesaB2cChargeKes(request.amount));
    }

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
      status:
        decided === undefined ? "NotProcessed" : decided.resultCode === 0 ? "Completed" : "Failed",
      receiverName: nameFor(request.partyB),
      initiatedAt: at,
      completedAt: at,
    };
    state.record(transaction);

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

  function b2cResultBody(t: SimulatedTransaction, queueTimeoutUrl: string): CallbackBody {
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
          { Key: "B2CUtilityAccountAvailableFunds", Value: maybeString(state.floatKes(), 2) },
          { Key: "B2CWorkingAccountAvailableFunds", Value: maybeString(0, 2) },
          { Key: "B2CRecipientIsRegisteredCustomer", Value: "Y" },
          {
            Key: "B2CChargesPaidAccountAvailableFunds",
            Value: maybeString(-state.chargesPaidKes(), 2),
          },
        ],
      };
    } else if (ids.chance(0.5)) {
      // Failures usually carry no ResultParameters (fixture b2c-result-failure-2001.json);
      // sometimes a single one, which Daraja sends as an object rather than an array.
      result.ResultParameters = {
        ResultParameter: oneOrArray({
          Key: "BOCompletedTime",
          Value: maybeString(Number(formatDarajaTimestamp(t.completedAt))),
        }),
      };
    }
    result.ReferenceData = referenceData("QueueTimeoutURL", queueTimeoutUrl);
    return { Result: result as CallbackBody["Result"] };
  }

  // --- transaction status
  // ------------------------------------------------------------------------------
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
    if (!identifierType || !["1", "2", "4"].includes(identifierType))
      throw new BadField("IdentifierType");
    if (!isHttpUrl(body.ResultURL)) throw new BadField("ResultURL");
    if (!isHttpUrl(body.QueueTimeOutURL)) throw new BadField("QueueTimeOutURL");
    optionalText(body, "Remarks", 100);
    const occasion = optionalText(body, "Occasion") ?? optionalText(body, "Occassion");

    const ack = {
      ConversationID: conversationId(),
      OriginatorConversationID: darajaOriginatorId(),
    };
    const found = transactionId
      ? byReceipt(transactionId)
      : (byOriginator.get(originalConversationId ?? "") ??
        byConversation(originalConversationId ?? ""));
    // M-Pesa's status query knows B2B payments too (by receipt or either conversation id).
    const foundB2b = found
      ? undefined
      : state.findB2b(transactionId ?? originalConversationId ?? "");
    const result: Record<string, unknown> = {
      ResultType: 0,
      OriginatorConversationID: ack.OriginatorConversationID,
      ConversationID: ack.ConversationID,
    };
    if (!credentialValid(initiator, credential)) {
      Object.assign(result, {
        ResultCode: 2001,
        ResultDesc: "The initiator information is invalid.",
        TransactionID: found?.transactionId ?? "",
      });
    } else if (foundB2b && foundB2b.status !== "NotProcessed") {
      Object.assign(result, {
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        TransactionID: foundB2b.transactionId,
        ResultParameters: { ResultParameter: b2b.statusParameters(foundB2b) },
      });
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
            {
              Key: "FinalisedTime",
              Value: maybeString(Number(formatDarajaTimestamp(found.completedAt))),
            },
            { Key: "Amount", Value: maybeString(found.amountKes) },
            { Key: "TransactionStatus", Value: found.status },
            { Key: "ReasonType", Value: COMMAND_REASON[found.commandId] },
            found.status === "Failed"
              ? { Key: "TransactionReason", Value: found.resultDesc }
              : { Key: "TransactionReason" },
            found.status === "Completed" && mpesaB2cChargeKes(found.amountKes) > 0
              ? {
                  Key: "DebitPartyCharges",
                  Value: `Fee For B2C Payment|KES|${mpesaB2cChargeKes(found.amountKes)}.00`,
                }
              : { Key: "DebitPartyCharges" },
            { Key: "DebitAccountType", Value: "Utility Account" },
            {
              Key: "InitiatedTime",
              Value: maybeString(Number(formatDarajaTimestamp(found.initiatedAt))),
            },
            { Key: "Originator Conversation ID", Value: found.originatorConversationId },
            { Key: "CreditPartyName", Value: `${found.phone} - ${found.receiverName}` },
            { Key: "DebitPartyName", Value: `${partyA} - ${organisationName}` },
          ],
        },
      });
    }
    result.ReferenceData = occasion
      ? referenceData("Occasion", occasion)
      : referenceData("QueueTimeoutURL", body.QueueTimeOutURL as string);
    enqueue("status-result", body.ResultURL as string, {
      Result: result as CallbackBody["Result"],
    });
    return {
      status: 200,
      body: { ...ack, ResponseCode: "0", ResponseDescription: ACCEPTED_DESCRIPTION },
    };
  }

  // --- account balance
  // ---------------------------------------------------------------------------------
  function handleBalance(body: Record<string, unknown>) {
    const initiator = requiredText(body, "Initiator", 100);
    const credential = requiredText(body, "SecurityCredential", 4096);
    if (body.CommandID !== "AccountBalance") throw new BadField("CommandID");
    const partyA = digitsOf(body.PartyA);
    if (!partyA || !/^\d{5,7}$/.test(partyA)) throw new BadField("PartyA");
    if (digitsOf(body.IdentifierType) !== "4") throw new BadField("IdentifierType");
    requiredText(body, "Remarks", 100);
    if (!isHttpUrl(body.QueueTimeOutURL)) throw new BadField("QueueTimeOutURL");
    if (!isHttpUrl(body.ResultURL)) throw new BadField("ResultURL");

    const ack = {
      ConversationID: conversationId(),
      OriginatorConversationID: darajaOriginatorId(),
    };
    const result: Record<string, unknown> = {
      ResultType: 0,
      OriginatorConversationID: ack.OriginatorConversationID,
      ConversationID: ack.ConversationID,
      TransactionID: receipt(),
    };
    if (!credentialValid(initiator, credential)) {
      Object.assign(result, {
        ResultCode: 2001,
        ResultDesc: "The initiator information is invalid.",
      });
    } else {
      const zero = "0.00|0.00|0.00|0.00";
      const utility = reportedKes(state.floatKes(), state.driftCents());
      const charges = reportedKes(-state.chargesPaidKes(), 0);
      Object.assign(result, {
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        ResultParameters: {
          ResultParameter: [
            {
              Key: "AccountBalance",
              Value: [
                `Working Account|KES|${zero}`,
                `Utility Account|KES|${utility}|${utility}|0.00|0.00`,
                `Charges Paid Account|KES|${charges}|${charges}|0.00|0.00`,
                `Organization Settlement Account|KES|${zero}`,
              ].join("&"),
            },
            {
              Key: "BOCompletedTime",
              Value: maybeString(Number(formatDarajaTimestamp(now()))),
            },
          ],
        },
      });
    }
    result.ReferenceData = referenceData("QueueTimeoutURL", body.QueueTimeOutURL as string);
    enqueue("balance-result", body.ResultURL as string, {
      Result: result as CallbackBody["Result"],
    });
    return {
      status: 200,
      body: { ...ack, ResponseCode: "0", ResponseDescription: ACCEPTED_DESCRIPTION },
    };
  }

  function routeApi(request: ApiRequest): ApiAnswer {
    const { url, raw } = request;
    if (url.pathname === TOKEN_PATH) {
      if (request.method !== "GET")
        return { status: 405, body: errorBody("405.001", "Method Not Allowed") };
      if (url.searchParams.get("grant_type") !== "client_credentials") {
        return { status: 400, body: errorBody("400.008.02", "Invalid grant type passed") };
      }
      if (request.authorization !== expectedBasic) {
        return { status: 400, body: errorBody("400.008.01", "Invalid Authentication passed") };
      }
      const token = ids.accessToken();
      tokens.set(token, now() + tokenLifetimeSeconds * 1000);
      return {
        status: 200,
        body: { access_token: token, expires_in: String(tokenLifetimeSeconds) },
      };
    }
    const handler =
      url.pathname === B2C_PATH
        ? handleB2c
        : url.pathname === TRANSACTION_STATUS_PATH
          ? handleStatus
          : url.pathname === ACCOUNT_BALANCE_PATH
            ? handleBalance
            : url.pathname === B2B_PATH
              ? b2b.handle
              : settings.extraHandlers?.get(url.pathname);
    if (!handler) return { status: 404, body: errorBody("404.001.01", "Resource not found") };
    if (request.method !== "POST")
      return { status: 405, body: errorBody("405.001", "Method Not Allowed") };
    if (!bearerValid(request.authorization))
      return { status: 401, body: errorBody(INVALID_TOKEN_ERROR_CODE, "Invalid Access Token") };
    let body: unknown;
    try {
      body = JSON.parse(raw) as unknown;
    } catch {
      return {
        status: 400,
        body: errorBody(INVALID_REQUEST_ERROR_CODE, "Bad Request - Invalid JSON"),
      };
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      return {
        status: 400,
        body: errorBody(INVALID_REQUEST_ERROR_CODE, "Bad Request - Invalid JSON"),
      };
    }
    try {
      return handler(body as Record<string, unknown>);
    } catch (error) {
      if (error instanceof BadField)
        return { status: 400, body: errorBody(INVALID_REQUEST_ERROR_CODE, error.message) };
      throw error;
    }
  }

  return { routeApi, errorBody };
}
