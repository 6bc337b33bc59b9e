/**
 * Display helpers for the operator payment pages. Isomorphic: loaders send amounts as strings of
 * integers (KES cents, crypto base units), these format them without floats.
 */
import type { PaymentStatus, TransferStatus } from "~/core/payments/statuses";
import { paymentStatusLabels } from "~/components/payments/labels";
export {
  /** KES from cents, always with its cents ("KES 12,500.00"): the exact amount, no rounding. */
  formatKesCents,
  formatCrypto,
  formatDate,
  formatEatDateTime,
  formatKesRate,
  formatPhone,
} from "~/utils/format";

export type Tone = "neutral" | "success" | "warning" | "danger" | "info";

/** Payment states read the same to operators as to merchants (components/payments/labels.ts). */
export const paymentStatusLabel = Object.fromEntries(
  Object.entries(paymentStatusLabels).map(([status, { label }]) => [status, label]),
) as Record<PaymentStatus, string>;
export const paymentStatusTone = Object.fromEntries(
  Object.entries(paymentStatusLabels).map(([status, { tone }]) => [status, tone]),
) as Record<PaymentStatus, Tone>;

export const transferStatusLabel: Record<TransferStatus, string> = {
  scheduled: "Scheduled",
  pending: "Pending",
  sent: "Sent",
  succeeded: "Succeeded",
  failed: "Failed",
};

export const transferStatusTone: Record<TransferStatus, Tone> = {
  scheduled: "neutral",
  pending: "info",
  sent: "info",
  succeeded: "success",
  failed: "danger",
};

/**
 * A decimal string with thousands separators, its fraction as stored: "11591750.5" ->
 * "11,591,750.5".
 */
export function formatDecimal(value: string): string {
  const [whole = "0", fraction] = value.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}
