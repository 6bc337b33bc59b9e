/**
 * T-Kash payouts through a payout aggregator (ADR 0030; the protocol and its sources in types.ts).
 * The same code talks to the aggregator or the local simulator; only the base URL and keys differ.
 *
 * - Every request is checked before it is sent (a non-Telkom number never leaves), signed with
 *   the API secret, and limited to `timeoutMs`; every answer is checked with zod.
 * - Business outcomes are returned, never thrown. A payout id the aggregator already has is
 *   answered DUPLICATE_IGNORED: we then return what the status query says of the first payout, so
 *   a repeat never pays twice and still learns the result.
 * - 4xx is `TkashApiError` (not retryable); timeout, network, 5xx and unreadable answers are
 *   `TkashTransportError` (retryable: the payout's outcome is unknown).
 */
import type { ZodType } from "zod";
import { decimalToUnits } from "~/core/providers/daraja/amounts";
import { parseJson, requestJson } from "~/core/providers/json-http.server";
import {
  TkashApiError,
  TkashCallbackError,
  TkashTransportError,
  TkashValidationError,
} from "./errors";
import { toTkashMsisdn } from "./msisdn";
import { checkSignature, requestSignatureText, signatureHeader } from "./signature.server";
import {
  API_KEY_HEADER,
  callbackSchema,
  errorBodySchema,
  initiateAnswerSchema,
  NARRATION,
  PAYOUT_ID,
  PAYOUTS_PATH,
  SIGNATURE_HEADER,
  statusAnswerSchema,
  TKASH_SERVICE,
  WALLET_BALANCES_PATH,
  walletBalancesAnswerSchema,
  type PayoutRecord,
  type PayoutRequestBody,
  type TkashCallback,
  type TkashBalanceEnquiry,
  type TkashClient,
  type TkashPayoutOutcome,
  type TkashStatus,
} from "./types";

export interface TkashClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Shared secret: signs our requests, and the aggregator's callbacks. */
  apiSecret: string;
  /** Where the aggregator POSTs each payout's final status. */
  callbackUrl: string;
  /** Per HTTP call. */
  timeoutMs: number;
  /** Clock for the signature timestamp. Default `Date.now`. */
  now?: () => number;
}

function required(field: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "")
    throw new TkashValidationError(field, `${field} is required`);
  return value.trim();
}

function payoutId(value: unknown): string {
  if (typeof value !== "string" || !PAYOUT_ID.test(value))
    throw new TkashValidationError("id", "The payout id must be 6-64 letters, digits, _ or -");
  return value;
}

export function createTkashClient(options: TkashClientOptions): TkashClient & TkashBalanceEnquiry {
  const baseUrl = required("baseUrl", options.baseUrl).replace(/\/+$/, "");
  const apiKey = required("apiKey", options.apiKey);
  const apiSecret = required("apiSecret", options.apiSecret);
  const callbackUrl = required("callbackUrl", options.callbackUrl);
  if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0)
    throw new TkashValidationError("timeoutMs", "timeoutMs must be a positive number");
  const now = options.now ?? Date.now;

  async function call<T>(method: "GET" | "POST", path: string, schema: ZodType<T>, body?: object) {
    const raw = body === undefined ? "" : JSON.stringify(body);
    const t = Math.floor(now() / 1000);
    const { status: httpStatus, text } = await requestJson({
      baseUrl,
      method,
      path,
      headers: {
        [API_KEY_HEADER]: apiKey,
        [SIGNATURE_HEADER]: signatureHeader(
          apiSecret,
          t,
          requestSignatureText(t, method, path, raw),
        ),
      },
      body: body === undefined ? undefined : raw,
      timeoutMs: options.timeoutMs,
      failure: ({ kind, cause }) =>
        new TkashTransportError(
          kind,
          kind === "timeout"
            ? `The T-Kash aggregator did not answer ${method} ${path} within ${options.timeoutMs} ms`
            : `Could not reach the T-Kash aggregator (${method} ${path})`,
          undefined,
          { cause },
        ),
    });
    const json = parseJson(text);
    if (httpStatus >= 500)
      throw new TkashTransportError(
        "unavailable",
        `The T-Kash aggregator answered HTTP ${httpStatus} to ${method} ${path}`,
        httpStatus,
      );
    if (httpStatus >= 400) {
      const error = errorBodySchema.safeParse(json);
      throw new TkashApiError(
        httpStatus,
        error.success ? error.data.failureReason.failureCode : undefined,
        error.success ? error.data.failureReason.failureMessage : text.slice(0, 200),
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new TkashTransportError(
        "invalid_response",
        `The T-Kash aggregator's answer to ${method} ${path} is not the documented shape`,
        httpStatus,
        { cause: parsed.error },
      );
    return parsed.data;
  }

  async function status(id: string): Promise<TkashStatus> {
    const answer = await call(
      "GET",
      `${PAYOUTS_PATH}/${encodeURIComponent(payoutId(id))}`,
      statusAnswerSchema,
    );
    return answer.status === "NOT_FOUND" ? { kind: "not_found" } : recordStatus(answer.data);
  }

  return {
    status,

    async balance() {
      const answer = await call("GET", WALLET_BALANCES_PATH, walletBalancesAnswerSchema);
      const wallets = answer.balances.filter((wallet) => wallet.currency === "KES");
      const cents = wallets.length === 1 ? decimalToUnits(wallets[0]!.balance, 2) : undefined;
      if (cents === undefined)
        throw new TkashTransportError(
          "invalid_response",
          wallets.length === 1
            ? `The T-Kash aggregator sent an unreadable KES balance`
            : `The T-Kash aggregator sent ${wallets.length} KES wallets, not one`,
        );
      return { balanceCents: cents, currency: "KES" as const };
    },

    async payout(input) {
      const id = payoutId(input.id);
      const phone = toTkashMsisdn(input.phone);
      if (!Number.isSafeInteger(input.amountKes) || input.amountKes < 1)
        throw new TkashValidationError(
          "amountKes",
          "The amount must be whole shillings, at least 1",
        );
      if (typeof input.narration !== "string" || !NARRATION.test(input.narration))
        throw new TkashValidationError(
          "narration",
          "The narration must be 1-22 letters, digits or spaces",
        );
      const body: PayoutRequestBody = {
        payoutId: id,
        service: TKASH_SERVICE,
        amount: String(input.amountKes),
        currency: "KES",
        recipient: { phone },
        narration: input.narration,
        callbackUrl,
      };
      const answer = await call("POST", PAYOUTS_PATH, initiateAnswerSchema, body);
      switch (answer.status) {
        case "ACCEPTED":
          return { kind: "accepted", payoutId: id, duplicate: false };
        case "COMPLETED":
          return {
            kind: "succeeded",
            payoutId: id,
            providerTransactionId: answer.providerTransactionId ?? null,
          };
        case "REJECTED":
          return {
            kind: "failed",
            payoutId: id,
            code: answer.failureReason?.failureCode ?? "REJECTED",
            message: answer.failureReason?.failureMessage ?? "Rejected by the aggregator",
          };
        case "DUPLICATE_IGNORED":
          return duplicateOutcome(id, await status(id));
      }
    },
  };
}

function recordStatus(record: PayoutRecord): TkashStatus {
  switch (record.status) {
    case "ACCEPTED":
    case "SUBMITTED":
      return { kind: "pending" };
    case "COMPLETED":
      return { kind: "succeeded", providerTransactionId: record.providerTransactionId };
    case "FAILED":
      return {
        kind: "failed",
        code: record.failureReason?.failureCode ?? "FAILED",
        message: record.failureReason?.failureMessage ?? "Failed at the aggregator",
      };
  }
}

function duplicateOutcome(id: string, status: TkashStatus): TkashPayoutOutcome {
  if (status.kind === "pending") return { kind: "accepted", payoutId: id, duplicate: true };
  if (status.kind === "succeeded") return { ...status, payoutId: id };
  if (status.kind === "failed") return { ...status, payoutId: id };
  throw new TkashTransportError(
    "invalid_response",
    `The T-Kash aggregator ignored ${id} as a duplicate but does not find it`,
  );
}

/**
 * True when `signatureHeader` (the callback's X-Signature) signs `rawBody` under `secret`. With
 * `clock`, a timestamp further than `toleranceS` (default 300) from `nowMs` is refused too.
 */
export function verifyCallback(
  rawBody: string,
  signatureHeader: string | undefined | null,
  secret: string,
  clock?: { nowMs: number; toleranceS?: number },
): boolean {
  if (!secret) return false;
  return checkSignature(
    signatureHeader ?? undefined,
    secret,
    (t) => `${t}.${rawBody}`,
    clock && { nowS: Math.floor(clock.nowMs / 1000), toleranceS: clock.toleranceS ?? 300 },
  );
}

/** A callback body (raw text or parsed JSON) as our outcome; `TkashCallbackError` if malformed. */
export function parseCallback(body: unknown): TkashCallback {
  let json = body;
  if (typeof body === "string") {
    try {
      json = JSON.parse(body);
    } catch (error) {
      throw new TkashCallbackError("The T-Kash callback is not JSON", { cause: error });
    }
  }
  const parsed = callbackSchema.safeParse(json);
  if (!parsed.success || !/^\d+$/.test(parsed.data.amount))
    throw new TkashCallbackError("The T-Kash callback is not the documented shape", {
      cause: parsed.error,
    });
  const record = parsed.data;
  return {
    payoutId: record.payoutId,
    outcome: recordStatus(record) as TkashCallback["outcome"],
    amountKes: Number(record.amount),
    phone: record.recipient.phone,
  };
}
