/**
 * Configured fallback rates: the last step of the fallback chain, shown (and marked "fallback")
 * only when there is no stored market price for an asset. They are the display values kept in
 * app/content/cryptocurrencies.ts (`displayRateKes`), never quoted for a payment.
 */
import { cryptocurrencies, liveSymbols, type LiveSymbol } from "~/content/cryptocurrencies";

export interface LiveAsset {
  symbol: LiveSymbol;
  name: string;
  coingeckoId: string;
  displayRateKes: string;
}

/** BTC, ETH, USDT, USDC with their names and CoinGecko ids, in display order. */
export const liveAssets: readonly LiveAsset[] = liveSymbols.map((symbol) => {
  const coin = cryptocurrencies.find((entry) => entry.symbol === symbol);
  if (!coin)
    throw new Error(`Live asset ${symbol} is missing from app/content/cryptocurrencies.ts`);
  return {
    symbol,
    name: coin.name,
    coingeckoId: coin.coingeckoId,
    displayRateKes: coin.displayRateKes,
  };
});

export type FallbackRates = Readonly<Record<LiveSymbol, string>>;

export const fallbackRatesKes: FallbackRates = Object.fromEntries(
  liveAssets.map((coin) => [coin.symbol, coin.displayRateKes]),
) as Record<LiveSymbol, string>;
