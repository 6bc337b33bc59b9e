/** Display formatting for rates: KES from decimal strings (rounded explicitly) and EAT times. */
import { roundDecimal, roundToWhole } from "~/core/rates/decimal";
import { formatEatTime, formatKes } from "~/utils/format";

/**
 * KES with no decimals, rounded half up from the stored decimal string: "KES 11,650,001". Prices
 * below one shilling (SHIB) would all read "KES 0", so they keep four decimals: "KES 0.0017".
 */
export function formatKesPrice(decimal: string): string {
  const whole = roundToWhole(decimal);
  if (whole >= 1n) return formatKes(whole);
  return `KES ${roundDecimal(decimal, 4)}`;
}

const eatDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Nairobi",
  day: "numeric",
  month: "short",
});
const eatDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Nairobi" });

/** "13:05 EAT", or "14 Jan 13:05 EAT" when the time is not on today's date in Nairobi. */
export function formatEatStamp(at: number, now: number): string {
  const time = `${formatEatTime(at)} EAT`;
  return eatDate.format(at) === eatDate.format(now) ? time : `${eatDay.format(at)} ${time}`;
}
