/**
 * Core's refusal to create a payment (PaymentError, English as the API gives it) in a page's words,
 * by its code; the amount it names is read from core's sentence. Create Payment and the till each
 * pass their own words.
 */
import type { PaymentError } from "~/core/payments/payments.server";

export interface PaymentRefusalWords {
  minimum: (kes: string) => string;
  maximum: (kes: string) => string;
  dailyLimit: (kes: string) => string;
  rateUnavailable: string;
  unavailable: string;
}

export function paymentRefusal(
  error: PaymentError,
  words: PaymentRefusalWords,
  otherwise: string,
): string {
  const kes = /KES [\d,]+(?:\.\d+)?/.exec(error.message)?.[0];
  switch (error.code) {
    case "daily_limit":
      return kes ? words.dailyLimit(kes) : otherwise;
    case "below_minimum":
      return kes ? words.minimum(kes) : otherwise;
    case "above_maximum":
      return kes ? words.maximum(kes) : otherwise;
    case "rate_unavailable":
      return words.rateUnavailable;
    case "custody_unavailable":
      return words.unavailable;
    default:
      return otherwise;
  }
}
