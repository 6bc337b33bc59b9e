/**
 * What each of the API's HTTP statuses means: the table on /docs, whose error types and codes are
 * grouped from the one list of codes (core/api/error-codes.ts), so no code is missing there.
 */
export const errorMeanings: readonly { status: number; meaning: string }[] = [
  {
    status: 400,
    meaning:
      "The request is malformed: a field is missing, invalid or unknown (param names it). Fix it; do not retry as is.",
  },
  {
    status: 401,
    meaning:
      "No key, or a key that is not valid, revoked or expired. A key stops (revoked) when the member it belongs to is suspended or removed.",
  },
  {
    status: 403,
    meaning:
      "The key lacks the route's scope; it has it but its member's role no longer allows it (a key never does more than its member); the request came from a browser (an Origin header); a payout batch's maker tried to approve it, or approving needs a second factor; or a test helper was called with a live key.",
  },
  {
    status: 404,
    meaning:
      "No such object for this key. Another merchant's object, or one of the other mode, is not found either.",
  },
  {
    status: 405,
    meaning: "The path exists with another method (the Allow header lists them).",
  },
  {
    status: 408,
    meaning:
      "The body stopped arriving for 20 s, or took longer than its size allows (about 32 s for 64 KB, 158 s for a 4 MB payout batch). Send it again with the same Idempotency-Key.",
  },
  {
    status: 409,
    meaning:
      "The object's state does not allow this (a payment no longer awaiting payment, a batch already submitted or decided, a refund beyond what is held or available), or a request with this Idempotency-Key is still running.",
  },
  {
    status: 413,
    meaning: "The body is larger than 64 KB (4 MB for a payout batch).",
  },
  {
    status: 415,
    meaning: "The body is not sent as Content-Type: application/json.",
  },
  {
    status: 422,
    meaning:
      "Well-formed but refused: an amount outside your limits, or an Idempotency-Key reused with another request.",
  },
  {
    status: 429,
    meaning:
      "Too many requests for this key; too many requests with an invalid key from your address (20 a minute; then every request from it, whatever its key); too many payout files being checked at once; or the day's payout rows are used up: wait Retry-After seconds where it is given.",
  },
  {
    status: 500,
    meaning: "Our fault. Retry with the same Idempotency-Key; quote the request_id if it persists.",
  },
  {
    status: 503,
    meaning:
      "No live rate to quote from or custody did not answer (retry later with the same Idempotency-Key), or test payments (and the test helpers) are not available on this server.",
  },
];
