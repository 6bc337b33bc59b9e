/**
 * Sharing a payment's checkout link (issue 11, item 8): the prefilled message and the WhatsApp and
 * SMS links that carry it. Isomorphic and pure.
 */

export interface ShareInput {
  /** The amount as shown, e.g. "KES 2,500". */
  amountKes: string;
  businessName: string;
  reference: string;
  /** The checkout's absolute address. */
  link: string;
}

export function shareMessage({ amountKes, businessName, reference, link }: ShareInput): string {
  return `Please pay ${amountKes} to ${businessName} (ref. ${reference}) in crypto here: ${link}`;
}

/** WhatsApp's click-to-chat link: the app opens with the message, the sender picks the chat. */
export const whatsappShareHref = (message: string) =>
  `https://wa.me/?text=${encodeURIComponent(message)}`;

/**
 * An SMS with the message and no recipient: `sms:?&body=` is the form both Android and iOS
 * read.
 */
export const smsShareHref = (message: string) => `sms:?&body=${encodeURIComponent(message)}`;
