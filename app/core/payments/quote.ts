/**
 * The KES quote of a payment, exact on bigint: the locked rate (market price less the spread), the
 * crypto amount the customer must send (rounded up to the asset's base unit, so the merchant is
 * never short), the C2B fee, and the KES value of what actually arrived. Isomorphic and pure.
 */
import { exciseOf } from "~/core/fees/excise";
import { roundDecimal } from "~/core/rates/decimal";

/**
 * Decimal places of each asset's base unit (BTC satoshi, ETH gwei as the ledger counts it, 6 for
 * stablecoins).
 */
export const ASSET_SCALE = { BTC: 8, ETH: 9, USDT: 6, USDC: 6 } as const;
export type QuoteAsset = keyof typeof ASSET_SCALE;

/** Rates are locked with this many decimal places. */
export const RATE_SCALE = 8;
const RATE_FACTOR = 10n ** BigInt(RATE_SCALE);

/** A non-negative decimal string as an integer times 10^scale (rounded half up). */
export function toScaled(value: string, scale: number): bigint {
  const rounded = roundDecimal(value, scale);
  const [whole = "0", fraction = ""] = rounded.split(".");
  return BigInt(whole + fraction.padEnd(scale, "0"));
}

/** An integer times 10^scale as a canonical decimal string. */
export function fromScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale ? digits.slice(digits.length - scale).replace(/0+$/, "") : "";
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** Basis points of an amount in cents, rounded half up. */
export function bpsOf(amountCents: bigint, bps: number): bigint {
  return (amountCents * BigInt(bps) * 2n + 10_000n) / 20_000n;
}

export interface Quote {
  /** KES per whole coin after the spread (what the customer's crypto is worth to us). */
  quoteRate: string;
  cryptoAmountUnits: bigint;
  feeKesCents: bigint;
  /** Excise duty on the fee (ADR 0059), paid by the merchant on top of it. */
  exciseKesCents: bigint;
}

export function computeQuote(input: {
  amountKesCents: bigint;
  marketRate: string;
  spreadBps: number;
  feeBps: number;
  asset: QuoteAsset;
}): Quote {
  if (input.amountKesCents <= 0n) throw new RangeError("amount must be positive");
  if (!Number.isInteger(input.spreadBps) || input.spreadBps < 0 || input.spreadBps >= 100) {
    throw new RangeError("spread must be 0 to 99 basis points (under 1%)");
  }
  const market = toScaled(input.marketRate, RATE_SCALE);
  if (market <= 0n) throw new RangeError("market rate must be positive");
  // Locked rate = market x (1 - spread), rounded down: the customer pays slightly more crypto.
  const locked = (market * BigInt(10_000 - input.spreadBps)) / 10_000n;
  const assetFactor = 10n ** BigInt(ASSET_SCALE[input.asset]);
  // units = amountKES / rate, in base units, rounded up.
  const cryptoAmountUnits = ceilDiv(
    input.amountKesCents * RATE_FACTOR * assetFactor,
    locked * 100n,
  );
  const feeKesCents = bpsOf(input.amountKesCents, input.feeBps);
  return {
    quoteRate: fromScaled(locked, RATE_SCALE),
    cryptoAmountUnits,
    feeKesCents,
    exciseKesCents: exciseOf(feeKesCents),
  };
}

/** The KES value (cents, rounded down) of `units` of the asset at the locked rate. */
export function kesCentsForUnits(units: bigint, quoteRate: string, asset: QuoteAsset): bigint {
  const rate = toScaled(quoteRate, RATE_SCALE);
  return (units * rate * 100n) / (RATE_FACTOR * 10n ** BigInt(ASSET_SCALE[asset]));
}

/** "0.00151234" BTC from base units, for display. */
export const formatCryptoUnits = (units: bigint, asset: QuoteAsset) =>
  fromScaled(units, ASSET_SCALE[asset]);
