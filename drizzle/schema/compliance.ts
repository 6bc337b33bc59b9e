/**
 * Compliance (issue 31): sanctions list snapshots with their entries, names and digital-currency
 * addresses (item 1); every screening with the snapshots it used (item 2); cases and what they
 * hold (item 4); monitoring rules and their alerts (item 3); reports to the FRC (item 5); data
 * requests (item 9).
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
// The vocabulary lives in core (isomorphic); the schema only builds its columns from it (ADR 0020).
import {
  caseKinds,
  caseSeverities,
  caseStatuses,
  dataRequestKinds,
  dataRequestStatuses,
  frcReportKinds,
  frcReportStatuses,
  holdStatuses,
  holdTargets,
  listedKinds,
  monitoringRuleKeys,
  nameQualities,
  sanctionsSources,
  screeningContexts,
  screeningResults,
  screeningSubjects,
  snapshotStatuses,
  snapshotTriggers,
} from "../../app/core/compliance/vocabulary";

/** One import of a list: what was read, when, and whether screening uses it. */
export const sanctionsSnapshots = sqliteTable(
  "sanctions_snapshots",
  {
    /** sls_ + readable code. */
    id: text("id").primaryKey(),
    source: text("source", { enum: sanctionsSources }).notNull(),
    status: text("status", { enum: snapshotStatuses }).notNull(),
    trigger: text("trigger", { enum: snapshotTriggers }).notNull(),
    /** Where it came from: the URL fetched, or the uploaded file's name. */
    origin: text("origin").notNull(),
    /** When the publisher generated it, if the file says. */
    publishedAt: integer("published_at"),
    /** SHA-256 of the file, hex. */
    checksum: text("checksum").notNull(),
    byteSize: integer("byte_size").notNull(),
    entryCount: integer("entry_count").notNull(),
    nameCount: integer("name_count").notNull(),
    addressCount: integer("address_count").notNull(),
    /** Why it was rejected, for the operator. */
    reason: text("reason"),
    /** The difference from the previous active snapshot of its source (JSON), once imported. */
    diff: text("diff"),
    /** The operator who uploaded it; null for the schedule. */
    importedBy: text("imported_by"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    index("sanctions_snapshots_source_idx").on(table.source, table.status, table.createdAt),
  ],
);

/** A listed party in a snapshot. */
export const sanctionsEntries = sqliteTable(
  "sanctions_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    snapshotId: text("snapshot_id")
      .notNull()
      .references(() => sanctionsSnapshots.id),
    /** The list's own id (UN reference number, OFAC ent_num). */
    uid: text("uid").notNull(),
    kind: text("kind", { enum: listedKinds }).notNull(),
    primaryName: text("primary_name").notNull(),
    /** Programmes, comma separated (OFAC "SDGT, CYBER2"; UN list name "Al-Qaida"). */
    programs: text("programs"),
    remarks: text("remarks"),
    /** SHA-256 of the entry as read (names, addresses, programmes): what a diff compares. */
    fingerprint: text("fingerprint").notNull(),
  },
  (table) => [uniqueIndex("sanctions_entries_uid_idx").on(table.snapshotId, table.uid)],
);

/** Every name of a listed party (primary and aliases). */
export const sanctionsNames = sqliteTable(
  "sanctions_names",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    snapshotId: text("snapshot_id").notNull(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => sanctionsEntries.id),
    name: text("name").notNull(),
    quality: text("quality", { enum: nameQualities }).notNull(),
  },
  (table) => [index("sanctions_names_snapshot_idx").on(table.snapshotId)],
);

/**
 * A digital-currency address a listed party holds (OFAC's "Digital Currency Address - XBT ...").
 */
export const sanctionsAddresses = sqliteTable(
  "sanctions_addresses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    snapshotId: text("snapshot_id").notNull(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => sanctionsEntries.id),
    /** The list's currency code as published (XBT, ETH, USDT, TRX, USDC, LTC...). */
    currency: text("currency").notNull(),
    address: text("address").notNull(),
    /** The address as compared: lowercase for EVM (hex) addresses, as published otherwise. */
    normalized: text("normalized").notNull(),
  },
  (table) => [
    index("sanctions_addresses_lookup_idx").on(table.normalized, table.snapshotId),
    index("sanctions_addresses_snapshot_idx").on(table.snapshotId),
  ],
);

/** One screening of a name or an address, with the snapshots it used and what it found. */
export const screenings = sqliteTable(
  "screenings",
  {
    /** scr_ + readable code. */
    id: text("id").primaryKey(),
    subject: text("subject", { enum: screeningSubjects }).notNull(),
    /** What it belongs to: a merchant or application id, a member id, a payment or refund id. */
    subjectRef: text("subject_ref").notNull(),
    /** The name or the address screened. */
    screened: text("screened").notNull(),
    /** For an address: the network it is on. */
    network: text("network"),
    context: text("context", { enum: screeningContexts }).notNull(),
    /** The snapshot ids used, comma separated (one per source). */
    snapshotIds: text("snapshot_ids").notNull(),
    result: text("result", { enum: screeningResults }).notNull(),
    /** The best match's score, 0 to 1000 (1000: exact). */
    bestScore: integer("best_score"),
    /** The matches (JSON: source, uid, listed name or address, score). */
    hits: text("hits"),
    caseId: text("case_id"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    index("screenings_subject_idx").on(table.subject, table.subjectRef, table.createdAt),
    index("screenings_case_idx").on(table.caseId),
  ],
);

/** A compliance case: what raised it, who owns it, when it is due, and how it was decided. */
export const complianceCases = sqliteTable(
  "compliance_cases",
  {
    /** case_ + readable code. */
    id: text("id").primaryKey(),
    kind: text("kind", { enum: caseKinds }).notNull(),
    severity: text("severity", { enum: caseSeverities }).notNull(),
    status: text("status", { enum: caseStatuses }).notNull().default("open"),
    /** The merchant (or applicant's application id) it concerns, when one. */
    merchantId: text("merchant_id"),
    applicationId: text("application_id"),
    title: text("title").notNull(),
    /** The operator who owns it. */
    ownerId: text("owner_id"),
    dueAt: integer("due_at").notNull(),
    decidedBy: text("decided_by"),
    decidedAt: integer("decided_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    index("compliance_cases_queue_idx").on(table.status, table.dueAt),
    index("compliance_cases_merchant_idx").on(table.merchantId),
  ],
);

/** A case's timeline: opened, notes, evidence, assignment, decisions. */
export const complianceCaseEvents = sqliteTable(
  "compliance_case_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    caseId: text("case_id")
      .notNull()
      .references(() => complianceCases.id),
    type: text("type").notNull(),
    /** The operator; null for the system. */
    actorId: text("actor_id"),
    body: text("body"),
    detail: text("detail"),
    at: integer("at").notNull(),
  },
  (table) => [index("compliance_case_events_case_idx").on(table.caseId, table.at)],
);

/** Something a case holds until it is decided: a payment's settlement, a payout, a refund. */
export const complianceHolds = sqliteTable(
  "compliance_holds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    caseId: text("case_id")
      .notNull()
      .references(() => complianceCases.id),
    target: text("target", { enum: holdTargets }).notNull(),
    targetId: text("target_id").notNull(),
    status: text("status", { enum: holdStatuses }).notNull().default("held"),
    createdAt: integer("created_at").notNull(),
    releasedAt: integer("released_at"),
  },
  (table) => [
    uniqueIndex("compliance_holds_target_idx").on(table.target, table.targetId, table.caseId),
    index("compliance_holds_open_idx").on(table.target, table.targetId, table.status),
  ],
);

/** A monitoring rule's settings (item 3): a row once an operator changed it (defaults in code). */
export const monitoringRules = sqliteTable("monitoring_rules", {
  rule: text("rule", { enum: monitoringRuleKeys }).primaryKey(),
  enabled: integer("enabled", { mode: "boolean" }).notNull(),
  /** The thresholds (JSON object of the rule's named numbers). */
  thresholds: text("thresholds").notNull(),
  updatedBy: text("updated_by"),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * A rule that fired (item 3). `fingerprint` (rule, subject and window) makes one alert per pattern:
 * a re-run raises nothing twice. Every alert opens (or joins) a case.
 */
export const monitoringAlerts = sqliteTable(
  "monitoring_alerts",
  {
    /** alr_ + readable code. */
    id: text("id").primaryKey(),
    rule: text("rule", { enum: monitoringRuleKeys }).notNull(),
    merchantId: text("merchant_id"),
    fingerprint: text("fingerprint").notNull(),
    /** What fired it, for the case (JSON: the payments, payouts, refunds, addresses, numbers). */
    detail: text("detail").notNull(),
    caseId: text("case_id"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("monitoring_alerts_fingerprint_idx").on(table.fingerprint),
    index("monitoring_alerts_merchant_idx").on(table.merchantId, table.createdAt),
  ],
);

/**
 * A report to the Financial Reporting Centre (item 5): a suspicious transaction report from a case,
 * or a week's large transaction report. The goAML XML is stored as made; filing records the FRC's
 * reference. Never shown to the merchant (tipping-off).
 */
export const frcReports = sqliteTable(
  "frc_reports",
  {
    /** frc_ + readable code; also the report's rentity reference in goAML. */
    id: text("id").primaryKey(),
    kind: text("kind", { enum: frcReportKinds }).notNull(),
    status: text("status", { enum: frcReportStatuses }).notNull().default("draft"),
    caseId: text("case_id"),
    /** LTR: the week covered [start, end) (epoch ms). */
    periodStart: integer("period_start"),
    periodEnd: integer("period_end"),
    transactionCount: integer("transaction_count").notNull(),
    fileName: text("file_name").notNull(),
    /** The goAML XML, as made. */
    content: text("content").notNull(),
    /** SHA-256 of `content`, hex. */
    sha256: text("sha256").notNull(),
    /** The operator who made it; null for the weekly job. */
    createdBy: text("created_by"),
    createdAt: integer("created_at").notNull(),
    filedBy: text("filed_by"),
    filedAt: integer("filed_at"),
    /** The FRC's reference for the filing. */
    frcReference: text("frc_reference"),
  },
  (table) => [
    index("frc_reports_kind_idx").on(table.kind, table.createdAt),
    index("frc_reports_case_idx").on(table.caseId),
    uniqueIndex("frc_reports_period_idx")
      .on(table.kind, table.periodStart)
      .where(sql`${table.kind} = 'ltr'`),
  ],
);

/** A merchant's request for its data or for erasure (item 9), and what was done. */
export const dataRequests = sqliteTable(
  "data_requests",
  {
    /** dsr_ is taken by disbursement rows: drq_ + readable code. */
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    kind: text("kind", { enum: dataRequestKinds }).notNull(),
    status: text("status", { enum: dataRequestStatuses }).notNull(),
    /** The member who asked. */
    requestedBy: text("requested_by").notNull(),
    /** What was removed and what is kept until when (JSON), once done. */
    outcome: text("outcome"),
    createdAt: integer("created_at").notNull(),
    completedAt: integer("completed_at"),
  },
  (table) => [index("data_requests_merchant_idx").on(table.merchantId, table.createdAt)],
);
