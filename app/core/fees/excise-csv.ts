/**
 * The excise report and a fee invoice as CSV files (ADR 0059), pure: the conventions of the other
 * exports (core/payments/export.ts): UTF-8 with a byte-order mark, CRLF line ends, KES as plain
 * decimals, times in Nairobi as ISO 8601 with the offset, text defused against formulas.
 */
import { onehopKraPin } from "~/content/excise-duty";
import { kesDecimal, textCell } from "~/core/payments/export";
import { formatEatIso } from "~/utils/format";
import { type ExciseMonthReport, type FeeInvoice, feeKindLabels, feeKinds } from "./months";

const file = (rows: readonly string[][]) =>
  `\uFEFF${rows.map((row) => row.join(",")).join("\r\n")}\r\n`;

export const exciseReportCsvColumns = [
  "Month",
  "Fee kind",
  "Fee lines",
  "Fees KES",
  "Excise duty KES",
  "Due date",
] as const;

/** The month's report: one row per fee kind and a total row. */
export function exciseReportCsv(report: ExciseMonthReport): string {
  const row = (label: string, totals: ExciseMonthReport["totals"]) => [
    report.month,
    textCell(label),
    String(totals.count),
    kesDecimal(totals.feeKesCents),
    kesDecimal(totals.exciseKesCents),
    report.dueDate,
  ];
  return file([
    [...exciseReportCsvColumns],
    ...feeKinds.map((kind) => row(feeKindLabels[kind], report.byKind[kind])),
    row("Total", report.totals),
  ]);
}

export const feeInvoiceCsvColumns = [
  "Date (EAT)",
  "Fee kind",
  "Reference",
  "Description",
  "Fee KES",
  "Excise duty KES",
  "Total KES",
  "Ledger transaction",
] as const;

/** A merchant's fee invoice: who issued it and to whom, each fee with its excise, the totals. */
export function feeInvoiceCsv(
  invoice: FeeInvoice,
  holder: { businessName: string; kraPin: string | null },
): string {
  const blank = ["", "", "", "", "", "", "", ""];
  const note = (label: string, value: string) => [
    textCell(label),
    textCell(value),
    ...blank.slice(2),
  ];
  return file([
    [...feeInvoiceCsvColumns],
    note("OneHop KRA PIN", onehopKraPin),
    note("Merchant", `${holder.businessName} (${invoice.merchantId})`),
    note("Merchant KRA PIN", holder.kraPin ?? "Not given"),
    note("Month", invoice.month),
    ...invoice.lines.map((line) => [
      formatEatIso(line.at),
      textCell(feeKindLabels[line.kind]),
      textCell(line.reference),
      textCell(line.description),
      kesDecimal(line.feeKesCents),
      kesDecimal(line.exciseKesCents),
      kesDecimal(line.feeKesCents + line.exciseKesCents),
      line.transactionId,
    ]),
    [
      "",
      "Total",
      "",
      "",
      kesDecimal(invoice.totals.feeKesCents),
      kesDecimal(invoice.totals.exciseKesCents),
      kesDecimal(invoice.totals.feeKesCents + invoice.totals.exciseKesCents),
      "",
    ],
  ]);
}
