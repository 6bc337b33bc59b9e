/**
 * The one module that turns dates, times, phone numbers and money into text, in Kenyan style.
 * Isomorphic (browser and server; no server imports). Integers and decimal strings in, strings
 * out: no float money.
 *
 * House style (use these functions; never `toLocaleDateString`, raw ISO strings or UTC on screen):
 * - A date: day, short month, year, in Nairobi time: "24 Nov 2026" (`formatDate`).
 * - A date and time: "24 Nov 2026, 14:05 EAT" (`formatEatDateTime`), 24-hour, zone named.
 * - A time alone: "14:05" (`formatEatTime`); add " EAT" where the zone is not obvious.
 * - An EAT calendar day stored as "2026-11-24" (settlement days): "24 Nov 2026" (`formatDate`).
 * - Machine-readable times (`<time dateTime>`, CSV exports): ISO 8601 with the Nairobi offset,
 *   "2026-11-24T14:05:00+03:00" (`formatEatIso`).
 * - Phones: "+254 712 345 678" (`formatPhone`); parsing and storage (E.164) in `~/utils/phone`.
 * - KES: whole shillings "KES 12,500" (`formatKes`); an amount in cents always with its cents
 *   "KES 1,234.50" (`formatKesCents`: every amount on a money page, one rule); a rate per coin
 *   with two decimals "KES 129.45" (`formatKesRate`).
 * - Crypto: decimals and the asset, never base units: "0.0015 BTC" (`formatCrypto`).
 * - Kiswahili (issue 33): the date functions take the page's locale; "sw" writes Kiswahili month
 *   names ("1 Des 2026", "Desemba 2026"). Money, numbers and times are written the same in both
 *   languages (docs/i18n/glossary.md).
 */
import { ASSET_SCALE, fromScaled, type QuoteAsset } from "~/core/payments/quote";
import { roundDecimal } from "~/core/rates/decimal";
import { normalizeStoredPhone } from "~/utils/phone";
import type { Locale } from "~/i18n/locales";

const NAIROBI = "Africa/Nairobi";
const EAT_OFFSET_MS = 3 * 3_600_000;

/** A moment as epoch milliseconds, an ISO string or a Date. */
export type Moment = number | string | Date;

const toDate = (value: Moment) => (value instanceof Date ? value : new Date(value));

const groupDigits = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

// ---------------------------------------------------------------------------------------------
// Money

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

// ---------------------------------------------------------------------------------------------
// Dates and times (Nairobi, EAT = UTC+3 all year)

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: NAIROBI,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
/**
 * Month names per language (issue 33): English as en-GB writes them ("Sept" included), Kiswahili as
 * CLDR's sw-KE does. Our own tables, so the server and every browser write the same words.
 */
const SHORT_MONTHS: Record<Locale, readonly string[]> = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
  sw: ["Jan", "Feb", "Mac", "Apr", "Mei", "Jun", "Jul", "Ago", "Sep", "Okt", "Nov", "Des"],
};

const MONTH_NAMES: Record<Locale, readonly string[]> = {
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  sw: [
    "Januari",
    "Februari",
    "Machi",
    "Aprili",
    "Mei",
    "Juni",
    "Julai",
    "Agosti",
    "Septemba",
    "Oktoba",
    "Novemba",
    "Desemba",
  ],
};

/** "2026-11-24" -> "24 Nov 2026" (en) or "24 Nov 2026" with Kiswahili month names (sw). */
function dayMonthYear(isoDay: string, locale: Locale): string {
  const [year, month, day] = isoDay.split("-");
  return `${Number(day)} ${SHORT_MONTHS[locale][Number(month) - 1]} ${year}`;
}

/** A calendar month in words: `formatMonthYear(2026, 11)` is "November 2026". */
export function formatMonthYear(year: number, month: number, locale: Locale = "en"): string {
  return `${MONTH_NAMES[locale][month - 1]} ${year}`;
}

/** "14:05" in Nairobi time, 24-hour. */
export function formatEatTime(value: Moment): string {
  return timeFormat.format(toDate(value));
}

/**
 * "24 Nov 2026": the Nairobi date of a moment, or a calendar day given as "2026-11-24" (a legal
 * document's effective date, an EAT settlement day) as it is.
 */
export function formatDate(value: Moment, locale: Locale = "en"): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return dayMonthYear(value, locale);
  }
  return dayMonthYear(eatDayKey(value), locale);
}

/** "24 Nov 2026, 14:05 EAT": day-month-year and 24-hour time in Nairobi, zone named. */
export function formatEatDateTime(value: Moment, locale: Locale = "en"): string {
  const date = toDate(value);
  return `${formatDate(date, locale)}, ${timeFormat.format(date)} EAT`;
}

/**
 * ISO 8601 in Nairobi time with its offset, for machines (`<time dateTime>`, CSV):
 * "2026-11-24T14:05:00+03:00".
 */
export function formatEatIso(value: Moment): string {
  const shifted = new Date(toDate(value).getTime() + EAT_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 19)}+03:00`;
}

/** The Nairobi calendar day of a moment: "2026-11-24" (for comparisons, not for display). */
export function eatDayKey(value: Moment): string {
  return formatEatIso(value).slice(0, 10);
}

/** The Nairobi calendar year of a moment: 2027 from 31 Dec 2026, 21:00 UTC (the footer's ©). */
export function eatYear(value: Moment): number {
  return Number(eatDayKey(value).slice(0, 4));
}

/** "14:05 EAT" when `at` is on today's Nairobi date, else "24 Nov 2026, 14:05 EAT". */
export function formatEatStamp(at: Moment, now: Moment, locale: Locale = "en"): string {
  return eatDayKey(at) === eatDayKey(now)
    ? `${formatEatTime(at)} EAT`
    : formatEatDateTime(at, locale);
}

/**
 * An ISO interval "2026-11-14T07:00:00.000Z/2026-11-21T07:00:00.000Z" -> "14 Nov 2026, 10:00 EAT
 * to 21 Nov 2026, 10:00 EAT".
 */
export function formatTimeWindow(interval: string, locale: Locale = "en"): string {
  const [start, end] = interval.split("/");
  if (!start || !end) return interval;
  const to = locale === "sw" ? "hadi" : "to";
  return `${formatEatDateTime(start, locale)} ${to} ${formatEatDateTime(end, locale)}`;
}

// ---------------------------------------------------------------------------------------------
// Phones

/**
 * A stored phone for display: "+254712345678" or "254712345678" -> "+254 712 345 678". Another
 * country's E.164 number is shown as stored.
 */
export function formatPhone(stored: string): string {
  const e164 = normalizeStoredPhone(stored);
  return /^\+254\d{9}$/.test(e164)
    ? `+254 ${e164.slice(4, 7)} ${e164.slice(7, 10)} ${e164.slice(10)}`
    : e164;
}

/**
 * A phone number with only its first digit and last three shown: "+254712345678" -> "+254 7•• •••
 * 678". For e-mails and notices that must not carry the full number.
 */
export function maskPhone(stored: string): string {
  const e164 = normalizeStoredPhone(stored);
  if (!/^\+254\d{9}$/.test(e164)) return "•••";
  return `+254 ${e164[4]}•• ••• ${e164.slice(10)}`;
}

/** A file size for people: "618 bytes", "48 KB", "4.2 MB" (1 KB = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
