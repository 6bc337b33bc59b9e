/**
 * M-Pesa Express (STK Push) collections: ask M-Pesa to show the customer a PIN prompt for an
 * amount, and ask later how it went (protocols.md §1.2). The token, the authorised POST and the
 * error mapping are the B2C client's (transport.server.ts); the callback is parsed by
 * `parseStkCallback` (stk-callback.ts).
 *
 * - `stkPush` -> `POST /mpesa/stkpush/v1/processrequest`. Accepted: the CheckoutRequestID to store
 *   and to match the callback with. Refused (Daraja's error body, or an ack with ResponseCode
 *   != "0"): no prompt was sent. Inputs are validated before anything is sent
 *   (`DarajaValidationError`).
 * - `stkQuery` -> `POST /mpesa/stkpushquery/v1/query`: pending while the customer has not answered
 *   (`500.001.1001` "The transaction is being processed"), then succeeded or failed with the
 *   ResultCode. The query carries no receipt: the callback does.
 * - No usable answer (timeout, network, a 5xx that is not Daraja's body, an unexpected body) throws
 *   `DarajaTransportError`. For a push the outcome is then UNKNOWN: there is no idempotency key and
 *   no CheckoutRequestID to query, and the customer may already have a prompt; do not push again at
 *   once (M-Pesa may decline a same-amount repeat within ~2 minutes as a duplicate, ResultCode 17).
 * - Refusals of the query itself (unknown CheckoutRequestID, wrong password) throw
 *   `DarajaApiError`, as the B2C client does; a token endpoint refusing the consumer key/secret
 *   throws it too.
 */
import { formatDarajaTimestamp } from "./eat-time";
import { DarajaApiError, DarajaTransportError, DarajaValidationError } from "./errors";
import { normalizeKenyanMsisdn } from "./msisdn";
import { stkResultMeaning } from "./stk-callback";
import {
  answerError,
  createDarajaTransport,
  errorBodyOf,
  requireHttpUrl,
  requireText,
  type DarajaTransportOptions,
} from "./transport.server";
import {
  STK_ACCOUNT_REFERENCE_MAX,
  STK_PROCESSING_ERROR_CODE,
  STK_PUSH_PATH,
  STK_QUERY_PATH,
  STK_TRANSACTION_DESC_MAX,
  STK_TRANSACTION_TYPES,
  stkPassword,
  stkPushAckSchema,
  stkQueryAnswerSchema,
  type StkPushRequestBody,
  type StkQueryRequestBody,
  type StkTransactionType,
} from "./wire";

/** "Still under processing", seen on the query now and then [1]: pending, like 500.001.1001. */
const STK_STILL_PROCESSING_RESULT_CODE = 4999;
const LABEL = "Daraja STK";
const REFUSED_CUSTOMER_MESSAGE =
  "We could not send the M-Pesa request to your phone. Please try again in a moment.";

export interface StkClientOptions extends Omit<DarajaTransportOptions, "label"> {
  /** The Paybill, or for Buy Goods the head-office/store number (sandbox: 174379). */
  businessShortCode: string;
  /** The Lipa na M-Pesa Online passkey Safaricom issued for the shortcode. */
  passkey: string;
  /** Default "CustomerPayBillOnline". */
  transactionType?: StkTransactionType;
  /** The receiving shortcode or till. Default: `businessShortCode`. */
  partyB?: string;
  /** Where M-Pesa POSTs the `Body.stkCallback`; a push may name its own. */
  callbackUrl: string;
}

export interface StkPushInput {
  /** Any common Kenyan form; normalised to 2547…/2541…; gets the prompt and pays. */
  phone: string;
  /** Whole shillings, integer >= 1 (M-Pesa refuses more than 250,000 per transaction). */
  amountKes: number;
  /** Shown in the prompt ("Pay KES 100 to X, account Y"); 1 to 12 characters. */
  accountReference: string;
  /** 1 to 13 characters. */
  transactionDesc: string;
  /** This push's CallBackURL (say, with a per-payment token). Default: the client's. */
  callbackUrl?: string;
}

export interface StkPushAccepted {
  status: "accepted";
  merchantRequestId: string;
  /** `ws_CO_…`: store it; the callback and the query name the push by it. */
  checkoutRequestId: string;
  /** M-Pesa's text for the customer, e.g. "Success. Request accepted for processing". */
  customerMessage: string;
}

export interface StkPushRefused {
  status: "refused";
  httpStatus: number;
  /** Daraja's errorCode (e.g. "400.002.02", "500.001.1001") or the ack's non-zero ResponseCode. */
  code: string;
  /** Daraja's errorMessage or ResponseDescription. */
  text: string;
  requestId: string | undefined;
  /** Generic text for the customer (the details are ours, not theirs). */
  customerMessage: string;
}

export type StkPushResult = StkPushAccepted | StkPushRefused;

export type StkQueryResult =
  | {
      status: "pending";
      checkoutRequestId: string;
      /** e.g. "The transaction is being processed". */
      description: string;
    }
  | {
      status: "succeeded";
      checkoutRequestId: string;
      merchantRequestId: string | undefined;
      resultDesc: string;
    }
  | {
      status: "failed";
      checkoutRequestId: string;
      merchantRequestId: string | undefined;
      /** 1 insufficient funds, 1032 cancelled, 1037 unreachable/no answer, 2001 wrong PIN, … */
      resultCode: number;
      resultDesc: string;
      /** For the customer (`stkResultMeaning`). */
      message: string;
      customerCanRetry: boolean;
    };

export interface StkClient {
  /** Send the PIN prompt. */
  stkPush(input: StkPushInput): Promise<StkPushResult>;
  /** How a push went, when its callback is late or never came. */
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
}

function limitedText(field: string, value: unknown, max: number): string {
  const text = requireText(field, value);
  if (Array.from(text).length > max) {
    throw new DarajaValidationError(field, `${field} must be at most ${max} characters`);
  }
  return text;
}

export function createStkClient(options: StkClientOptions): StkClient {
  const businessShortCode = requireText("businessShortCode", options.businessShortCode);
  if (!/^\d{5,7}$/.test(businessShortCode))
    throw new DarajaValidationError("businessShortCode", "businessShortCode must be 5 to 7 digits");
  const passkey = requireText("passkey", options.passkey);
  const partyB = requireText("partyB", options.partyB ?? businessShortCode);
  if (!/^\d{5,7}$/.test(partyB))
    throw new DarajaValidationError("partyB", "partyB must be 5 to 7 digits");
  const transactionType = options.transactionType ?? "CustomerPayBillOnline";
  if (!STK_TRANSACTION_TYPES.includes(transactionType)) {
    throw new DarajaValidationError(
      "transactionType",
      `transactionType must be one of ${STK_TRANSACTION_TYPES.join(", ")}`,
    );
  }
  const callbackUrl = requireHttpUrl("callbackUrl", options.callbackUrl);
  const now = options.now ?? Date.now;
  const transport = createDarajaTransport({ ...options, now, label: LABEL });

  /** Password and Timestamp for a request made now (EAT). */
  function credentials() {
    const timestamp = formatDarajaTimestamp(now());
    return { Password: stkPassword(businessShortCode, passkey, timestamp), Timestamp: timestamp };
  }

  return {
    async stkPush(input) {
      const phone = normalizeKenyanMsisdn(input.phone, "phone");
      if (!Number.isSafeInteger(input.amountKes) || input.amountKes < 1) {
        throw new DarajaValidationError(
          "amountKes",
          `amountKes must be a whole number of shillings, at least 1 (got ${String(input.amountKes)})`,
        );
      }
      const body: StkPushRequestBody = {
        BusinessShortCode: businessShortCode,
        ...credentials(),
        TransactionType: transactionType,
        Amount: input.amountKes,
        PartyA: phone,
        PartyB: partyB,
        PhoneNumber: phone,
        CallBackURL:
          input.callbackUrl === undefined
            ? callbackUrl
            : requireHttpUrl("callbackUrl", input.callbackUrl),
        AccountReference: limitedText(
          "accountReference",
          input.accountReference,
          STK_ACCOUNT_REFERENCE_MAX,
        ),
        TransactionDesc: limitedText(
          "transactionDesc",
          input.transactionDesc,
          STK_TRANSACTION_DESC_MAX,
        ),
      };
      const answer = await transport.post(STK_PUSH_PATH, body);
      const ack = stkPushAckSchema.safeParse(answer.json);
      const is2xx = answer.status >= 200 && answer.status < 300;
      if (!is2xx || !ack.success) {
        if (is2xx && !errorBodyOf(answer.json)) {
          throw new DarajaTransportError(
            "invalid_response",
            `${LABEL} sent an unexpected acknowledgement for ${STK_PUSH_PATH}`,
            { httpStatus: answer.status, cause: ack.error },
          );
        }
        // Daraja's error body: refused. A 5xx without one: unknown, thrown.
        const error = answerError(answer, LABEL);
        if (error instanceof DarajaTransportError) throw error;
        return {
          status: "refused",
          httpStatus: error.httpStatus,
          code: error.errorCode ?? `HTTP ${error.httpStatus}`,
          text: error.errorMessage,
          requestId: error.requestId,
          customerMessage: REFUSED_CUSTOMER_MESSAGE,
        };
      }
      if (ack.data.ResponseCode !== "0") {
        return {
          status: "refused",
          httpStatus: answer.status,
          code: ack.data.ResponseCode,
          text: ack.data.ResponseDescription,
          requestId: undefined,
          customerMessage: REFUSED_CUSTOMER_MESSAGE,
        };
      }
      return {
        status: "accepted",
        merchantRequestId: ack.data.MerchantRequestID,
        checkoutRequestId: ack.data.CheckoutRequestID,
        customerMessage: ack.data.CustomerMessage ?? ack.data.ResponseDescription,
      };
    },

    async stkQuery(checkoutRequestIdInput) {
      const checkoutRequestId = requireText("checkoutRequestId", checkoutRequestIdInput);
      const body: StkQueryRequestBody = {
        BusinessShortCode: businessShortCode,
        ...credentials(),
        CheckoutRequestID: checkoutRequestId,
      };
      const answer = await transport.post(STK_QUERY_PATH, body);
      const errorBody = errorBodyOf(answer.json);
      if (
        errorBody?.errorCode === STK_PROCESSING_ERROR_CODE &&
        /being processed/i.test(errorBody.errorMessage ?? "")
      ) {
        return {
          status: "pending",
          checkoutRequestId,
          description: errorBody.errorMessage ?? "",
        };
      }
      const parsed = stkQueryAnswerSchema.safeParse(answer.json);
      if (answer.status < 200 || answer.status >= 300 || !parsed.success) {
        if (errorBody || answer.status < 200 || answer.status >= 300)
          throw answerError(answer, LABEL);
        throw new DarajaTransportError(
          "invalid_response",
          `${LABEL} sent an unexpected answer for ${STK_QUERY_PATH}`,
          { httpStatus: answer.status, cause: parsed.error },
        );
      }
      const data = parsed.data;
      if (data.ResponseCode !== "0") {
        throw new DarajaApiError(
          answer.status,
          { errorCode: data.ResponseCode, errorMessage: data.ResponseDescription },
          LABEL,
        );
      }
      if (data.CheckoutRequestID !== undefined && data.CheckoutRequestID !== checkoutRequestId) {
        throw new DarajaTransportError(
          "invalid_response",
          `${LABEL} answered the query for ${checkoutRequestId} about ${data.CheckoutRequestID}`,
          { httpStatus: answer.status },
        );
      }
      const resultDesc = data.ResultDesc ?? "";
      const merchantRequestId = data.MerchantRequestID;
      if (data.ResultCode === STK_STILL_PROCESSING_RESULT_CODE) {
        return { status: "pending", checkoutRequestId, description: resultDesc };
      }
      if (data.ResultCode === 0) {
        return { status: "succeeded", checkoutRequestId, merchantRequestId, resultDesc };
      }
      const meaning = stkResultMeaning(data.ResultCode);
      return {
        status: "failed",
        checkoutRequestId,
        merchantRequestId,
        resultCode: data.ResultCode,
        resultDesc,
        message: meaning.message,
        customerCanRetry: meaning.customerCanRetry,
      };
    },
  };
}
