/**
 * Display helpers for the operator payment pages. Isomorphic: loaders send amounts as strings of
 * integers (KES cents, crypto base units), these format them without floats.
 */
import type { PaymentStatus, TransferStatus } from "~/core/payments/statuses";
import { formatCryptoUnits, type QuoteAsset } from "~/core/payments/quote";
import { paymentStatusLabels } from "~/components/payments/labels";
import { formatKes } from "~/utils/format";

export { formatEatDateTime } from "~/components/admin/ingest/format";

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
 * KES from a string of cents: whole shillings as the site shows them ("KES 12,500"), with the cents
 * kept when there are any ("KES 125.50"), so an operator sees the exact amount. No rounding.
 */
export function formatKesCents(cents: string | bigint): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = formatKes(abs / 100n);
  const rest = abs % 100n;
  const text = rest === 0n ? whole : `${whole}.${rest.toString().padStart(2, "0")}`;
  return negative ? `-${text}` : text;
}

/** "0.0015 BTC" from a string of base units. */
export function formatCrypto(units: string | bigint, asset: QuoteAsset): string {
  return `${formatCryptoUnits(BigInt(units), asset)} ${asset}`;
}

/**
 * A decimal string with thousands separators, its fraction as stored: "11591750.5" ->
 * "11,591,750.5".
 */
export function formatDecimal(value: string): string {
  const [whole = "0", fraction] = value.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}
