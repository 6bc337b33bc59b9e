/**
 * One payment as the merchant's pages show it (the payment page and the hosted checkout), JSON-safe
 * (bigint cents as strings, crypto amounts as decimal strings):
 * - `paymentView`: what both pages show of the payment itself;
 * - `paymentMethodText`: how it was paid (or is asked), as the lists show it;
 * - `payoutView`: what the merchant is paid for it: before settlement, an estimate for this payment
 *   alone (its net after the collection fee, split by the rail limits, less the M-Pesa charge per
 *   transfer); after, the sum of the transfers actually made (failed ones left out).
 */
import { netOfFees } from "~/core/fees/excise";
import { displayNetwork, storedNetworkId } from "~/core/networks/networks";
import type { PaymentsConfig } from "./config";
import type { Payment } from "./payments.server";
import { formatCryptoUnits } from "./quote";
import { paymentMethodLabels } from "./statuses";
import type { Transfer } from "~/core/transfers/engine.server";
import { estimateSettlement } from "./settlement-plan";

export function paymentView(payment: Payment) {
  return {
    id: payment.id,
    reference: payment.reference,
    description: payment.description,
    status: payment.status,
    asset: payment.asset,
    /** The network's label ("Tron (TRC-20)"), and its id. */
    network: displayNetwork(payment.network, payment.asset),
    networkId: storedNetworkId(payment.network, payment.asset),
    amountKesCents: payment.amountKesCents.toString(),
    crypto: formatCryptoUnits(payment.cryptoAmountUnits, payment.asset),
    received: formatCryptoUnits(payment.receivedUnits, payment.asset),
    depositAddress: payment.depositAddress,
    confirmations: payment.confirmations,
    paidWith: payment.paidWith,
    expiresAt: payment.expiresAt,
  };
}

/** "M-Pesa" for a payment paid with M-Pesa, else its crypto amount: "6.22 USDT". */
export function paymentMethodText(
  payment: Pick<Payment, "paidWith" | "cryptoAmountUnits" | "asset">,
): string {
  if (payment.paidWith === "mpesa") return paymentMethodLabels.mpesa;
  return `${formatCryptoUnits(payment.cryptoAmountUnits, payment.asset)} ${payment.asset}`;
}

export interface PayoutAmounts {
  payoutKesCents: string;
  railChargeKesCents: string;
}

export interface PayoutView {
  /** The collection fee rate, basis points (for the "after the 1% fee" wording). */
  feeBps: number;
  estimate: PayoutAmounts;
  /** The transfers made so far (not failed), or null before settlement. */
  actual: PayoutAmounts | null;
  /** How many transfers `actual` sums (for "charge" or "charges"). */
  paidTransfers: number;
}

export function payoutView(
  payment: Pick<Payment, "amountKesCents" | "feeKesCents" | "exciseKesCents">,
  transfers: readonly Pick<Transfer, "status" | "amountKesCents" | "railChargeKesCents">[],
  config: Pick<PaymentsConfig, "c2bFeeBps" | "railPerTransferKes" | "railDailyKes">,
): PayoutView {
  const estimate = estimateSettlement(netOfFees(payment), {
    perTransferKes: config.railPerTransferKes,
    dailyKes: config.railDailyKes,
  });
  const live = transfers.filter((transfer) => transfer.status !== "failed");
  return {
    feeBps: config.c2bFeeBps,
    estimate: {
      payoutKesCents: estimate.payoutKesCents.toString(),
      railChargeKesCents: estimate.railChargeKesCents.toString(),
    },
    actual:
      live.length > 0
        ? {
            payoutKesCents: live.reduce((sum, t) => sum + t.amountKesCents, 0n).toString(),
            railChargeKesCents: live.reduce((sum, t) => sum + t.railChargeKesCents, 0n).toString(),
          }
        : null,
    paidTransfers: live.length,
  };
}
