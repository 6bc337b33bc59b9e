/**
 * Airtel Money Kenya numbers. Airtel's API wants the MSISDN **without** the country code
 * (`733123456`, protocols.md §2.1). Accepts every form `parseKenyanPhone` accepts (`0733 123 456`,
 * `+254 733-123-456`, `254100123456`…), then checks the network by prefix.
 *
 * Airtel Kenya prefixes (national, after the 0): 730-739, 750-756, 762, 780-789, 100-102. Source:
 * the Communications Authority allocation as reported by techweez.com (2019: 0730-0739, 0750-0756,
 * 0785-0789, then 0100-0102) and tinglesoftware's Airtel validator (`7(3x|5[0-6]|8[5-9])|10[0-2]`);
 * 0762 and 0780-0784 are the later allocations given in our brief (not confirmed by a second
 * source). Numbers can be ported between networks (MNP), so the prefix is a first filter only: the
 * KYC lookup (`kyc()`) is what proves a number holds an Airtel Money wallet.
 */
import { parseKenyanPhone } from "~/utils/phone";
import { AirtelValidationError, NotAirtelNumberError } from "./errors";

const AIRTEL_KE_NATIONAL = /^(?:7(?:3\d|5[0-6]|62|8\d)|10[0-2])\d{6}$/;

/** True for a national Airtel Kenya number as the API wants it: 9 digits, no 0, no 254. */
export function isAirtelKenyaMsisdn(national: string): boolean {
  return AIRTEL_KE_NATIONAL.test(national);
}

/** Any Kenyan form -> `7XXXXXXXX` / `10XXXXXXX`; refuses non-Kenyan and non-Airtel numbers. */
export function toAirtelMsisdn(input: string, field = "msisdn"): string {
  const parsed = typeof input === "string" ? parseKenyanPhone(input) : undefined;
  if (!parsed?.ok) {
    throw new AirtelValidationError(
      field,
      `"${String(input).slice(0, 40)}" is not a Kenyan mobile number (expected 07XX XXX XXX, 01XX XXX XXX or +254…)`,
    );
  }
  const national = parsed.e164.slice(4);
  if (!isAirtelKenyaMsisdn(national)) {
    throw new NotAirtelNumberError(
      field,
      `0${national} is not an Airtel Money Kenya number (Airtel numbers start 073, 0750-0756, 0762, 078 or 0100-0102)`,
    );
  }
  return national;
}
