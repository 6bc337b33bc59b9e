/**
 * The API's HTTP statuses with the error types and codes each can carry (app/api/handle.server.ts,
 * errors.server.ts, endpoints/*): the table on /docs.
 */
export const errorStatuses: readonly {
  status: number;
  type: string;
  codes: readonly string[];
  meaning: string;
}[] = [
  {
    status: 400,
    type: "invalid_request_error",
    codes: [
      "parameter_missing",
      "parameter_invalid",
      "parameter_unknown",
      "invalid_json",
      "idempotency_key_invalid",
    ],
    meaning:
      "The request is malformed: a field is missing, invalid or unknown (param names it). Fix it; do not retry as is.",
  },
  {
    status: 401,
    type: "authentication_error",
    codes: ["api_key_missing", "api_key_invalid", "api_key_revoked", "api_key_expired"],
    meaning:
      "No key, or a key that is not valid, revoked or expired. A key stops (revoked) when the member it belongs to is suspended or removed.",
  },
  {
    status: 403,
    type: "permission_error",
    codes: ["missing_scope", "scope_beyond_role", "browser_requests_refused", "test_mode_only"],
    meaning:
      "The key lacks the route's scope; it has it but its member's role no longer allows it (a key never does more than its member); the request came from a browser (an Origin header); or a test helper was called with a live key.",
  },
  {
    status: 404,
    type: "not_found_error",
    codes: ["resource_missing", "route_not_found"],
    meaning:
      "No such object for this key. Another merchant's object, or one of the other mode, is not found either.",
  },
  {
    status: 405,
    type: "invalid_request_error",
    codes: ["method_not_allowed"],
    meaning: "The path exists with another method (the Allow header lists them).",
  },
  {
    status: 408,
    type: "invalid_request_error",
    codes: ["request_timeout"],
    meaning:
      "The body stopped arriving for 20 s, or took longer than its size allows (about 32 s for 64 KB, 158 s for a 4 MB payout batch). Send it again with the same Idempotency-Key.",
  },
  {
    status: 409,
    type: "conflict_error, idempotency_error",
    codes: ["payment_not_cancelable", "payment_not_payable", "idempotency_key_in_use"],
    meaning:
      "The object's state does not allow this (a payment no longer awaiting payment cannot be canceled, nor paid by a test helper), or a request with this Idempotency-Key is still running.",
  },
  {
    status: 413,
    type: "invalid_request_error",
    codes: ["body_too_large"],
    meaning: "The body is larger than 64 KB.",
  },
  {
    status: 415,
    type: "invalid_request_error",
    codes: ["unsupported_media_type"],
    meaning: "The body is not sent as Content-Type: application/json.",
  },
  {
    status: 422,
    type: "invalid_request_error, idempotency_error",
    codes: [
      "amount_too_small",
      "amount_too_large",
      "daily_limit_exceeded",
      "idempotency_key_reused",
    ],
    meaning:
      "Well-formed but refused: an amount outside your limits, or an Idempotency-Key reused with another request.",
  },
  {
    status: 429,
    type: "rate_limit_error",
    codes: ["rate_limited", "too_many_failed_keys"],
    meaning:
      "Too many requests for this key, or too many requests with an invalid key from your address (20 a minute; then every request from it, whatever its key): wait Retry-After seconds.",
  },
  {
    status: 500,
    type: "api_error",
    codes: ["internal_error"],
    meaning: "Our fault. Retry with the same Idempotency-Key; quote the request_id if it persists.",
  },
  {
    status: 503,
    type: "api_error",
    codes: ["rate_unavailable", "custody_unavailable", "test_mode_unavailable"],
    meaning:
      "No live rate to quote from or custody did not answer (retry later with the same Idempotency-Key), or test payments (and the test helpers) are not available on this server.",
  },
];
