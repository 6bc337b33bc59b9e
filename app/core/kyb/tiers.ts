/**
 * KYB tiers (issue 31, item 6; ADR 0058): what each due-diligence tier allows and how often it is
 * reviewed. One table: the payments daily cap (app/core/payments) and the review dates
 * (app/core/kyb/reviews.server.ts) read it. Isomorphic and pure.
 *
 * The standard tier's daily cap is the configured cap (`dailyPerMerchantKes`, the tariff's
 * "Daily limit per merchant"): a merchant on the default tier keeps today's limit. Basic (a
 * business not fully verified yet) has a tenth of it; enhanced (enhanced due diligence done) five
 * times it.
 */
import { tierDailyLimitKes } from "~/content/tariff";
import type { KybTier } from "./vocabulary";

export interface TierRule {
  label: string;
  /** What the tier means, for the operators' choice. */
  summary: string;
  /** Months between full KYB reviews. */
  reviewCycleMonths: number;
}

export const tierRules: Record<KybTier, TierRule> = {
  basic: {
    label: "Basic",
    summary: "Documents not all verified yet: a tenth of the standard daily limit.",
    reviewCycleMonths: 12,
  },
  standard: {
    label: "Standard",
    summary: "Verified business: the standard daily limit.",
    reviewCycleMonths: 24,
  },
  enhanced: {
    label: "Enhanced",
    summary: "Enhanced due diligence done: five times the standard daily limit, reviewed yearly.",
    reviewCycleMonths: 12,
  },
};

/** A merchant with a politically exposed person behind it is reviewed at least this often. */
export const PEP_REVIEW_CYCLE_MONTHS = 12;

/** A re-review is due this many days before a document expires. */
export const DOCUMENT_NOTICE_DAYS = 30;

const DAY_MS = 24 * 3_600_000;

/** The tier's daily cap in whole KES, from the configured (standard) cap. */
export function tierDailyCapKes(tier: KybTier, standardCapKes: number): number {
  return tierDailyLimitKes(tier, standardCapKes);
}

/** Every tier's daily cap in KES cents (for the payments check, which picks the merchant's). */
export function tierDailyCapsCents(standardCapKes: number): Record<KybTier, bigint> {
  return {
    basic: BigInt(tierDailyCapKes("basic", standardCapKes)) * 100n,
    standard: BigInt(tierDailyCapKes("standard", standardCapKes)) * 100n,
    enhanced: BigInt(tierDailyCapKes("enhanced", standardCapKes)) * 100n,
  };
}

/** `from` plus whole calendar months (UTC; the 31st into a short month takes its last day). */
export function addMonths(from: number, months: number): number {
  const date = new Date(from);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.getTime();
}

/**
 * When the merchant's KYB is next due for review: the earliest of its cycle (from its last review,
 * the tier's months, or a PEP's when shorter) and each expiring document's expiry less the notice.
 */
export function reviewDueAt(input: {
  tier: KybTier;
  lastReviewedAt: number;
  hasPep: boolean;
  documentExpiries: readonly number[];
}): number {
  const months = input.hasPep
    ? Math.min(tierRules[input.tier].reviewCycleMonths, PEP_REVIEW_CYCLE_MONTHS)
    : tierRules[input.tier].reviewCycleMonths;
  const cycle = addMonths(input.lastReviewedAt, months);
  const documents = input.documentExpiries.map((at) => at - DOCUMENT_NOTICE_DAYS * DAY_MS);
  return Math.min(cycle, ...documents);
}
