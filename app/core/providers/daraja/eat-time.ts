/**
 * Daraja writes times in Nairobi time (EAT, UTC+3, no daylight saving) in two shapes:
 * `YYYYMMDDHHmmss` (request Timestamp, FinalisedTime, InitiatedTime; sometimes a JSON number) and
 * `dd.MM.yyyy HH:mm:ss` (B2C TransactionCompletedDateTime). These convert both ways; parsed times
 * come back as ISO 8601 in UTC.
 */

const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

function eatParts(epochMs: number) {
  const d = new Date(epochMs + EAT_OFFSET_MS);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return {
    year: pad(d.getUTCFullYear(), 4),
    month: pad(d.getUTCMonth() + 1),
    day: pad(d.getUTCDate()),
    hour: pad(d.getUTCHours()),
    minute: pad(d.getUTCMinutes()),
    second: pad(d.getUTCSeconds()),
  };
}

/** `YYYYMMDDHHmmss` in EAT. */
export function formatDarajaTimestamp(epochMs: number): string {
  const p = eatParts(epochMs);
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
}

/** `dd.MM.yyyy HH:mm:ss` in EAT. */
export function formatCompletedDateTime(epochMs: number): string {
  const p = eatParts(epochMs);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** `yyyyMMdd` in EAT (ConversationID dates). */
export function formatEatDate(epochMs: number): string {
  const p = eatParts(epochMs);
  return `${p.year}${p.month}${p.day}`;
}

function isoFromEat(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
) {
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
    return undefined;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second) - EAT_OFFSET_MS;
  const check = new Date(utc + EAT_OFFSET_MS);
  if (check.getUTCDate() !== day) return undefined; // 31.02 and the like
  return new Date(utc).toISOString();
}

/** Parses `dd.MM.yyyy HH:mm:ss` or `YYYYMMDDHHmmss` (string or number), EAT, to ISO UTC. */
export function parseDarajaTime(value: string | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  let match = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (match) {
    const [, d, mo, y, h, mi, s] = match.map(Number) as number[];
    return isoFromEat(y!, mo!, d!, h!, mi!, s!);
  }
  match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (match) {
    const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
    return isoFromEat(y!, mo!, d!, h!, mi!, s!);
  }
  return undefined;
}
