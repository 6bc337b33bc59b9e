/**
 * The Nairobi calendar (EAT = UTC+3 all year) of a moment, for machines and comparisons: ISO 8601
 * with the offset, the day, the year. Apart from ./dates.ts so that the public shell's footer year
 * does not carry the month names and the time format (ADR 0067).
 */
const EAT_OFFSET_MS = 3 * 3_600_000;

/** A moment as epoch milliseconds, an ISO string or a Date. */
export type Moment = number | string | Date;

export const toDate = (value: Moment) => (value instanceof Date ? value : new Date(value));

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
