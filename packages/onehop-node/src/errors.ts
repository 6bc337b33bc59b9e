/**
 * The API's refusals as classes, one per error `type` of its body
 * `{"error": {"type", "code", "message", "param", "request_id"}}`, all under OneHopError.
 */
import type { ApiErrorBody } from "./types.js";

/** Why a call never got an answer. */
export type ConnectionFailure = "timeout" | "network_error";
/** Why a webhook's signature was refused. */
export type SignatureRefusal = "missing" | "malformed" | "too_old" | "mismatch";

export interface OneHopErrorFields {
  /** The HTTP status (absent for a connection failure or a bad signature). */
  status?: number;
  /** The error's `type`: `invalid_request_error`, `rate_limit_error`, … */
  type: ApiErrorBody["type"] | "connection_error" | "signature_verification_error";
  /** What exactly went wrong: `parameter_invalid`, `resource_missing`, `rate_limited`, … */
  code: ApiErrorBody["code"] | ConnectionFailure | SignatureRefusal | null;
  message: string;
  /** The request field at fault (`amount`, `metadata.order_id`), or null. */
  param?: string | null;
  /** The request's id (`req_…`): quote it when you write to us. */
  requestId?: string | null;
  /** The answer's headers. */
  headers?: Headers;
  /** The answer's body as it came (parsed JSON, or the text when it was not JSON). */
  raw?: unknown;
  /** The Idempotency-Key the request was sent with (POST requests). */
  idempotencyKey?: string | null;
}

export class OneHopError extends Error {
  readonly status: number | undefined;
  readonly type: OneHopErrorFields["type"];
  readonly code: OneHopErrorFields["code"];
  readonly param: string | null;
  readonly requestId: string | null;
  readonly headers: Headers | undefined;
  readonly raw: unknown;
  readonly idempotencyKey: string | null;

  constructor(fields: OneHopErrorFields, options?: { cause?: unknown }) {
    super(fields.message, options);
    this.name = new.target.name;
    this.status = fields.status;
    this.type = fields.type;
    this.code = fields.code;
    this.param = fields.param ?? null;
    this.requestId = fields.requestId ?? null;
    this.headers = fields.headers;
    this.raw = fields.raw;
    this.idempotencyKey = fields.idempotencyKey ?? null;
  }
}

/** 400, 413, 415, 422: a field missing, invalid or unknown (`param` names it), or over a limit. */
export class InvalidRequestError extends OneHopError {}
/** 401: no key, or one invalid, revoked or expired. */
export class AuthenticationError extends OneHopError {}
/** 403: the key lacks the scope, test-only routes with a live key, or a browser's request. */
export class PermissionError extends OneHopError {}
/** 404: no such object for this key (another merchant's or the other mode's included). */
export class NotFoundError extends OneHopError {}
/** 409: the object is not in a state that allows this. */
export class ConflictError extends OneHopError {}
/** 409 or 422: the Idempotency-Key is in use, or was used with another request. */
export class IdempotencyError extends OneHopError {}
/** 429: too many requests; `retryAfter` says how long to wait (seconds). */
export class RateLimitError extends OneHopError {
  get retryAfter(): number | null {
    return retryAfterSeconds(this.headers);
  }
}
/** 5xx: something failed on our side or a provider's; retry with the same Idempotency-Key. */
export class ApiError extends OneHopError {}
/** The API could not be reached, or did not answer in time (after the retries). */
export class ConnectionError extends OneHopError {}
/** A webhook whose `OneHop-Signature` is missing, malformed, too old or does not match. */
export class SignatureVerificationError extends OneHopError {
  constructor(
    readonly reason: SignatureRefusal,
    message: string,
  ) {
    super({ type: "signature_verification_error", code: reason, message });
  }
}

const byType: Record<string, typeof OneHopError> = {
  invalid_request_error: InvalidRequestError,
  authentication_error: AuthenticationError,
  permission_error: PermissionError,
  not_found_error: NotFoundError,
  conflict_error: ConflictError,
  idempotency_error: IdempotencyError,
  rate_limit_error: RateLimitError,
  api_error: ApiError,
};

const byStatus = (status: number): typeof OneHopError =>
  status === 401
    ? AuthenticationError
    : status === 403
      ? PermissionError
      : status === 404
        ? NotFoundError
        : status === 409
          ? ConflictError
          : status === 429
            ? RateLimitError
            : status >= 500
              ? ApiError
              : InvalidRequestError;

/** `Retry-After` in seconds (a number or an HTTP date), or null. */
export function retryAfterSeconds(headers: Headers | undefined): number | null {
  const value = headers?.get("retry-after")?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}

const isErrorBody = (value: unknown): value is { error: ApiErrorBody } =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { error?: { type?: unknown } }).error?.type === "string";

/** The error for an unsuccessful answer: the class of its `type` (or of its status). */
export function errorFromResponse(
  status: number,
  headers: Headers,
  raw: unknown,
  idempotencyKey: string | null,
): OneHopError {
  const requestId = headers.get("request-id");
  if (isErrorBody(raw)) {
    const { type, code, message, param, request_id } = raw.error;
    const ErrorClass = byType[type] ?? byStatus(status);
    return new ErrorClass({
      status,
      type,
      code,
      message,
      param,
      requestId: request_id ?? requestId,
      headers,
      raw,
      idempotencyKey,
    });
  }
  const ErrorClass = byStatus(status);
  return new ErrorClass({
    status,
    type: status >= 500 ? "api_error" : "invalid_request_error",
    code: null,
    message: `Unexpected answer from the OneHop API: HTTP ${status}.`,
    requestId,
    headers,
    raw,
    idempotencyKey,
  });
}
