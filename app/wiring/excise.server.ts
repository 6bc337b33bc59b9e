/**
 * The excise duty service (ADR 0059): the operators' monthly excise report and a merchant's fee
 * invoice with the business it is for, read from the ledger on the process's store.
 */
import { exciseMonthReportOn, feeInvoiceOn } from "~/core/fees/excise-ledger.server";
import { holderOn } from "~/core/statements/statement.server";
import type { Store } from "~/db/store";
import { bindStore, store } from "./store.server";

export function excise() {
  return bindStore(store(), {
    monthReport: (on: Store, month: string) => on.read((q) => exciseMonthReportOn(q, month)),
    invoice: (on: Store, merchantId: string, month: string) =>
      on.read(async (q) => ({
        invoice: await feeInvoiceOn(q, merchantId, month),
        holder: await holderOn(q, merchantId),
      })),
  });
}
