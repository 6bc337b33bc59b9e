import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ledgerAccountKindValues, ledgerCurrencyValues } from "../../../drizzle/schema/ledger";
import { accountKinds } from "./accounts";
import {
  currencies,
  fromUnits,
  InvalidAmountError,
  LEDGER_SCALE,
  roundingModes,
  toUnits,
} from "./units";

describe("ledger units", () => {
  it("has the scales the spec names", () => {
    expect(LEDGER_SCALE).toEqual({ KES: 2, BTC: 8, ETH: 9, USDT: 6, USDC: 6 });
    expect([...currencies]).toEqual([...ledgerCurrencyValues]);
    expect([...accountKinds]).toEqual([...ledgerAccountKindValues]);
  });

  it("converts decimal strings to units exactly", () => {
    expect(toUnits("0.00150000", "BTC")).toBe(150000n);
    expect(toUnits("0.0015", "BTC")).toBe(150000n);
    expect(toUnits("1", "BTC")).toBe(100_000_000n);
    expect(toUnits("21000000", "BTC")).toBe(2_100_000_000_000_000n);
    expect(toUnits("1500", "KES")).toBe(150000n);
    expect(toUnits("1500.5", "KES")).toBe(150050n);
    expect(toUnits("0.000000001", "ETH")).toBe(1n);
    expect(toUnits("12.345678", "USDT")).toBe(12_345_678n);
    expect(toUnits("0", "USDC")).toBe(0n);
    expect(toUnits("007.10", "KES")).toBe(710n);
    // Trailing zeros beyond the scale are not extra precision.
    expect(toUnits("1.2300000000", "KES")).toBe(123n);
    // Far beyond 2^53: no float anywhere.
    expect(toUnits("90071992547409.93", "KES")).toBe(9_007_199_254_740_993n);
  });

  it("rejects more decimals than the scale unless a rounding mode is given", () => {
    expect(() => toUnits("0.125", "KES")).toThrow(InvalidAmountError);
    expect(() => toUnits("0.000000001", "BTC")).toThrow(/more than 8 decimals/);
    expect(toUnits("0.125", "KES", "floor")).toBe(12n);
    expect(toUnits("0.125", "KES", "ceil")).toBe(13n);
    expect(toUnits("0.125", "KES", "half-up")).toBe(13n);
    expect(toUnits("0.1249999", "KES", "half-up")).toBe(12n);
    expect(toUnits("0.1250000", "KES", "half-up")).toBe(13n);
    expect(toUnits("0.12000001", "KES", "ceil")).toBe(13n);
    expect(toUnits("0.12000001", "KES", "floor")).toBe(12n);
    expect(toUnits("0.00000000999", "BTC", "half-up")).toBe(1n);
    expect(toUnits("0.00000000499", "BTC", "half-up")).toBe(0n);
    expect(toUnits("0.00000000001", "BTC", "ceil")).toBe(1n);
    expect(toUnits("9.995", "KES", "half-up")).toBe(1000n);
  });

  it.each([
    "1e-8",
    "-0.1",
    "NaN",
    "1.2.3",
    "",
    " 1",
    "1 ",
    ".5",
    "5.",
    "+1",
    "0x10",
    "Infinity",
    "1,000",
    "١",
  ])("rejects %j", (bad) => {
    expect(() => toUnits(bad, "BTC")).toThrow(InvalidAmountError);
    expect(() => toUnits(bad, "BTC", "half-up")).toThrow(InvalidAmountError);
  });

  it("rejects non-strings, unknown currencies and rounding modes", () => {
    expect(() => toUnits(1 as unknown as string, "KES")).toThrow(InvalidAmountError);
    expect(() => toUnits("1", "DOGE" as never)).toThrow(InvalidAmountError);
    expect(() => toUnits("1.005", "KES", "banker" as never)).toThrow(InvalidAmountError);
    expect(() => fromUnits(1 as unknown as bigint, "KES")).toThrow(InvalidAmountError);
  });

  it("formats units back as exact decimals", () => {
    expect(fromUnits(150000n, "BTC")).toBe("0.00150000");
    expect(fromUnits(150000n, "BTC", { trim: true })).toBe("0.0015");
    expect(fromUnits(100_000_000n, "BTC", { trim: true })).toBe("1");
    expect(fromUnits(150050n, "KES")).toBe("1500.50");
    expect(fromUnits(0n, "ETH")).toBe("0.000000000");
    expect(fromUnits(-5n, "KES")).toBe("-0.05");
    expect(fromUnits(9_000_000_000_000_000_000n, "KES")).toBe("90000000000000000.00");
  });

  it("round-trips every non-negative amount (property)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }),
        fc.constantFrom(...currencies),
        fc.boolean(),
        (units, currency, trim) => {
          expect(toUnits(fromUnits(units, currency, { trim }), currency)).toBe(units);
        },
      ),
    );
  });

  it("rounds like exact arithmetic would (property)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(...currencies),
        fc.constantFrom(...roundingModes),
        (raw, extra, currency, mode) => {
          // raw / 10^(scale + extra) in ledger units, rounded by `mode`.
          const scale = LEDGER_SCALE[currency];
          const digits = raw.toString().padStart(scale + extra + 1, "0");
          const text = `${digits.slice(0, digits.length - scale - extra)}.${digits.slice(digits.length - scale - extra)}`;
          const divisor = 10n ** BigInt(extra);
          const quotient = raw / divisor;
          const remainder = raw % divisor;
          const expected =
            mode === "floor"
              ? quotient
              : mode === "ceil"
                ? quotient + (remainder > 0n ? 1n : 0n)
                : quotient + (remainder * 2n >= divisor ? 1n : 0n);
          expect(toUnits(text, currency, mode)).toBe(expected);
        },
      ),
    );
  });
});
