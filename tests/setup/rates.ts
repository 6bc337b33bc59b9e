/**
 * Live prices in the rates store, which the app's rates service reads: for tests that create
 * payments through the routes or the service without running a market provider.
 */
import { rateRefreshes, rateSnapshots } from "../../drizzle/schema";
import { syncStoredRates } from "~/core/rates/read-rates.server";
import type { Db } from "~/db/sqlite-connection.server";
import { testStore } from "./db";

/** The quote assets' usual test prices (KES). */
export const TEST_PRICES_KES = {
  USDT: "129.2",
  USDC: "129.15",
  BTC: "11650000",
  ETH: "398000",
} as const;

/**
 * One succeeded refresh with a live snapshot of each asset given (default: USDT only). Resolves
 * once the rates service's in-memory copy (what payment quotes read) shows it, as a refresh does.
 */
export async function storeLiveRates(
  db: Db,
  prices: Partial<Record<keyof typeof TEST_PRICES_KES, string>> = { USDT: TEST_PRICES_KES.USDT },
  now = Date.now(),
): Promise<void> {
  const store = testStore(db);
  await store.write(async (q) => {
    const [refresh] = await q
      .insert(rateRefreshes)
      .values({ trigger: "manual", startedAt: now, finishedAt: now, outcome: "succeeded" })
      .returning();
    if (!refresh) throw new Error("the refresh row was not inserted");
    for (const [asset, priceKes] of Object.entries(prices)) {
      await q.insert(rateSnapshots).values({
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
      });
    }
  });
  await syncStoredRates(store);
}
