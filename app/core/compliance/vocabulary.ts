/**
 * The words of compliance (issue 31): sanctions lists and their snapshots, what is screened and
 * with what result, cases, and what a case holds. Isomorphic and pure: the schema builds its
 * columns from these (ADR 0020) and the pages label them.
 */

/** The lists we import (issue 31, item 1). */
export const sanctionsSources = ["un", "ofac"] as const;
export type SanctionsSource = (typeof sanctionsSources)[number];

export const sanctionsSourceLabels: Record<SanctionsSource, string> = {
  un: "UN Security Council Consolidated List",
  ofac: "OFAC SDN list",
};

/**
 * A snapshot's state: `active` is the one screening uses (one per source), `superseded` an older
 * good one, `rejected` an import refused (unreadable, or suspiciously smaller than the last good
 * one): it never replaced anything.
 */
export const snapshotStatuses = ["active", "superseded", "rejected"] as const;
export type SnapshotStatus = (typeof snapshotStatuses)[number];

/** How an import started: the daily schedule or an operator's "Import now" (a file upload). */
export const snapshotTriggers = ["scheduled", "upload"] as const;
export type SnapshotTrigger = (typeof snapshotTriggers)[number];

/** What a listed party is. */
export const listedKinds = ["individual", "entity", "vessel", "aircraft"] as const;
export type ListedKind = (typeof listedKinds)[number];

/** How a name stands on the list: the primary name, a strong or a weak alias (UN "Low" quality). */
export const nameQualities = ["primary", "strong", "weak"] as const;
export type NameQuality = (typeof nameQualities)[number];

/** What is screened (issue 31, item 2). */
export const screeningSubjects = [
  "merchant",
  "director",
  "member",
  "payout_recipient",
  "address",
] as const;
export type ScreeningSubject = (typeof screeningSubjects)[number];

/** When it was screened. */
export const screeningContexts = [
  "application",
  "list_change",
  "team",
  "payout",
  "deposit",
  "refund",
  "payment_address",
  "manual",
] as const;
export type ScreeningContext = (typeof screeningContexts)[number];

export const screeningResults = ["clear", "hit"] as const;
export type ScreeningResult = (typeof screeningResults)[number];

/** Cases (issue 31, item 4). */
export const caseKinds = ["sanctions_hit", "monitoring_alert", "manual"] as const;
export type CaseKind = (typeof caseKinds)[number];

export const caseSeverities = ["low", "medium", "high", "critical"] as const;
export type CaseSeverity = (typeof caseSeverities)[number];

export const caseStatuses = ["open", "cleared", "held", "reported", "offboarded"] as const;
export type CaseStatus = (typeof caseStatuses)[number];

/** What a case holds until it is decided. */
export const holdTargets = ["payment", "disbursement", "refund", "application"] as const;
export type HoldTarget = (typeof holdTargets)[number];

export const holdStatuses = ["held", "released", "kept"] as const;
export type HoldStatus = (typeof holdStatuses)[number];

/** An officer's decision on a case (cases.server.ts says what each does to the holds). */
export const caseDecisions = ["clear", "hold", "report", "offboard"] as const;
export type CaseDecision = (typeof caseDecisions)[number];

/** Monitoring rules (issue 31, item 3): each is on or off with its thresholds in the console. */
export const monitoringRuleKeys = [
  "velocity",
  "structuring",
  "shared_source",
  "refund_elsewhere",
  "new_merchant_spike",
  "new_recipients",
  "round_bursts",
] as const;
export type MonitoringRuleKey = (typeof monitoringRuleKeys)[number];

/** Reports to the FRC (issue 31, item 5): suspicious (from a case) and large transaction. */
export const frcReportKinds = ["str", "ltr"] as const;
export type FrcReportKind = (typeof frcReportKinds)[number];

export const frcReportStatuses = ["draft", "filed"] as const;
export type FrcReportStatus = (typeof frcReportStatuses)[number];

/** A merchant's data requests (issue 31, item 9). */
export const dataRequestKinds = ["export", "erasure"] as const;
export type DataRequestKind = (typeof dataRequestKinds)[number];

export const dataRequestStatuses = ["received", "completed", "refused"] as const;
export type DataRequestStatus = (typeof dataRequestStatuses)[number];
