import { describe, expect, it } from "vitest";
import { formatChangeBps } from "~/content/cryptocurrencies";
import { formatBps } from "~/content/tariff";
import {
  formatCrypto,
  formatDate,
  formatEatDateTime,
  formatEatIso,
  formatEatStamp,
  formatEatTime,
  formatKes,
  formatMonthYear,
  formatKesCents,
  formatUsdCents,
  formatKesRate,
  formatPhone,
  formatTimeWindow,
  eatYear,
  maskPhone,
} from "~/utils/format";

// 24 Nov 2026, 14:05 in Nairobi (11:05 UTC).
const AT = Date.UTC(2026, 10, 24, 11, 5);

describe("money", () => {
  it("shows KES with thousands separators and no decimals", () => {
    expect(formatKes(500)).toBe("KES 500");
    expect(formatKes(1_000_000)).toBe("KES 1,000,000");
    expect(formatKes(10_000_000n)).toBe("KES 10,000,000");
  });

  it("shows amounts in cents with their cents, and whole shillings without .00 on request", () => {
    expect(formatKesCents("123450")).toBe("KES 1,234.50");
    expect(formatKesCents(5n)).toBe("KES 0.05");
    expect(formatKesCents(-300n)).toBe("-KES 3.00");
    // One rule on money pages: cents always (issue 30, item 11).
    expect(formatKesCents(246_600n)).toBe("KES 2,466.00");
    expect(formatKesCents("66")).toBe("KES 0.66");
  });

  it("shows US dollars in cents the same way (travel rule values)", () => {
    expect(formatUsdCents(100_000n)).toBe("USD 1,000.00");
    expect(formatUsdCents("107692")).toBe("USD 1,076.92");
  });

  it("keeps two decimals on KES rates (stablecoins keep their cents), four below one shilling", () => {
    expect(formatKesRate("129")).toBe("KES 129.00");
    expect(formatKesRate("129.4567")).toBe("KES 129.46");
    expect(formatKesRate("129.455")).toBe("KES 129.46");
    expect(formatKesRate("11650000.5")).toBe("KES 11,650,000.50");
    expect(formatKesRate("0.0017")).toBe("KES 0.0017");
  });

  it("shows crypto as decimals with the asset, never base units", () => {
    expect(formatCrypto(150_000n, "BTC")).toBe("0.0015 BTC");
    expect(formatCrypto("129450000", "USDT")).toBe("129.45 USDT");
    expect(formatCrypto("1000000000", "ETH")).toBe("1 ETH");
  });

  it("shows fees from basis points without float arithmetic", () => {
    expect(formatBps(100)).toBe("1%");
    expect(formatBps(150)).toBe("1.5%");
    expect(formatBps(5)).toBe("0.05%");
  });

  it("shows 24h changes with a sign", () => {
    expect(formatChangeBps(235)).toBe("+2.35%");
    expect(formatChangeBps(-142)).toBe("-1.42%");
    expect(formatChangeBps(0)).toBe("0.00%");
  });
});

describe("dates and times, Nairobi, day-month-year", () => {
  it("shows times in Nairobi (UTC+3), 24-hour", () => {
    expect(formatEatTime(Date.UTC(2026, 10, 21, 21, 5))).toBe("00:05");
    expect(formatEatTime(Date.UTC(2026, 10, 21, 10, 30))).toBe("13:30");
  });

  it("shows dates as day, short month, year in Nairobi", () => {
    expect(formatDate(AT)).toBe("24 Nov 2026");
    // 22:30 UTC on the 24th is already the 25th in Nairobi.
    expect(formatDate(Date.UTC(2026, 10, 24, 22, 30))).toBe("25 Nov 2026");
    expect(formatDate("2026-11-24T21:30:00.000Z")).toBe("25 Nov 2026");
  });

  it("shows calendar days (legal effective dates, settlement days) as they are", () => {
    expect(formatDate("2021-05-01")).toBe("1 May 2021");
    expect(formatDate("2026-11-24")).toBe("24 Nov 2026");
  });

  it("shows date and time with the zone named", () => {
    expect(formatEatDateTime(AT)).toBe("24 Nov 2026, 14:05 EAT");
    expect(formatEatDateTime(new Date(AT).toISOString())).toBe("24 Nov 2026, 14:05 EAT");
    expect(formatEatDateTime(Date.UTC(2026, 10, 24, 21, 0))).toBe("25 Nov 2026, 00:00 EAT");
  });

  it("gives machines ISO 8601 with the +03:00 offset", () => {
    expect(formatEatIso(AT)).toBe("2026-11-24T14:05:00+03:00");
    expect(formatEatIso(Date.UTC(2026, 10, 24, 21, 0, 7))).toBe("2026-11-25T00:00:07+03:00");
  });

  it("shortens a stamp to the time on the same Nairobi day", () => {
    expect(formatEatStamp(AT, AT + 3_600_000)).toBe("14:05 EAT");
    expect(formatEatStamp(AT, AT + 24 * 3_600_000)).toBe("24 Nov 2026, 14:05 EAT");
  });

  it("shows a time window in EAT", () => {
    expect(formatTimeWindow("2026-11-14T07:00:00.000Z/2026-11-21T07:00:00.000Z")).toBe(
      "14 Nov 2026, 10:00 EAT to 21 Nov 2026, 10:00 EAT",
    );
  });

  it("the year is Nairobi's: New Year comes three hours before UTC's", () => {
    expect(eatYear(AT)).toBe(2026);
    expect(eatYear(Date.UTC(2026, 11, 31, 20, 59))).toBe(2026);
    expect(eatYear(Date.UTC(2026, 11, 31, 21, 0))).toBe(2027);
  });

  it("never produces US order, bare ISO dates or UTC", () => {
    const shown = [formatDate(AT), formatEatDateTime(AT), formatDate("2021-05-01")].join(" | ");
    expect(shown).not.toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(shown).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(shown).not.toMatch(/UTC/);
  });
});

describe("phones", () => {
  it("shows stored numbers (E.164 or the older M-Pesa form) as +254 712 345 678", () => {
    expect(formatPhone("+254712345678")).toBe("+254 712 345 678");
    expect(formatPhone("254712345678")).toBe("+254 712 345 678");
    expect(formatPhone("+254112345678")).toBe("+254 112 345 678");
    expect(formatPhone("+14155550100")).toBe("+14155550100");
  });

  it("masks all but the first and last three digits", () => {
    expect(maskPhone("+254712345678")).toBe("+254 7•• ••• 678");
    expect(maskPhone("254712345678")).toBe("+254 7•• ••• 678");
    expect(maskPhone("nonsense")).toBe("•••");
  });
});

describe("dates in Kiswahili (issue 33)", () => {
  it("writes Kiswahili month names, the same numbers and EAT", () => {
    const moment = Date.UTC(2026, 11, 1, 11, 5); // 14:05 in Nairobi
    expect(formatDate(moment, "sw")).toBe("1 Des 2026");
    expect(formatDate("2026-08-24", "sw")).toBe("24 Ago 2026");
    expect(formatEatDateTime(moment, "sw")).toBe("1 Des 2026, 14:05 EAT");
    expect(formatMonthYear(2026, 3, "sw")).toBe("Machi 2026");
    expect(formatTimeWindow("2026-11-14T07:00:00.000Z/2026-11-21T07:00:00.000Z", "sw")).toBe(
      "14 Nov 2026, 10:00 EAT hadi 21 Nov 2026, 10:00 EAT",
    );
  });

  it("keeps English as it was", () => {
    expect(formatDate(Date.UTC(2026, 8, 5, 12), "en")).toBe("5 Sept 2026");
    expect(formatMonthYear(2026, 3)).toBe("March 2026");
  });
});
