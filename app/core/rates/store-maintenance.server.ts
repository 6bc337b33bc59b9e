/**
 * Operations on the whole rates store for the simulator control route (PROVIDER_MODE=simulator
 * only): back to "first start, no data" or "time has passed". Shared e2e servers use them so each
 * test can set up its own state without waiting minutes on a real clock. Never called in live mode.
 */
import { sql } from "drizzle-orm";
import { fxSnapshots, rateRefreshes, rateSnapshots } from "../../../drizzle/schema";
import type { Db } from "~/utils/db.server";

/** Delete every stored price, FX rate and refresh attempt. */
export function clearRatesStore(db: Db): void {
  db.transaction((tx) => {
    tx.delete(rateSnapshots).run();
    tx.delete(fxSnapshots).run();
    tx.delete(rateRefreshes).run();
  });
}

/** Move every stored time `ms` into the past, as if that much time had passed since. */
export function ageRatesStore(db: Db, ms: number): void {
  db.transaction((tx) => {
    tx.update(rateSnapshots)
      .set({
        asOf: sql`${rateSnapshots.asOf} - ${ms}`,
        fetchedAt: sql`${rateSnapshots.fetchedAt} - ${ms}`,
      })
      .run();
    tx.update(fxSnapshots)
      .set({
        asOf: sql`${fxSnapshots.asOf} - ${ms}`,
        fetchedAt: sql`${fxSnapshots.fetchedAt} - ${ms}`,
      })
      .run();
    tx.update(rateRefreshes)
      .set({
        startedAt: sql`${rateRefreshes.startedAt} - ${ms}`,
        finishedAt: sql`${rateRefreshes.finishedAt} - ${ms}`,
      })
      .run();
  });
}
