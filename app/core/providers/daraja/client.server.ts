/**
 * The live Daraja client (`MobileMoneyPayouts`): OAuth token, B2C v3 payment request and
 * transaction status query, over HTTP. The same code talks to api.safaricom.co.ke, the sandbox and
 * the local simulator; only the base URL and credentials differ. Protocol:
 * ../shared/reference/protocols.md §1, decisions: docs/decisions/0014-daraja.md.
 *
 * - The token is fetched with Basic auth, cached until shortly before `expires_in` (a string on the
 *   wire) runs out, shared by concurrent callers, and refreshed once when a call answers 401 /
 *   `404.001.03`.
 * - Inputs are validated before anything is sent; every answer is validated with zod.
 * - A B2C request carries our OriginatorConversationID, so re-sending after a timeout is safe: the
 *   second answer is either the ack or a `DuplicateRequestError`.
 */
import { createJsonSender, createTokenCache, parseJson } from "~/core/providers/json-http.server";
import {
  DarajaApiError,
  DarajaTransportError,
  DarajaValidationError,
  DUPLICATE_ORIGINATOR_ERROR_CODE,
  DuplicateRequestError,
  INVALID_TOKEN_ERROR_CODE,
  type DarajaErrorBody,
} from "./errors";
import { normalizeKenyanMsisdn } from "./msisdn";
import { encryptSecurityCredential } from "./security-credential.server";
import type {
  AsyncRequestAccepted,
  B2cPaymentInput,
  MobileMoneyPayouts,
  TransactionStatusInput,
} from "./types";
import {
  asyncAckSchema,
  B2C_COMMAND_IDS,
  B2C_PATH,
  errorBodySchema,
  TOKEN_PATH,
  tokenResponseSchema,
  TRANSACTION_STATUS_PATH,
  type B2cRequestBody,
  type TransactionStatusRequestBody,
} from "./wire";

export const DARAJA_SANDBOX_BASE_URL = "https://sandbox.safaricom.co.ke";
export const DARAJA_PRODUCTION_BASE_URL = "https://api.safaricom.co.ke";

/** Smallest B2C amount we send (KES). */
export const B2C_MIN_AMOUNT_KES = 10;
const TEXT_LIMIT = 100;
const MAX_BODY_CHARS = 1_000_000;

export interface DarajaClientOptions {
  /** https://api.safaricom.co.ke, https://sandbox.safaricom.co.ke or the simulator's base URL. */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The API operator (initiator) username. */
  initiatorName: string;
  /**
   * Already encrypted and base64-encoded, or the password plus Safaricom's certificate to encrypt
   * it with.
   */
  securityCredential: string | { initiatorPassword: string; certificatePem: string };
  /** The B2C shortcode paying out (PartyA). */
  shortCode: string;
  /** B2C ResultURL. */
  resultUrl: string;
  /** B2C QueueTimeOutURL. */
  queueTimeoutUrl: string;
  /** ResultURL for status queries. Default: `resultUrl`. */
  statusResultUrl?: string;
  /**
   * QueueTimeOutURL for status queries. Default: `statusResultUrl`, where a timed-out query parses
   * as a status Result with a non-zero code, i.e. outcome "unknown": ask again later.
   */
  statusQueueTimeoutUrl?: string;
  /** Per HTTP call. */
  timeoutMs: number;
  /** Clock for token expiry (ms since epoch). Default `Date.now`. */
  now?: () => number;
  /**
   * Refresh this long before the token expires. Default 60 s (at most half the token's lifetime).
   */
  tokenRefreshMarginMs?: number;
}

interface HttpAnswer {
  status: number;
  json: unknown;
  text: string;
}

function truncate(value: string, limit = TEXT_LIMIT): string {
  const chars = Array.from(value);
  return chars.length > limit ? chars.slice(0, limit).join("") : value;
}

function requireText(field: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new DarajaValidationError(field, `${field} is required`);
  }
  return value.trim();
}

function requireHttpUrl(field: string, value: unknown): string {
  const text = requireText(field, value);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DarajaValidationError(field, `${field} is not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new DarajaValidationError(field, `${field} must be an http(s) URL`);
  }
  return text;
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

function errorBodyOf(json: unknown): DarajaErrorBody | undefined {
  const parsed = errorBodySchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

export function createDarajaClient(options: DarajaClientOptions): MobileMoneyPayouts {
  const baseUrl = requireHttpUrl("baseUrl", options.baseUrl).replace(/\/+$/, "");
  const consumerKey = requireText("consumerKey", options.consumerKey);
  const consumerSecret = requireText("consumerSecret", options.consumerSecret);
  const initiatorName = requireText("initiatorName", options.initiatorName);
  const shortCode = requireText("shortCode", options.shortCode);
  if (!/^\d{5,7}$/.test(shortCode))
    throw new DarajaValidationError("shortCode", "shortCode must be 5 to 7 digits");
  const resultUrl = requireHttpUrl("resultUrl", options.resultUrl);
  const queueTimeoutUrl = requireHttpUrl("queueTimeoutUrl", options.queueTimeoutUrl);
  const statusResultUrl = requireHttpUrl("statusResultUrl", options.statusResultUrl ?? resultUrl);
  const statusQueueTimeoutUrl = requireHttpUrl(
    "statusQueueTimeoutUrl",
    options.statusQueueTimeoutUrl ?? statusResultUrl,
  );
  if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0) {
    throw new DarajaValidationError("timeoutMs", "timeoutMs must be a positive number");
  }
  const securityCredential =
    typeof options.securityCredential === "string"
      ? requireText("securityCredential", options.securityCredential)
      : encryptSecurityCredential(
          options.securityCredential.initiatorPassword,
          options.securityCredential.certificatePem,
        );
  const now = options.now ?? Date.now;
  const refreshMarginMs = options.tokenRefreshMarginMs ?? 60_000;
  const basicAuth = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString("base64")}`;
  const label = "Daraja";

  const send = createJsonSender({
    baseUrl,
    timeoutMs: options.timeoutMs,
    failure: ({ kind, cause }, { path }) =>
      new DarajaTransportError(
        kind,
        kind === "timeout"
          ? `${label} did not answer ${path} within ${options.timeoutMs} ms`
          : `${label} could not be reached (${describeCause(cause)})`,
        { cause },
      ),
    read: ({ status, text }, { path }): HttpAnswer => {
      if (text.length > MAX_BODY_CHARS) {
        throw new DarajaTransportError(
          "invalid_response",
          `${label} sent an unexpectedly large body for ${path}`,
          {
            httpStatus: status,
          },
        );
      }
      return { status, json: parseJson(text), text };
    },
  });

  const tokens = createTokenCache({
    now,
    refresh: { marginMs: refreshMarginMs },
    async fetchToken() {
      const answer = await send("GET", `${TOKEN_PATH}?grant_type=client_credentials`, {
        authorization: basicAuth,
      });
      if (answer.status < 200 || answer.status >= 300) {
        throw new DarajaApiError(
          answer.status,
          errorBodyOf(answer.json) ?? { errorMessage: answer.text.slice(0, 200) },
          `${label} token endpoint`,
        );
      }
      const parsed = tokenResponseSchema.safeParse(answer.json);
      if (!parsed.success) {
        throw new DarajaTransportError(
          "invalid_response",
          `${label} token endpoint sent an unexpected body`,
          {
            httpStatus: answer.status,
            cause: parsed.error,
          },
        );
      }
      return { token: parsed.data.access_token, lifetimeMs: parsed.data.expires_in * 1000 };
    },
  });

  function isInvalidToken(answer: HttpAnswer): boolean {
    return (
      answer.status === 401 || errorBodyOf(answer.json)?.errorCode === INVALID_TOKEN_ERROR_CODE
    );
  }

  async function post(
    path: string,
    body: unknown,
    duplicateId?: string,
  ): Promise<AsyncRequestAccepted> {
    // A token Daraja revoked or expired early: one fresh token, one more try.
    const answer = await tokens.withToken(
      (token) => send("POST", path, { authorization: `Bearer ${token}` }, body),
      isInvalidToken,
    );
    const errorBody = errorBodyOf(answer.json);
    if (
      answer.status < 200 ||
      answer.status >= 300 ||
      (errorBody && !asyncAckSchema.safeParse(answer.json).success)
    ) {
      if (errorBody) {
        const duplicate =
          errorBody.errorCode === DUPLICATE_ORIGINATOR_ERROR_CODE ||
          /duplicate\s+originatorconversationid/i.test(errorBody.errorMessage ?? "");
        if (duplicate && duplicateId !== undefined)
          throw new DuplicateRequestError(answer.status, errorBody, duplicateId);
        throw new DarajaApiError(answer.status, errorBody, label);
      }
      if (answer.status >= 500) {
        // Not Daraja's own error body (a gateway page?): whether the request went through is
        // unknown.
        throw new DarajaTransportError(
          "invalid_response",
          `${label} answered HTTP ${answer.status} without an error body`,
          {
            httpStatus: answer.status,
          },
        );
      }
      throw new DarajaApiError(
        answer.status,
        { errorMessage: answer.text.slice(0, 200) || `HTTP ${answer.status}` },
        label,
      );
    }
    const ack = asyncAckSchema.safeParse(answer.json);
    if (!ack.success) {
      throw new DarajaTransportError(
        "invalid_response",
        `${label} sent an unexpected acknowledgement for ${path}`,
        {
          httpStatus: answer.status,
          cause: ack.error,
        },
      );
    }
    if (ack.data.ResponseCode !== "0") {
      throw new DarajaApiError(
        answer.status,
        { errorCode: ack.data.ResponseCode, errorMessage: ack.data.ResponseDescription },
        label,
      );
    }
    return {
      conversationId: ack.data.ConversationID,
      originatorConversationId: ack.data.OriginatorConversationID,
      responseCode: ack.data.ResponseCode,
      responseDescription: ack.data.ResponseDescription,
    };
  }

  return {
    async b2cPayment(input: B2cPaymentInput) {
      const originatorConversationId = requireText(
        "originatorConversationId",
        input.originatorConversationId,
      );
      const phone = normalizeKenyanMsisdn(input.phone, "phone");
      if (!Number.isSafeInteger(input.amountKes) || input.amountKes < B2C_MIN_AMOUNT_KES) {
        throw new DarajaValidationError(
          "amountKes",
          `amountKes must be a whole number of shillings, at least ${B2C_MIN_AMOUNT_KES} (got ${String(input.amountKes)})`,
        );
      }
      const remarks = truncate(requireText("remarks", input.remarks));
      const commandId = input.commandId ?? "BusinessPayment";
      if (!B2C_COMMAND_IDS.includes(commandId)) {
        throw new DarajaValidationError(
          "commandId",
          `commandId must be one of ${B2C_COMMAND_IDS.join(", ")}`,
        );
      }
      const body: B2cRequestBody = {
        OriginatorConversationID: originatorConversationId,
        InitiatorName: initiatorName,
        SecurityCredential: securityCredential,
        CommandID: commandId,
        Amount: input.amountKes,
        PartyA: shortCode,
        PartyB: phone,
        Remarks: remarks,
        QueueTimeOutURL: queueTimeoutUrl,
        ResultURL: resultUrl,
      };
      const occasion = input.occasion?.trim();
      if (occasion) body.Occasion = truncate(occasion);
      return post(B2C_PATH, body, originatorConversationId);
    },

    async transactionStatus(input: TransactionStatusInput) {
      const byReceipt = input.transactionId !== undefined;
      const id = byReceipt
        ? requireText("transactionId", input.transactionId)
        : requireText("originatorConversationId", input.originatorConversationId);
      const body: TransactionStatusRequestBody = {
        Initiator: initiatorName,
        SecurityCredential: securityCredential,
        CommandID: "TransactionStatusQuery",
        ...(byReceipt ? { TransactionID: id } : { OriginalConversationID: id }),
        PartyA: shortCode,
        IdentifierType: "4",
        ResultURL: statusResultUrl,
        QueueTimeOutURL: statusQueueTimeoutUrl,
        Remarks: truncate(input.remarks?.trim() || `Status of ${id}`),
        // Echoed back in the Result's ReferenceData, so the answer can be matched to the payment.
        Occasion: truncate(input.occasion?.trim() || id),
      };
      return post(TRANSACTION_STATUS_PATH, body);
    },
  };
}
