/**
 * PesaLink bank transfers through a bank's API modelled on Equity's Jenga v3 (protocols.md §2.3;
 * wire details and [?] choices in types.ts and signature.server.ts). The same code talks to
 * uat.finserve.africa, api.finserve.africa or the local simulator; only the base URL and keys
 * differ.
 *
 * - Token: POST with the `Api-Key` header and {merchantCode, consumerSecret}; cached until shortly
 *   before it expires (lifetime = expiresIn - issuedAt, both ISO times, measured on our clock),
 *   shared by concurrent callers, refreshed once when a call answers 401.
 * - Every request is validated before it is sent and signed (`signature` header); every answer is
 *   validated with zod. Every HTTP call has `timeoutMs`.
 * - Business outcomes are returned, never thrown. A repeated reference is answered by the bank as
 *   a duplicate; we then return what the status query says about the first transfer.
 */
import type { KeyLike } from "node:crypto";
import { decimalToUnits } from "~/core/providers/daraja/amounts";
import { createJsonSender, createTokenCache, parseJson } from "~/core/providers/json-http.server";
import { checkBankAccount } from "./account";
import {
  PesalinkApiError,
  PesalinkCallbackError,
  PesalinkTransportError,
  PesalinkValidationError,
} from "./errors";
import {
  balanceSignatureText,
  lookupSignatureText,
  signText,
  statusSignatureText,
  transferSignatureText,
  verifyText,
} from "./signature.server";
import {
  BALANCE_PATH,
  balanceDataSchema,
  callbackSchema,
  CODES,
  envelopeSchema,
  failureReason,
  LOOKUP_PATH,
  lookupDataSchema,
  MAX_AMOUNT_KES,
  MIN_AMOUNT_KES,
  PESALINK_PATH,
  sendDataSchema,
  STATUS_PATH,
  statusDataSchema,
  TOKEN_PATH,
  tokenResponseSchema,
  type PesalinkBalanceEnquiry,
  type PesalinkClient,
  type PesalinkOutcome,
  type PesalinkRequestBody,
  type PesalinkSendInput,
  type PesalinkStatus,
} from "./types";

export const JENGA_UAT_BASE_URL = "https://uat.finserve.africa";
export const JENGA_PRODUCTION_BASE_URL = "https://api.finserve.africa";

export interface PesalinkClientOptions {
  baseUrl: string;
  apiKey: string;
  merchantCode: string;
  consumerSecret: string;
  /** Our RSA private key; its public half is registered with the bank. */
  privateKey: KeyLike;
  /** The account we pay from, and its name (source.accountNumber / source.name). */
  sourceAccountNumber: string;
  sourceName: string;
  /** Per HTTP call. */
  timeoutMs: number;
  /** Clock for token expiry and the default transfer date. Default `Date.now`. */
  now?: () => number;
  /** Refresh this long before the token expires. Default 60 s (at most half its lifetime). */
  tokenRefreshMarginMs?: number;
}

interface Answer {
  status: number;
  json: unknown;
}

const REFERENCE = /^[A-Za-z0-9]{6,32}$/;

function text(field: string, value: unknown, max = 100): string {
  if (typeof value !== "string" || value.trim() === "")
    throw new PesalinkValidationError(field, `${field} is required`);
  const trimmed = value.trim();
  if (Array.from(trimmed).length > max)
    throw new PesalinkValidationError(field, `${field} is longer than ${max} characters`);
  return trimmed;
}

function reference(value: unknown): string {
  if (typeof value !== "string" || !REFERENCE.test(value))
    throw new PesalinkValidationError("reference", "reference must be 6-32 letters or digits");
  return value;
}

const nairobiDate = (epochMs: number) =>
  new Date(epochMs + 3 * 3600_000).toISOString().slice(0, 10);

export function createPesalinkClient(
  options: PesalinkClientOptions,
): PesalinkClient & PesalinkBalanceEnquiry {
  const baseUrl = text("baseUrl", options.baseUrl, 500).replace(/\/+$/, "");
  const apiKey = text("apiKey", options.apiKey, 4096);
  const merchantCode = text("merchantCode", options.merchantCode);
  const consumerSecret = text("consumerSecret", options.consumerSecret, 4096);
  const sourceAccountNumber = text("sourceAccountNumber", options.sourceAccountNumber);
  const sourceName = text("sourceName", options.sourceName);
  if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0)
    throw new PesalinkValidationError("timeoutMs", "timeoutMs must be a positive number");
  const now = options.now ?? Date.now;
  const marginMs = options.tokenRefreshMarginMs ?? 60_000;
  const sign = (value: string) => signText(value, options.privateKey);

  const http = createJsonSender({
    baseUrl,
    timeoutMs: options.timeoutMs,
    failure: ({ kind, cause }, { path }) =>
      new PesalinkTransportError(
        kind,
        kind === "timeout"
          ? `PesaLink did not answer ${path} within ${options.timeoutMs} ms`
          : `PesaLink could not be reached (${cause instanceof Error ? cause.message : String(cause)})`,
        undefined,
        { cause },
      ),
    read: ({ status, text: raw }): Answer => {
      const json = parseJson(raw);
      if (status >= 500) {
        const envelope = envelopeSchema.safeParse(json);
        throw new PesalinkTransportError(
          "unavailable",
          `PesaLink answered HTTP ${status}${envelope.success ? `: ${envelope.data.message}` : ""}`,
          status,
        );
      }
      return { status, json };
    },
  });

  function invalid(path: string, answer: Answer, cause?: unknown): PesalinkTransportError {
    return new PesalinkTransportError(
      "invalid_response",
      `PesaLink sent an unexpected body for ${path}`,
      answer.status,
      { cause },
    );
  }

  function apiError(answer: Answer): PesalinkApiError {
    const envelope = envelopeSchema.safeParse(answer.json);
    return envelope.success
      ? new PesalinkApiError(answer.status, envelope.data.code, envelope.data.message)
      : new PesalinkApiError(answer.status, undefined, `HTTP ${answer.status}`);
  }

  const tokens = createTokenCache({
    now,
    refresh: { marginMs },
    async fetchToken() {
      const answer = await http(
        "POST",
        TOKEN_PATH,
        { "Api-Key": apiKey },
        {
          merchantCode,
          consumerSecret,
        },
      );
      if (answer.status < 200 || answer.status >= 300) throw apiError(answer);
      const parsed = tokenResponseSchema.safeParse(answer.json);
      if (!parsed.success) throw invalid(TOKEN_PATH, answer, parsed.error);
      const lifetimeMs = Date.parse(parsed.data.expiresIn) - Date.parse(parsed.data.issuedAt);
      if (lifetimeMs <= 0) throw invalid(TOKEN_PATH, answer);
      return { token: parsed.data.accessToken, lifetimeMs };
    },
  });

  /** A signed, authorised call; one fresh token and one more try on 401. */
  function call(
    method: "GET" | "POST",
    path: string,
    signature: string,
    body?: unknown,
  ): Promise<Answer> {
    return tokens.withToken(
      (token) => http(method, path, { authorization: `Bearer ${token}`, signature }, body),
      (answer) => answer.status === 401,
    );
  }

  function envelopeOf(path: string, answer: Answer) {
    const envelope = envelopeSchema.safeParse(answer.json);
    if (!envelope.success) throw invalid(path, answer, envelope.error);
    return envelope.data;
  }

  async function status(ref: string): Promise<PesalinkStatus> {
    const id = reference(ref);
    const path = `${STATUS_PATH}/${encodeURIComponent(id)}`;
    const answer = await call("GET", path, sign(statusSignatureText(id)));
    if (answer.status === 404) return { status: "not_found", reference: id };
    if (answer.status >= 300) throw apiError(answer);
    const data = statusDataSchema.safeParse(envelopeOf(path, answer).data);
    if (!data.success) throw invalid(path, answer, data.error);
    const { transactionId, stateCode, destinationName, reasonCode, reasonMessage } = data.data;
    if (stateCode === 2)
      return { status: "success", reference: id, transactionId, accountName: destinationName };
    if (stateCode === -1) return { status: "pending", reference: id, transactionId };
    const failCode = reasonCode ?? -2;
    return {
      status: "failed",
      reference: id,
      transactionId,
      code: failCode,
      reason: failureReason(failCode),
      message: reasonMessage ?? data.data.state,
    };
  }

  return {
    async send(input: PesalinkSendInput) {
      const ref = reference(input.reference);
      const account = checkBankAccount(input.bankCode, input.accountNumber);
      if (!account.ok) throw new PesalinkValidationError(account.field, account.message);
      const amount = input.amountKes;
      if (!Number.isSafeInteger(amount) || amount < MIN_AMOUNT_KES || amount > MAX_AMOUNT_KES)
        throw new PesalinkValidationError(
          "amountKes",
          `amountKes must be whole shillings from ${MIN_AMOUNT_KES} to ${MAX_AMOUNT_KES} (got ${String(amount)})`,
        );
      const date = input.date ?? nairobiDate(now());
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
        throw new PesalinkValidationError("date", "date must be YYYY-MM-DD");
      const mobileNumber = input.mobileNumber?.trim();
      if (mobileNumber && !/^\+?\d{9,12}$/.test(mobileNumber))
        throw new PesalinkValidationError("mobileNumber", "mobileNumber is not a phone number");
      const body: PesalinkRequestBody = {
        source: { countryCode: "KE", name: sourceName, accountNumber: sourceAccountNumber },
        destination: {
          type: "bank",
          countryCode: "KE",
          name: text("accountName", input.accountName),
          ...(mobileNumber ? { mobileNumber } : {}),
          bankCode: account.bank.code,
          accountNumber: account.accountNumber,
        },
        transfer: {
          type: "PesaLink",
          amount: String(amount),
          currencyCode: "KES",
          reference: ref,
          date,
          description: Array.from(text("description", input.description, 1000))
            .slice(0, 100)
            .join(""),
        },
      };

      const answer = await call("POST", PESALINK_PATH, sign(transferSignatureText(body)), body);
      const envelope = envelopeSchema.safeParse(answer.json);
      if (answer.status === 409 || (envelope.success && envelope.data.code === CODES.duplicate)) {
        // Already received: the first transfer stands, whatever it became.
        const first = await status(ref);
        const outcome: PesalinkOutcome =
          first.status === "not_found" ? { status: "pending", reference: ref } : first;
        return { ...outcome, duplicate: true as const };
      }
      if (answer.status >= 300) throw apiError(answer);
      const { status: ok, code, message, data } = envelopeOf(PESALINK_PATH, answer);
      const parsed = sendDataSchema.safeParse(data);
      if (ok && parsed.success) {
        const { transactionId, destinationName } = parsed.data;
        if (code === CODES.success && parsed.data.status === "SUCCESS")
          return { status: "success", reference: ref, transactionId, accountName: destinationName };
        if (code === CODES.pending || parsed.data.status === "PENDING")
          return { status: "pending", reference: ref, transactionId };
      }
      if (!ok && code !== CODES.success && code !== CODES.pending)
        return {
          status: "failed",
          reference: ref,
          transactionId: parsed.success ? parsed.data.transactionId : undefined,
          code,
          reason: failureReason(code),
          message,
        };
      throw invalid(PESALINK_PATH, answer);
    },

    status,

    async balance() {
      const path = `${BALANCE_PATH}/KE/${encodeURIComponent(sourceAccountNumber)}`;
      const answer = await call("GET", path, sign(balanceSignatureText("KE", sourceAccountNumber)));
      if (answer.status >= 300) throw apiError(answer);
      const envelope = envelopeOf(path, answer);
      if (!envelope.status)
        throw new PesalinkApiError(answer.status, envelope.code, envelope.message);
      const data = balanceDataSchema.safeParse(envelope.data);
      if (!data.success) throw invalid(path, answer, data.error);
      const amountOf = (type: string) => {
        const entry = data.data.balances.find((b) => b.type.toLowerCase() === type);
        return entry === undefined ? undefined : (decimalToUnits(String(entry.amount), 2) ?? null);
      };
      const available = amountOf("available");
      const current = amountOf("current");
      // null: sent but unreadable; a missing Available balance is as bad.
      if (available === undefined || available === null || current === null)
        throw invalid(path, answer);
      if (data.data.currency !== "KES")
        throw new PesalinkTransportError(
          "invalid_response",
          `PesaLink reported the balance in ${data.data.currency}, not KES`,
          answer.status,
        );
      return {
        accountNumber: sourceAccountNumber,
        currency: data.data.currency,
        availableCents: available,
        currentCents: current ?? available,
      };
    },

    async accountLookup(bankCode: string, accountNumber: string) {
      const account = checkBankAccount(bankCode, accountNumber);
      if (!account.ok) throw new PesalinkValidationError(account.field, account.message);
      const body = {
        countryCode: "KE",
        bankCode: account.bank.code,
        accountNumber: account.accountNumber,
      };
      const signature = sign(
        lookupSignatureText(body.countryCode, body.bankCode, body.accountNumber),
      );
      const answer = await call("POST", LOOKUP_PATH, signature, body);
      if (answer.status >= 300) throw apiError(answer);
      const envelope = envelopeOf(LOOKUP_PATH, answer);
      if (!envelope.status && envelope.code === CODES.unknownAccount) return { found: false };
      const data = lookupDataSchema.safeParse(envelope.data);
      if (!envelope.status || !data.success) throw invalid(LOOKUP_PATH, answer, data.error);
      return { found: true, ...data.data };
    },
  };
}

/** True when `signature` (the x-jenga-signature header) is the bank's signature of the raw body. */
export function verifyCallbackSignature(
  rawBody: string,
  signature: string | null | undefined,
  bankPublicKey: KeyLike,
): boolean {
  return typeof signature === "string" && verifyText(rawBody, signature, bankPublicKey);
}

/** A result callback as a terminal outcome. Check `verifyCallbackSignature` first. */
export function parseCallback(body: unknown): PesalinkOutcome & { amountKes: number } {
  const parsed = callbackSchema.safeParse(body);
  if (!parsed.success)
    throw new PesalinkCallbackError("Not a PesaLink result callback", { cause: parsed.error });
  const { transaction, bank, customer } = parsed.data;
  const common = {
    reference: transaction.reference,
    transactionId: bank.reference,
    amountKes: transaction.amount,
  };
  return transaction.status === "SUCCESS"
    ? { ...common, status: "success", accountName: customer.name }
    : {
        ...common,
        status: "failed",
        code: transaction.code,
        reason: failureReason(transaction.code),
        message: transaction.remarks,
      };
}
