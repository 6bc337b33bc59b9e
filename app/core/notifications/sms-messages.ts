/**
 * The texts of members' SMS notifications (issue 30, item 9): short (one SMS, 160 characters,
 * where the reference allows), money and times in Kenyan style through ~/utils/format, no secrets
 * and no customer's phone number. Isomorphic.
 */
import { formatEatDateTime, formatKesCents } from "~/utils/format";

/** One SMS of the GSM alphabet. */
export const SMS_SEGMENT_CHARS = 160;

/** A merchant's reference or title in a text: at most `max` characters, an ellipsis if cut. */
export function shortened(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 3)}...`;
}

const prefix = (mode: "live" | "test") => (mode === "test" ? "OneHop (test):" : "OneHop:");

/** "OneHop: KES 2,500.00 received from a customer for INV-42 (pay_…). 30 Nov 2026, 14:05 EAT." */
export function paymentReceivedText(input: {
  mode: "live" | "test";
  amountKesCents: bigint;
  reference: string | null;
  paymentId: string;
  at: number;
}): string {
  const what = input.reference
    ? `for ${shortened(input.reference, 24)} (${input.paymentId})`
    : `(${input.paymentId})`;
  return `${prefix(input.mode)} ${formatKesCents(input.amountKesCents)} received from a customer ${what}. ${formatEatDateTime(input.at)}.`;
}

/** "OneHop: KES 2,475.00 paid out to your M-Pesa for INV-42. Receipt QK…. 30 Nov 2026, …." */
export function settlementPaidText(input: {
  mode: "live" | "test";
  amountKesCents: bigint;
  railName: string;
  reference: string | null;
  receipt: string | null;
  at: number;
}): string {
  const parts = [
    `${prefix(input.mode)} ${formatKesCents(input.amountKesCents)} paid out to your ${input.railName}${input.reference ? ` for ${shortened(input.reference, 24)}` : ""}.`,
    input.receipt ? `Receipt ${shortened(input.receipt, 24)}.` : null,
    `${formatEatDateTime(input.at)}.`,
  ];
  return parts.filter(Boolean).join(" ");
}

/** "OneHop: payout "Salaries" done: 12 of 14 paid, KES 50,000.00. 30 Nov 2026, 14:05 EAT." */
export function payoutBatchDoneText(input: {
  mode: "live" | "test";
  title: string;
  paidCount: number;
  rowCount: number;
  paidKesCents: bigint;
  at: number;
}): string {
  return `${prefix(input.mode)} payout "${shortened(input.title, 30)}" done: ${input.paidCount} of ${input.rowCount} paid, ${formatKesCents(input.paidKesCents)}. ${formatEatDateTime(input.at)}.`;
}
