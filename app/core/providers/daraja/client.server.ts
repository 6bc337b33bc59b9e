/**
 * The live Daraja client (`MobileMoneyPayouts`): OAuth token, B2C v3 payment request and
 * transaction status query, over HTTP. The same code talks to api.safaricom.co.ke, the sandbox and
 * the local simulator; only the base URL and credentials differ. Protocol:
 * ../shared/reference/protocols.md §1, decisions: docs/decisions/0014-daraja.md.
 *
 * - The token and the authorised POST are transport.server.ts's (shared with the M-Pesa Express
 *   client, stk.server.ts): cached until shortly before `expires_in` runs out, refreshed once when
 *   a call answers 401 / `404.001.03`.
 * - Inputs are validated before anything is sent; every answer is validated with zod.
 * - A B2C request carries our OriginatorConversationID, so re-sending after a timeout is safe: the
 *   second answer is either the ack or a `DuplicateRequestError`.
 * - A B2B request (`b2bPayment`, b2b.server.ts) carries no id of ours: after a timeout its outcome
 *   is unknown and re-sending it may pay twice.
 */
import {
  DarajaApiError,
  DarajaTransportError,
  DarajaValidationError,
  DUPLICATE_ORIGINATOR_ERROR_CODE,
  DuplicateRequestError,
} from "./errors";
import { b2bRequestBody } from "./b2b.server";
import { normalizeKenyanMsisdn } from "./msisdn";
import { encryptSecurityCredential } from "./security-credential.server";
import type {
  AccountBalanceInput,
  AsyncRequestAccepted,
  B2bPaymentInput,
  B2cPaymentInput,
  DarajaClient,
  TransactionStatusInput,
} from "./types";
import {
  answerError,
  createDarajaTransport,
  errorBodyOf,
  requireHttpUrl,
  requireText,
} from "./transport.server";
import {
  ACCOUNT_BALANCE_PATH,
  asyncAckSchema,
  B2B_PATH,
  B2C_COMMAND_IDS,
  B2C_PATH,
  TRANSACTION_STATUS_PATH,
  type AccountBalanceRequestBody,
  type B2cRequestBody,
  type TransactionStatusRequestBody,
} from "./wire";

export const DARAJA_SANDBOX_BASE_URL = "https://sandbox.safaricom.co.ke";
export const DARAJA_PRODUCTION_BASE_URL = "https://api.safaricom.co.ke";

/** Smallest B2C amount we send (KES). */
export const B2C_MIN_AMOUNT_KES = 10;
const TEXT_LIMIT = 100;

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
  /** The shortcode paying B2B (PartyA of `b2bPayment`). Default: `shortCode`. */
  b2bShortCode?: string;
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
  /**
   * ResultURL for account balance queries: a route of its own, where the Result is parsed with
   * `parseAccountBalanceResult`. None: `queryAccountBalance` refuses to run (a balance Result sent
   * to the B2C or status route would be read as the wrong thing).
   */
  balanceResultUrl?: string;
  /** QueueTimeOutURL for balance queries. Default: `balanceResultUrl`. */
  balanceQueueTimeoutUrl?: string;
  /** Per HTTP call. */
  timeoutMs: number;
  /** Clock for token expiry (ms since epoch). Default `Date.now`. */
  now?: () => number;
  /**
   * Refresh this long before the token expires. Default 60 s (at most half the token's lifetime).
   */
  tokenRefreshMarginMs?: number;
}

function truncate(value: string, limit = TEXT_LIMIT): string {
  const chars = Array.from(value);
  return chars.length > limit ? chars.slice(0, limit).join("") : value;
}

export function createDarajaClient(options: DarajaClientOptions): DarajaClient {
  const initiatorName = requireText("initiatorName", options.initiatorName);
  const shortCode = requireText("shortCode", options.shortCode);
  if (!/^\d{5,7}$/.test(shortCode))
    throw new DarajaValidationError("shortCode", "shortCode must be 5 to 7 digits");
  const b2bShortCode =
    options.b2bShortCode === undefined
      ? shortCode
      : requireText("b2bShortCode", options.b2bShortCode);
  if (!/^\d{5,7}$/.test(b2bShortCode))
    throw new DarajaValidationError("b2bShortCode", "b2bShortCode must be 5 to 7 digits");
  const resultUrl = requireHttpUrl("resultUrl", options.resultUrl);
  const queueTimeoutUrl = requireHttpUrl("queueTimeoutUrl", options.queueTimeoutUrl);
  const statusResultUrl = requireHttpUrl("statusResultUrl", options.statusResultUrl ?? resultUrl);
  const statusQueueTimeoutUrl = requireHttpUrl(
    "statusQueueTimeoutUrl",
    options.statusQueueTimeoutUrl ?? statusResultUrl,
  );
  const balanceResultUrl =
    options.balanceResultUrl === undefined
      ? undefined
      : requireHttpUrl("balanceResultUrl", options.balanceResultUrl);
  const balanceQueueTimeoutUrl =
    balanceResultUrl === undefined
      ? undefined
      : requireHttpUrl(
          "balanceQueueTimeoutUrl",
          options.balanceQueueTimeoutUrl ?? balanceResultUrl,
        );
  const securityCredential =
    typeof options.securityCredential === "string"
      ? requireText("securityCredential", options.securityCredential)
      : encryptSecurityCredential(
          options.securityCredential.initiatorPassword,
          options.securityCredential.certificatePem,
        );
  const transport = createDarajaTransport({
    baseUrl: options.baseUrl,
    consumerKey: options.consumerKey,
    consumerSecret: options.consumerSecret,
    timeoutMs: options.timeoutMs,
    now: options.now,
    tokenRefreshMarginMs: options.tokenRefreshMarginMs,
  });
  const label = "Daraja";

  async function post(
    path: string,
    body: unknown,
    duplicateId?: string,
  ): Promise<AsyncRequestAccepted> {
    const answer = await transport.post(path, body);
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
      }
      // Daraja's error body: not accepted; a 5xx without one: unknown (transport error).
      throw answerError(answer, label);
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

    /**
     * Pay a Paybill or Till (b2b.server.ts). Answers like `b2cPayment`, but the request has no id
     * of ours: on a `DarajaTransportError` the payment may or may not have been taken, and a
     * resend may pay twice. See b2b.server.ts.
     */
    async b2bPayment(input: B2bPaymentInput) {
      const body = b2bRequestBody(input, {
        initiatorName,
        securityCredential,
        shortCode: b2bShortCode,
      });
      return post(B2B_PATH, body);
    },

    async queryAccountBalance(input: AccountBalanceInput = {}) {
      if (balanceResultUrl === undefined || balanceQueueTimeoutUrl === undefined) {
        throw new DarajaValidationError(
          "balanceResultUrl",
          "balanceResultUrl must be set to query the account balance",
        );
      }
      const body: AccountBalanceRequestBody = {
        Initiator: initiatorName,
        SecurityCredential: securityCredential,
        CommandID: "AccountBalance",
        PartyA: shortCode,
        IdentifierType: "4",
        Remarks: truncate(input.remarks?.trim() || "OneHop balance check"),
        QueueTimeOutURL: balanceQueueTimeoutUrl,
        ResultURL: balanceResultUrl,
      };
      return post(ACCOUNT_BALANCE_PATH, body);
    },
  };
}
