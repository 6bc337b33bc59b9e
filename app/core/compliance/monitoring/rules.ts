/**
 * The monitoring rules (issue 31, item 3; ADR 0056): what each one looks for, its named thresholds
 * with their defaults, bounds and units, and how serious an alert of it is. The one source of the
 * defaults: an operator's change is stored in `monitoring_rules` and read over these. Isomorphic
 * and pure (the console page renders the forms from it, the server validates with it).
 */
import { cryptoLimits } from "~/content/tariff";
import type { CaseSeverity, MonitoringRuleKey } from "../vocabulary";

/** How a threshold is entered and shown: whole shillings, a percentage, a count, hours, days. */
export type ThresholdUnit = "kes" | "percent" | "count" | "times" | "hours" | "days";

export interface ThresholdDefinition {
  key: string;
  label: string;
  unit: ThresholdUnit;
  /** What it means, under the field. */
  hint: string;
  defaultValue: number;
  min: number;
  max: number;
}

export interface RuleDefinition {
  key: MonitoringRuleKey;
  title: string;
  description: string;
  /** The case an alert opens. */
  severity: CaseSeverity;
  /** When that case is due (ms after it opens). */
  dueInMs: number;
  thresholds: readonly ThresholdDefinition[];
}

const DAY_MS = 24 * 3_600_000;
/** The FRC's deadline for a suspicious transaction report: structuring is one. */
const STR_DUE_MS = 2 * DAY_MS;
/** Other alerts are triaged within the week's working days. */
const TRIAGE_DUE_MS = 5 * DAY_MS;

const windowHours = (defaultValue: number, hint: string): ThresholdDefinition => ({
  key: "windowHours",
  label: "Window",
  unit: "hours",
  hint,
  defaultValue,
  min: 1,
  max: 168,
});

export const monitoringRules: readonly RuleDefinition[] = [
  {
    key: "velocity",
    title: "Velocity against the merchant's own history",
    description:
      "A merchant's payments today (Nairobi time), by count or by volume, are many times its daily average over the days before.",
    severity: "medium",
    dueInMs: TRIAGE_DUE_MS,
    thresholds: [
      {
        key: "multiple",
        label: "Times the daily average",
        unit: "times",
        hint: "Today's count or volume must exceed this many times the average day.",
        defaultValue: 5,
        min: 2,
        max: 100,
      },
      {
        key: "historyDays",
        label: "History",
        unit: "days",
        hint: "The days before today the average is taken over.",
        defaultValue: 30,
        min: 7,
        max: 90,
      },
      {
        key: "minPayments",
        label: "At least this many payments today",
        unit: "count",
        hint: "Fewer payments than this never fire on count.",
        defaultValue: 20,
        min: 2,
        max: 10_000,
      },
      {
        key: "minVolumeKes",
        label: "At least this volume today",
        unit: "kes",
        hint: "A smaller volume never fires on volume.",
        defaultValue: 500_000,
        min: 1_000,
        max: 1_000_000_000,
      },
    ],
  },
  {
    key: "structuring",
    title: "Structuring just under a limit",
    description:
      "Several payments just under the automatic-review limit, or payouts just under the merchant's own approval threshold, within a window: amounts split to stay below a check. A suspected STR, due in 2 days.",
    severity: "high",
    dueInMs: STR_DUE_MS,
    thresholds: [
      {
        key: "limitKes",
        label: "Payment limit",
        unit: "kes",
        hint: "Payments above this are held for manual review (the tariff's automatic maximum).",
        defaultValue: cryptoLimits.autoMaxPerTransaction,
        min: 1_000,
        max: 1_000_000_000,
      },
      {
        key: "belowPercent",
        label: "Within this much below the limit",
        unit: "percent",
        hint: "An amount from the limit less this percentage up to the limit counts as just under it.",
        defaultValue: 10,
        min: 1,
        max: 50,
      },
      {
        key: "count",
        label: "How many",
        unit: "count",
        hint: "This many payments (or payouts) just under the limit fire the rule.",
        defaultValue: 3,
        min: 2,
        max: 100,
      },
      windowHours(24, "How far back the payments and payouts are counted."),
    ],
  },
  {
    key: "shared_source",
    title: "Many payments from one source address",
    description:
      "One deposit source address pays several merchants, or many payments, within a window.",
    severity: "high",
    dueInMs: STR_DUE_MS,
    thresholds: [
      {
        key: "merchants",
        label: "Merchants paid",
        unit: "count",
        hint: "One address paying this many different merchants fires the rule.",
        defaultValue: 3,
        min: 2,
        max: 1_000,
      },
      {
        key: "payments",
        label: "Payments made",
        unit: "count",
        hint: "One address making this many payments fires the rule.",
        defaultValue: 10,
        min: 2,
        max: 10_000,
      },
      windowHours(24, "How far back the payments are counted."),
    ],
  },
  {
    key: "refund_elsewhere",
    title: "Refund to another address",
    description:
      "A crypto refund goes to an address other than the one the payment came from (the usual route to launder through a refund).",
    severity: "medium",
    dueInMs: TRIAGE_DUE_MS,
    thresholds: [
      {
        key: "minAmountKes",
        label: "From this amount",
        unit: "kes",
        hint: "Refunds worth less than this (KES value) are not raised; 0 raises every one.",
        defaultValue: 0,
        min: 0,
        max: 1_000_000_000,
      },
      windowHours(24, "How far back refunds are read."),
    ],
  },
  {
    key: "new_merchant_spike",
    title: "New merchant's volume spike",
    description: "A merchant younger than a few days takes a large volume within a window.",
    severity: "high",
    dueInMs: TRIAGE_DUE_MS,
    thresholds: [
      {
        key: "maxAgeDays",
        label: "Merchant younger than",
        unit: "days",
        hint: "Counted from the day the merchant was approved.",
        defaultValue: 30,
        min: 1,
        max: 365,
      },
      {
        key: "volumeKes",
        label: "Volume",
        unit: "kes",
        hint: "Payments received in the window totalling this much fire the rule.",
        defaultValue: 1_000_000,
        min: 1_000,
        max: 1_000_000_000,
      },
      windowHours(24, "How far back the volume is counted."),
    ],
  },
  {
    key: "new_recipients",
    title: "Payouts to many new recipients",
    description:
      "A merchant pays out to many recipients it never paid before (in its recent history) within a window.",
    severity: "medium",
    dueInMs: TRIAGE_DUE_MS,
    thresholds: [
      {
        key: "recipients",
        label: "New recipients",
        unit: "count",
        hint: "This many recipients never paid before fire the rule.",
        defaultValue: 10,
        min: 2,
        max: 10_000,
      },
      {
        key: "historyDays",
        label: "Known from",
        unit: "days",
        hint: "A recipient paid in this many days before the window is not new.",
        defaultValue: 90,
        min: 1,
        max: 730,
      },
      windowHours(24, "How far back payouts are counted."),
    ],
  },
  {
    key: "round_bursts",
    title: "Round amounts in bursts",
    description:
      "A merchant's payments or payouts in round amounts come in a burst: many within a short window.",
    severity: "low",
    dueInMs: TRIAGE_DUE_MS,
    thresholds: [
      {
        key: "roundToKes",
        label: "Round to",
        unit: "kes",
        hint: "An amount that is a whole multiple of this is round.",
        defaultValue: 10_000,
        min: 100,
        max: 10_000_000,
      },
      {
        key: "minAmountKes",
        label: "From this amount",
        unit: "kes",
        hint: "Smaller round amounts are ordinary prices and never count.",
        defaultValue: 50_000,
        min: 0,
        max: 1_000_000_000,
      },
      {
        key: "count",
        label: "How many",
        unit: "count",
        hint: "This many round amounts in the window fire the rule.",
        defaultValue: 5,
        min: 2,
        max: 1_000,
      },
      windowHours(1, "The burst's length."),
    ],
  },
];

export type Thresholds = Record<string, number>;

export interface RuleSettings {
  rule: MonitoringRuleKey;
  enabled: boolean;
  thresholds: Thresholds;
  /** Null: the defaults in code, never changed. */
  updatedBy: string | null;
  updatedAt: number | null;
}

export function ruleDefinition(key: MonitoringRuleKey): RuleDefinition {
  const found = monitoringRules.find((rule) => rule.key === key);
  if (!found) throw new Error(`No monitoring rule ${key}`);
  return found;
}

export function defaultThresholds(key: MonitoringRuleKey): Thresholds {
  return Object.fromEntries(
    ruleDefinition(key).thresholds.map((each) => [each.key, each.defaultValue]),
  );
}

/**
 * A stored override read over the defaults: each known threshold that is a whole number in its
 * bounds is taken, anything else (a renamed or missing threshold) keeps its default.
 */
export function mergeThresholds(key: MonitoringRuleKey, stored: unknown): Thresholds {
  const merged = defaultThresholds(key);
  if (!stored || typeof stored !== "object") return merged;
  for (const each of ruleDefinition(key).thresholds) {
    const value = (stored as Record<string, unknown>)[each.key];
    if (
      typeof value === "number" &&
      Number.isInteger(value) &&
      value >= each.min &&
      value <= each.max
    )
      merged[each.key] = value;
  }
  return merged;
}

/** The units as the page writes them after a value. */
export const thresholdUnitLabels: Record<ThresholdUnit, string> = {
  kes: "KES",
  percent: "%",
  count: "",
  times: "times",
  hours: "hours",
  days: "days",
};

/** The form's message for a threshold out of its bounds or not a whole number. */
export function thresholdMessage(threshold: ThresholdDefinition): string {
  const number = (value: number) => value.toLocaleString("en-KE");
  return `${threshold.label}: enter a whole number from ${number(threshold.min)} to ${number(threshold.max)}`;
}

export type ThresholdCheck =
  { ok: true; thresholds: Thresholds } | { ok: false; errors: Record<string, string> };

/** Read a form's thresholds for a rule: every one present, a whole number in its bounds. */
export function checkThresholds(
  key: MonitoringRuleKey,
  values: Record<string, unknown>,
): ThresholdCheck {
  const thresholds: Thresholds = {};
  const errors: Record<string, string> = {};
  for (const each of ruleDefinition(key).thresholds) {
    const raw = values[each.key];
    const text = typeof raw === "string" ? raw.trim().replaceAll(",", "") : "";
    const value = /^\d{1,13}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < each.min || value > each.max)
      errors[each.key] = thresholdMessage(each);
    else thresholds[each.key] = value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, thresholds };
}
