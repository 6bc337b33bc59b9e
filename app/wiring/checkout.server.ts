/**
 * The customer's checkout on the process's store (ADR 0041): the payment and its status, the
 * network choice and changing the network, the receipt once paid.
 */
import {
  checkoutNetworkChoice,
  checkoutPayment,
  checkoutPaymentById,
  checkoutStatus,
} from "~/core/payments/checkout.server";
import { choosePaymentNetwork } from "~/core/payments/network-choice.server";
import { paymentReceipt } from "~/core/payments/receipt.server";
import { bindStore, store } from "./store.server";

export function checkout() {
  return bindStore(store(), {
    payment: checkoutPayment,
    paymentById: checkoutPaymentById,
    status: checkoutStatus,
    networkChoice: checkoutNetworkChoice,
    chooseNetwork: choosePaymentNetwork,
    receipt: paymentReceipt,
  });
}
