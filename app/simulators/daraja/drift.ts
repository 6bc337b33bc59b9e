/**
 * The "drift" setting every simulator has (daraja, airtel, pesalink, tkash; custody has its own per
 * asset): an amount added to the balance the simulator reports, so that a test can make a rail's
 * balance disagree with our ledger. Here the KES form shared by the mobile-money and bank
 * simulators: a signed number of shillings with at most 2 decimals, kept as whole cents.
 */

/** Cents of a drift in KES, or undefined when it is not a finite amount with at most 2 decimals. */
export function driftCentsOf(kes: unknown): number | undefined {
  if (typeof kes !== "number" || !Number.isFinite(kes)) return undefined;
  const cents = Math.round(kes * 100);
  if (Math.abs(kes * 100 - cents) > 1e-6 || !Number.isSafeInteger(cents)) return undefined;
  return cents;
}

/** `driftCentsOf`, throwing for the in-process handles. */
export function requireDriftCents(kes: number): number {
  const cents = driftCentsOf(kes);
  if (cents === undefined)
    throw new Error("The drift must be a number of KES with at most 2 decimals");
  return cents;
}

/** A whole-KES float plus a drift in cents, as a decimal string with 2 decimals ("4671300.00"). */
export function reportedKes(floatKes: number, driftCents: number): string {
  const cents = BigInt(Math.round(floatKes * 100)) + BigInt(driftCents);
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The control API's answer to a bad drift. */
export const DRIFT_ERROR = "kes must be a number of KES with at most 2 decimals (0 resets)";
