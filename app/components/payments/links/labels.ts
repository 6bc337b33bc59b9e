/**
 * How payment links read in the merchant's list and on their public page, and the copy-paste
 * "Pay with OneHop" button (issue 13, item 6): a plain link with inline styles, so it works without
 * JavaScript and looks the same on any site that pastes it.
 */
import { merchantPaymentLinksMessages } from "~/i18n/catalogs/merchant-payment-links";
import { formatKesCents } from "~/utils/format";

export const CUSTOMER_AMOUNT = merchantPaymentLinksMessages.en.list.customerEntersAmount;
export const CUSTOMER_ASSET = merchantPaymentLinksMessages.en.list.customerChooses;

/** The words for a link left to the customer, in the page's language (English by default). */
interface OpenChoiceWords {
  customerEntersAmount: string;
  customerChooses: string;
}
const english: OpenChoiceWords = merchantPaymentLinksMessages.en.list;

export function linkAmountLabel(
  amountKesCents: string | null,
  words: OpenChoiceWords = english,
): string {
  return amountKesCents === null ? words.customerEntersAmount : formatKesCents(amountKesCents);
}

export function linkAssetLabel(asset: string | null, words: OpenChoiceWords = english): string {
  return asset ?? words.customerChooses;
}

/** The inline style of the button (brand green, white bold text, rounded). */
export const PAY_BUTTON_STYLE =
  "display:inline-block;padding:12px 20px;border-radius:8px;background:#047857;color:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:16px;font-weight:700;line-height:1.2;text-decoration:none;";

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The HTML a merchant pastes into their site: `url` is the link's absolute address. */
export function payButtonHtml(url: string): string {
  return `<a href="${escapeAttribute(url)}" style="${PAY_BUTTON_STYLE}">Pay with OneHop</a>`;
}

/** The same style as a React style object, for the preview. */
export const payButtonStyle = Object.fromEntries(
  PAY_BUTTON_STYLE.split(";")
    .filter(Boolean)
    .map((declaration) => {
      const [property, value] = declaration.split(":") as [string, string];
      return [property.replace(/-([a-z])/g, (_m, letter: string) => letter.toUpperCase()), value];
    }),
) as Record<string, string>;
