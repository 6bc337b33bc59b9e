/**
 * Why an M-Pesa prompt was not sent, in the page's language (issue 33): the checkout's and the
 * till's words for core's refusal reasons; English is core's message as it is.
 */
import {
  MPESA_MAX_ATTEMPTS,
  type StartCollectionOutcome,
} from "~/core/payments/mpesa-collections.server";
import { mpesaPayMessages } from "~/i18n/catalogs/mpesa-pay";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";

export function mpesaRefusalIn(
  locale: Locale,
  outcome: Extract<StartCollectionOutcome, { ok: false }>,
): string {
  if (locale === "en") return outcome.message;
  const words = inLocale(mpesaPayMessages, locale);
  switch (outcome.reason) {
    case "invalid_phone":
      return words.phoneInvalid;
    case "not_safaricom":
      return words.notSafaricom;
    case "too_many_attempts":
      return words.refusals.too_many_attempts(MPESA_MAX_ATTEMPTS);
    default:
      return words.refusals[outcome.reason];
  }
}
