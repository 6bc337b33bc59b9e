/**
 * Which Kenyan mobile network a number belongs to, by its prefix, so that a destination on one
 * rail never takes another network's number (a Safaricom number as an Airtel Money destination).
 * Isomorphic. Numbers can be ported between networks, so a prefix is a first filter only: the
 * rail's own answer (the registered name, or "no such wallet") is what proves the wallet.
 *
 * Sources: Safaricom, the Communications Authority allocations as listed by tinglesoftware's
 * Kenyan validators (`7(?:[0-2]\d|4[0-35-9]|5[7-9]|6[89]|9\d)|11[0-5]`); Airtel and Telkom, the
 * provider modules that already check them (app/core/providers/airtel/msisdn.ts,
 * app/core/providers/tkash/msisdn.ts).
 */
import { isAirtelKenyaMsisdn } from "~/core/providers/airtel/msisdn";
import type { RailId } from "~/core/rails/types";

export type MobileNetwork = "safaricom" | "airtel" | "telkom";

const SAFARICOM_NATIONAL = /^(?:7(?:[0-2]\d|4[0-35-9]|5[7-9]|6[89]|9\d)|11[0-5])\d{6}$/;
const TELKOM_NATIONAL = /^77\d{7}$/;

/** The network of an E.164 Kenyan number (`+2547…`), or null when no prefix is known. */
export function mobileNetworkOf(e164: string): MobileNetwork | null {
  const national = e164.replace(/^\+254/, "");
  if (SAFARICOM_NATIONAL.test(national)) return "safaricom";
  if (isAirtelKenyaMsisdn(national)) return "airtel";
  if (TELKOM_NATIONAL.test(national)) return "telkom";
  return null;
}

/** The network each mobile-money rail pays to. */
export const railNetwork = {
  mpesa: "safaricom",
  "airtel-money": "airtel",
  "t-kash": "telkom",
} as const satisfies Partial<Record<RailId, MobileNetwork>>;

export const networkNames: Record<MobileNetwork, string> = {
  safaricom: "Safaricom",
  airtel: "Airtel",
  telkom: "Telkom",
};
