import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eatDay, largestPayout, nextDay, planTransfers } from "./settlement-plan";

const base = { feeBps: 150, perTransferKes: 250_000, dailyKes: 500_000, today: "2026-11-21", usedByDay: new Map<string, bigint>() };

describe("settlement plan", () => {
  it("pays a small amount in one transfer with the 1.5% B2C fee", () => {
    const plan = planTransfers({ ...base, availableCents: 1_015_000n });
    expect(plan).toEqual([{ amountKesCents: 1_000_000n, feeKesCents: 15_000n, day: "2026-11-21" }]);
  });

  it("splits above KES 250,000 per transfer and waits for the next day above KES 500,000 a day", () => {
    const plan = planTransfers({ ...base, availableCents: 80_000_000n }); // KES 800,000
    expect(plan.map((t) => [t.amountKesCents / 100n, t.day])).toEqual([
      [250_000n, "2026-11-21"],
      [250_000n, "2026-11-21"],
      [250_000n, "2026-11-22"],
      [38_177n, "2026-11-22"],
    ]);
    const total = plan.reduce((sum, t) => sum + t.amountKesCents + t.feeKesCents, 0n);
    expect(total).toBeLessThanOrEqual(80_000_000n);
  });

  it("counts what was already paid today", () => {
    const plan = planTransfers({ ...base, availableCents: 30_000_000n, usedByDay: new Map([["2026-11-21", 45_000_000n]]) });
    expect(plan.map((t) => [t.amountKesCents / 100n, t.day])).toEqual([
      [50_000n, "2026-11-21"],
      [245_566n, "2026-11-22"],
    ]);
  });

  it("never plans more than is available, nor a transfer above the limits, nor below KES 10", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 500_000_000n }), fc.bigInt({ min: 0n, max: 50_000_000n }), (available, usedToday) => {
        const plan = planTransfers({ ...base, availableCents: available, usedByDay: new Map([["2026-11-21", usedToday]]) });
        const spent = plan.reduce((sum, t) => sum + t.amountKesCents + t.feeKesCents, 0n);
        expect(spent).toBeLessThanOrEqual(available);
        const perDay = new Map<string, bigint>([["2026-11-21", usedToday]]);
        for (const t of plan) {
          expect(t.amountKesCents % 100n).toBe(0n);
          expect(t.amountKesCents).toBeGreaterThanOrEqual(1_000n);
          expect(t.amountKesCents).toBeLessThanOrEqual(25_000_000n);
          perDay.set(t.day, (perDay.get(t.day) ?? 0n) + t.amountKesCents);
        }
        for (const [day, total] of perDay) if (day !== "2026-11-21" || usedToday <= 50_000_000n) expect(total).toBeLessThanOrEqual(50_000_000n);
        // What is left is less than one more minimum transfer and its fee.
        expect(largestPayout(available - spent, 150)).toBeLessThan(1_000n);
      }),
    );
  });

  it("uses Nairobi days", () => {
    expect(eatDay(Date.UTC(2026, 10, 21, 20, 59))).toBe("2026-11-21");
    expect(eatDay(Date.UTC(2026, 10, 21, 21, 0))).toBe("2026-11-22");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
  });
});
