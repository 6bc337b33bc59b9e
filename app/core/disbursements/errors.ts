/**
 * Why a disbursement action was refused, in words for the member (and a code for the API).
 * Isomorphic.
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

/** HTTP status for each code (pages and the API answer with it). */
export const disbursementErrorStatus: Record<DisbursementErrorCode, number> = {
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

export class DisbursementError extends Error {
  override readonly name = "DisbursementError";
  readonly status: number;

  constructor(
    readonly code: DisbursementErrorCode,
    message: string,
  ) {
    super(message);
    this.status = disbursementErrorStatus[code];
  }
}
