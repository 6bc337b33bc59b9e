/**
 * Every way a PesaLink (Jenga) call can go wrong, typed. Business outcomes (unknown account, limit
 * exceeded...) are NOT errors: the client returns them as outcomes. `retryable` says whether the
 * same call, with the same transfer reference, may be tried again.
 *
 * - `PesalinkValidationError`: refused before anything was sent (bad account number, amount).
 * - `PesalinkApiError`: the bank answered 4xx with its error body `{status:false, code, message}`
 *   (bad request, bad signature, bad credentials). Not retryable: fix the request or the setup.
 * - `PesalinkTransportError`: no usable answer (timeout, network, 5xx, unparseable body). For a
 *   transfer the outcome is UNKNOWN: ask `status(reference)` or re-send the same reference.
 * - `PesalinkCallbackError`: a callback body that is not the documented shape.
 */

export class PesalinkError extends Error {
  readonly retryable: boolean = false;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PesalinkError";
  }
}

export class PesalinkValidationError extends PesalinkError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "PesalinkValidationError";
  }
}

export class PesalinkApiError extends PesalinkError {
  constructor(
    readonly httpStatus: number,
    readonly code: number | undefined,
    readonly errorMessage: string,
  ) {
    super(
      `PesaLink answered HTTP ${httpStatus}${code === undefined ? "" : ` ${code}`}: ${errorMessage}`,
    );
    this.name = "PesalinkApiError";
  }
}

export type PesalinkTransportErrorKind = "timeout" | "network" | "unavailable" | "invalid_response";

export class PesalinkTransportError extends PesalinkError {
  override readonly retryable = true;

  constructor(
    readonly kind: PesalinkTransportErrorKind,
    message: string,
    readonly httpStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "PesalinkTransportError";
  }
}

export class PesalinkCallbackError extends PesalinkError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PesalinkCallbackError";
  }
}
