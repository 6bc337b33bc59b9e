/**
 * The Airtel Money Kenya disbursements client (Airtel Africa Open API, protocols.md §2.1): OAuth
 * token, disbursement, status enquiry and KYC lookup over HTTP. The same code talks to
 * openapi.airtel.africa, the UAT host and the local simulator (app/simulators/airtel).
 *
 * - The token (`expires_in` a string, "180" in Airtel's sample) is cached, refreshed at
 *   `tokenRefreshRatio` (80%) of its life, one refresh shared by concurrent callers, and refreshed
 *   once more when a call answers 401.
 * - Every call carries `X-Country: KE`, `X-Currency: KES` and has a timeout.
 * - Business outcomes (TS/TF/TIP/TA) are returned as an `AirtelOutcome`, never thrown; errors.ts
 *   says what is thrown and whether it is retryable.
 */
import { decimalToUnits } from "~/core/providers/daraja/amounts";
import { createJsonSender, createTokenCache, parseJson } from "~/core/providers/json-http.server";
import {
  RESULT_CODES,
  RESPONSE_CODES,
  describeResponseCode,
  statusFromResponseCode,
} from "./codes";
import {
  AirtelApiError,
  AirtelTransportError,
  AirtelValidationError,
  type AirtelStatusBlock,
} from "./errors";
import { toAirtelMsisdn } from "./msisdn";
import { encryptAirtelPin } from "./pin.server";
import {
  AIRTEL_COUNTRY,
  AIRTEL_CURRENCY,
  BALANCE_PATH,
  balanceAnswerSchema,
  DISBURSEMENT_PATH,
  DISBURSEMENT_STATUS_PREFIX,
  kycAnswerSchema,
  statusBlockSchema,
  TOKEN_PATH,
  tokenResponseSchema,
  transactionAnswerSchema,
  USERS_PREFIX,
  type AirtelClient,
  type AirtelOutcome,
  type DisbursementRequestBody,
} from "./types";

export interface AirtelClientOptions {
  /** https://openapi.airtel.africa, https://openapiuat.airtel.africa or the simulator. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Already encrypted and base64-encoded, or the PIN plus Airtel's public key to encrypt with. */
  pin: string | { pin: string; publicKey: string };
  /** Per HTTP call. */
  timeoutMs: number;
  /** Clock for token expiry (ms since epoch). Default `Date.now`. */
  now?: () => number;
  /** Refresh when this share of the token's life has passed. Default 0.8. */
  tokenRefreshRatio?: number;
}

const REFERENCE_LIMIT = 64;
const LABEL = "Airtel Money";

interface HttpAnswer {
  status: number;
  json: unknown;
  text: string;
}

function requireText(field: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new AirtelValidationError(field, `${field} is required`);
  }
  return value.trim();
}

function describeCause(error: unknown): string {
  return (error as { cause?: { code?: string } }).cause?.code ?? String(error);
}

const isNotFound = (block: AirtelStatusBlock) =>
  block.result_code === RESULT_CODES.transactionNotFound ||
  block.response_code === RESPONSE_CODES.notFound;

function statusBlockOf(answer: HttpAnswer): AirtelStatusBlock {
  const body = answer.json as { status?: unknown; error?: unknown; error_description?: unknown };
  const parsed = statusBlockSchema.safeParse(body?.status);
  if (parsed.success) return parsed.data;
  const oauth = typeof body?.error_description === "string" ? body.error_description : undefined;
  return { message: oauth ?? (answer.text.slice(0, 200) || `HTTP ${answer.status}`) };
}

export function createAirtelClient(options: AirtelClientOptions): AirtelClient {
  const baseUrl = requireText("baseUrl", options.baseUrl).replace(/\/+$/, "");
  if (!/^https?:\/\//.test(baseUrl))
    throw new AirtelValidationError("baseUrl", "baseUrl must be an http(s) URL");
  const clientId = requireText("clientId", options.clientId);
  const clientSecret = requireText("clientSecret", options.clientSecret);
  const encryptedPin =
    typeof options.pin === "string"
      ? requireText("pin", options.pin)
      : encryptAirtelPin(options.pin.pin, options.pin.publicKey);
  const timeoutMs = options.timeoutMs;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new AirtelValidationError("timeoutMs", "timeoutMs must be a positive number");
  const ratio = options.tokenRefreshRatio ?? 0.8;
  if (!(ratio > 0 && ratio <= 1))
    throw new AirtelValidationError("tokenRefreshRatio", "tokenRefreshRatio must be in (0, 1]");
  const now = options.now ?? Date.now;

  const send = createJsonSender({
    baseUrl,
    timeoutMs,
    headers: { accept: "*/*", "content-type": "application/json" },
    failure: ({ kind, cause }, { path }) =>
      new AirtelTransportError(
        kind,
        kind === "timeout"
          ? `${LABEL} did not answer ${path} within ${timeoutMs} ms`
          : `${LABEL} could not be reached (${describeCause(cause)})`,
        { cause },
      ),
    read: ({ status, text }, { path }): HttpAnswer => {
      const answer = { status, json: parseJson(text), text };
      if (answer.status < 500) return answer;
      const message = `${LABEL} answered HTTP ${answer.status} for ${path}`;
      throw new AirtelTransportError(
        "server_error",
        `${message}: ${statusBlockOf(answer).message}`,
        { httpStatus: answer.status },
      );
    },
  });

  const tokens = createTokenCache({
    now,
    refresh: { ratio },
    async fetchToken() {
      const grant = { client_id: clientId, client_secret: clientSecret };
      const answer = await send(
        "POST",
        TOKEN_PATH,
        {},
        { ...grant, grant_type: "client_credentials" },
      );
      if (answer.status !== 200)
        throw new AirtelApiError(answer.status, statusBlockOf(answer), `${LABEL} token endpoint`);
      const parsed = tokenResponseSchema.safeParse(answer.json);
      if (!parsed.success) {
        throw new AirtelTransportError(
          "invalid_response",
          `${LABEL} sent an unexpected token body`,
          {
            httpStatus: answer.status,
            cause: parsed.error,
          },
        );
      }
      return { token: parsed.data.access_token, lifetimeMs: parsed.data.expires_in * 1000 };
    },
  });

  function call(method: "GET" | "POST", path: string, body?: unknown) {
    const headersFor = (token: string) => ({
      authorization: `Bearer ${token}`,
      "x-country": AIRTEL_COUNTRY,
      "x-currency": AIRTEL_CURRENCY,
    });
    // Revoked or expired early: one fresh token, one more try.
    return tokens.withToken(
      (token) => send(method, path, headersFor(token), body),
      (answer) => answer.status === 401,
    );
  }

  function outcomeOf(answer: HttpAnswer, id: string, path: string): AirtelOutcome {
    const parsed = transactionAnswerSchema.safeParse(answer.json);
    if (!parsed.success) {
      throw new AirtelTransportError("invalid_response", `${LABEL} sent an unexpected body`, {
        httpStatus: answer.status,
        cause: parsed.error,
      });
    }
    const { data, status } = parsed.data;
    const tx = data?.transaction ?? undefined;
    const responseCode = status.response_code;
    const airtelMessage = tx?.message ?? status.message;
    const fields = {
      id,
      responseCode,
      airtelMessage,
      message: describeResponseCode(responseCode) ?? airtelMessage ?? "No message",
    };
    const airtelMoneyId = tx?.airtel_money_id ?? undefined;
    const code = isNotFound(status)
      ? "not_found"
      : (tx?.status ?? statusFromResponseCode(responseCode));
    if (code === "not_found" && path !== DISBURSEMENT_PATH) {
      return { ...fields, state: "not_found", status: undefined, airtelMoneyId: undefined };
    }
    switch (code) {
      // TS without a receipt cannot be booked: re-query until it carries one.
      case "TS":
        return airtelMoneyId
          ? { ...fields, state: "success", status: "TS", airtelMoneyId }
          : { ...fields, state: "ambiguous", status: "TS", airtelMoneyId };
      case "TF":
        return { ...fields, state: "failed", status: "TF", airtelMoneyId };
      case "TIP":
        return { ...fields, state: "in_progress", status: "TIP", airtelMoneyId };
      default:
        return { ...fields, state: "ambiguous", status: "TA", airtelMoneyId };
    }
  }

  function refuse(answer: HttpAnswer, path: string): never {
    if (answer.status >= 400) throw new AirtelApiError(answer.status, statusBlockOf(answer), LABEL);
    throw new AirtelTransportError(
      "invalid_response",
      `${LABEL} answered HTTP ${answer.status} for ${path}`,
      { httpStatus: answer.status },
    );
  }

  async function status(id: string): Promise<AirtelOutcome> {
    const txId = requireText("id", id);
    const path = `${DISBURSEMENT_STATUS_PREFIX}${encodeURIComponent(txId)}`;
    const answer = await call("GET", path);
    const notFound = answer.status === 404 && isNotFound(statusBlockOf(answer));
    if (answer.status !== 200 && !notFound) refuse(answer, path);
    return outcomeOf(answer, txId, path);
  }

  return {
    async disburse(input) {
      const id = requireText("id", input.id);
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(id))
        // [?] Airtel's limit on transaction.id is undocumented; our ids (trf_<base64url>) fit.
        throw new AirtelValidationError("id", "id must be 1-64 letters, digits, - or _");
      const msisdn = toAirtelMsisdn(input.msisdn, "msisdn");
      if (!Number.isSafeInteger(input.amountKes) || input.amountKes < 1) {
        throw new AirtelValidationError(
          "amountKes",
          `amountKes must be a whole number of shillings >= 1 (got ${String(input.amountKes)})`,
        );
      }
      const reference = Array.from(requireText("reference", input.reference))
        .slice(0, REFERENCE_LIMIT)
        .join("");
      const body: DisbursementRequestBody = {
        payee: { msisdn },
        reference,
        pin: encryptedPin,
        transaction: { amount: input.amountKes, id },
      };
      const answer = await call("POST", DISBURSEMENT_PATH, body);
      // Airtel may refuse a repeated id instead of answering with the transaction [?]: ask.
      if (statusBlockOf(answer).result_code === RESULT_CODES.duplicateId) return status(id);
      if (answer.status !== 200) refuse(answer, DISBURSEMENT_PATH);
      return outcomeOf(answer, id, DISBURSEMENT_PATH);
    },

    status,

    async balance() {
      const answer = await call("GET", BALANCE_PATH);
      if (answer.status !== 200) refuse(answer, BALANCE_PATH);
      const block = statusBlockSchema.safeParse((answer.json as { status?: unknown })?.status);
      if (block.success && block.data.success === false)
        throw new AirtelApiError(answer.status, block.data, `${LABEL} balance enquiry`);
      const parsed = balanceAnswerSchema.safeParse(answer.json);
      const cents = parsed.success ? decimalToUnits(parsed.data.data.balance, 2) : undefined;
      if (!parsed.success || cents === undefined) {
        throw new AirtelTransportError(
          "invalid_response",
          `${LABEL} sent an unexpected balance body`,
          { httpStatus: answer.status, cause: parsed.success ? undefined : parsed.error },
        );
      }
      const { currency, account_status: accountStatus } = parsed.data.data;
      if (currency !== AIRTEL_CURRENCY) {
        const message = `${LABEL} reported the balance in ${currency}, not ${AIRTEL_CURRENCY}`;
        throw new AirtelTransportError("invalid_response", message, { httpStatus: answer.status });
      }
      return { balanceCents: cents, currency, accountStatus: accountStatus ?? undefined };
    },

    async kyc(input) {
      const msisdn = toAirtelMsisdn(input, "msisdn");
      const answer = await call("GET", `${USERS_PREFIX}${msisdn}`);
      const parsed = kycAnswerSchema.safeParse(answer.json);
      const code = parsed.success ? parsed.data.status.response_code : undefined;
      if (code === RESPONSE_CODES.kycNotFound && (answer.status === 200 || answer.status === 404)) {
        const message = describeResponseCode(code) ?? "Not found";
        return { found: false, msisdn, responseCode: code, message };
      }
      if (answer.status !== 200) refuse(answer, USERS_PREFIX);
      const data = parsed.success ? parsed.data.data : undefined;
      if (!data?.first_name && !data?.last_name) {
        const message = `${LABEL} sent a KYC answer without a name`;
        throw new AirtelTransportError("invalid_response", message, { httpStatus: answer.status });
      }
      return {
        found: true,
        // Airtel masks the number in the answer ("73****456"): keep ours.
        msisdn,
        firstName: data.first_name ?? "",
        lastName: data.last_name ?? "",
        isBarred: data.is_barred ?? false,
      };
    },
  };
}
