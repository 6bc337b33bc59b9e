/**
 * The large-transaction rules (ADR 0057): USD 15,000 or more at the day's USD/KES rate, exactly
 * (bigint, never floats); Nairobi weeks from Monday 00:00 to Monday 00:00; the day's rate is the
 * last one published before the Nairobi day ended.
 */
import { describe, expect, it } from "vitest";
import {
  dayRate,
  eatDayEnd,
  isLargeTransaction,
  lastFullWeek,
  recentFullWeeks,
  usdCents,
  weekOf,
} from "./large-transactions";

const eat = (local: string) => Date.parse(`${local}+03:00`);

describe("USD 15,000 or more", () => {
  it("includes exactly USD 15,000 at the rate and not one cent below", () => {
    // 15,000 x 129.5 = KES 1,942,500.00
    expect(isLargeTransaction(194_250_000n, "129.5")).toBe(true);
    expect(isLargeTransaction(194_249_999n, "129.5")).toBe(false);
    expect(isLargeTransaction(194_250_001n, "129.5")).toBe(true);
    // A rate with more decimals: 15,000 x 129.4567 = KES 1,941,850.50
    expect(isLargeTransaction(194_185_050n, "129.4567")).toBe(true);
    expect(isLargeTransaction(194_185_049n, "129.4567")).toBe(false);
  });

  it("converts to USD cents, rounded half up", () => {
    expect(usdCents(194_250_000n, "129.5")).toBe(1_500_000n);
    expect(usdCents(100n, "3")).toBe(33n);
    expect(usdCents(200n, "3")).toBe(67n);
  });

  it("refuses a rate that is not a decimal or zero", () => {
    expect(() => isLargeTransaction(1n, "abc")).toThrow(RangeError);
    expect(() => isLargeTransaction(1n, "0")).toThrow(RangeError);
  });
});

describe("Nairobi weeks", () => {
  it("run Monday 00:00 to the next Monday 00:00 EAT", () => {
    const week = weekOf(eat("2026-11-25T10:00:00")); // a Wednesday
    expect(week).toEqual({ start: eat("2026-11-23T00:00:00"), end: eat("2026-11-30T00:00:00") });
    // Sunday 23:59 EAT is still that week; Monday 00:00 EAT the next (21:00 UTC on Sunday).
    expect(weekOf(eat("2026-11-29T23:59:59")).start).toBe(eat("2026-11-23T00:00:00"));
    expect(weekOf(eat("2026-11-30T00:00:00")).start).toBe(eat("2026-11-30T00:00:00"));
  });

  it("the last full week is the one before today's; recent weeks go back from it", () => {
    const monday = eat("2026-11-30T06:00:00");
    expect(lastFullWeek(monday)).toEqual({
      start: eat("2026-11-23T00:00:00"),
      end: eat("2026-11-30T00:00:00"),
    });
    expect(recentFullWeeks(monday, 2).map((week) => week.start)).toEqual([
      eat("2026-11-23T00:00:00"),
      eat("2026-11-16T00:00:00"),
    ]);
  });
});

describe("the day's rate", () => {
  const rates = [
    { rate: "129", source: "fx", asOf: eat("2026-11-23T09:00:00") },
    { rate: "129.5", source: "fx", asOf: eat("2026-11-23T21:00:00") },
    { rate: "130", source: "fx", asOf: eat("2026-11-25T09:00:00") },
  ];
  it("is the last one published before the Nairobi day ended", () => {
    expect(eatDayEnd(eat("2026-11-23T08:00:00"))).toBe(eat("2026-11-24T00:00:00"));
    expect(dayRate(rates, eat("2026-11-23T08:00:00"))?.rate).toBe("129.5");
    // A day without one: the latest before it.
    expect(dayRate(rates, eat("2026-11-24T12:00:00"))?.rate).toBe("129.5");
    expect(dayRate(rates, eat("2026-11-25T01:00:00"))?.rate).toBe("130");
    expect(dayRate(rates, eat("2026-11-22T12:00:00"))).toBeNull();
  });
});
