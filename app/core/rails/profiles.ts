/**
 * What each payout rail is (issue 14, item 1): its limits per transfer and per day, its minimum,
 * its hours, its charge table with the table's source, the destination it pays and how long money
 * takes to arrive. One source of truth: the tariff (app/content/tariff.ts) holds the published
 * numbers; settlement planning, the tariff page and the routing read them from here. The other
 * rails join this table as their adapters land.
 */
import {
  mobileMoneyLimits,
  mpesaB2cCharges,
  mpesaB2cChargesSource,
  type RailChargeBand,
} from "~/content/tariff";
import type { RailId } from "./types";

export interface RailProfile {
  id: RailId;
  name: string;
  /** Whole shillings. */
  minimumKes: number;
  perTransferKes: number;
  /** Per merchant destination per EAT day. */
  dailyKes: number;
  /** When the rail pays: every rail we use runs around the clock. */
  hours: "24/7";
  /** The rail's own charge per transfer (whole KES by band), passed through at cost. */
  charges: readonly RailChargeBand[];
  chargesSource: string;
  destination: "msisdn" | "bank_account";
  /** How long a payout usually takes to arrive, as shown to merchants. */
  typicalArrival: string;
}

const mpesaLimits = mobileMoneyLimits.find((rail) => rail.id === "mpesa")!;

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
  },
} as const satisfies Partial<Record<RailId, RailProfile>>;
