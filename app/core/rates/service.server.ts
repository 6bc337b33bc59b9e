/**
 * The rates service: the one place pages, the JSON API and (later) the payments core ask for KES
 * prices. It binds the database, the provider clients, the timing rules and the clock.
 */
import type { Db } from "~/utils/db.server";
import type { RateRefreshTrigger } from "../../../drizzle/schema";
import { fallbackRatesKes } from "./fallback";
import type { LiveSymbol } from "~/content/cryptocurrencies";
import { readRates, type Rate, type RatesView } from "./read-rates.server";
import { refreshRates, type RefreshResult } from "./refresh.server";
import type { FxSource, MarketData, RatesConfig } from "./types";

export interface RatesService {
  readonly config: RatesConfig;
  /**
   * The market-data source id ("coingecko", "coingecko-simulator") or null when none is configured.
   */
  readonly marketSource: string | null;
  readonly fxSource: string | null;
  /**
   * Current rates from the database. `fallback: true` fills assets without any stored price with
   * the configured fallback rates (marked as such); display pages use it, payment quotes never do.
   */
  read(options?: { fallback?: boolean }): RatesView;
  /**
   * A price fit to quote a payment with: current (not stale) market data, or null. Never a
   * fallback.
   */
  liveRate(symbol: LiveSymbol): Rate | null;
  /** Refresh if the single-flight gate allows (see refresh.server.ts). */
  refresh(trigger: RateRefreshTrigger): Promise<RefreshResult>;
}

export function createRatesService(deps: {
  db: Db;
  market: MarketData | null;
  fx: FxSource | null;
  config: RatesConfig;
  now?: () => number;
}): RatesService {
  const now = deps.now ?? Date.now;
  return {
    config: deps.config,
    marketSource: deps.market?.source ?? null,
    fxSource: deps.fx?.source ?? null,
    read: (options = {}) =>
      readRates(deps.db, {
        now: now(),
        config: deps.config,
        fallback: options.fallback ? fallbackRatesKes : null,
      }),
    liveRate: (symbol) => {
      const rate = readRates(deps.db, {
        now: now(),
        config: deps.config,
        fallback: null,
      }).rates.find((entry) => entry.symbol === symbol);
      return rate?.kind === "live" ? rate : null;
    },
    refresh: (trigger) =>
      refreshRates(
        { db: deps.db, market: deps.market, fx: deps.fx, config: deps.config, now },
        trigger,
      ),
  };
}
