/**
 * Live prices in the rates store, which the app's rates service reads: for tests that create
 * payments through the routes or the service without running a market provider.
 */
import { rateRefreshes, rateSnapshots } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";

/** The quote assets' usual test prices (KES). */
export const TEST_PRICES_KES = {
  USDT: "129.2",
  USDC: "129.15",
  BTC: "11650000",
  ETH: "398000",
} as const;

/** One succeeded refresh with a live snapshot of each asset given (default: USDT only). */
export function storeLiveRates(
  db: Db,
  prices: Partial<Record<keyof typeof TEST_PRICES_KES, string>> = { USDT: TEST_PRICES_KES.USDT },
  now = Date.now(),
): void {
  const refresh = db
    .insert(rateRefreshes)
    .values({ trigger: "manual", startedAt: now, finishedAt: now, outcome: "succeeded" })
    .returning()
    .get();
  for (const [asset, priceKes] of Object.entries(prices)) {
    db.insert(rateSnapshots)
      .values({
        refreshId: refresh.id,
        asset,
        priceKes,
        priceUsd: null,
        derived: false,
        usdKes: null,
        source: "coingecko",
        fxSource: null,
        asOf: now,
        fetchedAt: now,
      })
      .run();
  }
}
