import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ASSET_SCALE,
  bpsOf,
  computeQuote,
  formatCryptoUnits,
  fromScaled,
  kesCentsForUnits,
  toScaled,
} from "./quote";

describe("quotes", () => {
  it("locks the rate less the spread and rounds the crypto amount up", () => {
    const quote = computeQuote({
      amountKesCents: 1_000_000n,
      marketRate: "11650000",
      spreadBps: 50,
      feeBps: 100,
      asset: "BTC",
    });
    // 11,650,000 x 0.995 = 11,591,750 KES per BTC; KES 10,000 / 11,591,750 = 0.000862682... BTC ->
    // 86,269 sat.
    expect(quote.quoteRate).toBe("11591750");
    expect(quote.cryptoAmountUnits).toBe(86_269n);
    expect(formatCryptoUnits(quote.cryptoAmountUnits, "BTC")).toBe("0.00086269");
    expect(quote.feeKesCents).toBe(10_000n);
  });

  it("prices stablecoins to the micro-unit", () => {
    const quote = computeQuote({
      amountKesCents: 50_000n,
      marketRate: "129.2",
      spreadBps: 0,
      feeBps: 100,
      asset: "USDT",
    });
    expect(quote.cryptoAmountUnits).toBe(3_869_970n); // 500 / 129.2 = 3.86996904 -> 3.869970 USDT
  });

  it("refuses a spread of 1% or more, zero amounts and zero rates", () => {
    expect(() =>
      computeQuote({
        amountKesCents: 100n,
        marketRate: "1",
        spreadBps: 100,
        feeBps: 100,
        asset: "USDC",
      }),
    ).toThrow(/under 1%/);
    expect(() =>
      computeQuote({
        amountKesCents: 0n,
        marketRate: "1",
        spreadBps: 0,
        feeBps: 100,
        asset: "USDC",
      }),
    ).toThrow();
    expect(() =>
      computeQuote({
        amountKesCents: 100n,
        marketRate: "0",
        spreadBps: 0,
        feeBps: 100,
        asset: "USDC",
      }),
    ).toThrow();
  });

  it("the quoted crypto is always worth at least the KES amount, and less than one unit more", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 50_000n, max: 500_000_000n }),
        fc.constantFrom("BTC", "ETH", "USDT", "USDC" as const),
        fc.integer({ min: 1, max: 20_000_000_000 }),
        fc.integer({ min: 0, max: 99 }),
        (amountKesCents, asset, rateCents, spreadBps) => {
          const marketRate = fromScaled(BigInt(rateCents), 2);
          const quote = computeQuote({ amountKesCents, marketRate, spreadBps, feeBps: 100, asset });
          const worth = kesCentsForUnits(quote.cryptoAmountUnits, quote.quoteRate, asset);
          expect(worth + 1n).toBeGreaterThanOrEqual(amountKesCents);
          const oneLess = kesCentsForUnits(quote.cryptoAmountUnits - 1n, quote.quoteRate, asset);
          expect(oneLess).toBeLessThan(amountKesCents);
        },
      ),
    );
  });

  it("converts decimals exactly", () => {
    expect(toScaled("0.1", 8)).toBe(10_000_000n);
    expect(toScaled("1.123456789", 8)).toBe(112_345_679n);
    expect(fromScaled(150_000n, ASSET_SCALE.BTC)).toBe("0.0015");
    expect(fromScaled(-5n, 2)).toBe("-0.05");
    expect(bpsOf(12_345n, 100)).toBe(123n);
    expect(bpsOf(12_350n, 100)).toBe(124n);
  });
});
