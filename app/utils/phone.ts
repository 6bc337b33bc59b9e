/**
 * The one parser for Kenyan mobile numbers, used by every phone field (the application form, the
 * settlement number in Settings) and by the M-Pesa client. Isomorphic: no server imports.
 *
 * Accepts what people type, with spaces, dashes, dots or brackets: `0712 345 678`, `0112 345 678`,
 * `712345678`, `112345678`, `254712345678`, `+254 712-345-678`, `2541…`, `00254…`. Stores E.164:
 * `+254712345678`. Shown through `formatPhone` in `~/utils/format` as "+254 712 345 678".
 *
 * Numbers stored before this module existed may be in the M-Pesa form `254712345678` (settlement
 * numbers): `normalizeStoredPhone` reads both, so no data migration is needed.
 */

export type KenyanPhoneResult = { ok: true; e164: string } | { ok: false; error: string };

export const kenyanPhoneError = "Enter a Kenyan mobile number, such as 0712 345 678";

const SEPARATORS = /[\s\-.()]/g;
/** A Kenyan mobile number without the country code: 7XX XXX XXX or 1XX XXX XXX. */
const NATIONAL = /^[17]\d{8}$/;

/** Parse a Kenyan mobile number as typed; E.164 (`+254712345678`) or an error message. */
export function parseKenyanPhone(input: string): KenyanPhoneResult {
  const compact = input.trim().replace(SEPARATORS, "");
  let national = "";
  if (/^\+254\d+$/.test(compact)) national = compact.slice(4);
  else if (/^00254\d+$/.test(compact)) national = compact.slice(5);
  else if (/^254\d+$/.test(compact)) national = compact.slice(3);
  else if (/^0\d+$/.test(compact)) national = compact.slice(1);
  else if (/^\d+$/.test(compact)) national = compact;
  return NATIONAL.test(national)
    ? { ok: true, e164: `+254${national}` }
    : { ok: false, error: kenyanPhoneError };
}

/** True when `value` is a Kenyan mobile number in E.164 (`+2547…`/`+2541…`, 12 digits). */
export function isKenyanE164(value: string): boolean {
  return /^\+254[17]\d{8}$/.test(value);
}

/**
 * A stored phone read back as E.164: `254712345678` (the M-Pesa form some rows hold) and
 * `+254712345678` both give `+254712345678`. Anything else (another country's E.164) is returned
 * unchanged.
 */
export function normalizeStoredPhone(value: string): string {
  if (/^254[17]\d{8}$/.test(value)) return `+${value}`;
  return value;
}

/** The M-Pesa (Daraja) form of a Kenyan number: `+254712345678` -> `254712345678`. */
export function toMsisdn(e164: string): string {
  return normalizeStoredPhone(e164).replace(/^\+/, "");
}
