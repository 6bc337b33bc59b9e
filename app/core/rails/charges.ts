/**
 * A rail's own charge for a transfer, from its profile's charge table (whole KES by band), in
 * cents: what the rail takes from our float for the transfer, passed through to the merchant at
 * cost. Isomorphic.
 */
import { mpesaB2bCharges, type RailChargeBand } from "~/content/tariff";
import { railProfiles, type RailProfile } from "./profiles";
import type { RailId } from "./types";

const CENTS_PER_KES = 100n;

/** The profile of a rail; every rail settlement may use has one. */
export function profileOf(rail: RailId): RailProfile {
  const profile = (railProfiles as Partial<Record<RailId, RailProfile>>)[rail];
  if (!profile) throw new Error(`No profile for the ${rail} rail`);
  return profile;
}

/** The band charge (whole KES) for `amountKes` whole shillings; amounts past the table cost 0. */
export function bandChargeKes(charges: readonly RailChargeBand[], amountKes: number): number {
  return charges.find((b) => amountKes >= b.minKes && amountKes <= b.maxKes)?.chargeKes ?? 0;
}

/** M-Pesa's B2B charge, in cents, for a payment of `amountCents` (whole shillings). */
export function mpesaB2bChargeCents(amountCents: bigint): bigint {
  const kes = Number(amountCents / CENTS_PER_KES);
  return BigInt(bandChargeKes(mpesaB2bCharges, kes)) * CENTS_PER_KES;
}

/** The rail's charge, in cents, for a transfer of `amountCents` (whole shillings). */
export function railChargeCents(rail: RailId, amountCents: bigint): bigint {
  const kes = Number(amountCents / CENTS_PER_KES);
  return BigInt(bandChargeKes(profileOf(rail).charges, kes)) * CENTS_PER_KES;
}
