import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exciseDutyBps } from "~/content/excise-duty";
import { exciseDutyPhrase } from "~/content/tariff";
import { computeQuote } from "~/core/payments/quote";
import { rowCost } from "~/core/disbursements/fees";
import { exciseOf, netOfFees, withExcise } from "./excise";

describe("excise duty on our fees", () => {
  it("is 10%, and the tariff names it so", () => {
    expect(exciseDutyBps).toBe(1_000);
    expect(exciseDutyPhrase).toBe("plus 10% excise duty");
    expect(exciseOf(2_500n)).toBe(250n);
    expect(exciseOf(0n)).toBe(0n);
  });

  it("rounds half up to the cent: 100.5 cents is 101, 100.4 is 100", () => {
    expect(exciseOf(1_005n)).toBe(101n);
    expect(exciseOf(1_004n)).toBe(100n);
    expect(exciseOf(1_006n)).toBe(101n);
    expect(exciseOf(5n)).toBe(1n);
    expect(exciseOf(4n)).toBe(0n);
    expect(exciseOf(15n)).toBe(2n);
  });

  it("is never more than half a cent away from a tenth of the fee, for any fee", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 62n }), (fee) => {
        const excise = exciseOf(fee);
        const error = excise * 10n - fee; // in tenths of a cent
        expect(error).toBeGreaterThan(-5n);
        expect(error).toBeLessThanOrEqual(5n);
      }),
    );
  });

  it("refuses a negative fee", () => {
    expect(() => exciseOf(-1n)).toThrow(RangeError);
  });

  it("comes with the fee of a payment's quote and leaves the merchant the amount less both", () => {
    const quote = computeQuote({
      amountKesCents: 250_000n,
      marketRate: "129.5",
      spreadBps: 0,
      feeBps: 100,
      asset: "USDT",
    });
    expect(quote.feeKesCents).toBe(2_500n);
    expect(quote.exciseKesCents).toBe(250n);
    expect(netOfFees({ amountKesCents: 250_000n, ...withExcise(quote.feeKesCents) })).toBe(
      247_250n,
    );
  });

  it("is on our payout fee, never on the rail's charge, and in what the payout costs", () => {
    // KES 2,000 to M-Pesa: 1.5% fee KES 30, excise KES 3, M-Pesa's KES 9 charge with no excise.
    const b2c = rowCost("mpesa", 200_000n);
    expect(b2c).toEqual({
      amountKesCents: 200_000n,
      feeKesCents: 3_000n,
      exciseKesCents: 300n,
      railChargeKesCents: 900n,
      totalKesCents: 204_200n,
    });
    // KES 1,000 to a Paybill: 1.2% fee KES 12, excise KES 1.20, M-Pesa's B2B charge of KES 9.
    const b2b = rowCost("mpesa", 100_000n, "paybill");
    expect(b2b.feeKesCents).toBe(1_200n);
    expect(b2b.exciseKesCents).toBe(120n);
    expect(b2b.totalKesCents).toBe(100_000n + 1_200n + 120n + b2b.railChargeKesCents);
  });
});
