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
export function formatPercent(bps: number, options: { sign?: boolean; fixed?: boolean } = {}): string {
  const abs = Math.abs(Math.trunc(bps));
  const whole = Math.trunc(abs / 100);
  const cents = String(abs % 100).padStart(2, "0");
  const fraction = options.fixed ? cents : cents.replace(/0+$/, "");
  const sign = bps < 0 ? "-" : options.sign && bps > 0 ? "+" : "";
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}%`;
}
