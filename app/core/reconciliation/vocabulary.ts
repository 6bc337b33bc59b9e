/**
 * The words of the daily reconciliation (issue 15, item 7): what a run checked and what it found.
 * Shared by the schema, the core and the operator pages. Isomorphic.
 *
 * A finding is a difference between our ledger and a provider: a rail's balance that is not what
 * our float says (`rail_balance`), a custody balance per asset that is not what our custody account
 * says (`custody_balance`), or a transfer whose state we and the rail disagree on
 * (`transfer_state`), or a problem in our own books that the books check found (`books`: a ledger
 * transaction that does not balance, a cached balance off its entries, refunds over their payment,
 * a payout row and its transfer that disagree, something paid twice; issue 28). Findings stay
 * `open` in the operators' queue, with their evidence, until an operator resolves one with a note
 * (audited).
 */
export const findingKinds = ["rail_balance", "custody_balance", "transfer_state", "books"] as const;
export type FindingKind = (typeof findingKinds)[number];

export const findingStatuses = ["open", "resolved"] as const;
export type FindingStatus = (typeof findingStatuses)[number];

export const runStatuses = ["running", "completed", "failed"] as const;
export type RunStatus = (typeof runStatuses)[number];

export const findingKindLabels: Record<FindingKind, string> = {
  rail_balance: "Rail balance",
  custody_balance: "Custody balance",
  transfer_state: "Transfer state",
  books: "Books check",
};

export const runStatusLabels: Record<RunStatus, string> = {
  running: "Running",
  completed: "Completed",
  failed: "Failed",
};

/** What one run looked at and found, for the report page. */
export interface ReconciliationRunView {
  id: string;
  /** The EAT day the run reconciles (YYYY-MM-DD): the day before it ran at 02:00. */
  day: string;
  status: RunStatus;
  startedAt: number;
  finishedAt: number | null;
  checked: { rails: number; assets: number; transfers: number };
  findings: number;
  /** Why a run failed (a provider that gave no answer is a finding, not a failure). */
  error: string | null;
}

/** One difference, with its evidence. Amounts are minor units as decimal strings. */
export interface FindingView {
  id: string;
  runId: string;
  kind: FindingKind;
  /** The ledger book the difference is in. */
  book: "live" | "test";
  /** The rail id, the asset, or the transfer id. */
  subject: string;
  /** For people: "M-Pesa float", "USDT at custody", "Transfer trf_… on Airtel Money". */
  subjectLabel: string;
  /** KES, or the crypto asset. */
  currency: string;
  /** What our ledger says, what the provider says, and provider minus ledger (minor units). */
  expected: string;
  actual: string;
  difference: string;
  /** What was compared: the provider's answer, the ledger accounts and transfers counted. */
  evidence: Record<string, unknown>;
  status: FindingStatus;
  createdAt: number;
  resolvedAt: number | null;
  resolvedBy: string | null;
  resolutionNote: string | null;
}

/**
 * A finding's `actual` and `difference` when the provider gave no usable answer (its balance call
 * failed, or a transfer's status is still pending there): the evidence says why.
 */
export const UNKNOWN_AMOUNT = "unknown";
