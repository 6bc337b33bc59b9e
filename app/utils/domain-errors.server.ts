/**
 * One mapping from the core's refusals to HTTP (issue 28, part 4), for the pages and the API alike.
 * A core error says what was refused (a code, and words for the member); the status it answers
 * with is decided here, at the edge, and nowhere else.
 */
import { DisbursementError, type DisbursementErrorCode } from "~/core/disbursements/errors";
import { type PaymentLinkError } from "~/core/payments/links.server";
import { PaymentError } from "~/core/payments/payments.server";
import { RefundError, type RefundErrorCode } from "~/core/refunds/errors";

/** A refusal of the core that a page or the API answers with a status. */
export type DomainError = DisbursementError | RefundError | PaymentError | PaymentLinkError;

const disbursementStatus: Record<DisbursementErrorCode, number> = {
  not_found: 404,
  invalid_file: 400,
  not_editable: 409,
  nothing_to_pay: 409,
  rows_need_fixing: 409,
  maker_cannot_approve: 403,
  second_factor_required: 403,
  too_many_drafts: 409,
  daily_rows_exceeded: 429,
  already_decided: 409,
  insufficient_balance: 409,
  rail_unavailable: 409,
  not_retryable: 409,
};

const refundStatus: Record<RefundErrorCode, number> = {
  not_found: 404,
  not_refundable: 409,
  invalid_amount: 400,
  amount_too_large: 422,
  invalid_destination: 400,
  nothing_held: 409,
  insufficient_balance: 409,
  rate_unavailable: 503,
  rail_unavailable: 409,
  custody_unavailable: 503,
  beneficiary_required: 400,
};

const paymentStatus: Record<PaymentError["code"], number> = {
  below_minimum: 422,
  above_maximum: 422,
  daily_limit: 422,
  rate_unavailable: 503,
  custody_unavailable: 503,
  invalid_network: 400,
  not_found: 404,
};

const paymentLinkStatus: Record<PaymentLinkError["code"], number> = {
  not_found: 404,
  invalid_amount: 400,
  invalid_asset: 400,
  invalid_input: 400,
};

/** The HTTP status a refusal answers with. */
export function domainErrorStatus(error: DomainError): number {
  if (error instanceof DisbursementError) return disbursementStatus[error.code];
  if (error instanceof RefundError) return refundStatus[error.code];
  if (error instanceof PaymentError) return paymentStatus[error.code];
  return paymentLinkStatus[error.code];
}
