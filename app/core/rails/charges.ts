/**
 * A rail's own charge for a transfer, from its profile's charge table (whole KES by band), in
 * cents: what the rail takes from our float for the transfer, passed through to the merchant at
 * cost. Isomorphic.
 */
import type { RailChargeBand } from "~/content/tariff";
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

/**
 * M-Pesa's charge for a B2B payment to a Paybill or Till (ADR 0035, "B2B"), whole KES by band: the
 * same table as the Daraja simulator's (`SIMULATED_B2B_CHARGES`), which debits it from the float
 * with the amount. Until Safaricom's signed B2B tariff replaces it (ADR 0029), this is what a B2B
 * row passes through to the merchant; the Result's DebitPartyCharges names the real one.
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
