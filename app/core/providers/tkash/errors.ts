/**
 * Every way a T-Kash aggregator call can go wrong, typed. Business outcomes (unregistered number,
 * short float) are NOT errors: the client returns them. `retryable` says whether the same call,
 * with the same payout id, may be tried again.
 *
 * - `TkashValidationError`: refused before anything was sent (not a Telkom number, bad amount).
 * - `TkashApiError`: the aggregator answered 4xx (bad key, bad signature, bad field). Not
 *   retryable: fix the request or the setup.
 * - `TkashTransportError`: no usable answer (timeout, network, 5xx, unreadable body). The outcome
 *   of a payout is UNKNOWN: ask `status(id)` or send the same id again.
 * - `TkashCallbackError`: a callback that is not the documented shape.
 */

export class TkashError extends Error {
  readonly retryable: boolean = false;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TkashError";
  }
}

export class TkashValidationError extends TkashError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "TkashValidationError";
  }
}

/** A Kenyan number, but not on Telkom's T-Kash prefixes. */
export class NotTelkomNumberError extends TkashValidationError {
  constructor(field: string, message: string) {
    super(field, message);
    this.name = "NotTelkomNumberError";
  }
}

export class TkashApiError extends TkashError {
  constructor(
    readonly httpStatus: number,
    readonly failureCode: string | undefined,
    readonly failureMessage: string,
  ) {
    super(
      `The T-Kash aggregator answered HTTP ${httpStatus} ${failureCode ?? ""}: ${failureMessage}`,
    );
    this.name = "TkashApiError";
  }
}

export class TkashTransportError extends TkashError {
  override readonly retryable = true;

  constructor(
    readonly kind: "timeout" | "network" | "unavailable" | "invalid_response",
    message: string,
    readonly httpStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "TkashTransportError";
  }
}

export class TkashCallbackError extends TkashError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TkashCallbackError";
  }
}
