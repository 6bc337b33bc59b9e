/** Money and percentages as text (see ./index.ts for the house style). No float money. */
import { ASSET_SCALE, fromScaled, type QuoteAsset } from "~/core/payments/quote";
import { roundDecimal } from "~/core/rates/decimal";

const groupDigits = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Whole shillings, no decimals: `formatKes(250000)` -> "KES 250,000". */
export function formatKes(wholeKes: number | bigint): string {
  const value = typeof wholeKes === "bigint" ? wholeKes : BigInt(Math.round(wholeKes));
  const negative = value < 0n;
  return `${negative ? "-" : ""}KES ${groupDigits((negative ? -value : value).toString())}`;
}

/** KES cents (bigint or a loader's string) with its cents: "KES 1,234.50", "-KES 3.00". */
export function formatKesCents(cents: string | bigint | number): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const fraction = String(abs % 100n).padStart(2, "0");
  return `${negative ? "-" : ""}KES ${groupDigits((abs / 100n).toString())}.${fraction}`;
}

/** US dollars in cents (travel rule, FRC thresholds): "USD 1,234.50". */
export function formatUsdCents(cents: string | bigint | number): string {
  return formatKesCents(cents).replace("KES", "USD");
}

/**
 * A KES price or rate from a decimal string, two decimals rounded half up: "129.4567" -> "KES
 * 129.46", "11650000.5" -> "KES 11,650,000.50". Prices below one shilling keep four decimals ("KES
 * 0.0017") so they do not all read "KES 0.00".
 */
export function formatKesRate(decimal: string): string {
  const places = roundDecimal(decimal, 2).startsWith("0") ? 4 : 2;
  const [whole = "0", fraction = ""] = roundDecimal(decimal, places).split(".");
  return `KES ${groupDigits(whole)}.${fraction.padEnd(places, "0")}`;
}

/**
 * A crypto amount from base units (bigint or a loader's string) as a decimal with its asset:
 * `formatCrypto(150000n, "BTC")` -> "0.0015 BTC". `formatCryptoAmount` gives the number alone.
 */
export function formatCrypto(units: string | bigint, asset: QuoteAsset): string {
  return `${formatCryptoAmount(units, asset)} ${asset}`;
}

export function formatCryptoAmount(units: string | bigint, asset: QuoteAsset): string {
  return fromScaled(BigInt(units), ASSET_SCALE[asset]);
}

/**
 * A percentage from basis points, without float arithmetic: 150 -> "1.5%", 100 -> "1%".
 * `sign` adds "+" to positive values; `fixed` keeps two decimals (235 -> "2.35%", 0 -> "0.00%").
 */
export function formatPercent(
  bps: number,
  options: { sign?: boolean; fixed?: boolean } = {},
): string {
  const abs = Math.abs(Math.trunc(bps));
  const whole = Math.trunc(abs / 100);
  const cents = String(abs % 100).padStart(2, "0");
  const fraction = options.fixed ? cents : cents.replace(/0+$/, "");
  const sign = bps < 0 ? "-" : options.sign && bps > 0 ? "+" : "";
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}%`;
}
