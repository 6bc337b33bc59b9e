/**
 * The rates service: the one place pages, the JSON API and the payments core ask for KES prices.
 * It binds the store, the provider clients, the timing rules and the clock.
 */
import type { Store } from "~/db/store";
import type { RateRefreshTrigger } from "../../../drizzle/schema";
import { fallbackRatesKes } from "./fallback";
import type { LiveSymbol } from "~/content/cryptocurrencies";
import {
  currentStoredRates,
  ratesView,
  readRates,
  syncStoredRates,
  type Rate,
  type RatesView,
} from "./read-rates.server";
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
   * Current rates, at once, from the in-memory copy of the stored rates (read-rates.server.ts): for
   * synchronous hot paths (payment quotes). Every refresh and store operation of this process
   * updates that copy before it resolves; a write made by another process shows from a later read
   * on. `fallback: true` fills assets without any stored price with the configured fallback rates
   * (marked as such); display pages use it, payment quotes never do.
   */
  read(options?: { fallback?: boolean }): RatesView;
  /**
   * A price fit to quote a payment with: current (not stale) market data, or null. Never a
   * fallback. From the in-memory copy, like `read`.
   */
  liveRate(symbol: LiveSymbol): Rate | null;
  /** Current rates read from the store now (for callers that can await: pages, the JSON API). */
  current(options?: { fallback?: boolean }): Promise<RatesView>;
  /** Bring the in-memory copy `read` and `liveRate` answer from up to date with the store. */
  sync(): Promise<void>;
  /** Refresh if the single-flight gate allows (see refresh.server.ts). */
  refresh(trigger: RateRefreshTrigger): Promise<RefreshResult>;
}

export function createRatesService(deps: {
  store: Store;
  market: MarketData | null;
  fx: FxSource | null;
  config: RatesConfig;
  now?: () => number;
}): RatesService {
  const now = deps.now ?? Date.now;
  const input = (options: { fallback?: boolean }) => ({
    now: now(),
    config: deps.config,
    fallback: options.fallback ? fallbackRatesKes : null,
  });
  return {
    config: deps.config,
    marketSource: deps.market?.source ?? null,
    fxSource: deps.fx?.source ?? null,
    read: (options = {}) => ratesView(currentStoredRates(deps.store), input(options)),
    liveRate: (symbol) => {
      const rate = ratesView(currentStoredRates(deps.store), input({})).rates.find(
        (entry) => entry.symbol === symbol,
      );
      return rate?.kind === "live" ? rate : null;
    },
    current: (options = {}) => readRates(deps.store, input(options)),
    sync: async () => {
      await syncStoredRates(deps.store);
    },
    refresh: (trigger) =>
      refreshRates(
        { store: deps.store, market: deps.market, fx: deps.fx, config: deps.config, now },
        trigger,
      ),
  };
}
