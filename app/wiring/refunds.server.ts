/**
 * The refunds service for a request: this process's store (ADR 0041), the payments runtime serving
 * the refund's mode (ADR 0028) for custody and M-Pesa, and today's rates.
 */
import type { LiveSymbol } from "~/content/cryptocurrencies";
import { payoutRailsOf } from "~/core/payments/rails.server";
import { sendPendingTransfers } from "~/core/payments/transfer-purposes.server";
import type { RailId } from "~/core/rails/types";
import { sendPendingRefunds } from "~/core/refunds/custody-send.server";
import { getRefundOn } from "~/core/refunds/refunds.server";
import { createRefundsService, type RefundsService } from "~/core/refunds/service.server";
import { logger } from "~/utils/logger.server";
import { store } from "./store.server";
import { runningPayments, runningTestPayments } from "./payments.server";
import { ratesService } from "./rates.server";

export function refunds(): RefundsService {
  return createRefundsService({
    store: store(),
    currentRate: (asset) => ratesService().liveRate(asset as LiveSymbol)?.priceKes ?? null,
    runtime(mode) {
      const runtime = mode === "test" ? runningTestPayments() : runningPayments();
      if (!runtime) return null;
      const rails = payoutRailsOf(runtime);
      return {
        estimateNetworkFee: (assetId) => runtime.custody.estimateNetworkFee(assetId),
        runningRails: Object.keys(rails) as RailId[],
        async sendNow(refundId) {
          try {
            await sendPendingRefunds(store(), runtime.custody, Date.now, { modes: [mode] });
            await sendPendingTransfers(store(), rails, Date.now, {
              modes: [mode],
              purpose: "refund",
            });
          } catch (error) {
            logger.error("sending refunds failed", {
              error: error instanceof Error ? error.message : String(error),
            });
          }
          return store().read((q) => getRefundOn(q, refundId));
        },
      };
    },
  });
}
