/**
 * Stored KES prices and USD/KES rates. Reads pick, per asset, the price that was current most
 * recently (newest `as_of`), so an old price that arrives late never hides a newer one.
 */
import { and, desc, eq, lt, notInArray, sql } from "drizzle-orm";
import { fxSnapshots, rateRefreshes, rateSnapshots } from "../../../drizzle/schema";
import type { Db } from "~/utils/db.server";
import { preparedPerDb } from "~/utils/prepared.server";

export type RateSnapshot = Omit<typeof rateSnapshots.$inferSelect, "id">;
export type FxSnapshot = Omit<typeof fxSnapshots.$inferSelect, "id">;

export const USD_KES = "USD/KES";

export function insertSnapshots(db: Db, rows: readonly RateSnapshot[]): void {
  if (rows.length === 0) return;
  db.insert(rateSnapshots)
    .values([...rows])
    .run();
}

const newestSnapshot = preparedPerDb((db: Db) =>
  db
    .select({ id: rateSnapshots.id, fetchedAt: rateSnapshots.fetchedAt })
    .from(rateSnapshots)
    .orderBy(desc(rateSnapshots.id))
    .limit(1)
    .prepare(),
);

/** The last answer per connection and asset list, with the newest snapshot id it was read at. */
const latestCache = new WeakMap<
  Db,
  { assets: string; newest: string; latest: ReadonlyMap<string, RateSnapshot> }
>();

/**
 * The newest price per asset; assets never stored are absent from the map. Every payment quote and
 * rates page asks, and snapshots only change when a refresh stores new ones: the answer is kept
 * until the newest snapshot row changes (its id and fetch time: ids only grow, pruning never
 * removes the newest, and a row written in a transaction that rolled back cannot pass for a later
 * one).
 */
export function latestSnapshots(
  db: Db,
  assets: readonly string[],
): ReadonlyMap<string, RateSnapshot> {
  const row = newestSnapshot(db).get();
  const newest = row ? `${row.id}@${row.fetchedAt}` : "none";
  const key = assets.join(",");
  const cached = latestCache.get(db);
  if (cached && cached.newest === newest && cached.assets === key) return cached.latest;
  const latest = readLatestSnapshots(db, assets);
  latestCache.set(db, { assets: key, newest, latest });
  return latest;
}

function readLatestSnapshots(db: Db, assets: readonly string[]): Map<string, RateSnapshot> {
  const result = new Map<string, RateSnapshot>();
  for (const asset of assets) {
    const row = db
      .select()
      .from(rateSnapshots)
      .where(eq(rateSnapshots.asset, asset))
      .orderBy(desc(rateSnapshots.asOf), desc(rateSnapshots.id))
      .limit(1)
      .get();
    if (row) {
      const { id: _id, ...snapshot } = row;
      result.set(asset, snapshot);
    }
  }
  return result;
}

export function insertFx(db: Db, row: FxSnapshot): void {
  db.insert(fxSnapshots).values(row).run();
}

export function latestFx(db: Db): FxSnapshot | null {
  const row = db
    .select()
    .from(fxSnapshots)
    .where(eq(fxSnapshots.pair, USD_KES))
    .orderBy(desc(fxSnapshots.fetchedAt), desc(fxSnapshots.id))
    .limit(1)
    .get();
  if (!row) return null;
  const { id: _id, ...snapshot } = row;
  return snapshot;
}

/**
 * Delete history fetched before `before`, always keeping the newest price per asset and the newest
 * FX rate (the fallback chain's "last good snapshot") and the attempts those rows point to.
 */
export function pruneHistory(
  db: Db,
  before: number,
): { snapshots: number; fx: number; refreshes: number } {
  return db.transaction((tx) => {
    const keepSnapshots = tx
      .select({ id: sql<number>`max(${rateSnapshots.id})` })
      .from(rateSnapshots)
      .groupBy(rateSnapshots.asset)
      .all()
      .map((row) => row.id);
    const snapshots = tx
      .delete(rateSnapshots)
      .where(
        and(
          lt(rateSnapshots.fetchedAt, before),
          keepSnapshots.length ? notInArray(rateSnapshots.id, keepSnapshots) : undefined,
        ),
      )
      .run().changes;
    const newestFx = tx
      .select({ id: sql<number>`max(${fxSnapshots.id})` })
      .from(fxSnapshots)
      .get()?.id;
    const fx = tx
      .delete(fxSnapshots)
      .where(
        and(
          lt(fxSnapshots.fetchedAt, before),
          newestFx ? notInArray(fxSnapshots.id, [newestFx]) : undefined,
        ),
      )
      .run().changes;
    const refreshes = tx
      .delete(rateRefreshes)
      .where(
        and(
          lt(rateRefreshes.startedAt, before),
          notInArray(
            rateRefreshes.id,
            tx.select({ id: rateSnapshots.refreshId }).from(rateSnapshots),
          ),
        ),
      )
      .run().changes;
    return { snapshots, fx, refreshes };
  });
}
