/**
 * Why a disbursement action was refused, in words for the member (and a code for the API; its
 * HTTP status is the edge's: app/utils/domain-errors.server.ts). Isomorphic.
 */
export type DisbursementErrorCode =
  | "not_found"
  | "invalid_file"
  | "not_editable"
  | "nothing_to_pay"
  | "rows_need_fixing"
  | "maker_cannot_approve"
  | "second_factor_required"
  | "too_many_drafts"
  | "daily_rows_exceeded"
  | "already_decided"
  | "insufficient_balance"
  | "rail_unavailable"
  | "not_retryable";

export class DisbursementError extends Error {
  override readonly name = "DisbursementError";

  constructor(
    readonly code: DisbursementErrorCode,
    message: string,
  ) {
    super(message);
  }
}
