/**
 * Why a refund was refused, in words for the member (and a code for the API). Isomorphic.
 */
export type RefundErrorCode =
  | "not_found"
  | "not_refundable"
  | "invalid_amount"
  | "amount_too_large"
  | "invalid_destination"
  | "nothing_held"
  | "insufficient_balance"
  | "rate_unavailable"
  | "rail_unavailable"
  | "custody_unavailable";

/** HTTP status for each code (pages and the API answer with it). */
export const refundErrorStatus: Record<RefundErrorCode, number> = {
  not_found: 404,
  not_refundable: 409,
  invalid_amount: 400,
  amount_too_large: 409,
  invalid_destination: 400,
  nothing_held: 409,
  insufficient_balance: 409,
  rate_unavailable: 503,
  rail_unavailable: 409,
  custody_unavailable: 503,
};

export class RefundError extends Error {
  override readonly name = "RefundError";
  readonly status: number;

  constructor(
    readonly code: RefundErrorCode,
    message: string,
    /** The form field the message belongs to, when it is about one. */
    readonly field?: "amount" | "destination",
  ) {
    super(message);
    this.status = refundErrorStatus[code];
  }
}
