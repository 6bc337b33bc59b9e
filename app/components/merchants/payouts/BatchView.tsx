/**
 * What the payout batch page (routes/merchant.payouts.$id) hands its parts: plain, serialisable
 * data (money as cent strings, names already looked up), and the small pieces several parts share.
 */
import type { RawPayoutRow } from "~/core/disbursements/row-check";
import type {
  BatchKind,
  BatchStatus,
  NameCheck,
  RowFilter,
  RowStatus,
} from "~/core/disbursements/vocabulary";
import { Badge } from "~/components/ui";

export type { RowFilter };

export interface BatchHeaderView {
  id: string;
  title: string;
  status: BatchStatus;
  statusLabel: string;
  kind: BatchKind;
  mode: "live" | "test";
  fileName: string | null;
  madeBy: string;
  createdAt: number;
  submittedAt: number | null;
  decidedBy: string | null;
  decidedAt: number | null;
  decisionNote: string | null;
  completedAt: number | null;
}

export interface BatchViewer {
  /** payouts:create: fix, drop, upload, submit, withdraw, retry, cancel. */
  canCreate: boolean;
  /** payouts:approve: approve or reject (never the maker's own batch, but for a sole approver). */
  canApprove: boolean;
  /** The signed-in member made this batch. */
  isMaker: boolean;
  /**
   * Nobody else in the account could approve payouts: the maker approves their own batch, in
   * person with a second factor (ADR 0039).
   */
  soleApprover: boolean;
  /** The signed-in member has two-factor sign-in on. */
  hasTwoFactor: boolean;
}

export interface BatchSummaryView {
  counts: Record<RowStatus, number>;
  rows: number;
  ready: {
    count: number;
    amount: string;
    fee: string;
    excise: string;
    charge: string;
    total: string;
  };
  /** Before approval: the available balance, and by how much it falls short of the total. */
  balance: { available: string; shortfall: string | null } | null;
  paid: string;
  open: string;
  reserved: string | null;
  attention: {
    duplicatesInFile: number;
    recentDuplicates: number;
    nameMismatches: number;
    namesNotFound: number;
    namesPending: number;
  };
}

export interface BatchRowView {
  id: string;
  line: number;
  status: RowStatus;
  statusLabel: string;
  recipient: string;
  rail: string;
  amount: string | null;
  rawAmount: string;
  fee: string | null;
  excise: string | null;
  charge: string | null;
  reference: string;
  name: string;
  registeredName: string | null;
  nameCheck: NameCheck;
  nameCheckLabel: string;
  errors: { field: keyof RawPayoutRow; message: string }[];
  duplicateOfLine: number | null;
  recentDuplicate: boolean;
  receipt: string | null;
  failureReason: string | null;
}

export interface BatchEditView {
  id: string;
  line: number;
  raw: RawPayoutRow;
  errors: { field: keyof RawPayoutRow; message: string }[];
}

export interface BatchRowsPage {
  filter: RowFilter;
  after: number;
  rows: BatchRowView[];
  /** The `after` cursor of the next page, or null on the last one. */
  nextAfter: number | null;
}

const statusTones: Record<BatchStatus, "neutral" | "success" | "warning" | "danger" | "info"> = {
  checking: "info",
  draft: "neutral",
  awaiting_approval: "warning",
  rejected: "danger",
  withdrawn: "neutral",
  processing: "info",
  completed: "success",
  expired: "neutral",
};

export function BatchStatusBadge({ status, label }: { status: BatchStatus; label: string }) {
  return <Badge tone={statusTones[status]}>{label}</Badge>;
}

/** A batch page address with its list state (filter, cursor) and optional extras. */
export function batchHref(
  base: string,
  state: { filter?: RowFilter; after?: number; edit?: string },
): string {
  const search = new URLSearchParams();
  if (state.filter && state.filter !== "all") search.set("filter", state.filter);
  if (state.after) search.set("after", String(state.after));
  if (state.edit) search.set("edit", state.edit);
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}
