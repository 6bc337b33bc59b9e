/**
 * What a disbursement row costs the merchant (issue 15, item 1): the amount the recipient gets,
 * our fee (the tariff's B2C rate on the amount; its B2B rate for a Paybill or Till row), the excise
 * duty on our fee (ADR 0059; never on the rail's charge) and the rail's
 * own charge for the transfer (M-Pesa's B2B charge for a Paybill or Till row), passed through at
 * cost. Shown before approval; reserved at approval. Isomorphic and pure.
 */
import { feeBps } from "~/content/tariff";
import { exciseOf } from "~/core/fees/excise";
import { bpsOf } from "~/core/payments/quote";
import { mpesaB2bChargeCents, railChargeCents } from "~/core/rails/charges";
import type { RailId } from "~/core/rails/types";
import type { B2bKind } from "./vocabulary";

export interface RowCost {
  amountKesCents: bigint;
  feeKesCents: bigint;
  /** Excise duty on our fee (10%, ADR 0059). */
  exciseKesCents: bigint;
  railChargeKesCents: bigint;
  /** What leaves the merchant's balance: amount + fee + excise + rail charge. */
  totalKesCents: bigint;
}

/**
 * The fee and rail charge of paying `amountKesCents` (whole shillings) on `rail`: B2C, or B2B when
 * `b2b` names a Paybill or Till row (M-Pesa only).
 */
export function rowCost(rail: RailId, amountKesCents: bigint, b2b: B2bKind | null = null): RowCost {
  const feeKesCents = bpsOf(amountKesCents, b2b ? feeBps.b2b : feeBps.b2c);
  const railChargeKesCents = b2b
    ? mpesaB2bChargeCents(amountKesCents)
    : railChargeCents(rail, amountKesCents);
  const exciseKesCents = exciseOf(feeKesCents);
  return {
    amountKesCents,
    feeKesCents,
    exciseKesCents,
    railChargeKesCents,
    totalKesCents: amountKesCents + feeKesCents + exciseKesCents + railChargeKesCents,
  };
}

/** Sums of a set of rows' costs. */
export function sumCosts(costs: Iterable<RowCost>): RowCost & { count: number } {
  const sum = {
    amountKesCents: 0n,
    feeKesCents: 0n,
    exciseKesCents: 0n,
    railChargeKesCents: 0n,
    totalKesCents: 0n,
    count: 0,
  };
  for (const cost of costs) {
    sum.amountKesCents += cost.amountKesCents;
    sum.feeKesCents += cost.feeKesCents;
    sum.exciseKesCents += cost.exciseKesCents;
    sum.railChargeKesCents += cost.railChargeKesCents;
    sum.totalKesCents += cost.totalKesCents;
    sum.count++;
  }
  return sum;
}
