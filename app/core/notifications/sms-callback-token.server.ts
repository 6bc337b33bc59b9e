import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The token in our SMS delivery-report URL (`/webhooks/sms/delivery?token=…`), derived from a
 * server secret (SESSION_SECRET in the app), like the M-Pesa callbacks' (payments/callback-token).
 * Africa's Talking does not sign its reports: the token in the URL registered on the account is
 * what says a report comes from it.
 */
export const smsReportTokenFor = (secret: string) =>
  createHmac("sha256", secret).update("sms-delivery-reports").digest("base64url").slice(0, 32);

/** Whether `given` is `expected`, in constant time. */
export function sameToken(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
