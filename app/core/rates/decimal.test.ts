import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareDecimals,
  decimalFromJsonNumber,
  decimalToNumber,
  isPositiveDecimal,
  multiplyDecimals,
  normalizeDecimal,
  roundDecimal,
  roundToWhole,
} from "./decimal";

describe("decimal strings", () => {
  it("keeps the digits a JSON number was written with", () => {
    expect(decimalFromJsonNumber(JSON.parse("20.0") as number)).toBe("20");
    expect(decimalFromJsonNumber(JSON.parse("212.45") as number)).toBe("212.45");
    expect(decimalFromJsonNumber(JSON.parse("88927") as number)).toBe("88927");
    expect(decimalFromJsonNumber(JSON.parse("67187.3358936566") as number)).toBe(
      "67187.3358936566",
    );
    expect(decimalFromJsonNumber(1.7e-7)).toBe("0.00000017");
    expect(decimalFromJsonNumber(0.00001234)).toBe("0.00001234");
    expect(decimalFromJsonNumber(1.5e21)).toBe("1500000000000000000000");
    expect(() => decimalFromJsonNumber(Number.NaN)).toThrow(RangeError);
    expect(() => decimalFromJsonNumber(-1)).toThrow(RangeError);
    expect(() => decimalFromJsonNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("round-trips any finite non-negative double through its decimal string", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e300, noNaN: true, noDefaultInfinity: true }),
        (value) => {
          expect(Number(decimalFromJsonNumber(value))).toBe(value);
        },
      ),
    );
  });

  it("multiplies exactly and rounds half up at the named scale", () => {
    // The derivation the service does: USD price x USD/KES.
    expect(multiplyDecimals("67187.3358936566", "128.979169", 6)).toBe("8665766.750888"); // exact: 8665766.7508877006393654;
    expect(multiplyDecimals("1.0005", "129.2", 2)).toBe("129.26");
    expect(multiplyDecimals("0.125", "1", 2)).toBe("0.13");
    expect(multiplyDecimals("0.124", "1", 2)).toBe("0.12");
    expect(multiplyDecimals("0.000000001", "129", 6)).toBe("0");
  });

  it("rounds to whole shillings half up, never through a float", () => {
    expect(roundToWhole("11650000.5")).toBe(11650001n);
    expect(roundToWhole("11650000.4999999999999")).toBe(11650000n);
    expect(roundToWhole("129.2")).toBe(129n);
    expect(roundToWhole("0.5")).toBe(1n);
    expect(roundToWhole("99999999999999999999.5")).toBe(100000000000000000000n);
    expect(roundDecimal("129.155", 2)).toBe("129.16");
  });

  it("agrees with exact rational rounding for random values", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 12 }),
        (units, scale) => {
          const text = normalizeDecimal(
            scale === 0
              ? units.toString()
              : `${units / 10n ** BigInt(scale)}.${(units % 10n ** BigInt(scale)).toString().padStart(scale, "0")}`,
          );
          const divisor = 10n ** BigInt(scale);
          const expected = (units * 2n + divisor) / (2n * divisor);
          expect(roundToWhole(text)).toBe(expected);
        },
      ),
    );
  });

  it("normalises, compares and validates", () => {
    expect(normalizeDecimal("007.5000")).toBe("7.5");
    expect(normalizeDecimal("0.000")).toBe("0");
    expect(compareDecimals("129.2", "129.20")).toBe(0);
    expect(compareDecimals("129.19", "129.2")).toBe(-1);
    expect(isPositiveDecimal("0.0001")).toBe(true);
    expect(isPositiveDecimal("0.000")).toBe(false);
    expect(isPositiveDecimal("-1")).toBe(false);
    expect(isPositiveDecimal("NaN")).toBe(false);
    expect(isPositiveDecimal("1e5")).toBe(false);
    expect(decimalToNumber("11650000.123456", 2)).toBe(11650000.12);
  });
});
