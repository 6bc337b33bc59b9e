/**
 * Large transaction reports (ADR 0057): a transaction of USD 15,000 or more, its KES amount
 * converted at the USD/KES rate of its Nairobi day, gathered by week (Monday to Sunday, Nairobi
 * time). Pure: exact on bigint (a rate is a decimal string, never a float).
 */
import { LARGE_TRANSACTION_USD } from "./goaml-settings";

const DAY_MS = 24 * 3_600_000;
const WEEK_MS = 7 * DAY_MS;
/** Nairobi is UTC+3 all year (no daylight saving). */
const EAT_OFFSET_MS = 3 * 3_600_000;

export interface Week {
  /** Monday 00:00 Nairobi time, epoch ms. */
  start: number;
  /** The next Monday 00:00 Nairobi time (exclusive). */
  end: number;
}

/** The Nairobi week (Monday to Sunday) that `at` falls in. */
export function weekOf(at: number): Week {
  const local = at + EAT_OFFSET_MS;
  const midnight = Math.floor(local / DAY_MS) * DAY_MS;
  // 1 January 1970 was a Thursday: days since Monday.
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  const start = midnight - sinceMonday * DAY_MS - EAT_OFFSET_MS;
  return { start, end: start + WEEK_MS };
}

/** The last full week before `now`'s own. */
export function lastFullWeek(now: number): Week {
  const current = weekOf(now);
  return { start: current.start - WEEK_MS, end: current.start };
}

/** The `count` full weeks before `now`'s own, the latest first. */
export function recentFullWeeks(now: number, count: number): Week[] {
  const last = lastFullWeek(now);
  return Array.from({ length: count }, (_, index) => ({
    start: last.start - index * WEEK_MS,
    end: last.end - index * WEEK_MS,
  }));
}

/** The end (exclusive) of the Nairobi day of `at`. */
export function eatDayEnd(at: number): number {
  const local = at + EAT_OFFSET_MS;
  return Math.floor(local / DAY_MS) * DAY_MS + DAY_MS - EAT_OFFSET_MS;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

function scaled(rate: string): { units: bigint; scale: bigint } {
  const match = DECIMAL.exec(rate);
  if (!match) throw new RangeError(`Not a rate: "${rate}"`);
  const fraction = match[2] ?? "";
  return { units: BigInt(match[1]! + fraction), scale: 10n ** BigInt(fraction.length) };
}

/**
 * Whether `kesCents` is USD 15,000 or more at `usdKes` (KES per USD): cents x 10^s >= USD x 100
 * x rate x 10^s, exactly.
 */
export function isLargeTransaction(kesCents: bigint, usdKes: string): boolean {
  const { units, scale } = scaled(usdKes);
  if (units === 0n) throw new RangeError("A USD/KES rate of zero");
  return kesCents * scale >= LARGE_TRANSACTION_USD * 100n * units;
}

/** The USD value of `kesCents` at `usdKes`, in cents rounded half up. */
export function usdCents(kesCents: bigint, usdKes: string): bigint {
  const { units, scale } = scaled(usdKes);
  const numerator = kesCents * scale;
  const quotient = numerator / units;
  return (numerator % units) * 2n >= units ? quotient + 1n : quotient;
}

/** A USD/KES rate as stored (fx_snapshots). */
export interface FxRate {
  rate: string;
  source: string;
  asOf: number;
}

/**
 * The rate of the Nairobi day of `at`: the last one published before that day ended (the day's
 * closing rate, or the latest before it on a day without one). `rates` sorted by `asOf`.
 */
export function dayRate(rates: readonly FxRate[], at: number): FxRate | null {
  const end = eatDayEnd(at);
  let found: FxRate | null = null;
  for (const rate of rates) {
    if (rate.asOf >= end) break;
    found = rate;
  }
  return found;
}
