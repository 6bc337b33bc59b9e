/**
 * Kenyan mobile numbers in the form Daraja wants: `2547XXXXXXXX` or `2541XXXXXXXX`, 12 digits, no
 * `+`. Accepts what people type: `0712 345 678`, `+254 712-345-678`, `254112345678`, `712345678`,
 * `00254712345678`. Anything else is a `DarajaValidationError` naming the field, before any network
 * call.
 */
import { parseKenyanPhone, toMsisdn } from "~/utils/phone";
import { DarajaValidationError } from "./errors";

/** True for an already normalised number (`2547…`/`2541…`, 12 digits). */
export function isKenyanMsisdn(value: string): boolean {
  return /^254[17]\d{8}$/.test(value);
}

export function normalizeKenyanMsisdn(input: string, field = "phone"): string {
  if (typeof input !== "string") {
    throw new DarajaValidationError(field, "The phone number must be text");
  }
  // The one phone parser (utils/phone.ts): the same forms every phone field accepts.
  const parsed = parseKenyanPhone(input);
  const digits = parsed.ok ? toMsisdn(parsed.e164) : "";
  if (!isKenyanMsisdn(digits)) {
    throw new DarajaValidationError(
      field,
      `"${input.slice(0, 40)}" is not a Kenyan mobile number (expected 07XX XXX XXX, 01XX XXX XXX or +254…)`,
    );
  }
  return digits;
}
