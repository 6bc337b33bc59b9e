/**
 * Ledger currencies and their integer units: KES in cents, BTC in satoshi, ETH in gwei, USDT and
 * USDC in 1e-6. Conversions between decimal strings and units are exact (bigint, never floats) and
 * every rounding is explicit. Isomorphic: no server imports, so pages can format amounts with it.
 */

export const currencies = ["KES", "BTC", "ETH", "USDT", "USDC"] as const;
export type Currency = (typeof currencies)[number];

/** The crypto assets we collect (every currency but KES). */
export const cryptoAssets = ["BTC", "ETH", "USDT", "USDC"] as const;
export type CryptoAsset = (typeof cryptoAssets)[number];

/** Decimal places of one ledger unit: 1 unit = 10^-scale of the currency. */
export const LEDGER_SCALE: Record<Currency, number> = {
  KES: 2,
  BTC: 8,
  ETH: 9,
  USDT: 6,
  USDC: 6,
};

export const roundingModes = ["floor", "ceil", "half-up"] as const;
/** How to drop digits beyond the scale (amounts are non-negative, so floor = toward zero). */
export type RoundingMode = (typeof roundingModes)[number];

/**
 * The signed 64-bit range every stored amount and balance must fit (SQLite INTEGER, Postgres
 * bigint).
 */
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (currencies as readonly string[]).includes(value);
}

export function isCryptoAsset(value: unknown): value is CryptoAsset {
  return typeof value === "string" && (cryptoAssets as readonly string[]).includes(value);
}

/**
 * Thrown for input that is not a plain non-negative decimal, or has too many decimals without a
 * rounding mode.
 */
export class InvalidAmountError extends Error {
  override readonly name = "InvalidAmountError";
  readonly code = "invalid_amount";
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * A non-negative decimal string ("1500", "0.00150000", "12.5") in ledger units of `currency`.
 * Only digits with at most one point and digits on both sides: no sign, exponent, spaces, "NaN".
 * More decimals than the currency's scale throw unless `rounding` says how to drop them.
 *
 * `toUnits("0.00150000", "BTC") === 150000n`; `toUnits("0.125", "KES", "half-up") === 13n`.
 */
export function toUnits(value: string, currency: Currency, rounding?: RoundingMode): bigint {
  if (!isCurrency(currency)) throw new InvalidAmountError(`Unknown currency: ${String(currency)}`);
  if (rounding !== undefined && !(roundingModes as readonly string[]).includes(rounding)) {
    throw new InvalidAmountError(`Unknown rounding mode: ${String(rounding)}`);
  }
  const match = typeof value === "string" ? DECIMAL.exec(value) : null;
  if (!match)
    throw new InvalidAmountError(`Not a non-negative decimal string: ${JSON.stringify(value)}`);
  const whole = match[1] ?? "0";
  const fraction = match[2] ?? "";
  const scale = LEDGER_SCALE[currency];
  if (fraction.length <= scale) {
    return BigInt(whole + fraction.padEnd(scale, "0"));
  }
  const kept = BigInt(whole + fraction.slice(0, scale));
  const dropped = fraction.slice(scale);
  if (/^0*$/.test(dropped)) return kept;
  if (rounding === undefined) {
    throw new InvalidAmountError(
      `${value} has more than ${scale} decimals for ${currency}; pass a rounding mode to round it`,
    );
  }
  switch (rounding) {
    case "floor":
      return kept;
    case "ceil":
      return kept + 1n;
    case "half-up":
      return dropped[0] !== undefined && dropped[0] >= "5" ? kept + 1n : kept;
  }
}

/**
 * Ledger units of `currency` as an exact decimal string with all `LEDGER_SCALE` decimals
 * (`fromUnits(150000n, "BTC") === "0.00150000"`), or without trailing zeros with `{ trim: true }`
 * ("0.0015"). Negative units (credit balances) keep their sign:
 * `fromUnits(-5n, "KES") === "-0.05"`.
 */
export function fromUnits(
  units: bigint,
  currency: Currency,
  options: { trim?: boolean } = {},
): string {
  if (typeof units !== "bigint")
    throw new InvalidAmountError(`Ledger units must be a bigint, got ${typeof units}`);
  if (!isCurrency(currency)) throw new InvalidAmountError(`Unknown currency: ${String(currency)}`);
  const scale = LEDGER_SCALE[currency];
  const sign = units < 0n ? "-" : "";
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  if (options.trim) fraction = fraction.replace(/0+$/, "");
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}
