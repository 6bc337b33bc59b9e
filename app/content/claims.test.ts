/**
 * Issue 30, item 10: the site states each claim once. One fee claim (the tariff's collection fee,
 * not a savings percentage), and crypto checkout named for what it accepts, the rest marked as
 * reference rates.
 */
import { describe, expect, it } from "vitest";
import { networkIds, assetNetworks } from "~/core/networks/networks";
import { ASSET_SCALE } from "~/core/payments/quote";
import { claims } from "./claims";
import {
  availabilityLabel,
  cryptocurrencies,
  indicativeCryptocurrencies,
  payableCryptocurrencies,
} from "./cryptocurrencies";
import { closingCta, howItWorks, performance } from "./marketing/home";
import { offerings } from "./marketing/features";
import { coinsSection } from "./marketing/solutions";
import { conversionFees, feeBps, transactionFees, transactionFeesIntro } from "./tariff";

/** Every string in a piece of content, however deeply nested. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

const marketingCopy = strings([closingCta, howItWorks, performance, offerings, coinsSection]);

describe("the fee claim", () => {
  it("is the tariff's collection fee, stated the same way on the home and application pages", () => {
    expect(feeBps.c2b).toBe(100);
    expect(claims.fees.title).toBe("Flat 1% on Collections");
    expect(claims.fees.highlight).toBe("Flat 1% collection fee");
    expect(closingCta.highlights).toContain(claims.fees.highlight);
  });

  it("no page copy promises a savings percentage (the old 70% and 80% disagreed)", () => {
    for (const text of [...marketingCopy, ...strings(claims)]) {
      expect(text).not.toMatch(/\d+% (cost )?savings|save \d+%|save up to/i);
    }
  });

  it("the tariff says a collection pays its 1% once, though three lines show 1%", () => {
    const onePercentLines = [...transactionFees, ...conversionFees].filter(
      (fee) => fee.bps === feeBps.c2b,
    );
    expect(onePercentLines.map((fee) => fee.id)).toEqual([
      "c2b",
      "crypto-to-fiat",
      "merchant-processing",
    ]);
    expect(transactionFeesIntro).toContain("A collection is charged 1% once");
    expect(transactionFeesIntro).toContain(
      "crypto to fiat conversion and merchant payment processing",
    );
    expect(transactionFeesIntro).not.toMatch(/one percentage/i);
  });
});

describe("payable and indicative cryptocurrencies", () => {
  it("checkout accepts exactly the assets the payments core can quote and watch on a network", () => {
    expect(payableCryptocurrencies.map((coin) => coin.symbol).sort()).toEqual(
      Object.keys(ASSET_SCALE).sort(),
    );
    for (const coin of payableCryptocurrencies) {
      const networks = assetNetworks[coin.symbol as keyof typeof assetNetworks];
      expect(networks.every((id) => (networkIds as readonly string[]).includes(id))).toBe(true);
    }
    expect(claims.crypto.payableNames).toBe("Bitcoin, Ethereum, USDT and USDC");
    expect(claims.crypto.highlight).toBe("4 cryptocurrencies accepted at checkout");
  });

  it("marks every asset as accepted at checkout or as a reference rate", () => {
    expect(payableCryptocurrencies.length + indicativeCryptocurrencies.length).toBe(
      cryptocurrencies.length,
    );
    expect(availabilityLabel({ live: true })).toBe("Accepted at checkout");
    expect(availabilityLabel({ live: false })).toBe("Rates shown for reference");
    expect(claims.crypto.indicativeNote).toBe(
      `The other ${cryptocurrencies.length - 4} cryptocurrencies are shown with indicative rates for reference: they cannot be paid at checkout.`,
    );
  });

  it("lists no Binance USD (discontinued) anywhere, and no count of 'supported' coins", () => {
    expect(cryptocurrencies.map((coin) => coin.symbol)).not.toContain("BUSD");
    expect(cryptocurrencies.map((coin) => coin.coingeckoId)).not.toContain("binance-usd");
    for (const text of marketingCopy) {
      expect(text).not.toMatch(/binance usd|busd/i);
      expect(text).not.toMatch(/\d+ supported cryptocurrencies/i);
    }
  });
});
