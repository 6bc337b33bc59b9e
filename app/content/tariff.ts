/**
 * Fees, limits and settlement times: the one source for the pricing and tariff pages, the terms and
 * (later) the payments core. Rates are basis points (1% = 100 bps); amounts are whole Kenyan
 * shillings as integers (the ledger converts to cents). Never floats.
 *
 * Crypto limits: the spec gives two readings; we use the stricter terms reading everywhere
 * (see docs/decisions/0003-crypto-limits.md).
 */
import { formatKes, formatPercent } from "~/utils/format";
import { exciseDutyBps } from "./excise-duty";

export type Bps = number;
export type WholeKes = number;

export interface Fee {
  id: string;
  name: string;
  description: string;
  bps: Bps;
  plus?: string;
}

/** The three flow fees shown on the pricing and tariff pages. */
export const transactionFees = [
  {
    id: "c2b",
    name: "C2B (Collections)",
    description: "Customer pays the merchant in crypto or mobile money; settled in KES.",
    bps: 100,
  },
  {
    id: "b2c",
    name: "B2C (Disbursements)",
    description: "Merchant pays out to customers, staff, suppliers or affiliates.",
    bps: 150,
  },
  {
    id: "b2b",
    name: "B2B Payments",
    description: "Business-to-business transfers, local and cross-border.",
    bps: 120,
  },
] as const satisfies readonly Fee[];

/** Fees as the Terms and Conditions state them. */
export const conversionFees = [
  {
    id: "crypto-to-fiat",
    name: "Crypto to fiat conversion",
    description: "Crypto received and converted to KES.",
    bps: 100,
    plus: "mobile network fees",
  },
  {
    id: "fiat-to-crypto",
    name: "Fiat to crypto conversion",
    description: "KES converted to a supported crypto asset.",
    bps: 120,
    plus: "mobile network fees",
  },
  {
    id: "cross-border",
    name: "Cross-border payments",
    description: "Payments sent or received across borders.",
    bps: 250,
    plus: "network fees",
  },
  {
    id: "merchant-processing",
    name: "Merchant payment processing",
    description: "Processing of each merchant payment.",
    bps: 100,
  },
] as const satisfies readonly Fee[];

/**
 * Our fees. `c2b` is the collection fee (crypto to fiat 1%); settling the merchant's own
 * collections to its own M-Pesa number carries no fee of ours, only the rail's charge above. `b2c`
 * is for disbursements to third parties (a later issue), not for settlement.
 */
export const feeBps = {
  c2b: 100,
  b2c: 150,
  b2b: 120,
} as const satisfies Record<string, Bps>;

export { exciseDueDayOfMonth, exciseDutyBps } from "./excise-duty";

/** How the tariff, the Terms and the payment pages name it: "plus 10% excise duty" (ADR 0059). */
export const exciseDutyPhrase = `plus ${formatPercent(exciseDutyBps)} excise duty`;

/**
 * Safaricom's M-Pesa B2C charge per transfer to a registered M-Pesa user, by amount band (whole
 * KES, both ends inclusive), paid by the sending business (us) from the B2C float. Settling a
 * merchant's own collections passes this charge through at cost ("crypto to fiat 1.0% plus mobile
 * network fees" in the Terms): no percentage on top (docs/decisions/0018-settlement-fees.md).
 *
 * Sources, looked up November 2026:
 * - Safaricom "M-PESA Bulk Payment Tariff Form", table "B2C payments to registered users" (the most
 *   recent official document found; copy at
 *   https://www.scribd.com/document/906530697/m-Pesa-Bulk-Payment-Tariff-Form): 1-49: 0, 50-100: 0,
 *   101-1,500: 5, 1,501-5,000: 9, 5,001-15,000: 11. The rows above KES 15,000 were not legible in
 *   the copy we could read.
 * - Safaricom's January 2021 announcement as reported by The East African
 *   (https://mheshimiwa.co.ke/safaricom-reduces-m-pesa-paybill-charges-by-nearly-half-the-east-african):
 *   "Sh5 for payments between Sh100 and Sh1,500" (agrees with the form) and "between Sh20,000 and
 *   Sh150,000 will now cost Sh12". We take 15,001-20,000 as the form's 11 tier and KES 12 above
 *   20,000, up to the KES 250,000 per-transfer limit (raised from 150,000 in 2023).
 * The sources agree where they overlap. Check the charge sheet of our own B2C contract before going
 * live and update this table (and the ADR) if it differs.
 */
export interface RailChargeBand {
  minKes: WholeKes;
  maxKes: WholeKes;
  chargeKes: WholeKes;
}

export const mpesaB2cCharges = [
  { minKes: 1, maxKes: 100, chargeKes: 0 },
  { minKes: 101, maxKes: 1_500, chargeKes: 5 },
  { minKes: 1_501, maxKes: 5_000, chargeKes: 9 },
  { minKes: 5_001, maxKes: 20_000, chargeKes: 11 },
  { minKes: 20_001, maxKes: 250_000, chargeKes: 12 },
] as const satisfies readonly RailChargeBand[];

/** Where the charge table comes from, for the tariff page. */
export const mpesaB2cChargesSource =
  "Safaricom M-PESA Bulk Payment (B2C) tariff, payments to registered M-Pesa users";

/** Safaricom's B2C charge (whole KES) for a transfer of `amountKes` whole shillings. */
export function mpesaB2cChargeKes(amountKes: number): WholeKes {
  const band = mpesaB2cCharges.find((b) => amountKes >= b.minKes && amountKes <= b.maxKes);
  if (!band) throw new RangeError(`No M-Pesa B2C charge band for KES ${amountKes}`);
  return band.chargeKes;
}

/**
 * M-Pesa's charge for a B2B payment to a Paybill or Till (ADR 0035, "B2B"), whole KES by band.
 * No B2B API charge sheet was found: Safaricom said in Nov 2022 that it applies its Paybill / Buy
 * Goods tariffs to API payments too, and these bands follow the customer side of the January 2023
 * Paybill tariff as the press reported it (0 up to 100, 4 to 500, 9 to 1,500, ...), extended flat
 * above 50,000. A B2B payout passes this through to the merchant, and the Daraja simulator
 * debits it with the amount, until Safaricom's signed B2B tariff replaces it (ADR 0029); in
 * production the Result's DebitPartyCharges names the real charge.
 */
export const mpesaB2bCharges = [
  { minKes: 1, maxKes: 100, chargeKes: 0 },
  { minKes: 101, maxKes: 500, chargeKes: 4 },
  { minKes: 501, maxKes: 1_500, chargeKes: 9 },
  { minKes: 1_501, maxKes: 2_500, chargeKes: 12 },
  { minKes: 2_501, maxKes: 3_500, chargeKes: 15 },
  { minKes: 3_501, maxKes: 7_500, chargeKes: 16 },
  { minKes: 7_501, maxKes: 10_000, chargeKes: 17 },
  { minKes: 10_001, maxKes: 15_000, chargeKes: 18 },
  { minKes: 15_001, maxKes: 25_000, chargeKes: 19 },
  { minKes: 25_001, maxKes: 30_000, chargeKes: 20 },
  { minKes: 30_001, maxKes: 40_000, chargeKes: 22 },
  { minKes: 40_001, maxKes: Number.MAX_SAFE_INTEGER, chargeKes: 23 },
] as const satisfies readonly RailChargeBand[];

/** M-Pesa's B2B charge (whole KES) for a payment of `amountKes` shillings (0 past the table). */
export function mpesaB2bChargeKes(amountKes: number): WholeKes {
  return (
    mpesaB2bCharges.find((b) => amountKes >= b.minKes && amountKes <= b.maxKes)?.chargeKes ?? 0
  );
}

export interface RailLimits {
  id: "mpesa" | "airtel-money" | "t-kash";
  name: string;
  perTransaction: WholeKes;
  daily: WholeKes;
  maxBalance: WholeKes;
}

/** CBK mobile-money limits per rail (Sep 2023). Above them, payouts are split automatically. */
export const mobileMoneyLimits = [
  { id: "mpesa", name: "M-Pesa", perTransaction: 250_000, daily: 500_000, maxBalance: 500_000 },
  {
    id: "airtel-money",
    name: "Airtel Money",
    perTransaction: 250_000,
    daily: 500_000,
    maxBalance: 500_000,
  },
  { id: "t-kash", name: "T-Kash", perTransaction: 250_000, daily: 500_000, maxBalance: 500_000 },
] as const satisfies readonly RailLimits[];

/**
 * PesaLink bank transfers (IPSL): per-transaction ceiling (ipsl.co.ke PesaLink FAQ) and minimum
 * (banks' FAQs); banks may set lower limits. Real time, around the clock.
 */
export const pesalinkLimits = { perTransaction: 999_999, minimum: 10 } as const;

/** The PesaLink limits as the tariff page lists them. */
export const pesalinkLimitRows = [
  { label: "Minimum per transaction", amountKes: pesalinkLimits.minimum },
  { label: "Maximum per transaction", amountKes: pesalinkLimits.perTransaction },
] as const;

/**
 * The smallest payout each mobile-money rail carries (whole KES). Airtel Money: "any amount as low
 * as Sh1 and as high as Sh250,000 per transaction" (Airtel Kenya's statement on direct
 * cross-network transfers, February 2024, as reported by Nation Media Group). T-Kash: the
 * aggregator protocol takes any whole amount from KES 1 (ADR 0030); the aggregator's own minimum
 * comes with its contract.
 */
export const mobileMoneyMinimums = {
  "airtel-money": 1,
  "t-kash": 1,
} as const satisfies Partial<Record<RailLimits["id"], WholeKes>>;

/**
 * PesaLink has no daily limit of its own: IPSL sets only the per-transaction ceiling above; a daily
 * limit is the sending bank's, from our contract with it.
 */
export const NO_DAILY_LIMIT: WholeKes = Number.POSITIVE_INFINITY;

/**
 * The charges of the payout rails other than M-Pesa (issue 14). None is published yet: each is the
 * charge sheet of our contract with the provider (Airtel Money's bulk disbursement tariff, the
 * sending bank's PesaLink tariff, the T-Kash aggregator's price list), and we do not publish
 * guessed charges (ADR 0029). An empty table means "not published yet": nothing is passed through
 * to the merchant (app/core/rails/charges.ts finds no band and charges 0), so we bear the rail's
 * charge until the table is filled. Fill each table (and its source) when the contract is signed.
 */
export const payoutRailCharges = {
  "airtel-money": {
    charges: [] as readonly RailChargeBand[],
    source:
      "Not yet published: Airtel Money Kenya's disbursement charge from our Airtel Money business contract",
  },
  "t-kash": {
    charges: [] as readonly RailChargeBand[],
    source:
      "Not yet published: the T-Kash payout charge of our aggregator's contract (Telkom publishes no API or business tariff)",
  },
  pesalink: {
    charges: [] as readonly RailChargeBand[],
    source:
      "Not yet published: the sending bank's PesaLink charge from our bank contract (each bank sets its own; IPSL publishes none)",
  },
} as const;

/** Crypto collection limits, in KES equivalent at the locked quote. */
export const cryptoLimits = {
  /** Below this a payment is not processed. */
  minimum: 500,
  /** Up to this, a payment is processed automatically. */
  autoMaxPerTransaction: 1_000_000,
  /** Above the automatic maximum and up to this, a payment is held for manual review. */
  reviewMaxPerTransaction: 5_000_000,
  /** Total per merchant per day (custom tiers for high volume on request). */
  dailyPerMerchant: 10_000_000,
} as const;

/**
 * The daily limit per KYB tier (issue 31, item 6; ADR 0058), as tenths of the standard daily
 * limit: basic (documents not all verified yet) a tenth, enhanced (enhanced due diligence done)
 * five times.
 */
export const tierDailyLimitTenths = { basic: 1, standard: 10, enhanced: 50 } as const;

/** A tier's daily limit in whole KES, from the standard one. */
export function tierDailyLimitKes(
  tier: keyof typeof tierDailyLimitTenths,
  standardKes: number = cryptoLimits.dailyPerMerchant,
): number {
  return Math.floor((standardKes * tierDailyLimitTenths[tier]) / 10);
}

/** How the daily limit follows the tier, in words. */
export const tierDailyLimitNote = `The limit for a verified business (standard tier). It follows your due-diligence tier: ${formatKes(tierDailyLimitKes("basic"))} until your documents are verified (basic), ${formatKes(tierDailyLimitKes("enhanced"))} after enhanced due diligence.`;

/** The crypto limits as the tariff page lists them: the limit, its amount and what happens. */
export const cryptoLimitRows = [
  {
    label: "Minimum per transaction",
    amount: formatKes(cryptoLimits.minimum),
    effect: "Payments below the minimum are not processed.",
  },
  {
    label: "Automatic processing",
    amount: `Up to ${formatKes(cryptoLimits.autoMaxPerTransaction)}`,
    effect: "Processed and settled automatically, with no action from you.",
  },
  {
    label: "Maximum per transaction",
    amount: `Up to ${formatKes(cryptoLimits.reviewMaxPerTransaction)}`,
    effect: `Payments above ${formatKes(cryptoLimits.autoMaxPerTransaction)} are processed after manual review by our compliance team. Single payments above ${formatKes(cryptoLimits.reviewMaxPerTransaction)} are not accepted.`,
  },
  {
    label: "Daily limit per merchant",
    amount: formatKes(cryptoLimits.dailyPerMerchant),
    effect: `Total of all crypto payments to one merchant in a day. ${tierDailyLimitNote}`,
  },
] as const;

export const settlementTimes = [
  { rail: "Crypto deposits", time: "1 to 3 network confirmations, depending on the asset" },
  { rail: "Mobile money (M-Pesa, Airtel Money, T-Kash)", time: "Instant after confirmation" },
  {
    rail: "Bank transfer (PesaLink)",
    time: "Instant; up to 1 to 2 business days for other bank transfers",
  },
  { rail: "Treasury conversions", time: "T+1 (next business day)" },
] as const;

/** Our liability is capped at the fees the merchant paid us in this many previous months. */
export const liabilityCapMonths = 3;

/** Market rates refresh interval shown to users and used by the rates service. */
export const ratesRefreshSeconds = 60;

/** "1%" / "1.5%" / "1.2%": basis points shown as a percentage without trailing zeros. */
export const formatBps = (bps: Bps): string => formatPercent(bps);

/**
 * The tariff's introduction to its fees. The C2B fee, crypto to fiat conversion and merchant
 * payment processing are three 1% lines for one fee, charged once on a collection: the page says
 * so rather than "one percentage" above a table of several (issue 30, item 10).
 */
export const transactionFeesIntro = (() => {
  const collectionFee = formatBps(feeBps.c2b);
  const sameFee = conversionFees
    .filter((fee) => fee.bps === feeBps.c2b)
    .map((fee) => fee.name.toLowerCase())
    .join(" and ");
  return `Each transaction carries one fee: a percentage of its amount, set by its flow and taken in Kenyan shillings at the locked quote. A collection is charged ${collectionFee} once: the C2B fee, ${sameFee} below are that same ${collectionFee}, named as the Terms name them, not fees added together. Each of our fees is charged ${exciseDutyPhrase} on the fee (Finance Act, 2025), paid on top of it; there is no excise on the mobile network charges we pass on at cost. There is nothing to pay to open or keep an account.`;
})();
