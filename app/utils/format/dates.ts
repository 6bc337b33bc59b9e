/** Dates and times in Nairobi (EAT = UTC+3 all year) as text; the house style is in ./index.ts. */
import type { Locale } from "~/i18n/locales";
import { eatDayKey, toDate, type Moment } from "./calendar";

const NAIROBI = "Africa/Nairobi";

const timeFormat = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", {
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
