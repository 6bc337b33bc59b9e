import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mpesaB2cChargeKes, mpesaB2cCharges } from "~/content/tariff";
import {
  eatDay,
  estimateSettlement,
  largestPayout,
  mpesaRailCharge,
  nextDay,
  planTransfers,
} from "./settlement-plan";

const base = {
  perTransferKes: 250_000,
  dailyKes: 500_000,
  today: "2026-11-21",
  usedByDay: new Map<string, bigint>(),
};
const kes = (t: { amountKesCents: bigint; railChargeKesCents: bigint; day: string }) => [
  t.amountKesCents / 100n,
  t.railChargeKesCents / 100n,
  t.day,
];

describe("M-Pesa B2C charge bands", () => {
  it("charges by band, both ends inclusive", () => {
    expect(
      [10, 100, 101, 1_500, 1_501, 2_466, 2_500, 5_000, 5_001, 20_000, 20_001, 250_000].map(
        (amount) => [amount, mpesaB2cChargeKes(amount)],
      ),
    ).toEqual([
      [10, 0],
      [100, 0],
      [101, 5],
      [1_500, 5],
      [1_501, 9],
      [2_466, 9],
      [2_500, 9],
      [5_000, 9],
      [5_001, 11],
      [20_000, 11],
      [20_001, 12],
      [250_000, 12],
    ]);
    expect(() => mpesaB2cChargeKes(250_001)).toThrow(RangeError);
    expect(() => mpesaB2cChargeKes(0)).toThrow(RangeError);
  });

  it("has no gaps or overlaps from KES 1 to the KES 250,000 transfer limit", () => {
    mpesaB2cCharges.forEach((band, index) => {
      expect(band.minKes).toBe(index === 0 ? 1 : mpesaB2cCharges[index - 1]!.maxKes + 1);
      expect(band.maxKes).toBeGreaterThanOrEqual(band.minKes);
    });
    expect(mpesaB2cCharges.at(-1)!.maxKes).toBe(250_000);
  });
});

describe("settlement plan", () => {
  it("a KES 2,500 payment (KES 2,475 after the 1% fee) pays out KES 2,466 with the KES 9 M-Pesa charge: no 1.5% on top", () => {
    expect(planTransfers({ ...base, availableCents: 247_500n })).toEqual([
      {
        amountKesCents: 246_600n,
        railChargeKesCents: 900n,
        feeKesCents: 0n,
        exciseKesCents: 0n,
        day: "2026-11-21",
      },
    ]);
    expect(estimateSettlement(247_500n, base)).toEqual({
      payoutKesCents: 246_600n,
      railChargeKesCents: 900n,
      leftoverKesCents: 0n,
      transfers: 1,
    });
  });

  it("keeps cents and a band edge as leftover, never more than one shilling and the charge step", () => {
    // KES 1,505.40: KES 1,500 + 5 = 1,505 fits; KES 1,501 would cost 9 more. 40 cents are left.
    expect(estimateSettlement(150_540n, base)).toEqual({
      payoutKesCents: 150_000n,
      railChargeKesCents: 500n,
      leftoverKesCents: 40n,
      transfers: 1,
    });
    // Below KES 10 nothing is sent: it waits for the next settlement.
    expect(estimateSettlement(999n, base)).toEqual({
      payoutKesCents: 0n,
      railChargeKesCents: 0n,
      leftoverKesCents: 999n,
      transfers: 0,
    });
  });

  it("splits above KES 250,000 per transfer and waits for the next day above KES 500,000 a day", () => {
    const plan = planTransfers({ ...base, availableCents: 80_000_000n }); // KES 800,000
    expect(plan.map(kes)).toEqual([
      [250_000n, 12n, "2026-11-21"],
      [250_000n, 12n, "2026-11-21"],
      [250_000n, 12n, "2026-11-22"],
      [49_952n, 12n, "2026-11-22"],
    ]);
    const total = plan.reduce((sum, t) => sum + t.amountKesCents + t.railChargeKesCents, 0n);
    expect(total).toBe(80_000_000n);
  });

  it("counts what was already paid today", () => {
    const plan = planTransfers({
      ...base,
      availableCents: 30_000_000n,
      usedByDay: new Map([["2026-11-21", 45_000_000n]]),
    });
    expect(plan.map(kes)).toEqual([
      [50_000n, 12n, "2026-11-21"],
      [249_976n, 12n, "2026-11-22"],
    ]);
  });

  it("never plans more than is available, nor a transfer above the limits, nor below KES 10, and leaves less than a minimum transfer", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 500_000_000n }),
        fc.bigInt({ min: 0n, max: 50_000_000n }),
        (available, usedToday) => {
          const plan = planTransfers({
            ...base,
            availableCents: available,
            usedByDay: new Map([["2026-11-21", usedToday]]),
          });
          const spent = plan.reduce(
            (sum, t) => sum + t.amountKesCents + t.railChargeKesCents + t.feeKesCents,
            0n,
          );
          expect(spent).toBeLessThanOrEqual(available);
          const perDay = new Map<string, bigint>([["2026-11-21", usedToday]]);
          for (const t of plan) {
            expect(t.amountKesCents % 100n).toBe(0n);
            expect(t.amountKesCents).toBeGreaterThanOrEqual(1_000n);
            expect(t.amountKesCents).toBeLessThanOrEqual(25_000_000n);
            expect(t.railChargeKesCents).toBe(mpesaRailCharge(t.amountKesCents));
            expect(t.feeKesCents).toBe(0n);
            perDay.set(t.day, (perDay.get(t.day) ?? 0n) + t.amountKesCents);
          }
          for (const [day, total] of perDay)
            if (day !== "2026-11-21" || usedToday <= 50_000_000n)
              expect(total).toBeLessThanOrEqual(50_000_000n);
          // What is left cannot pay one more minimum transfer and its charge.
          expect(largestPayout(available - spent, mpesaRailCharge, 25_000_000n)).toBeLessThan(
            1_000n,
          );
        },
      ),
    );
  });

  it("uses Nairobi days", () => {
    expect(eatDay(Date.UTC(2026, 10, 21, 20, 59))).toBe("2026-11-21");
    expect(eatDay(Date.UTC(2026, 10, 21, 21, 0))).toBe("2026-11-22");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
  });
});
