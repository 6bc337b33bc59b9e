/**
 * Every error the API answers with (issue 32, item 1): its code, HTTP status and type, in one list.
 * `ApiError` takes only these codes (a new one is a compile error until it is listed here), the
 * OpenAPI document makes `code` and `type` enums of them, and the table on /docs is grouped from
 * them, so the three cannot disagree. Isomorphic.
 */
export const apiErrorTypes = [
  "invalid_request_error",
  "authentication_error",
  "permission_error",
  "not_found_error",
  "conflict_error",
  "idempotency_error",
  "rate_limit_error",
  "api_error",
] as const;
export type ApiErrorType = (typeof apiErrorTypes)[number];

interface CodeInfo {
  status: number;
  type: ApiErrorType;
}

const codes = <T extends Record<string, CodeInfo>>(table: T) => table;

export const apiErrorCodes = codes({
  parameter_missing: { status: 400, type: "invalid_request_error" },
  parameter_invalid: { status: 400, type: "invalid_request_error" },
  parameter_unknown: { status: 400, type: "invalid_request_error" },
  invalid_json: { status: 400, type: "invalid_request_error" },
  idempotency_key_invalid: { status: 400, type: "invalid_request_error" },
  invalid_amount: { status: 400, type: "invalid_request_error" },
  invalid_destination: { status: 400, type: "invalid_request_error" },
  beneficiary_required: { status: 400, type: "invalid_request_error" },
  invalid_file: { status: 400, type: "invalid_request_error" },
  api_version_invalid: { status: 400, type: "invalid_request_error" },
  api_key_missing: { status: 401, type: "authentication_error" },
  api_key_invalid: { status: 401, type: "authentication_error" },
  api_key_revoked: { status: 401, type: "authentication_error" },
  api_key_expired: { status: 401, type: "authentication_error" },
  missing_scope: { status: 403, type: "permission_error" },
  scope_beyond_role: { status: 403, type: "permission_error" },
  browser_requests_refused: { status: 403, type: "permission_error" },
  maker_cannot_approve: { status: 403, type: "permission_error" },
  second_factor_required: { status: 403, type: "permission_error" },
  test_mode_only: { status: 403, type: "permission_error" },
  resource_missing: { status: 404, type: "not_found_error" },
  route_not_found: { status: 404, type: "not_found_error" },
  method_not_allowed: { status: 405, type: "invalid_request_error" },
  request_timeout: { status: 408, type: "invalid_request_error" },
  payment_not_cancelable: { status: 409, type: "conflict_error" },
  payment_not_payable: { status: 409, type: "conflict_error" },
  not_refundable: { status: 409, type: "conflict_error" },
  nothing_held: { status: 409, type: "conflict_error" },
  insufficient_balance: { status: 409, type: "conflict_error" },
  rail_unavailable: { status: 409, type: "conflict_error" },
  not_editable: { status: 409, type: "conflict_error" },
  nothing_to_pay: { status: 409, type: "conflict_error" },
  rows_need_fixing: { status: 409, type: "conflict_error" },
  too_many_drafts: { status: 409, type: "conflict_error" },
  already_decided: { status: 409, type: "conflict_error" },
  not_retryable: { status: 409, type: "conflict_error" },
  endpoint_disabled: { status: 409, type: "conflict_error" },
  idempotency_key_in_use: { status: 409, type: "idempotency_error" },
  body_too_large: { status: 413, type: "invalid_request_error" },
  unsupported_media_type: { status: 415, type: "invalid_request_error" },
  amount_too_small: { status: 422, type: "invalid_request_error" },
  amount_too_large: { status: 422, type: "invalid_request_error" },
  daily_limit_exceeded: { status: 422, type: "invalid_request_error" },
  idempotency_key_reused: { status: 422, type: "idempotency_error" },
  rate_limited: { status: 429, type: "rate_limit_error" },
  too_many_failed_keys: { status: 429, type: "rate_limit_error" },
  too_many_concurrent: { status: 429, type: "rate_limit_error" },
  daily_rows_exceeded: { status: 429, type: "rate_limit_error" },
  internal_error: { status: 500, type: "api_error" },
  rate_unavailable: { status: 503, type: "api_error" },
  custody_unavailable: { status: 503, type: "api_error" },
  test_mode_unavailable: { status: 503, type: "api_error" },
});

export type ApiErrorCode = keyof typeof apiErrorCodes;

export const apiErrorCodeList = Object.keys(apiErrorCodes) as ApiErrorCode[];

/** The codes answered with `status`, in the list's order. */
export const codesWithStatus = (status: number): ApiErrorCode[] =>
  apiErrorCodeList.filter((code) => apiErrorCodes[code].status === status);
