/**
 * What a disbursement row costs the merchant (issue 15, item 1): the amount the recipient gets, our
 * B2C fee (the tariff's rate on the amount) and the rail's own charge for the transfer, passed
 * through at cost. Shown before approval; reserved at approval. Isomorphic and pure.
 */
import { feeBps } from "~/content/tariff";
import { bpsOf } from "~/core/payments/quote";
import { railChargeCents } from "~/core/rails/charges";
import type { RailId } from "~/core/rails/types";

export interface RowCost {
  amountKesCents: bigint;
  feeKesCents: bigint;
  railChargeKesCents: bigint;
  /** What leaves the merchant's balance: amount + fee + rail charge. */
  totalKesCents: bigint;
}

/** The B2C fee and rail charge of paying `amountKesCents` (whole shillings) on `rail`. */
export function rowCost(rail: RailId, amountKesCents: bigint): RowCost {
  const feeKesCents = bpsOf(amountKesCents, feeBps.b2c);
  const railChargeKesCents = railChargeCents(rail, amountKesCents);
  return {
    amountKesCents,
    feeKesCents,
    railChargeKesCents,
    totalKesCents: amountKesCents + feeKesCents + railChargeKesCents,
  };
}

/** Sums of a set of rows' costs. */
export function sumCosts(costs: Iterable<RowCost>): RowCost & { count: number } {
  const sum = {
    amountKesCents: 0n,
    feeKesCents: 0n,
    railChargeKesCents: 0n,
    totalKesCents: 0n,
    count: 0,
  };
  for (const cost of costs) {
    sum.amountKesCents += cost.amountKesCents;
    sum.feeKesCents += cost.feeKesCents;
    sum.railChargeKesCents += cost.railChargeKesCents;
    sum.totalKesCents += cost.totalKesCents;
    sum.count++;
  }
  return sum;
}
