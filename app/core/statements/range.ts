/**
 * A statement's period (ADR 0034): two Nairobi calendar days, `from` and `to`, both included. The
 * period runs from `from` 00:00 EAT to the day after `to` 00:00 EAT (half-open). Isomorphic and
 * pure: the page's form, the print page, the CSV and core use the same schema and bounds.
 */
import { z } from "zod";
import { eatDayKey, formatDate, formatMonthYear } from "~/utils/format";

/** EAT is UTC+3 all year (no daylight saving). */
const EAT_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/** The longest period a statement covers, in days (a leap year). */
export const MAX_STATEMENT_DAYS = 366;

export const statementRangeMessages = {
  fromFormat: "Enter the start date as YYYY-MM-DD, for example 2026-11-01.",
  toFormat: "Enter the end date as YYYY-MM-DD, for example 2026-11-30.",
  notADate: "This is not a date in the calendar.",
  order: "The start date must be on or before the end date.",
  tooLong: `A statement covers at most ${MAX_STATEMENT_DAYS} days. Choose a shorter period.`,
  future: "The end date cannot be after today.",
} as const;

export interface StatementRange {
  /** First day, YYYY-MM-DD (Nairobi). */
  from: string;
  /** Last day included, YYYY-MM-DD (Nairobi). */
  to: string;
}

/** Days since 1970-01-01 of a YYYY-MM-DD calendar day, or null when it is not a real date. */
function dayNumber(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date);
  const back = new Date(ms);
  if (
    back.getUTCFullYear() !== year ||
    back.getUTCMonth() !== month - 1 ||
    back.getUTCDate() !== date
  )
    return null;
  return ms / DAY_MS;
}

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(day: string): boolean {
  return dayNumber(day) !== null;
}

const dayField = (formatMessage: string) =>
  z
    .string({ required_error: formatMessage, invalid_type_error: formatMessage })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, formatMessage)
    .refine((value) => dayNumber(value) !== null, statementRangeMessages.notADate);

/**
 * The period's schema, given today's Nairobi date (YYYY-MM-DD): both days valid, `from` <= `to`,
 * at most 366 days, `to` not after today. Errors name the field they belong to.
 */
export function statementRangeSchema(today: string) {
  return z
    .object({
      from: dayField(statementRangeMessages.fromFormat),
      to: dayField(statementRangeMessages.toFormat),
    })
    .superRefine((range, context) => {
      const from = dayNumber(range.from)!;
      const to = dayNumber(range.to)!;
      if (range.to > today) {
        context.addIssue({ code: "custom", path: ["to"], message: statementRangeMessages.future });
      }
      if (from > to) {
        context.addIssue({ code: "custom", path: ["from"], message: statementRangeMessages.order });
      } else if (to - from + 1 > MAX_STATEMENT_DAYS) {
        context.addIssue({
          code: "custom",
          path: ["from"],
          message: statementRangeMessages.tooLong,
        });
      }
    });
}

export type StatementRangeErrors = Partial<Record<keyof StatementRange, string>>;

export type ParsedStatementRange =
  | { ok: true; range: StatementRange }
  | { ok: false; values: StatementRange; errors: StatementRangeErrors };

/** Today's date in Nairobi, YYYY-MM-DD. */
export function eatToday(now: number): string {
  return eatDayKey(now);
}

/** The default period: the current month to date. */
export function defaultStatementRange(now: number): StatementRange {
  const today = eatToday(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * The period a query asks for (`?from=&to=`), or the default when it names neither. A missing
 * half of a half-given period takes the default's.
 */
export function parseStatementRange(search: URLSearchParams, now: number): ParsedStatementRange {
  const fallback = defaultStatementRange(now);
  const values: StatementRange = {
    from: (search.get("from") ?? "").trim().slice(0, 32) || fallback.from,
    to: (search.get("to") ?? "").trim().slice(0, 32) || fallback.to,
  };
  const result = statementRangeSchema(eatToday(now)).safeParse(values);
  if (result.success) return { ok: true, range: result.data };
  const errors: StatementRangeErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === "from" || field === "to") && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, values, errors };
}

/** The epoch-millisecond bounds of a valid period: [from 00:00 EAT, to + 1 day 00:00 EAT). */
export function statementBounds(range: StatementRange): { startMs: number; endMs: number } {
  const from = dayNumber(range.from);
  const to = dayNumber(range.to);
  if (from === null || to === null || from > to) {
    throw new RangeError(`Not a statement period: ${range.from} to ${range.to}`);
  }
  return { startMs: from * DAY_MS - EAT_OFFSET_MS, endMs: (to + 1) * DAY_MS - EAT_OFFSET_MS };
}

/** "1 Nov 2026 to 30 Nov 2026" (one day: "24 Nov 2026"). */
export function formatStatementPeriod(range: StatementRange): string {
  return range.from === range.to
    ? formatDate(range.from)
    : `${formatDate(range.from)} to ${formatDate(range.to)}`;
}

export interface MonthShortcut extends StatementRange {
  /** "November 2026" (the current month: "November 2026 to date"). */
  label: string;
}

/** The current month to date and the `count - 1` full months before it, newest first. */
export function monthShortcuts(now: number, count = 12): MonthShortcut[] {
  const today = eatToday(now);
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  const shortcuts: MonthShortcut[] = [];
  for (let index = 0; index < count; index += 1) {
    const mm = String(month).padStart(2, "0");
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const name = formatMonthYear(year, month);
    shortcuts.push(
      index === 0
        ? { label: `${name} to date`, from: `${year}-${mm}-01`, to: today }
        : { label: name, from: `${year}-${mm}-01`, to: `${year}-${mm}-${lastDay}` },
    );
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return shortcuts;
}
