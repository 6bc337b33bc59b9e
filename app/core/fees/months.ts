/**
 * Months and fee kinds of the excise report and the fee invoices (ADR 0059), pure and isomorphic:
 * a month is "2026-11", in Nairobi time (EAT, UTC+3 all year).
 */
import { exciseDueDayOfMonth } from "~/content/excise-duty";
import { formatMonthYear } from "~/utils/format";

export const feeKinds = ["collection", "b2c", "b2b"] as const;
export type FeeKind = (typeof feeKinds)[number];

export const feeKindLabels: Record<FeeKind, string> = {
  collection: "Collection fee (C2B)",
  b2c: "Payout fee (B2C)",
  b2b: "Business payment fee (B2B)",
};

/** EAT is UTC+3 all year. */
const EAT_OFFSET_MS = 3 * 3_600_000;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** "2026-11": a calendar month. */
export function isMonth(value: string): boolean {
  return MONTH.test(value);
}

/** The month [start, end) in epoch milliseconds, Nairobi time. */
export function monthBounds(month: string): { startMs: number; endMs: number } {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`Not a month: ${month}`);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return {
    startMs: Date.UTC(year, index, 1) - EAT_OFFSET_MS,
    endMs: Date.UTC(year, index + 1, 1) - EAT_OFFSET_MS,
  };
}

/** The month after `month`. */
function nextMonth(month: string): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, "0")}`;
}

/** The day the month's excise is due at the KRA: the 20th of the following month ("2026-12-20"). */
export function exciseDueDate(month: string): string {
  return `${nextMonth(month)}-${String(exciseDueDayOfMonth).padStart(2, "0")}`;
}

/** The month (Nairobi time) an instant is in: "2026-11". */
export function monthOf(at: number): string {
  return new Date(at + EAT_OFFSET_MS).toISOString().slice(0, 7);
}

/** The month before the one `at` is in: the month whose excise falls due next. */
export function previousMonthOf(at: number): string {
  const [year, index] = monthOf(at).split("-").map(Number) as [number, number];
  return index === 1 ? `${year - 1}-12` : `${year}-${String(index - 1).padStart(2, "0")}`;
}

/** "November 2026". */
export function formatMonth(month: string): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return formatMonthYear(year, index);
}

/** The month of `?month=`: the given one when valid, else `fallback`; `error` when it was wrong. */
export function parseMonth(
  value: string | null,
  fallback: string,
): { month: string; error: string | null } {
  if (value === null || value === "") return { month: fallback, error: null };
  return isMonth(value)
    ? { month: value, error: null }
    : { month: fallback, error: "Choose a month, such as 2026-11." };
}

/** Fees and their excise (KES cents) and how many fee lines. */
export interface FeeTotals {
  count: number;
  feeKesCents: bigint;
  exciseKesCents: bigint;
}

export interface ExciseMonthReport {
  month: string;
  /** "2026-12-20": when the month's excise is due at the KRA. */
  dueDate: string;
  byKind: Record<FeeKind, FeeTotals>;
  totals: FeeTotals;
}

export interface FeeInvoiceLine {
  transactionId: string;
  at: number;
  kind: FeeKind;
  /** The payment or transfer the fee is for. */
  reference: string;
  description: string;
  feeKesCents: bigint;
  exciseKesCents: bigint;
}

export interface FeeInvoice {
  merchantId: string;
  month: string;
  lines: FeeInvoiceLine[];
  totals: FeeTotals;
}
