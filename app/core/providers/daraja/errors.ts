/**
 * Every way a Daraja call can go wrong, as a typed error. Nothing leaves the client untyped.
 *
 * - `DarajaValidationError`: our input was refused before anything was sent (bad phone, decimal
 *   amount).
 * - `DarajaApiError`: Daraja answered with its error body `{requestId, errorCode, errorMessage}`,
 *   or with an acknowledgement whose ResponseCode is not "0". The request was NOT accepted.
 * - `DuplicateRequestError`: the OriginatorConversationID was already accepted earlier
 *   (`500.002.1001`). The first request stands: wait for its Result callback or ask the status
 *   query; never re-send the money under a new id because of this error.
 * - `DarajaTransportError`: no usable answer (timeout, network, unparseable or unexpected body).
 *   For a B2C request the outcome is UNKNOWN: re-send with the same OriginatorConversationID (a
 *   `DuplicateRequestError` then proves it was accepted) or query the transaction status.
 * - `DarajaCallbackError`: a Result/timeout callback body that does not have the Result envelope.
 */

export class DarajaError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DarajaError";
  }
}

export class DarajaValidationError extends DarajaError {
  /** Which input was refused, e.g. "phone", "amountKes". */
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = "DarajaValidationError";
    this.field = field;
  }
}

export interface DarajaErrorBody {
  requestId?: string;
  errorCode?: string;
  errorMessage?: string;
}

export class DarajaApiError extends DarajaError {
  readonly httpStatus: number;
  /** e.g. "400.002.02", "404.001.03", "500.002.1001"; undefined when the body had none. */
  readonly errorCode: string | undefined;
  readonly errorMessage: string;
  readonly requestId: string | undefined;

  constructor(httpStatus: number, body: DarajaErrorBody, context = "Daraja") {
    const errorMessage = body.errorMessage ?? `HTTP ${httpStatus}`;
    super(
      `${context} answered HTTP ${httpStatus}${body.errorCode ? ` ${body.errorCode}` : ""}: ${errorMessage}`,
    );
    this.name = "DarajaApiError";
    this.httpStatus = httpStatus;
    this.errorCode = body.errorCode;
    this.errorMessage = errorMessage;
    this.requestId = body.requestId;
  }
}

/** Daraja's answer to a second request with an OriginatorConversationID it has already accepted. */
export const DUPLICATE_ORIGINATOR_ERROR_CODE = "500.002.1001";
/** Daraja's errorCode for a missing, invalid or expired access token. */
export const INVALID_TOKEN_ERROR_CODE = "404.001.03";
/** Daraja's errorCode for an invalid request field. */
export const INVALID_REQUEST_ERROR_CODE = "400.002.02";

export class DuplicateRequestError extends DarajaApiError {
  /** The id that was already accepted. */
  readonly originatorConversationId: string;

  constructor(httpStatus: number, body: DarajaErrorBody, originatorConversationId: string) {
    super(httpStatus, body, "Daraja (duplicate OriginatorConversationID)");
    this.name = "DuplicateRequestError";
    this.originatorConversationId = originatorConversationId;
  }
}

export type DarajaTransportErrorKind = "timeout" | "network" | "invalid_response";

export class DarajaTransportError extends DarajaError {
  readonly kind: DarajaTransportErrorKind;
  readonly httpStatus: number | undefined;

  constructor(
    kind: DarajaTransportErrorKind,
    message: string,
    options: { httpStatus?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "DarajaTransportError";
    this.kind = kind;
    this.httpStatus = options.httpStatus;
  }
}

export class DarajaCallbackError extends DarajaError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DarajaCallbackError";
  }
}
