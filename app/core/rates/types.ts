/**
 * The outside services the rates service depends on, as interfaces: a market-data provider (prices
 * in USD and, if it has them, KES) and an FX source (USD/KES). Implemented by the clients in
 * app/core/providers/coingecko; tests and the simulator speak the same protocol over HTTP. Also the
 * rate a page shows (`Rate`), isomorphic so components can type their props with it.
 */
import type { LiveSymbol } from "~/content/cryptocurrencies";

/**
 * One asset's prices as the provider sent them, already validated. Decimal strings; times in ms.
 */
export interface MarketQuote {
  /** Provider asset id, e.g. "bitcoin". */
  id: string;
  usd: string | null;
  kes: string | null;
  /** The provider's last_updated_at (epoch ms), when it sent one. */
  lastUpdatedAt: number | null;
}

export interface MarketPrices {
  /** Assets with at least one valid price, by provider id. */
  quotes: Map<string, MarketQuote>;
  /** Requested assets that came back missing or with unusable values, with the reason. */
  rejected: { id: string; reason: string }[];
}

export interface MarketData {
  /** Source id stored with every snapshot, e.g. "coingecko". */
  readonly source: string;
  /** One provider call for all `ids`. Throws a ProviderError when the call as a whole fails. */
  fetchPrices(ids: readonly string[]): Promise<MarketPrices>;
}

export interface FxQuote {
  /** KES per USD, a positive decimal string. */
  rate: string;
  /** When the FX source says the rate was published (epoch ms). */
  asOf: number;
}

export interface FxSource {
  readonly source: string;
  /** One call. Throws a ProviderError when it fails or the answer has no usable KES rate. */
  fetchUsdKes(): Promise<FxQuote>;
}

/**
 * Timing rules of the rates service (all milliseconds). See docs/decisions/0010-rates-service.md.
 */
export interface RatesConfig {
  /** Background refresh interval: at most one scheduled provider call per interval. */
  refreshIntervalMs: number;
  /** Minimum spacing between any two provider calls when a visitor asks for a refresh. */
  minManualSpacingMs: number;
  /** A price older than this is shown as stale. */
  staleAfterMs: number;
  /** A provider price older than this when it arrives is rejected rather than stored. */
  maxPriceAgeMs: number;
  /** A stored USD/KES rate is reused for this long before the FX source is asked again. */
  fxRefreshMs: number;
  /** A stored USD/KES rate older than this is not used to derive KES prices. */
  fxMaxAgeMs: number;
}

export const defaultRatesConfig: RatesConfig = {
  refreshIntervalMs: 60_000,
  minManualSpacingMs: 15_000,
  staleAfterMs: 5 * 60_000,
  maxPriceAgeMs: 24 * 60 * 60_000,
  fxRefreshMs: 60 * 60_000,
  fxMaxAgeMs: 48 * 60 * 60_000,
};

/** How a shown rate was obtained (read-rates.server.ts walks live -> stale -> fallback). */
export type RateKind = "live" | "stale" | "fallback";

export interface Rate {
  symbol: LiveSymbol;
  name: string;
  /** KES per unit, a decimal string. */
  priceKes: string;
  kind: RateKind;
  /** When the price was current (null for a fallback rate). */
  asOf: number | null;
  fetchedAt: number | null;
  /** Market-data source id, or "fallback". */
  source: string;
  /** KES derived from USD x USD/KES. */
  derived: boolean;
  usdKes: string | null;
  fxSource: string | null;
}
