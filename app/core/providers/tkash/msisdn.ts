/**
 * Telkom Kenya (T-Kash) numbers in the form the aggregator takes: `2547 7X XXX XXX` (12 digits, no
 * `+`, which openfintech's `^\+?\d{9,14}$` accepts). Reads every form `parseKenyanPhone` reads,
 * then checks the network by prefix, before any call.
 *
 * Telkom prefixes (national, after the 0): 0770-0779. Sources: tinglesoftware's Telkom validator
 * (`7(?:7[0-9])[0-9]{6}`) and a libphonenumber-style Kenya carrier table (DtechLabs
 * MaskedTextFields, `77` -> telkom). The same table also gives `0120` to Telkom; no second source
 * confirms it, so it is not recognised here. Numbers can be ported between networks, so a prefix
 * is a first filter only: the aggregator's RECIPIENT_NOT_FOUND is what proves there is no wallet.
 */
import { parseKenyanPhone } from "~/utils/phone";
import { NotTelkomNumberError, TkashValidationError } from "./errors";

const TELKOM_NATIONAL = /^77\d{7}$/;

/** True for a Telkom Kenya number written `2547 7X…` (12 digits). */
export function isTelkomMsisdn(msisdn: string): boolean {
  return /^254\d{9}$/.test(msisdn) && TELKOM_NATIONAL.test(msisdn.slice(3));
}

/** Any Kenyan form -> `25477XXXXXXX`; refuses non-Kenyan and non-Telkom numbers. */
export function toTkashMsisdn(input: string, field = "phone"): string {
  const parsed = typeof input === "string" ? parseKenyanPhone(input) : undefined;
  if (!parsed?.ok)
    throw new TkashValidationError(
      field,
      `"${String(input).slice(0, 40)}" is not a Kenyan mobile number (expected 0770 123 456 or +254 770…)`,
    );
  const national = parsed.e164.slice(4);
  if (!TELKOM_NATIONAL.test(national))
    throw new NotTelkomNumberError(
      field,
      `0${national} is not a Telkom Kenya number (T-Kash numbers start 077)`,
    );
  return `254${national}`;
}
