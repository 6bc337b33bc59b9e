/**
 * How a destination is written for people (isomorphic): "M-Pesa +254 712 345 678",
 * "Equity Bank Kenya account ••••9886". Masked forms for e-mails and notices.
 */
import { bankByCode } from "~/content/banks";
import type { RailId } from "~/core/rails/types";
import { formatEatDateTime, formatPhone, maskPhone } from "~/utils/format";
import { railNames } from "./schema";

export interface DestinationLike {
  rail: RailId;
  phone: string | null;
  bankCode: string | null;
  accountNumber: string | null;
}

const bankName = (code: string | null) => (code && bankByCode(code)?.name) || `Bank ${code ?? "?"}`;

/** "+254 712 345 678" or "Equity Bank Kenya 1450160649886": the address alone. */
export function destinationAddress(destination: DestinationLike): string {
  if (destination.rail === "pesalink")
    return `${bankName(destination.bankCode)} ${destination.accountNumber ?? ""}`.trim();
  return destination.phone ? formatPhone(destination.phone) : "";
}

/** "M-Pesa +254 712 345 678", "Equity Bank Kenya 1450160649886 (PesaLink)". */
export function destinationLabel(destination: DestinationLike): string {
  if (destination.rail === "pesalink") return `${destinationAddress(destination)} (PesaLink)`;
  return `${railNames[destination.rail]} ${destinationAddress(destination)}`;
}

/** For e-mails and notices: "M-Pesa +254 7•• ••• 678", "Equity Bank Kenya account ••••9886". */
export function maskedDestinationLabel(destination: DestinationLike): string {
  if (destination.rail === "pesalink")
    return `${bankName(destination.bankCode)} account ••••${(destination.accountNumber ?? "").slice(-4)}`;
  return `${railNames[destination.rail]} ${destination.phone ? maskPhone(destination.phone) : ""}`.trim();
}

/**
 * Whether the name a rail returned is plausibly the one given (bank accounts) or the business's:
 * at least one word of three letters or more in common, case and punctuation aside.
 */
export function namesAgree(given: string, registered: string): boolean {
  const words = (text: string) =>
    new Set(
      text
        .toUpperCase()
        .split(/[^A-Z0-9]+/)
        .filter((word) => word.length >= 3),
    );
  const registeredWords = words(registered);
  return [...words(given)].some((word) => registeredWords.has(word));
}

/**
 * The notice shown while payouts to a new destination wait: "Payouts to M-Pesa +254 7•• ••• 678
 * start after 25 Nov 2026, 14:05 EAT" (given the destination's masked label).
 */
export const heldDestinationNotice = (maskedLabel: string, heldUntil: number) =>
  `Payouts to ${maskedLabel} start after ${formatEatDateTime(heldUntil)}`;
