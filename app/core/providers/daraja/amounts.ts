/**
 * Decimal amounts as providers write them ("46713.00", "-1540.00", "37,600.00", "0.00150000") to
 * an integer of base units (cents for KES), exactly: no floats on the way. Pure; shared by the
 * balance parsers of the payout and custody clients.
 */

const DECIMAL = /^([+-])?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/**
 * `text` times 10^scale as a bigint, or undefined when it is not a plain decimal number or has more
 * than `scale` digits after the point (amounts are never rounded here). Thousands separators
 * ("37,600.00") are accepted in their usual places only.
 */
export function decimalToUnits(text: string, scale: number): bigint | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const [, sign, whole = "0", fraction = ""] = match;
  if (fraction.length > scale) return undefined;
  const units = BigInt(whole.replace(/,/g, "") + fraction.padEnd(scale, "0"));
  return sign === "-" ? -units : units;
}

/**
 * Like `decimalToUnits`, but digits beyond `scale` are dropped (towards zero) instead of refused;
 * `exact` says whether anything was dropped. For on-chain balances finer than the ledger's unit.
 */
export function decimalToUnitsTruncated(
  text: string,
  scale: number,
): { units: bigint; exact: boolean } | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const [, sign, whole = "0", fraction = ""] = match;
  const kept = fraction.slice(0, scale);
  const exact = /^0*$/.test(fraction.slice(scale));
  const units = BigInt(whole.replace(/,/g, "") + kept.padEnd(scale, "0"));
  return { units: sign === "-" ? -units : units, exact };
}

/** Base units back to a decimal string with exactly `scale` digits after the point. */
export function unitsToDecimal(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const text =
    scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}
