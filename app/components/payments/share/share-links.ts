/**
 * Sharing a payment's checkout link (issue 11, item 8): the prefilled message and the WhatsApp and
 * SMS links that carry it. Isomorphic and pure.
 */
import { sharePaymentMessages } from "~/i18n/catalogs/share-payment";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";

export interface ShareInput {
  /** The amount as shown, e.g. "KES 2,500". */
  amountKes: string;
  businessName: string;
  reference: string;
  /** The checkout's absolute address. */
  link: string;
}

/** The message the merchant sends, in `locale` (the page's). */
export function shareMessage(
  { amountKes, businessName, reference, link }: ShareInput,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return inLocale(sharePaymentMessages, locale).message(amountKes, businessName, reference, link);
}

/** WhatsApp's click-to-chat link: the app opens with the message, the sender picks the chat. */
export const whatsappShareHref = (message: string) =>
  `https://wa.me/?text=${encodeURIComponent(message)}`;

/**
 * An SMS with the message and no recipient: `sms:?&body=` is the form both Android and iOS
 * read.
 */
export const smsShareHref = (message: string) => `sms:?&body=${encodeURIComponent(message)}`;
