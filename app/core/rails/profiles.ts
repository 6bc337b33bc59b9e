/**
 * What each payout rail is (issue 14, item 1): its limits per transfer and per day, its minimum,
 * its hours, its charge table with the table's source, the destination it pays and how long money
 * takes to arrive. One source of truth: the tariff (app/content/tariff.ts) holds the published
 * numbers; settlement planning, the tariff page and the routing read them from here.
 *
 * The charge tables of Airtel Money, T-Kash and PesaLink are empty until our contracts with them
 * are signed (ADR 0029: no guessed charges): nothing is passed through to the merchant meanwhile.
 */
import {
  mobileMoneyLimits,
  mobileMoneyMinimums,
  mpesaB2cCharges,
  mpesaB2cChargesSource,
  NO_DAILY_LIMIT,
  payoutRailCharges,
  pesalinkLimits,
  type RailChargeBand,
} from "~/content/tariff";
import type { RailId } from "./types";

export interface RailProfile {
  id: RailId;
  name: string;
  /** Whole shillings. */
  minimumKes: number;
  perTransferKes: number;
  /** Per merchant destination per EAT day (Infinity: the rail sets none, NO_DAILY_LIMIT). */
  dailyKes: number;
  /** When the rail pays: every rail we use runs around the clock. */
  hours: "24/7";
  /** The rail's own charge per transfer (whole KES by band), passed through at cost. */
  charges: readonly RailChargeBand[];
  chargesSource: string;
  destination: "msisdn" | "bank_account";
  /** How long a payout usually takes to arrive, as shown to merchants. */
  typicalArrival: string;
  /**
   * How many payout requests a second we send it at most, for bulk disbursements (ADR 0035). Our
   * own conservative setting until the rail's contract names its limit.
   */
  sendsPerSecond: number;
}

const limitsOf = (id: (typeof mobileMoneyLimits)[number]["id"]) =>
  mobileMoneyLimits.find((rail) => rail.id === id)!;
const mpesaLimits = limitsOf("mpesa");
const airtelLimits = limitsOf("airtel-money");
const tkashLimits = limitsOf("t-kash");

export const railProfiles = {
  mpesa: {
    id: "mpesa",
    name: mpesaLimits.name,
    minimumKes: 10,
    perTransferKes: mpesaLimits.perTransaction,
    dailyKes: mpesaLimits.daily,
    hours: "24/7",
    charges: mpesaB2cCharges,
    chargesSource: mpesaB2cChargesSource,
    destination: "msisdn",
    typicalArrival: "Within a minute",
    sendsPerSecond: 20,
  },
  "airtel-money": {
    id: "airtel-money",
    name: airtelLimits.name,
    minimumKes: mobileMoneyMinimums["airtel-money"],
    perTransferKes: airtelLimits.perTransaction,
    dailyKes: airtelLimits.daily,
    hours: "24/7",
    charges: payoutRailCharges["airtel-money"].charges,
    chargesSource: payoutRailCharges["airtel-money"].source,
    destination: "msisdn",
    // Airtel answers a disbursement at once (TS), or within a minute of an ambiguous answer.
    typicalArrival: "Within a minute",
    sendsPerSecond: 20,
  },
  "t-kash": {
    id: "t-kash",
    name: tkashLimits.name,
    minimumKes: mobileMoneyMinimums["t-kash"],
    perTransferKes: tkashLimits.perTransaction,
    dailyKes: tkashLimits.daily,
    hours: "24/7",
    charges: payoutRailCharges["t-kash"].charges,
    chargesSource: payoutRailCharges["t-kash"].source,
    destination: "msisdn",
    // Through an aggregator: accepted, then paid and called back.
    typicalArrival: "Within a few minutes",
    sendsPerSecond: 20,
  },
  pesalink: {
    id: "pesalink",
    name: "PesaLink",
    minimumKes: pesalinkLimits.minimum,
    perTransferKes: pesalinkLimits.perTransaction,
    dailyKes: NO_DAILY_LIMIT,
    hours: "24/7",
    charges: payoutRailCharges.pesalink.charges,
    chargesSource: payoutRailCharges.pesalink.source,
    destination: "bank_account",
    // Real time, 24/7 (IPSL).
    typicalArrival: "Within a minute",
    sendsPerSecond: 20,
  },
} as const satisfies Record<RailId, RailProfile>;
