/**
 * The customer's checkout on the process's store (ADR 0041): the payment and its status, the
 * network (and coin) choice and changing it, the receipt once paid.
 */
import {
  checkoutNetworkChoice,
  checkoutPayment,
  checkoutPaymentById,
  checkoutStatus,
} from "~/core/payments/checkout.server";
import type { CoinOption } from "~/core/payments/coin-choice";
import {
  choosePaymentNetwork,
  coinQuotes,
  type Repricing,
} from "~/core/payments/network-choice.server";
import type { Payment } from "~/core/payments/payments.server";
import type { QuoteAsset } from "~/core/payments/quote";
import type { LiveSymbol } from "~/content/cryptocurrencies";
import { payments } from "./payments.server";
import { ratesService } from "./rates.server";
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

/**
 * The live rates (brought up to date first when this process lacks `asset`'s: another process may
 * have stored it) and the payment settings, to price a payment again in another coin (ADR 0052).
 */
export async function checkoutPricing(asset?: QuoteAsset): Promise<Repricing> {
  const rates = ratesService();
  if (asset && !rates.liveRate(asset as LiveSymbol)) await rates.sync();
  return { rates: rates.read(), config: payments().config };
}

/** What each coin the customer may choose costs now (null: no live rate). */
export async function coinQuotesNow(payment: Payment, coins: readonly CoinOption[], now: number) {
  return coinQuotes(await checkoutPricing(), payment, coins, now);
}
