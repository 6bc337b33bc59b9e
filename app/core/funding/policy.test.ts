import { describe, expect, it } from "vitest";
import {
  afterFloat,
  DAILY_TIMES,
  dailyTimeReached,
  DEFAULT_POLICY,
  describePolicy,
  eatMinutesOf,
  payableShare,
  settlementPolicySchema,
} from "./policy";

const parse = (input: Record<string, string>) => settlementPolicySchema.safeParse(input);
const errors = (input: Record<string, string>) => {
  const result = parse(input);
  return result.success ? {} : result.error.flatten().fieldErrors;
};

describe("settlement policy form", () => {
  it("reads a daily schedule with a kept float in whole shillings", () => {
    expect(
      parse({ schedule: "daily", dailyTime: "17:30", keep: "float", keepFloatKes: "KES 20,000" }),
    ).toEqual({
      success: true,
      data: {
        schedule: "daily",
        dailyTime: "17:30",
        keep: "float",
        keepPercent: 0,
        keepFloatKesCents: 2_000_000n,
      },
    });
  });

  it("ignores the time and the amounts a choice does not use", () => {
    expect(
      parse({ schedule: "instant", dailyTime: "03:00", keep: "none", keepPercent: "500" }),
    ).toEqual({ success: true, data: DEFAULT_POLICY });
  });

  it("says what is wrong with each field", () => {
    expect(errors({ schedule: "weekly", keep: "none" })).toEqual({
      schedule: ["Choose when you are paid"],
    });
    expect(errors({ schedule: "daily", dailyTime: "17:15", keep: "none" })).toEqual({
      dailyTime: ["Choose a time between 06:00 and 21:30"],
    });
    for (const keepPercent of ["0", "101", "12.5", "", "ten"])
      expect(errors({ schedule: "instant", keep: "percent", keepPercent })).toEqual({
        keepPercent: ["Enter a whole percentage from 1 to 100"],
      });
    expect(errors({ schedule: "instant", keep: "float", keepFloatKes: "1.5" })).toEqual({
      keepFloatKes: ["Enter whole shillings, such as 20000"],
    });
    expect(errors({ schedule: "instant", keep: "float", keepFloatKes: "10000001" })).toEqual({
      keepFloatKes: ["Enter from KES 1 to KES 10,000,000"],
    });
  });

  it("offers every half hour from 06:00 to 21:30", () => {
    expect(DAILY_TIMES[0]).toBe("06:00");
    expect(DAILY_TIMES.at(-1)).toBe("21:30");
    expect(DAILY_TIMES).toHaveLength(32);
  });
});

describe("what a policy pays out", () => {
  const percent = (keepPercent: number) => ({
    ...DEFAULT_POLICY,
    keep: "percent" as const,
    keepPercent,
  });

  it("keeps the percentage rounded up to the cent", () => {
    expect(payableShare(247_500n, percent(20))).toBe(198_000n);
    expect(payableShare(101n, percent(10))).toBe(90n);
    expect(payableShare(247_500n, percent(100))).toBe(0n);
    expect(payableShare(247_500n, DEFAULT_POLICY)).toBe(247_500n);
    expect(payableShare(-5n, DEFAULT_POLICY)).toBe(0n);
  });

  it("pays only what is above a float", () => {
    const float = { ...DEFAULT_POLICY, keep: "float" as const, keepFloatKesCents: 100_000n };
    expect(afterFloat(150_000n, float)).toBe(50_000n);
    expect(afterFloat(90_000n, float)).toBe(0n);
    expect(afterFloat(90_000n, DEFAULT_POLICY)).toBe(90_000n);
  });

  it("is due from the chosen time, Nairobi time", () => {
    // 14:00 UTC is 17:00 EAT.
    expect(eatMinutesOf(Date.UTC(2026, 10, 30, 14, 0))).toBe(17 * 60);
    const policy = { dailyTime: "17:00" };
    expect(dailyTimeReached(policy, 16 * 60 + 59)).toBe(false);
    expect(dailyTimeReached(policy, 17 * 60)).toBe(true);
  });

  it("describes itself in one sentence", () => {
    expect(describePolicy(DEFAULT_POLICY)).toBe(
      "Each payment is paid out as soon as it is confirmed.",
    );
    expect(describePolicy({ ...percent(10), schedule: "daily", dailyTime: "18:00" })).toBe(
      "Your payments are paid out once a day at 18:00 (Nairobi time), in one transfer; 10% of each payment stays in your OneHop balance for payouts.",
    );
  });
});
