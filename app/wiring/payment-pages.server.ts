/**
 * The payments pages' reads on the process's store (ADR 0041): app/core/payments/pages.server.ts.
 */
import {
  checkoutCollections,
  checkoutCollectionState,
  checkoutMerchantTransfers,
  merchantDashboard,
  merchantPaymentPage,
  merchantPaymentsExport,
  merchantPaymentsPage,
  merchantSettlementDestination,
  operatorPayment,
  operatorPaymentPage,
  operatorPaymentsPage,
} from "~/core/payments/pages.server";
import { tillPage } from "~/core/payments/till.server";
import { bindStore, store } from "./store.server";

export function paymentPages() {
  return bindStore(store(), {
    operatorList: operatorPaymentsPage,
    operatorPayment,
    operatorPaymentPage,
    merchantList: merchantPaymentsPage,
    merchantExport: merchantPaymentsExport,
    merchantDashboard,
    merchantPaymentPage,
    settlementDestination: merchantSettlementDestination,
    checkoutCollections,
    checkoutCollectionState,
    checkoutMerchantTransfers,
    tillPage,
  });
}
