/**
 * Excise duty on OneHop's fees (issue 31, item 7; docs/decisions/0059-excise-duty.md): the rate
 * is `exciseDutyBps` of app/content/excise-duty.ts (10%), charged on our own fee (collection, B2C
 * and B2B payout fees), never on a rail's pass-through charge, and paid by the merchant on top of
 * the fee. Isomorphic and pure: bigint cents in, bigint cents out.
 */
import { exciseDutyBps } from "~/content/excise-duty";

/**
 * The excise duty on a fee of `feeKesCents`, rounded half up to the cent: 10% of 1,005 cents is
 * 100.5 cents, charged as 101. Fees are never negative; a fee given back gives back the excise
 * that was charged on it (stored with the fee), never a recomputed one.
 */
export function exciseOf(feeKesCents: bigint): bigint {
  if (feeKesCents < 0n) throw new RangeError("A fee is never negative");
  return (feeKesCents * BigInt(exciseDutyBps) * 2n + 10_000n) / 20_000n;
}

/** A fee with its excise: what the merchant pays us for it (fee + excise). */
export interface FeeWithExcise {
  feeKesCents: bigint;
  exciseKesCents: bigint;
}

/** The fee and its excise, together. */
export function withExcise(feeKesCents: bigint): FeeWithExcise {
  return { feeKesCents, exciseKesCents: exciseOf(feeKesCents) };
}

/**
 * What the merchant keeps of a collection of `amountKesCents`: the amount less our fee and the
 * excise on it.
 */
export function netOfFees(payment: {
  amountKesCents: bigint;
  feeKesCents: bigint;
  exciseKesCents: bigint;
}): bigint {
  return payment.amountKesCents - payment.feeKesCents - payment.exciseKesCents;
}
