/**
 * What pages, the JSON API and (later) the payments core read: per asset, the fallback chain
 * live -> last good snapshot (stale when older than `staleAfterMs`) -> configured fallback rate,
 * with the step taken recorded on every rate. Reads only the database: never waits on a provider.
 */
import type { Db } from "~/utils/db.server";
import type { FallbackRates } from "./fallback";
import { liveAssets } from "./fallback";
import { latestAttempt, type RefreshAttempt } from "./refresh-attempts.server";
import { latestSnapshots } from "./snapshot-store.server";
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

export function readRates(
  db: Db,
  input: { now: number; config: Pick<RatesConfig, "staleAfterMs">; fallback: FallbackRates | null },
): RatesView {
  const stored = latestSnapshots(
    db,
    liveAssets.map((coin) => coin.symbol),
  );
  const rates: Rate[] = [];
  for (const coin of liveAssets) {
    const snapshot = stored.get(coin.symbol);
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
    lastRefresh: latestAttempt(db),
  };
}
