/**
 * The daily reconciliation (issue 15, item 7; docs/decisions/0036-reconciliation.md): each run,
 * what it found (differences between our ledger and a provider, in the operators' queue until
 * resolved with a note), and the M-Pesa AccountBalance Results that arrive by callback while a run
 * waits. Amounts are minor units as decimal text (bigint: a difference can be negative, a crypto
 * amount large); evidence and counts are JSON.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
// The vocabulary lives in core (isomorphic); the schema only builds its columns from it (ADR 0020).
import {
  findingKinds,
  findingStatuses,
  runStatuses,
} from "../../app/core/reconciliation/vocabulary";

export const reconciliationRuns = sqliteTable(
  "reconciliation_runs",
  {
    /** rcn_ + readable code. */
    id: text("id").primaryKey(),
    /** The EAT day reconciled (YYYY-MM-DD). */
    day: text("day").notNull(),
    status: text("status", { enum: runStatuses }).notNull(),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
    /** JSON `{rails, assets, transfers}`: how many of each were compared. */
    checked: text("checked").notNull().default("{}"),
    findingsCount: integer("findings_count").notNull().default(0),
    /** Why the run failed (an unexpected exception; a provider without an answer is a finding). */
    error: text("error"),
  },
  (table) => [index("reconciliation_runs_started_idx").on(table.startedAt)],
);

export const reconciliationFindings = sqliteTable(
  "reconciliation_findings",
  {
    /** rcf_ + readable code. */
    id: text("id").primaryKey(),
    runId: text("run_id")
      .notNull()
      .references(() => reconciliationRuns.id),
    kind: text("kind", { enum: findingKinds }).notNull(),
    book: text("book", { enum: ["live", "test"] }).notNull(),
    /** The rail id, the asset, or the transfer id. */
    subject: text("subject").notNull(),
    subjectLabel: text("subject_label").notNull(),
    currency: text("currency").notNull(),
    /**
     * Minor units as decimal text: ours, the provider's ("unknown" without an answer), theirs minus
     * ours.
     */
    expected: text("expected").notNull(),
    actual: text("actual").notNull(),
    difference: text("difference").notNull(),
    /** JSON. */
    evidence: text("evidence").notNull(),
    status: text("status", { enum: findingStatuses }).notNull(),
    createdAt: integer("created_at").notNull(),
    resolvedAt: integer("resolved_at"),
    /** The operator who resolved it. */
    resolvedBy: text("resolved_by"),
    resolutionNote: text("resolution_note"),
  },
  (table) => [
    index("reconciliation_findings_status_idx").on(table.status, table.createdAt),
    index("reconciliation_findings_run_idx").on(table.runId),
  ],
);

/**
 * Balance answers that come by callback (M-Pesa's AccountBalance Result), keyed by the
 * OriginatorConversationID of the query's acknowledgement, which the Result repeats.
 */
export const railBalanceReports = sqliteTable("rail_balance_reports", {
  originatorConversationId: text("originator_conversation_id").primaryKey(),
  rail: text("rail").notNull(),
  conversationId: text("conversation_id"),
  resultCode: integer("result_code").notNull(),
  resultDesc: text("result_desc").notNull(),
  /**
   * M-Pesa: the Utility Account's available balance plus the Charges Paid Account's, in cents
   * (decimal text); null when the query failed.
   */
  availableCents: text("available_cents"),
  /** JSON: the accounts as parsed (amounts as decimal text) and the Result's times. */
  body: text("body").notNull(),
  receivedAt: integer("received_at").notNull(),
});
