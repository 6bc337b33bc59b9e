/** How the console names a case's kind, severity, status and decisions (issue 31, item 4). */
import type {
  CaseDecision,
  CaseKind,
  CaseSeverity,
  CaseStatus,
} from "~/core/compliance/vocabulary";

export const caseKindLabels: Record<CaseKind, string> = {
  sanctions_hit: "Sanctions screening hit",
  monitoring_alert: "Monitoring alert",
  manual: "Opened by an officer",
};

export const caseSeverityLabels: Record<CaseSeverity, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  critical: "Critical",
};

export const caseStatusLabels: Record<CaseStatus, string> = {
  open: "Open",
  cleared: "Cleared",
  held: "Kept on hold",
  reported: "Reported",
  offboarded: "Offboarded",
};

export const caseDecisionLabels: Record<CaseDecision, { label: string; hint: string }> = {
  clear: {
    label: "Clear",
    hint: "A false positive or nothing suspicious: everything the case holds is released.",
  },
  hold: { label: "Keep on hold", hint: "Freeze what the case holds; the case is closed." },
  report: {
    label: "File a report",
    hint: "Suspicious: keep everything held; the case's suspicious transaction report (made below) goes to the FRC.",
  },
  offboard: {
    label: "Offboard",
    hint: "End the relationship: keep everything held and close the case.",
  },
};
