/** Phone numbers as text (see ./index.ts); parsing and storage (E.164) are in `~/utils/phone`. */
import { normalizeStoredPhone } from "~/utils/phone";

/**
 * A stored phone for display: "+254712345678" or "254712345678" -> "+254 712 345 678". Another
 * country's E.164 number is shown as stored.
 */
export function formatPhone(stored: string): string {
  const e164 = normalizeStoredPhone(stored);
  return /^\+254\d{9}$/.test(e164)
    ? `+254 ${e164.slice(4, 7)} ${e164.slice(7, 10)} ${e164.slice(10)}`
    : e164;
}

/**
 * A phone number with only its first digit and last three shown: "+254712345678" -> "+254 7•• •••
 * 678". For e-mails and notices that must not carry the full number.
 */
export function maskPhone(stored: string): string {
  const e164 = normalizeStoredPhone(stored);
  if (!/^\+254\d{9}$/.test(e164)) return "•••";
  return `+254 ${e164[4]}•• ••• ${e164.slice(10)}`;
}
