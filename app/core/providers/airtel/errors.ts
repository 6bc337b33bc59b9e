/**
 * Every way an Airtel Money call can go wrong, as a typed error. Business outcomes (TS/TF/TIP/TA)
 * are never thrown: they are the `AirtelOutcome` a call returns.
 *
 * - `AirtelValidationError` (`NotAirtelNumberError`): our input was refused before anything was
 *   sent. Not retryable.
 * - `AirtelApiError`: Airtel answered 4xx (bad credentials, bad field, a token still refused after
 *   one refresh). The request was NOT carried out. Not retryable without a fix.
 * - `AirtelTransportError`: no usable answer (timeout, network, 5xx, unexpected body). For a
 *   disbursement the outcome is UNKNOWN: ask `status(id)` or re-send with the same id (Airtel is
 *   idempotent on `transaction.id`). Retryable.
 * - `AirtelCallbackError`: a callback body without the `{transaction:{id,status_code}}` shape.
 */

export class AirtelError extends Error {
  readonly retryable: boolean = false;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "AirtelError";
  }
}

export class AirtelValidationError extends AirtelError {
  constructor(
    /** Which input was refused, e.g. "msisdn", "amountKes". */
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "AirtelValidationError";
  }
}

/** A Kenyan mobile number on another network (Safaricom, Telkom…): Airtel cannot pay it. */
export class NotAirtelNumberError extends AirtelValidationError {
  constructor(field: string, message: string) {
    super(field, message);
    this.name = "NotAirtelNumberError";
  }
}

/** Airtel's `status` block (`{code, message, result_code, response_code, success}`). */
export interface AirtelStatusBlock {
  code?: string;
  message?: string;
  result_code?: string;
  response_code?: string;
  success?: boolean;
}

export class AirtelApiError extends AirtelError {
  readonly resultCode: string | undefined;
  readonly responseCode: string | undefined;
  readonly errorMessage: string;

  constructor(
    readonly httpStatus: number,
    status: AirtelStatusBlock,
    context = "Airtel Money",
  ) {
    const errorMessage = status.message ?? `HTTP ${httpStatus}`;
    const code = status.response_code ?? status.result_code;
    super(`${context} answered HTTP ${httpStatus}${code ? ` ${code}` : ""}: ${errorMessage}`);
    this.name = "AirtelApiError";
    this.resultCode = status.result_code;
    this.responseCode = status.response_code;
    this.errorMessage = errorMessage;
  }
}

export type AirtelTransportErrorKind = "timeout" | "network" | "server_error" | "invalid_response";

export class AirtelTransportError extends AirtelError {
  override readonly retryable = true;
  readonly httpStatus: number | undefined;

  constructor(
    readonly kind: AirtelTransportErrorKind,
    message: string,
    options: { httpStatus?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AirtelTransportError";
    this.httpStatus = options.httpStatus;
  }
}

export class AirtelCallbackError extends AirtelError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "AirtelCallbackError";
  }
}
