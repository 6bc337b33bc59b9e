/**
 * A payout batch (issue 15: payouts from the merchant's KES balance to third parties) and one of
 * its rows, a disbursement, as the API and webhooks show them: integer KES cents with a decimal
 * string beside each, ISO 8601 UTC times, snake_case. Isomorphic and pure: the stored rows and the
 * counts in, the JSON objects out. `approval_url` is a path here (events store it so, their body
 * never depending on configuration); `withSiteUrl` makes it absolute on this site.
 */
import type { BatchKind, BatchStatus, NameCheck, RowStatus } from "~/core/disbursements/vocabulary";
import type { RailId } from "~/core/rails/types";
import * as paths from "~/utils/paths";
import { integer, iso, kesDecimal } from "./payment-object";
import type { ApiMode } from "./vocabulary";

/** The columns of a batch the object is made from (the row type, without the database). */
export interface PayoutBatchRow {
  id: string;
  mode: ApiMode;
  kind: BatchKind;
  status: BatchStatus;
  title: string;
  fileName: string | null;
  smsReceipts: boolean;
  submittedAt: number | null;
  decidedAt: number | null;
  decisionNote: string | null;
  reservedKesCents: bigint | null;
  completedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** What the batch's rows come to (batchSummary and the totals of its payable rows). */
export interface PayoutBatchFigures {
  counts: Record<RowStatus, number>;
  rows: number;
  /** Rows ready, queued, sent, paid or failed: what the batch pays (before and after approval). */
  totals: {
    amountKesCents: bigint;
    feeKesCents: bigint;
    exciseKesCents: bigint;
    railChargeKesCents: bigint;
    totalKesCents: bigint;
  };
  paidKesCents: bigint;
  attention: {
    duplicatesInFile: number;
    recentDuplicates: number;
    nameMismatches: number;
    namesNotFound: number;
    namesPending: number;
  };
}

/** The columns of a batch row the disbursement object is made from. */
export interface DisbursementRow {
  id: string;
  batchId: string;
  line: number;
  rawRecipient: string;
  rawRail: string;
  rawAmount: string;
  rawReference: string;
  rawName: string;
  rawBankCode: string;
  rawAccount: string;
  errors: string | null;
  status: RowStatus;
  rail: RailId | null;
  phone: string | null;
  bankCode: string | null;
  accountNumber: string | null;
  /** M-Pesa B2B rows (ADR 0035, "B2B"): the kind, the Paybill or Till number and the account. */
  b2bKind: "paybill" | "till" | null;
  businessNumber: string | null;
  accountReference: string | null;
  amountKesCents: bigint | null;
  feeKesCents: bigint | null;
  exciseKesCents: bigint | null;
  railChargeKesCents: bigint | null;
  reference: string | null;
  name: string | null;
  duplicateOfLine: number | null;
  recentDuplicateOf: string | null;
  nameCheck: NameCheck;
  registeredName: string | null;
  receipt: string | null;
  failureReason: string | null;
  completedAt: number | null;
  updatedAt: number;
}

const nullableInteger = (value: bigint | null) => (value === null ? null : integer(value));
const nullableDecimal = (value: bigint | null) => (value === null ? null : kesDecimal(value));

export function payoutBatchObject(batch: PayoutBatchRow, figures: PayoutBatchFigures) {
  const { totals, attention } = figures;
  return {
    id: batch.id,
    object: "payout_batch" as const,
    livemode: batch.mode === "live",
    kind: batch.kind,
    status: batch.status,
    title: batch.title,
    file_name: batch.fileName,
    sms_receipts: batch.smsReceipts,
    currency: "KES" as const,
    rows: figures.rows,
    counts: { ...figures.counts },
    amount: integer(totals.amountKesCents),
    amount_decimal: kesDecimal(totals.amountKesCents),
    fee: integer(totals.feeKesCents),
    fee_decimal: kesDecimal(totals.feeKesCents),
    excise: integer(totals.exciseKesCents),
    excise_decimal: kesDecimal(totals.exciseKesCents),
    rail_charge: integer(totals.railChargeKesCents),
    rail_charge_decimal: kesDecimal(totals.railChargeKesCents),
    total: integer(totals.totalKesCents),
    total_decimal: kesDecimal(totals.totalKesCents),
    paid_amount: integer(figures.paidKesCents),
    paid_amount_decimal: kesDecimal(figures.paidKesCents),
    reserved: nullableInteger(batch.reservedKesCents),
    reserved_decimal: nullableDecimal(batch.reservedKesCents),
    attention: {
      duplicates_in_file: attention.duplicatesInFile,
      recent_duplicates: attention.recentDuplicates,
      name_mismatches: attention.nameMismatches,
      names_not_found: attention.namesNotFound,
      names_pending: attention.namesPending,
    },
    approval_url: paths.merchantPayoutBatch(batch.id),
    decision_note: batch.decisionNote,
    created_at: iso(batch.createdAt) as string,
    updated_at: iso(batch.updatedAt) as string,
    submitted_at: iso(batch.submittedAt),
    decided_at: iso(batch.decidedAt),
    completed_at: iso(batch.completedAt),
  };
}
export type PayoutBatchObject = ReturnType<typeof payoutBatchObject>;

/** The file's (or the item's) fields as the API names them. */
const fieldNames: Record<string, string> = {
  recipient: "recipient",
  rail: "rail",
  amount: "amount",
  reference: "reference",
  name: "name",
  bankCode: "bank_code",
};

function rowErrors(errors: string | null): { field: string; message: string }[] {
  if (!errors) return [];
  return (JSON.parse(errors) as { field: string; message: string }[]).map((error) => ({
    field: fieldNames[error.field] ?? error.field,
    message: error.message,
  }));
}

/** One row of a batch: what it pays once checked (null while invalid), and what was sent. */
export function disbursementObject(row: DisbursementRow, mode: ApiMode) {
  const valid = row.rail !== null;
  return {
    id: row.id,
    object: "disbursement" as const,
    livemode: mode === "live",
    batch_id: row.batchId,
    line: row.line,
    status: row.status,
    /**
     * E.164 for a mobile rail, the account number for a bank, the Paybill or Till number for
     * M-Pesa B2B; as sent while invalid.
     */
    recipient: row.phone ?? row.accountNumber ?? row.businessNumber ?? row.rawRecipient.trim(),
    rail: row.rail,
    /** `paybill` or `till` for an M-Pesa B2B row (its rail is `mpesa`); null otherwise. */
    b2b: row.b2bKind,
    bank_code: row.bankCode,
    /** The account number at the Paybill (Paybill rows only). */
    account: row.accountReference,
    currency: "KES" as const,
    amount: nullableInteger(row.amountKesCents),
    amount_decimal: nullableDecimal(row.amountKesCents),
    fee: nullableInteger(row.feeKesCents),
    fee_decimal: nullableDecimal(row.feeKesCents),
    excise: nullableInteger(row.exciseKesCents),
    excise_decimal: nullableDecimal(row.exciseKesCents),
    rail_charge: nullableInteger(row.railChargeKesCents),
    rail_charge_decimal: nullableDecimal(row.railChargeKesCents),
    reference: valid ? row.reference : row.rawReference.trim() || null,
    name: valid ? row.name : row.rawName.trim() || null,
    registered_name: row.registeredName,
    name_check: row.nameCheck,
    duplicate_of_line: row.duplicateOfLine,
    recent_duplicate_of: row.recentDuplicateOf,
    errors: rowErrors(row.errors),
    input: {
      recipient: row.rawRecipient,
      rail: row.rawRail,
      amount: row.rawAmount,
      reference: row.rawReference,
      name: row.rawName,
      bank_code: row.rawBankCode,
      account: row.rawAccount,
    },
    receipt: row.receipt,
    failure_reason: row.failureReason,
    completed_at: iso(row.completedAt),
    updated_at: iso(row.updatedAt) as string,
  };
}
export type DisbursementObject = ReturnType<typeof disbursementObject>;
