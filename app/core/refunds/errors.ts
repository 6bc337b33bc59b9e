/**
 * Why a refund was refused, in words for the member (and a code for the API; its HTTP status is
 * the edge's: app/utils/domain-errors.server.ts). Isomorphic.
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
  | "custody_unavailable"
  | "beneficiary_required";

export class RefundError extends Error {
  override readonly name = "RefundError";

  constructor(
    readonly code: RefundErrorCode,
    message: string,
    /** The form field the message belongs to, when it is about one. */
    readonly field?: "amount" | "destination" | "beneficiary",
  ) {
    super(message);
  }
}
