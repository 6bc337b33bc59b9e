import { describe, expect, it } from "vitest";
import { formatChangeBps } from "~/content/cryptocurrencies";
import { formatBps } from "~/content/tariff";
import { formatEatTime, formatKes, formatLongDate } from "./format";

describe("formatting", () => {
  it("shows KES with thousands separators and no decimals", () => {
    expect(formatKes(500)).toBe("KES 500");
    expect(formatKes(1_000_000)).toBe("KES 1,000,000");
    expect(formatKes(10_000_000n)).toBe("KES 10,000,000");
  });

  it("shows fees from basis points without float arithmetic", () => {
    expect(formatBps(100)).toBe("1%");
    expect(formatBps(150)).toBe("1.5%");
    expect(formatBps(120)).toBe("1.2%");
    expect(formatBps(250)).toBe("2.5%");
    expect(formatBps(5)).toBe("0.05%");
  });

  it("shows 24h changes with a sign", () => {
    expect(formatChangeBps(235)).toBe("+2.35%");
    expect(formatChangeBps(-142)).toBe("-1.42%");
    expect(formatChangeBps(0)).toBe("0.00%");
    expect(formatChangeBps(-1)).toBe("-0.01%");
  });

  it("shows times in Nairobi (UTC+3), 24-hour", () => {
    expect(formatEatTime(Date.UTC(2026, 10, 21, 21, 5))).toBe("00:05");
    expect(formatEatTime(Date.UTC(2026, 10, 21, 10, 30))).toBe("13:30");
  });

  it("shows long dates in US English", () => {
    expect(formatLongDate("2021-05-01")).toBe("May 1, 2021");
  });
});
