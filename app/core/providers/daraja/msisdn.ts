/**
 * Kenyan mobile numbers in the form Daraja wants: `2547XXXXXXXX` or `2541XXXXXXXX`, 12 digits, no
 * `+`. Accepts what people type: `0712 345 678`, `+254 712-345-678`, `254112345678`, `712345678`,
 * `00254712345678`. Anything else is a `DarajaValidationError` naming the field, before any network
 * call.
 */
import { DarajaValidationError } from "./errors";

const SEPARATORS = /[\s\-.()]/g;

/** True for an already normalised number (`2547…`/`2541…`, 12 digits). */
export function isKenyanMsisdn(value: string): boolean {
  return /^254[17]\d{8}$/.test(value);
}

export function normalizeKenyanMsisdn(input: string, field = "phone"): string {
  if (typeof input !== "string") {
    throw new DarajaValidationError(field, "The phone number must be text");
  }
  const compact = input.trim().replace(SEPARATORS, "");
  let digits: string;
  if (/^\+254\d+$/.test(compact)) digits = compact.slice(1);
  else if (/^00254\d+$/.test(compact)) digits = compact.slice(2);
  else if (/^254\d+$/.test(compact)) digits = compact;
  else if (/^0[17]\d+$/.test(compact)) digits = `254${compact.slice(1)}`;
  else if (/^[17]\d{8}$/.test(compact)) digits = `254${compact}`;
  else digits = "";
  if (!isKenyanMsisdn(digits)) {
    throw new DarajaValidationError(
      field,
      `"${input.slice(0, 40)}" is not a Kenyan mobile number (expected 07XX XXX XXX, 01XX XXX XXX or +254…)`,
    );
  }
  return digits;
}
