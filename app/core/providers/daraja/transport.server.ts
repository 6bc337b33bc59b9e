/**
 * What every Daraja client shares (the B2C client in client.server.ts, the M-Pesa Express client in
 * stk.server.ts): the OAuth token and the authorised JSON POST, and the reading of an answer that
 * is not a success into a typed error. Protocol: ../shared/reference/protocols.md §1.1.
 *
 * - The token is fetched with Basic auth, cached until shortly before `expires_in` (a string on the
 *   wire) runs out, shared by concurrent callers, and refreshed once when a call answers 401 /
 *   `404.001.03`.
 * - No answer in time, or none at all, is a `DarajaTransportError`; a token endpoint that refuses
 *   the consumer key/secret is a `DarajaApiError`.
 */
import { createJsonSender, createTokenCache, parseJson } from "~/core/providers/json-http.server";
import {
  DarajaApiError,
  DarajaTransportError,
  DarajaValidationError,
  INVALID_TOKEN_ERROR_CODE,
  type DarajaErrorBody,
} from "./errors";
import { errorBodySchema, TOKEN_PATH, tokenResponseSchema } from "./wire";

const MAX_BODY_CHARS = 1_000_000;

export interface DarajaTransportOptions {
  /** https://api.safaricom.co.ke, https://sandbox.safaricom.co.ke or the simulator's base URL. */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** Per HTTP call. */
  timeoutMs: number;
  /** Clock for token expiry (ms since epoch). Default `Date.now`. */
  now?: () => number;
  /**
   * Refresh this long before the token expires. Default 60 s (at most half the token's lifetime).
   */
  tokenRefreshMarginMs?: number;
  /** Names the service in error messages. Default "Daraja". */
  label?: string;
}

/** One HTTP answer: its status, its body as JSON (undefined if it is not JSON) and as text. */
export interface DarajaAnswer {
  status: number;
  json: unknown;
  text: string;
}

export interface DarajaTransport {
  /** POST `body` as JSON with a Bearer token; refreshes the token once if Daraja refuses it. */
  post(path: string, body: unknown): Promise<DarajaAnswer>;
}

export function requireText(field: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new DarajaValidationError(field, `${field} is required`);
  }
  return value.trim();
}

export function requireHttpUrl(field: string, value: unknown): string {
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

/** Daraja's `{requestId, errorCode, errorMessage}` body, when the JSON is one. */
export function errorBodyOf(json: unknown): DarajaErrorBody | undefined {
  const parsed = errorBodySchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The error for an answer that is not a success: Daraja's error body (any status) is a
 * `DarajaApiError` (the request was not accepted); a 5xx without one (a gateway page?) is a
 * `DarajaTransportError`, since whether the request went through is unknown; any other status a
 * `DarajaApiError` with the start of the text.
 */
export function answerError(
  answer: DarajaAnswer,
  label = "Daraja",
): DarajaApiError | DarajaTransportError {
  const errorBody = errorBodyOf(answer.json);
  if (errorBody) return new DarajaApiError(answer.status, errorBody, label);
  if (answer.status >= 500) {
    return new DarajaTransportError(
      "invalid_response",
      `${label} answered HTTP ${answer.status} without an error body`,
      { httpStatus: answer.status },
    );
  }
  return new DarajaApiError(
    answer.status,
    { errorMessage: answer.text.slice(0, 200) || `HTTP ${answer.status}` },
    label,
  );
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

export function createDarajaTransport(options: DarajaTransportOptions): DarajaTransport {
  const baseUrl = requireHttpUrl("baseUrl", options.baseUrl).replace(/\/+$/, "");
  const consumerKey = requireText("consumerKey", options.consumerKey);
  const consumerSecret = requireText("consumerSecret", options.consumerSecret);
  if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0) {
    throw new DarajaValidationError("timeoutMs", "timeoutMs must be a positive number");
  }
  const now = options.now ?? Date.now;
  const refreshMarginMs = options.tokenRefreshMarginMs ?? 60_000;
  const basicAuth = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString("base64")}`;
  const label = options.label ?? "Daraja";

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
    read: ({ status, text }, { path }): DarajaAnswer => {
      if (text.length > MAX_BODY_CHARS) {
        throw new DarajaTransportError(
          "invalid_response",
          `${label} sent an unexpectedly large body for ${path}`,
          { httpStatus: status },
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
          { httpStatus: answer.status, cause: parsed.error },
        );
      }
      return { token: parsed.data.access_token, lifetimeMs: parsed.data.expires_in * 1000 };
    },
  });

  function isInvalidToken(answer: DarajaAnswer): boolean {
    return (
      answer.status === 401 || errorBodyOf(answer.json)?.errorCode === INVALID_TOKEN_ERROR_CODE
    );
  }

  return {
    post(path, body) {
      // A token Daraja revoked or expired early: one fresh token, one more try.
      return tokens.withToken(
        (token) => send("POST", path, { authorization: `Bearer ${token}` }, body),
        isInvalidToken,
      );
    },
  };
}
