/**
 * Operations on the whole rates store for the simulator control route (PROVIDER_MODE=simulator
 * only): back to "first start, no data" or "time has passed". Shared e2e servers use them so each
 * test can set up its own state without waiting minutes on a real clock. Never called in live mode.
 * Each resolves once the in-memory rates (read-rates.server.ts) show the change.
 */
import { sql } from "drizzle-orm";
import { fxSnapshots, rateRefreshes, rateSnapshots } from "../../../drizzle/schema";
import type { Store } from "~/db/store";
import { syncStoredRates } from "./read-rates.server";

/** Delete every stored price, FX rate and refresh attempt. */
export async function clearRatesStore(store: Store): Promise<void> {
  await store.write(async (q) => {
    await q.delete(rateSnapshots);
    await q.delete(fxSnapshots);
    await q.delete(rateRefreshes);
  });
  await syncStoredRates(store);
}

/** Move every stored time `ms` into the past, as if that much time had passed since. */
export async function ageRatesStore(store: Store, ms: number): Promise<void> {
  await store.write(async (q) => {
    await q.update(rateSnapshots).set({
      asOf: sql`${rateSnapshots.asOf} - ${ms}`,
      fetchedAt: sql`${rateSnapshots.fetchedAt} - ${ms}`,
    });
    await q.update(fxSnapshots).set({
      asOf: sql`${fxSnapshots.asOf} - ${ms}`,
      fetchedAt: sql`${fxSnapshots.fetchedAt} - ${ms}`,
    });
    await q.update(rateRefreshes).set({
      startedAt: sql`${rateRefreshes.startedAt} - ${ms}`,
      finishedAt: sql`${rateRefreshes.finishedAt} - ${ms}`,
    });
  });
  await syncStoredRates(store);
}
