/**
 * A merchant's settlement policy (issue 30, item 1; ADR 0050): when its collections are paid out
 * (every payment at once, or once a day at a chosen time) and what stays in the OneHop balance to
 * fund payouts (nothing, a percentage of each payment, or a float kept topped up). Pure and
 * isomorphic: the settings form's schema, the arithmetic and the words.
 */
import { z } from "zod";
import { formatKes, formatKesCents } from "~/utils/format";
import {
  type BalanceKeep,
  balanceKeeps,
  type SettlementSchedule,
  settlementSchedules,
} from "./vocabulary";

export interface SettlementPolicy {
  schedule: SettlementSchedule;
  /** "17:00", EAT. */
  dailyTime: string;
  keep: BalanceKeep;
  /** keep = percent: 1 to 100. */
  keepPercent: number;
  /** keep = float: cents. */
  keepFloatKesCents: bigint;
}

/** A merchant that never chose: every payment settles at once and nothing is kept. */
export const DEFAULT_POLICY: SettlementPolicy = Object.freeze({
  schedule: "instant",
  dailyTime: "17:00",
  keep: "none",
  keepPercent: 0,
  keepFloatKesCents: 0n,
});

/** Does the policy pay every payment at once and keep nothing (what merchants had before)? */
export function isDefaultPolicy(policy: SettlementPolicy): boolean {
  return policy.schedule === "instant" && policy.keep === "none";
}

/** The times a daily settlement may run: every half hour, 06:00 to 21:30 EAT. */
export const DAILY_TIMES: readonly string[] = Array.from({ length: 32 }, (_, index) => {
  const minutes = 6 * 60 + index * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${minutes % 60 === 0 ? "00" : "30"}`;
});

/** The highest float a merchant may keep (whole KES): far above any shop's payroll, below abuse. */
export const KEEP_FLOAT_MAX_KES = 10_000_000;

export const scheduleLabels: Record<SettlementSchedule, string> = {
  instant: "Pay out every payment at once",
  daily: "Pay out once a day",
};

export const keepLabels: Record<BalanceKeep, string> = {
  none: "Keep nothing: pay out all of it",
  percent: "Keep a percentage of each payment",
  float: "Keep a float for payouts",
};

const WHOLE_SHILLINGS = /^\d{1,3}(?:[, ]\d{3})+$|^\d+$/;

/** What the settings form says when a field is wrong (the page passes its language's). */
export interface PolicyFormErrors {
  schedule: string;
  keep: string;
  dailyTime: string;
  percent: string;
  floatFormat: string;
  floatRange: (max: string) => string;
}

export const policyFormErrors: PolicyFormErrors = {
  schedule: "Choose when you are paid",
  keep: "Choose what stays in your OneHop balance",
  dailyTime: "Choose a time between 06:00 and 21:30",
  percent: "Enter a whole percentage from 1 to 100",
  floatFormat: "Enter whole shillings, such as 20000",
  floatRange: (max: string) => `Enter from KES 1 to ${max}`,
};

/**
 * The settings form: strings in, a policy out (the server's word; the browser's is a courtesy),
 * saying `m`'s messages.
 */
export const settlementPolicySchemaFor = (m: PolicyFormErrors) =>
  z
    .object({
      schedule: z.enum(settlementSchedules, { errorMap: () => ({ message: m.schedule }) }),
      dailyTime: z.string().trim().max(5).optional(),
      keep: z.enum(balanceKeeps, { errorMap: () => ({ message: m.keep }) }),
      keepPercent: z.string().trim().max(6).optional(),
      keepFloatKes: z.string().trim().max(20).optional(),
    })
    .transform((value, ctx): SettlementPolicy => {
      const refuse = (path: string, message: string) => {
        ctx.addIssue({ code: "custom", path: [path], message });
        return z.NEVER;
      };
      let dailyTime = DEFAULT_POLICY.dailyTime;
      if (value.schedule === "daily") {
        if (!value.dailyTime || !DAILY_TIMES.includes(value.dailyTime))
          return refuse("dailyTime", m.dailyTime);
        dailyTime = value.dailyTime;
      }
      let keepPercent = 0;
      let keepFloatKesCents = 0n;
      if (value.keep === "percent") {
        const text = (value.keepPercent ?? "").replace(/%$/, "").trim();
        const percent = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
        if (!(percent >= 1 && percent <= 100)) return refuse("keepPercent", m.percent);
        keepPercent = percent;
      }
      if (value.keep === "float") {
        const text = (value.keepFloatKes ?? "").replace(/^(?:kes|ksh)\s*/i, "");
        if (!WHOLE_SHILLINGS.test(text)) return refuse("keepFloatKes", m.floatFormat);
        const kes = Number(text.replace(/[, ]/g, ""));
        if (kes < 1 || kes > KEEP_FLOAT_MAX_KES)
          return refuse("keepFloatKes", m.floatRange(formatKes(KEEP_FLOAT_MAX_KES)));
        keepFloatKesCents = BigInt(kes) * 100n;
      }
      return {
        schedule: value.schedule,
        dailyTime,
        keep: value.keep,
        keepPercent,
        keepFloatKesCents,
      };
    });

export const settlementPolicySchema = settlementPolicySchemaFor(policyFormErrors);

/**
 * What a payment's net leaves to be paid out under the policy: all of it, or its net less the kept
 * percentage (the kept part rounded up to the cent, so the merchant never keeps less than chose).
 * A float is kept from the balance as a whole (`afterFloat`), not from each payment.
 */
export function payableShare(netCents: bigint, policy: SettlementPolicy): bigint {
  if (netCents <= 0n) return 0n;
  if (policy.keep !== "percent") return netCents;
  const kept = (netCents * BigInt(policy.keepPercent) + 99n) / 100n;
  return netCents - kept;
}

/**
 * What may be paid out of `freeCents` (the balance not owed to anything else) when the policy keeps
 * a float: what is above the float; without a float, all of it.
 */
export function afterFloat(freeCents: bigint, policy: SettlementPolicy): bigint {
  const above = policy.keep === "float" ? freeCents - policy.keepFloatKesCents : freeCents;
  return above > 0n ? above : 0n;
}

/** The words of the policy's sentence (a page passes its language's). */
export interface PolicyWords {
  whenDaily: (time: string) => string;
  whenInstant: string;
  keptPercent: (percent: number) => string;
  keptFloat: (amount: string) => string;
}

export const policyWords: PolicyWords = {
  whenDaily: (time) =>
    `Your payments are paid out once a day at ${time} (Nairobi time), in one transfer`,
  whenInstant: "Each payment is paid out as soon as it is confirmed",
  keptPercent: (percent) =>
    `; ${percent}% of each payment stays in your OneHop balance for payouts`,
  keptFloat: (amount) => `; ${amount} stays in your OneHop balance for payouts`,
};

/** The policy in one sentence, for the settings page and a payment's timeline. */
export function describePolicy(policy: SettlementPolicy, m: PolicyWords = policyWords): string {
  const when = policy.schedule === "daily" ? m.whenDaily(policy.dailyTime) : m.whenInstant;
  const kept =
    policy.keep === "percent"
      ? m.keptPercent(policy.keepPercent)
      : policy.keep === "float"
        ? m.keptFloat(formatKesCents(policy.keepFloatKesCents))
        : "";
  return `${when}${kept}.`;
}

/** Has the chosen time of the daily settlement come today (minutes since midnight, EAT)? */
export function dailyTimeReached(
  policy: Pick<SettlementPolicy, "dailyTime">,
  eatMinutesNow: number,
): boolean {
  const [hours, minutes] = policy.dailyTime.split(":").map(Number);
  return eatMinutesNow >= hours! * 60 + minutes!;
}

/** Minutes since midnight in Nairobi (UTC+3, no daylight saving). */
export function eatMinutesOf(epochMs: number): number {
  return Math.floor(((epochMs + 3 * 3_600_000) % 86_400_000) / 60_000);
}
