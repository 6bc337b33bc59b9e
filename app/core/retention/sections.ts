/** The sections of a merchant's data export (ADR 0060), in order, with their names. Isomorphic. */
export const exportSections = [
  "business",
  "members",
  "api_keys",
  "payments",
  "refunds",
  "payouts",
  "settlement_transfers",
  "ledger_entries",
  "audit",
] as const;
export type ExportSection = (typeof exportSections)[number];

export const exportSectionLabels: Record<ExportSection, string> = {
  business: "Business details",
  members: "Team members",
  api_keys: "API keys (never their secrets)",
  payments: "Payments",
  refunds: "Refunds",
  payouts: "Payouts",
  settlement_transfers: "Settlements and transfers",
  ledger_entries: "Statement lines (ledger entries)",
  audit: "Audit log",
};

export const isExportSection = (value: unknown): value is ExportSection =>
  typeof value === "string" && (exportSections as readonly string[]).includes(value);
