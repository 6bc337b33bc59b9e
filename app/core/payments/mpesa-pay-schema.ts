/**
 * The checkout's "Pay with M-Pesa" form (ADR 0033): the number that gets the PIN prompt, a Kenyan
 * Safaricom mobile number. Isomorphic (zod + Conform); the core checks it again when it starts the
 * prompt. Its messages are the customer's language (`mpesaPaySchemaIn`, issue 33); English is the
 * default.
 */
import { z } from "zod";
import { mobileNetworkOf } from "~/core/destinations/mobile-networks";
import { mpesaPayMessages } from "~/i18n/catalogs/mpesa-pay";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { parseKenyanPhone } from "~/utils/phone";

const english = mpesaPayMessages.en;
export const MPESA_PHONE_REQUIRED = english.phoneRequired;
export const NOT_SAFARICOM_MESSAGE = english.notSafaricom;

/** The form's schema with its messages in `locale`. */
export function mpesaPaySchemaIn(locale: Locale) {
  const words = inLocale(mpesaPayMessages, locale);
  return z.object({
    intent: z.literal("mpesa"),
    phone: z
      .string({ required_error: words.phoneRequired })
      .trim()
      .max(40, words.phoneInvalid)
      .superRefine((value, ctx) => {
        const parsed = parseKenyanPhone(value);
        if (!parsed.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, message: words.phoneInvalid });
        else if (mobileNetworkOf(parsed.e164) !== "safaricom")
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: words.notSafaricom });
      }),
  });
}

export const mpesaPaySchema = mpesaPaySchemaIn("en");
