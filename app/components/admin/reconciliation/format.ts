/**
 * Amounts and evidence of reconciliation findings for people. Isomorphic. Amounts arrive as minor
 * units in decimal strings: KES in cents, a crypto asset in its own scale (BTC 8, ETH 9, USDT and
 * USDC 6 decimals); none is ever a float.
 */
import { ASSET_SCALE, type QuoteAsset } from "~/core/payments/quote";
import { UNKNOWN_AMOUNT } from "~/core/reconciliation/vocabulary";
import { formatCrypto, formatEatDateTime, formatKesCents } from "~/utils/format";

const isAsset = (currency: string): currency is QuoteAsset =>
  Object.prototype.hasOwnProperty.call(ASSET_SCALE, currency);

const INTEGER = /^-?\d+$/;

/**
 * Minor units in their currency: "KES 1,234.50", "0.0015 BTC"; another currency as it is; "unknown"
 * (no answer from the provider) in words.
 */
export function formatMinor(minor: string, currency: string): string {
  // A provider that gave no answer.
  if (minor === UNKNOWN_AMOUNT) return "Unknown (no answer)";
  if (!INTEGER.test(minor)) return `${minor} ${currency}`;
  if (currency === "KES") return formatKesCents(minor);
  if (isAsset(currency)) return formatCrypto(minor, currency);
  return `${minor} ${currency} (minor units)`;
}

/** A difference with its sign: "+KES 500.00", "-12.5 USDT", or the amount when it is zero. */
export function formatDifference(minor: string, currency: string): string {
  const text = formatMinor(minor, currency);
  return INTEGER.test(minor) && BigInt(minor) > 0n ? `+${text}` : text;
}

const UPPER = new Set(["kes", "id", "usdt", "usdc", "btc", "eth", "eat", "api", "url"]);

/**
 * An evidence field's name in words: "providerBalance" -> "Provider balance", "ledger_account" ->
 * "Ledger account", "floatKesCents" and "availableCents" -> "Float (KES)" and "Available (KES)",
 * "transferId" -> "Transfer ID".
 */
export function humanKey(key: string): string {
  if (key === "cents") return "Amount (KES)";
  if (key === "units") return "Amount";
  const kesSuffix = /.(KesCents|Cents)$/.exec(key)?.[1];
  const words = (kesSuffix ? key.slice(0, -kesSuffix.length) : key)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((word) => (UPPER.has(word) ? word.toUpperCase() : word))
    .join(" ");
  if (!words) return key;
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}${kesSuffix ? " (KES)" : ""}`;
}

/**
 * Keys whose values read better formatted: KES cents ("cents", "floatKesCents"), an asset's base
 * units ("units", for a finding in that asset), moments in EAT ("answeredAt").
 */
const CENTS_KEY = /(^c|C)ents$/;
const UNITS_KEY = /(^u|U)nits$/;
const MOMENT_KEY = /(At|Time)$/;
/** Epoch milliseconds between 2001 and 2286: a moment, not a count. */
const looksLikeEpochMs = (value: number) => Number.isInteger(value) && value > 1e12 && value < 1e13;

/**
 * One evidence value as text (objects and lists are laid out by the evidence list). `currency`:
 * the finding's, for amounts in base units.
 */
export function evidenceText(key: string, value: unknown, currency?: string): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number" || typeof value === "string") {
    const text = String(value);
    if (INTEGER.test(text) && CENTS_KEY.test(key)) return formatKesCents(text);
    if (INTEGER.test(text) && UNITS_KEY.test(key) && currency && isAsset(currency))
      return formatCrypto(text, currency);
    if (MOMENT_KEY.test(key) && typeof value === "number" && looksLikeEpochMs(value))
      return formatEatDateTime(value);
    return text === "" ? "(empty)" : text;
  }
  return JSON.stringify(value);
}
