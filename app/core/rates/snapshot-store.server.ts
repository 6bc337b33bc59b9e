/**
 * Stored KES prices and USD/KES rates. Reads pick, per asset, the price that was current most
 * recently (newest `as_of`), so an old price that arrives late never hides a newer one.
 */
import { and, desc, eq, lt, notInArray, sql } from "drizzle-orm";
import { fxSnapshots, rateRefreshes, rateSnapshots } from "../../../drizzle/schema";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";

export type RateSnapshot = Omit<typeof rateSnapshots.$inferSelect, "id">;
export type FxSnapshot = Omit<typeof fxSnapshots.$inferSelect, "id">;

export const USD_KES = "USD/KES";

export async function insertSnapshots(q: Handle, rows: readonly RateSnapshot[]): Promise<void> {
  if (rows.length === 0) return;
  await q.insert(rateSnapshots).values([...rows]);
}

/**
 * What identifies the newest snapshot row (its id and fetch time), or "none": the per-asset answer
 * can only change when this does (ids only grow, pruning never removes the newest, and a row
 * written in a transaction that rolled back cannot pass for a later one).
 */
export async function newestSnapshotMarker(q: Handle): Promise<string> {
  const row = await first(
    q
      .select({ id: rateSnapshots.id, fetchedAt: rateSnapshots.fetchedAt })
      .from(rateSnapshots)
      .orderBy(desc(rateSnapshots.id))
      .limit(1),
  );
  return row ? `${row.id}@${row.fetchedAt}` : "none";
}

/** The newest price per asset; assets never stored are absent from the map. */
export async function latestSnapshots(
  q: Handle,
  assets: readonly string[],
): Promise<Map<string, RateSnapshot>> {
  const result = new Map<string, RateSnapshot>();
  for (const asset of assets) {
    const row = await first(
      q
        .select()
        .from(rateSnapshots)
        .where(eq(rateSnapshots.asset, asset))
        .orderBy(desc(rateSnapshots.asOf), desc(rateSnapshots.id))
        .limit(1),
    );
    if (row) {
      const { id: _id, ...snapshot } = row;
      result.set(asset, snapshot);
    }
  }
  return result;
}

export async function insertFx(q: Handle, row: FxSnapshot): Promise<void> {
  await q.insert(fxSnapshots).values(row);
}

export async function latestFx(q: Handle): Promise<FxSnapshot | null> {
  const row = await first(
    q
      .select()
      .from(fxSnapshots)
      .where(eq(fxSnapshots.pair, USD_KES))
      .orderBy(desc(fxSnapshots.fetchedAt), desc(fxSnapshots.id))
      .limit(1),
  );
  if (!row) return null;
  const { id: _id, ...snapshot } = row;
  return snapshot;
}

/**
 * Delete history fetched before `before`, always keeping the newest price per asset and the newest
 * FX rate (the fallback chain's "last good snapshot") and the attempts those rows point to.
 */
export function pruneHistory(
  store: Store,
  before: number,
): Promise<{ snapshots: number; fx: number; refreshes: number }> {
  return store.write(async (q) => {
    const keepSnapshots = (
      await q
        .select({ id: sql<number>`max(${rateSnapshots.id})` })
        .from(rateSnapshots)
        .groupBy(rateSnapshots.asset)
    ).map((row) => row.id);
    const snapshots = (
      await q
        .delete(rateSnapshots)
        .where(
          and(
            lt(rateSnapshots.fetchedAt, before),
            keepSnapshots.length ? notInArray(rateSnapshots.id, keepSnapshots) : undefined,
          ),
        )
        .returning({ id: rateSnapshots.id })
    ).length;
    const newestFx = (
      await first(q.select({ id: sql<number>`max(${fxSnapshots.id})` }).from(fxSnapshots))
    )?.id;
    const fx = (
      await q
        .delete(fxSnapshots)
        .where(
          and(
            lt(fxSnapshots.fetchedAt, before),
            newestFx ? notInArray(fxSnapshots.id, [newestFx]) : undefined,
          ),
        )
        .returning({ id: fxSnapshots.id })
    ).length;
    const refreshes = (
      await q
        .delete(rateRefreshes)
        .where(
          and(
            lt(rateRefreshes.startedAt, before),
            notInArray(
              rateRefreshes.id,
              q.select({ id: rateSnapshots.refreshId }).from(rateSnapshots),
            ),
          ),
        )
        .returning({ id: rateRefreshes.id })
    ).length;
    return { snapshots, fx, refreshes };
  });
}
