/**
 * Non-negative decimal strings ("11650000.52", "0.0017"): how prices and FX rates are stored and
 * multiplied. Arithmetic is exact on bigint; every rounding is explicit (half up) and names its
 * scale. Isomorphic: used by the rates service and by components that format prices.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

interface Scaled {
  /** The value times 10^scale. */
  units: bigint;
  scale: number;
}

export function isDecimalString(value: string): boolean {
  return DECIMAL.test(value);
}

function parse(value: string): Scaled {
  const match = DECIMAL.exec(value);
  if (!match) throw new RangeError(`Not a non-negative decimal string: "${value}"`);
  const fraction = match[2] ?? "";
  return { units: BigInt((match[1] ?? "0") + fraction), scale: fraction.length };
}

function render({ units, scale }: Scaled): string {
  const digits = units.toString().padStart(scale + 1, "0");
  if (scale === 0) return digits;
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Canonical form: no leading zeros in the whole part, no trailing zeros in the fraction. */
export function normalizeDecimal(value: string): string {
  return render(parse(value));
}

/** Round half up to `scale` decimal places (scale >= 0). */
function rescale(value: Scaled, scale: number): Scaled {
  if (value.scale <= scale)
    return { units: value.units * 10n ** BigInt(scale - value.scale), scale };
  const divisor = 10n ** BigInt(value.scale - scale);
  const quotient = value.units / divisor;
  const remainder = value.units % divisor;
  return { units: remainder * 2n >= divisor ? quotient + 1n : quotient, scale };
}

/** `value` rounded half up to `scale` decimal places, in canonical form. */
export function roundDecimal(value: string, scale: number): string {
  return render(rescale(parse(value), scale));
}

/** Whole units, rounded half up: `roundToWhole("11650000.5") === 11650001n`. */
export function roundToWhole(value: string): bigint {
  return rescale(parse(value), 0).units;
}

/** a x b, rounded half up to `scale` decimal places. */
export function multiplyDecimals(a: string, b: string, scale: number): string {
  const left = parse(a);
  const right = parse(b);
  return render(
    rescale({ units: left.units * right.units, scale: left.scale + right.scale }, scale),
  );
}

export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const left = parse(a);
  const right = parse(b);
  const scale = Math.max(left.scale, right.scale);
  const l = rescale(left, scale).units;
  const r = rescale(right, scale).units;
  return l < r ? -1 : l > r ? 1 : 0;
}

export function isPositiveDecimal(value: string): boolean {
  return isDecimalString(value) && parse(value).units > 0n;
}

/**
 * The decimal a JSON number was written as. JavaScript prints the shortest string that reads back
 * as the same double, which is the provider's own digits for anything up to 17 significant digits
 * (`20.0` -> "20", `67187.3358936566` -> "67187.3358936566", `1.7e-7` -> "0.00000017"). Throws for
 * negative, non-finite or non-number input: callers validate first.
 */
export function decimalFromJsonNumber(value: number): string {
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`Not a finite non-negative number: ${value}`);
  const [mantissa = "0", exponentText] = String(value).split("e");
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const [whole = "0", fraction = ""] = mantissa.split(".");
  const digits = whole + fraction;
  // The decimal point sits after `whole.length + exponent` digits.
  const point = whole.length + exponent;
  if (point <= 0) return normalizeDecimal(`0.${"0".repeat(-point)}${digits}`);
  if (point >= digits.length) return normalizeDecimal(digits + "0".repeat(point - digits.length));
  return normalizeDecimal(`${digits.slice(0, point)}.${digits.slice(point)}`);
}

/** A decimal string as a JSON number rounded to `scale` places (for the public JSON API only). */
export function decimalToNumber(value: string, scale: number): number {
  return Number(roundDecimal(value, scale));
}
