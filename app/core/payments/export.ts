/**
 * The merchant's payments as a CSV file for their bookkeeper (issue 11, item 12). Pure: the rows
 * come from `listPaymentsForExport` (reads.server.ts); this only writes the text.
 *
 * - Excel-friendly: UTF-8 with a byte-order mark, CRLF line ends, RFC 4180 quoting.
 * - Times in Nairobi, ISO 8601 with the zone stated: "2026-11-24T14:05:00+03:00".
 * - Money as plain decimals (no separators, no currency sign): KES with two decimals, crypto in
 *   whole coins ("129.45" USDT), never base units.
 * - Fees, their excise duty (ADR 0059), net and settled amounts only for payments that were paid
 *   (confirmed, in review, settling, settled): an expired or failed payment shows its gross (what
 *   was asked) and nothing charged.
 * - Spreadsheet formula injection: a text cell starting with = + - @ (or a tab or carriage return)
 *   gets a leading apostrophe, so it is shown, never run.
 */
import {
  isPaidStatus,
  paymentMethodLabels,
  type PaymentMethod,
  type PaymentStatus,
  type TransferStatus,
} from "~/core/payments/statuses";
import { formatCryptoAmount, formatEatIso } from "~/utils/format";
import { displayNetwork } from "~/core/networks/networks";
import type { QuoteAsset } from "./quote";

export interface ExportPayment {
  id: string;
  reference: string;
  description: string | null;
  status: PaymentStatus;
  /** Crypto to the deposit address, or M-Pesa Express (then no crypto columns). */
  paidWith: PaymentMethod;
  asset: QuoteAsset;
  network: string;
  amountKesCents: bigint;
  feeKesCents: bigint;
  /** Excise duty on the fee (ADR 0059). */
  exciseKesCents: bigint;
  quoteRate: string;
  cryptoAmountUnits: bigint;
  receivedUnits: bigint;
  createdAt: number;
  confirmedAt: number | null;
  settledAt: number | null;
}

export interface ExportTransfer {
  status: TransferStatus;
  amountKesCents: bigint;
  railChargeKesCents: bigint;
  receipt: string | null;
  completedAt: number | null;
}

export interface ExportRow {
  payment: ExportPayment;
  transfers: readonly ExportTransfer[];
  /** The customer's M-Pesa receipt, for a payment paid with M-Pesa. */
  collectionReceipt?: string | null;
}

export const paymentsCsvColumns = [
  "Payment ID",
  "Reference",
  "Description",
  "Status",
  "Paid with",
  "Customer M-Pesa receipt",
  "Created (EAT)",
  "Asset",
  "Network",
  "Crypto amount",
  "Crypto received",
  "Rate (KES per coin)",
  "Gross KES",
  "Collection fee KES",
  "Excise duty KES",
  "Network fee KES",
  "Net KES",
  "Settled KES",
  "M-Pesa receipts",
  "Confirmed (EAT)",
  "Settled (EAT)",
] as const;

/** A cell we did not write ourselves (the merchant's reference, a description): quoted, defused. */
export function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** KES cents as a plain decimal: 123450n -> "1234.50", -5n -> "-0.05". */
export function kesDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

const time = (at: number | null) => (at === null ? "" : formatEatIso(at));

function csvLine(row: ExportRow): string {
  const p = row.payment;
  const paid = isPaidStatus(p.status);
  const done = row.transfers.filter((t) => t.status === "succeeded");
  const networkFee = done.reduce((sum, t) => sum + t.railChargeKesCents, 0n);
  const settled = done.reduce((sum, t) => sum + t.amountKesCents, 0n);
  const completed = done.map((t) => t.completedAt ?? 0).filter((at) => at > 0);
  const settledAt = p.settledAt ?? (completed.length ? Math.max(...completed) : null);
  const receipts = done.map((t) => t.receipt).filter((r): r is string => Boolean(r));
  const crypto = p.paidWith === "crypto";
  const cells = [
    textCell(p.id),
    textCell(p.reference),
    textCell(p.description ?? ""),
    p.status,
    paymentMethodLabels[p.paidWith],
    textCell(row.collectionReceipt ?? ""),
    time(p.createdAt),
    // A payment paid with M-Pesa moved no crypto: its quote's columns stay empty.
    crypto ? p.asset : "",
    crypto ? textCell(displayNetwork(p.network, p.asset)) : "",
    crypto ? formatCryptoAmount(p.cryptoAmountUnits, p.asset) : "",
    crypto ? formatCryptoAmount(p.receivedUnits, p.asset) : "",
    crypto ? textCell(p.quoteRate) : "",
    kesDecimal(p.amountKesCents),
    paid ? kesDecimal(p.feeKesCents) : "",
    paid ? kesDecimal(p.exciseKesCents) : "",
    paid ? kesDecimal(networkFee) : "",
    paid ? kesDecimal(p.amountKesCents - p.feeKesCents - p.exciseKesCents - networkFee) : "",
    paid ? kesDecimal(settled) : "",
    textCell(receipts.join(" ")),
    time(p.confirmedAt),
    paid ? time(settledAt) : "",
  ];
  return cells.join(",");
}

/** The whole file: byte-order mark, header row, one line per payment, CRLF line ends. */
export function paymentsCsv(rows: readonly ExportRow[]): string {
  return `\uFEFF${[paymentsCsvColumns.join(","), ...rows.map(csvLine)].join("\r\n")}\r\n`;
}
