import { describe, expect, it } from "vitest";
import { cryptocurrencies, liveSymbols } from "./cryptocurrencies";
import { cryptoLimits, mobileMoneyLimits, transactionFees } from "./tariff";
import { tickerStats } from "./ticker";

describe("one source of truth for product constants", () => {
  it("lists the spec's assets in its order, without the discontinued Binance USD", () => {
    expect(cryptocurrencies.map((coin) => coin.symbol)).toEqual([
      "BTC",
      "ETH",
      "USDT",
      "USDC",
      "BNB",
      "XRP",
      "ADA",
      "SOL",
      "DOGE",
      "DOT",
      "DAI",
      "MATIC",
      "SHIB",
      "TRX",
      "AVAX",
      "LEO",
      "LTC",
      "XLM",
      "BCH",
    ]);
    expect(cryptocurrencies.filter((coin) => coin.live).map((coin) => coin.symbol)).toEqual([
      ...liveSymbols,
    ]);
    for (const coin of cryptocurrencies) {
      expect(coin.displayRateKes, coin.symbol).toMatch(/^\d+(\.\d+)?$/);
      expect(Number(coin.displayRateKes), coin.symbol).toBeGreaterThan(0);
    }
  });

  it("has the tariff's fees and the chosen crypto limits", () => {
    expect(transactionFees.map((fee) => [fee.id, fee.bps])).toEqual([
      ["c2b", 100],
      ["b2c", 150],
      ["b2b", 120],
    ]);
    expect(cryptoLimits).toEqual({
      minimum: 500,
      autoMaxPerTransaction: 1_000_000,
      reviewMaxPerTransaction: 5_000_000,
      dailyPerMerchant: 10_000_000,
    });
    for (const rail of mobileMoneyLimits) {
      expect([rail.perTransaction, rail.daily, rail.maxBalance]).toEqual([
        250_000, 500_000, 500_000,
      ]);
      expect(Number.isInteger(rail.perTransaction)).toBe(true);
    }
  });

  it("has the five ticker statistics, each with a source", () => {
    expect(tickerStats.map((stat) => stat.value)).toEqual([
      "$230B",
      "$15.6T",
      "43%",
      "82.4%",
      "19.4%",
    ]);
    for (const stat of tickerStats) expect(stat.source.length).toBeGreaterThan(2);
  });
});
