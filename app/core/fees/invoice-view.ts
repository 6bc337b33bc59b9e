/**
 * A fee invoice as the pages show it (ADR 0059), pure: KES cents as strings (a loader's data
 * crosses to the browser as JSON).
 */
import type { FeeInvoice, FeeKind } from "./months";

export interface FeeInvoiceView {
  month: string;
  merchantId: string;
  businessName: string;
  kraPin: string | null;
  lines: {
    transactionId: string;
    at: number;
    kind: FeeKind;
    reference: string;
    description: string;
    fee: string;
    excise: string;
  }[];
  totals: { count: number; fee: string; excise: string };
}

export function feeInvoiceView(
  invoice: FeeInvoice,
  holder: { businessName: string; kraPin: string | null } | null,
): FeeInvoiceView {
  return {
    month: invoice.month,
    merchantId: invoice.merchantId,
    businessName: holder?.businessName ?? invoice.merchantId,
    kraPin: holder?.kraPin ?? null,
    lines: invoice.lines.map((line) => ({
      transactionId: line.transactionId,
      at: line.at,
      kind: line.kind,
      reference: line.reference,
      description: line.description,
      fee: line.feeKesCents.toString(),
      excise: line.exciseKesCents.toString(),
    })),
    totals: {
      count: invoice.totals.count,
      fee: invoice.totals.feeKesCents.toString(),
      excise: invoice.totals.exciseKesCents.toString(),
    },
  };
}
