/**
 * What pages, the JSON API and the payments core read: per asset, the fallback chain
 * live -> last good snapshot (stale when older than `staleAfterMs`) -> configured fallback rate,
 * with the step taken recorded on every rate. Reads only the database: never waits on a provider.
 *
 * The stored rates (newest price per asset, newest attempt) are kept in memory per store: payment
 * quotes read them synchronously on their hot path (`currentStoredRates`), and every refresh and
 * store operation of this process brings them up to date before it resolves. Writes from elsewhere
 * (another process) are picked up by `syncStoredRates`, which pages await and which every
 * synchronous read starts in the background (at most once a second): a synchronous read can lag
 * up to a second behind those.
 */
import type { Store } from "~/db/store";
import { logger } from "~/utils/logger.server";
import type { FallbackRates } from "./fallback";
import { liveAssets } from "./fallback";
import { latestAttempt, type RefreshAttempt } from "./refresh-attempts.server";
import { latestSnapshots, newestSnapshotMarker, type RateSnapshot } from "./snapshot-store.server";
import type { Rate, RatesConfig } from "./types";

export type { Rate, RateKind } from "./types";

export interface RatesView {
  /**
   * live: every asset has a current market price. degraded: some are stale or fallback.
   * unavailable: no market price was ever stored (the rates list holds fallback rates, if any).
   */
  status: "live" | "degraded" | "unavailable";
  rates: Rate[];
  /** When the oldest market price shown was current: what "Last updated" may honestly claim. */
  lastUpdatedAt: number | null;
  /** The newest provider call (its outcome tells whether the last refresh failed). */
  lastRefresh: RefreshAttempt | null;
}

/** What the store holds for the rates view: the newest price per asset and the newest attempt. */
export interface StoredRates {
  latest: ReadonlyMap<string, RateSnapshot>;
  lastRefresh: RefreshAttempt | null;
}

interface Snapshot {
  rates: StoredRates;
  /** The store's change counter the rates were read at (null: never read). */
  counter: string | null;
  /** The newest snapshot row the per-asset map was read at. */
  marker: string | null;
  /** A sync queued behind the running one (callers join it). */
  queued: Promise<StoredRates> | null;
  tail: Promise<unknown>;
  /** When a synchronous read last started a background sync (epoch ms). */
  backgroundAt: number;
}

/**
 * A synchronous read starts a background sync at most this often: under load every quote would
 * otherwise read the store again, for rates that change once a minute.
 */
const BACKGROUND_SYNC_MS = 1_000;

const snapshots = new WeakMap<Store, Snapshot>();
const assetSymbols = liveAssets.map((coin) => coin.symbol);

function snapshotOf(store: Store): Snapshot {
  let snapshot = snapshots.get(store);
  if (!snapshot) {
    snapshot = {
      rates: { latest: new Map(), lastRefresh: null },
      counter: null,
      marker: null,
      queued: null,
      tail: Promise.resolve(),
      backgroundAt: 0,
    };
    snapshots.set(store, snapshot);
  }
  return snapshot;
}

async function load(store: Store, snapshot: Snapshot): Promise<StoredRates> {
  const counter = await store.changeCounter();
  if (counter === snapshot.counter) return snapshot.rates;
  const { rates, marker } = await store.read(async (q) => {
    const newest = await newestSnapshotMarker(q);
    const latest =
      newest === snapshot.marker ? snapshot.rates.latest : await latestSnapshots(q, assetSymbols);
    return { rates: { latest, lastRefresh: await latestAttempt(q) }, marker: newest };
  });
  Object.assign(snapshot, { rates, marker, counter });
  return rates;
}

/**
 * Bring the in-memory rates up to date with the store: one change-counter read, and the rows only
 * when something was written since. Resolves once a read that started after this call is in.
 */
export function syncStoredRates(store: Store): Promise<StoredRates> {
  const snapshot = snapshotOf(store);
  if (snapshot.queued) return snapshot.queued;
  const queued: Promise<StoredRates> = snapshot.tail.then(() => {
    if (snapshot.queued === queued) snapshot.queued = null;
    return load(store, snapshot);
  });
  snapshot.queued = queued;
  snapshot.tail = queued.catch(() => undefined);
  return queued;
}

/**
 * The rates as last read from the store, at once (for synchronous hot paths: payment quotes).
 * Starts a sync in the background (at most once a second), so a write made elsewhere shows from a
 * later read on.
 */
export function currentStoredRates(store: Store): StoredRates {
  const snapshot = snapshotOf(store);
  const now = Date.now();
  if (now - snapshot.backgroundAt >= BACKGROUND_SYNC_MS) {
    snapshot.backgroundAt = now;
    syncStoredRates(store).catch((error: unknown) =>
      logger.warn("rates: reading the stored rates failed", {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
  return snapshot.rates;
}

/** The rates view of `stored` at `input.now`. */
export function ratesView(
  stored: StoredRates,
  input: { now: number; config: Pick<RatesConfig, "staleAfterMs">; fallback: FallbackRates | null },
): RatesView {
  const rates: Rate[] = [];
  for (const coin of liveAssets) {
    const snapshot = stored.latest.get(coin.symbol);
    if (snapshot) {
      const stale = input.now - snapshot.asOf > input.config.staleAfterMs;
      rates.push({
        symbol: coin.symbol,
        name: coin.name,
        priceKes: snapshot.priceKes,
        kind: stale ? "stale" : "live",
        asOf: snapshot.asOf,
        fetchedAt: snapshot.fetchedAt,
        source: snapshot.source,
        derived: snapshot.derived,
        usdKes: snapshot.usdKes,
        fxSource: snapshot.fxSource,
      });
    } else if (input.fallback) {
      rates.push({
        symbol: coin.symbol,
        name: coin.name,
        priceKes: input.fallback[coin.symbol],
        kind: "fallback",
        asOf: null,
        fetchedAt: null,
        source: "fallback",
        derived: false,
        usdKes: null,
        fxSource: null,
      });
    }
  }
  const marketTimes = rates.flatMap((rate) => (rate.asOf === null ? [] : [rate.asOf]));
  const status =
    marketTimes.length === 0
      ? "unavailable"
      : marketTimes.length === liveAssets.length && rates.every((rate) => rate.kind === "live")
        ? "live"
        : "degraded";
  return {
    status,
    rates,
    lastUpdatedAt: marketTimes.length ? Math.min(...marketTimes) : null,
    lastRefresh: stored.lastRefresh,
  };
}

/** The rates view, read from the store now (for callers that can wait: pages, the JSON API). */
export async function readRates(
  store: Store,
  input: { now: number; config: Pick<RatesConfig, "staleAfterMs">; fallback: FallbackRates | null },
): Promise<RatesView> {
  return ratesView(await syncStoredRates(store), input);
}
