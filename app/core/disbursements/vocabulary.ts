/**
 * The words of disbursements (issue 15): payouts from a merchant's KES balance to third parties,
 * one at a time or in bulk. Shared by the schema, the core and the pages. Isomorphic.
 *
 * A batch's life (ADR 0035): `draft` (uploaded or typed; the maker checks the preview, fixes or
 * drops rows) -> `awaiting_approval` (submitted; another member with Finance, Admin or Owner
 * approves or rejects it) -> `processing` (approved: the money is reserved and rows go out) ->
 * `completed` (every row paid, failed for good or cancelled). `rejected` and `withdrawn` (a draft
 * given up) move no money; a batch awaiting approval that its maker withdraws is a draft again. A
 * single payout at or under the merchant's approval threshold skips `awaiting_approval`. A draft
 * left alone for BATCH_LIMITS.draftTtlMs becomes `expired` (its rows are deleted: nothing was
 * reserved). `checking` is a file's batch while its rows are written, a slice at a time (issue 27,
 * item 8): it becomes a draft when the last is in, and lists do not show it.
 */
export const batchStatuses = [
  "checking",
  "draft",
  "awaiting_approval",
  "rejected",
  "withdrawn",
  "processing",
  "completed",
  "expired",
] as const;
export type BatchStatus = (typeof batchStatuses)[number];

/**
 * An M-Pesa B2B payout row's kind (ADR 0035, "B2B"): a Paybill (BusinessPayBill, with the account
 * number at the Paybill) or a Till (BusinessBuyGoods).
 */
export const b2bKinds = ["paybill", "till"] as const;
export type B2bKind = (typeof b2bKinds)[number];

export const batchKinds = ["bulk", "single"] as const;
export type BatchKind = (typeof batchKinds)[number];

/**
 * A row's life. Before approval: `ready` (valid), `invalid` (errors to fix) or `dropped` (the maker
 * left it out). After: `queued` (money reserved, waiting to be sent) -> `sent` (with the rail) ->
 * `paid`, or `failed` (the rail refused: its money is back in the available balance) -> a retry
 * (`queued` again, reserved again) or `cancelled` (left as failed for good).
 */
export const rowStatuses = [
  "ready",
  "invalid",
  "dropped",
  "queued",
  "sent",
  "paid",
  "failed",
  "cancelled",
] as const;
export type RowStatus = (typeof rowStatuses)[number];

/**
 * What one merchant may keep open and upload (issue 27, item 8): a few drafts at a time, a bounded
 * number of rows a day (each mode counted on its own), and drafts that go away after a week.
 */
export const BATCH_LIMITS = {
  /** Drafts (not yet submitted) open at once per merchant and mode. */
  openDrafts: 20,
  /** Rows uploaded per merchant and mode per day (Nairobi time), in every batch made that day. */
  rowsPerDay: 100_000,
  /** A draft untouched this long expires. */
  draftTtlMs: 7 * 24 * 60 * 60_000,
  /** A file's batch still `checking` this long was left by a crash: it is cleared. */
  checkingTtlMs: 60 * 60_000,
  /** Rows written per transaction while a file's batch is made (the event loop turns between). */
  rowsPerWrite: 500,
} as const;

/** Rows still owing an outcome after approval. */
export const OPEN_ROW_STATUSES = ["queued", "sent"] as const satisfies readonly RowStatus[];

/**
 * What the rail's registered-name lookup said, next to the name the file gave: `not_offered` (the
 * rail has no lookup, no name was given, or the batch was approved before it was asked), `pending`
 * (not asked yet), `match`, `partial`, `mismatch`, `not_found` (no wallet or account there) or
 * `unavailable` (the rail did not answer).
 */
export const nameChecks = [
  "not_offered",
  "pending",
  "match",
  "partial",
  "mismatch",
  "not_found",
  "unavailable",
] as const;
export type NameCheck = (typeof nameChecks)[number];

export const batchStatusLabels: Record<BatchStatus, string> = {
  checking: "Checking the file",
  draft: "Draft",
  awaiting_approval: "Awaiting approval",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
  processing: "Processing",
  completed: "Completed",
  expired: "Expired",
};

export const rowStatusLabels: Record<RowStatus, string> = {
  ready: "Ready",
  invalid: "Needs fixing",
  dropped: "Dropped",
  queued: "Queued",
  sent: "Sent",
  paid: "Paid",
  failed: "Failed",
  cancelled: "Cancelled",
};

export const nameCheckLabels: Record<NameCheck, string> = {
  not_offered: "Not checked",
  pending: "Checking",
  match: "Matches",
  partial: "Partly matches",
  mismatch: "Does not match",
  not_found: "No such account",
  unavailable: "Rail did not answer",
};

/** Which rows a batch page (or the API) lists. */
export const rowFilters = ["all", "attention", "invalid", "failed", "paid", "open"] as const;
export type RowFilter = (typeof rowFilters)[number];

/** An M-Pesa receipt (TransactionID): 10 upper-case letters and digits. */
export const MPESA_RECEIPT_PATTERN = /^[A-Z0-9]{10}$/;
