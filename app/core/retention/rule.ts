/**
 * Retention (issue 31, item 9; ADR 0060): the one rule. Financial and KYC records are kept 7 years
 * from the end of the relationship (`merchants.relationship_ended_at`: set when a merchant is
 * offboarded) and never hard-deleted before; while the relationship lasts there is no end date
 * yet. What counts as such a record is `RETAINED_RECORDS`: housekeeping may delete none of them
 * (tests/retention prove it), an erasure request keeps them. Isomorphic and pure.
 */
import { formatDate } from "~/utils/format";

/** POCAMLA s.46 and the VASP Act 2025: records kept this many years after the relationship ends. */
export const RETENTION_YEARS = 7;

/**
 * Customer e-mails on payments are kept this long after the payment (receipts, questions, a
 * dispute), then an erasure request removes them: the payment itself stays without them.
 */
export const CUSTOMER_EMAIL_KEPT_DAYS = 90;

/** The financial and KYC records kept for RETENTION_YEARS, by table, in the merchant's words. */
export const RETAINED_RECORDS = [
  { table: "payments", label: "Payments and their events" },
  { table: "payment_events", label: "Payments and their events" },
  { table: "mpesa_collections", label: "M-Pesa collections" },
  { table: "refunds", label: "Refunds, with the travel rule's data" },
  { table: "settlement_transfers", label: "Settlements and other transfers" },
  { table: "settlement_sweeps", label: "Settlements and other transfers" },
  { table: "balance_top_ups", label: "Balance top-ups" },
  { table: "settlement_destinations", label: "Payout destinations and their checks" },
  { table: "disbursement_batches", label: "Payouts and their recipients" },
  { table: "disbursement_rows", label: "Payouts and their recipients" },
  { table: "ledger_transactions", label: "The ledger behind your statements" },
  { table: "ledger_entries", label: "The ledger behind your statements" },
  { table: "ledger_accounts", label: "The ledger behind your statements" },
  { table: "merchant_applications", label: "Your application and business details" },
  { table: "application_documents", label: "KYB documents" },
  { table: "business_parties", label: "Directors and beneficial owners" },
  { table: "screenings", label: "Sanctions screening results" },
  { table: "compliance_cases", label: "Compliance records" },
  { table: "compliance_case_events", label: "Compliance records" },
  { table: "compliance_holds", label: "Compliance records" },
  { table: "frc_reports", label: "Compliance records" },
  { table: "monitoring_alerts", label: "Compliance records" },
  { table: "audit_log", label: "The audit log of who did what" },
  { table: "api_keys", label: "API keys' records (never their secrets)" },
  { table: "data_requests", label: "Your data requests" },
] as const;

export type RetainedTable = (typeof RETAINED_RECORDS)[number]["table"];

/** What is kept, in words, once each (for the merchant's page). */
export const retainedLabels: readonly string[] = [
  ...new Set(RETAINED_RECORDS.map((record) => record.label)),
].filter((label) => label !== "Compliance records");

/** When records of a relationship that ended at `endedAt` may go: null while it lasts. */
export function retainedUntil(endedAt: number | null): number | null {
  if (endedAt === null) return null;
  const date = new Date(endedAt);
  date.setUTCFullYear(date.getUTCFullYear() + RETENTION_YEARS);
  return date.getTime();
}

/** Whether a record of this merchant may be hard-deleted at `now` (never while it is kept). */
export function mayHardDelete(endedAt: number | null, now: number): boolean {
  const until = retainedUntil(endedAt);
  return until !== null && now >= until;
}

/** "until 1 Dec 2033", or "until 7 years after your account closes" while it is open. */
export function keptUntilText(endedAt: number | null): string {
  const until = retainedUntil(endedAt);
  return until === null
    ? `until ${RETENTION_YEARS} years after your account closes`
    : `until ${formatDate(until)}`;
}
