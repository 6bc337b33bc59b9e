/** Isomorphic formatting helpers for money and dates. Integers in, strings out: no float money. */

const kesFormatter = new Intl.NumberFormat("en-KE", { maximumFractionDigits: 0 });

/** Whole shillings, no decimals: `formatKes(250000)` -> "KES 250,000". */
export function formatKes(wholeKes: number | bigint): string {
  return `KES ${kesFormatter.format(wholeKes)}`;
}

/** "HH:mm" in Nairobi time, 24-hour. */
export function formatEatTime(epochMs: number): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Africa/Nairobi",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(epochMs);
}

/** "May 1, 2021": long US English dates (blog, legal pages). */
export function formatLongDate(iso: string): string {
  return new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(iso));
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

/** "25-11-2026 14:05": day-month-year and 24-hour time in Nairobi (Kenyan style). */
export function formatEatDateTime(epochMs: number): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Africa/Nairobi",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")}-${part("month")}-${part("year")} ${part("hour")}:${part("minute")}`;
}

/**
 * "254712345678" -> "+254 712 345 678". Anything that is not a 12-digit 254 number is returned as
 * is.
 */
export function formatPhone(msisdn: string): string {
  return /^254\d{9}$/.test(msisdn)
    ? `+254 ${msisdn.slice(3, 6)} ${msisdn.slice(6, 9)} ${msisdn.slice(9)}`
    : msisdn;
}

/**
 * A phone number with only its first digit and last three shown: "254712345678" -> "+254 7•• •••
 * 678". For e-mails and notices that must not carry the full number.
 */
export function maskPhone(msisdn: string): string {
  if (!/^254\d{9}$/.test(msisdn)) return "•••";
  return `+254 ${msisdn[3]}•• ••• ${msisdn.slice(9)}`;
}
