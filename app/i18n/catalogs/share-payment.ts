/**
 * Sharing a payment from the merchant's payment page (issue 33): the section's words and the
 * message the merchant sends to the customer, in the page's language.
 */
import { defineMessages } from "../messages";

export const sharePaymentMessages = defineMessages(
  {
    title: "Share with your customer",
    checkoutLink: "Checkout link",
    copyLink: "Copy link",
    linkCopied: "Link copied",
    whatsapp: "Share on WhatsApp",
    opensInNewTab: " (opens in a new tab)",
    sms: "Send by SMS",
    messageReads: "The message reads:",
    qrLabel: "QR code of the checkout link",
    atTheCounter:
      "At the counter: the customer scans this with their phone camera to open the checkout.",
    message: (amount: string, business: string, reference: string, link: string) =>
      `Please pay ${amount} to ${business} (ref. ${reference}) in crypto here: ${link}`,
  },
  {
    title: "Shiriki na mteja wako",
    checkoutLink: "Kiungo cha ukurasa wa malipo",
    copyLink: "Nakili kiungo",
    linkCopied: "Kiungo kimenakiliwa",
    whatsapp: "Shiriki kwenye WhatsApp",
    opensInNewTab: " (inafunguka kwenye kichupo kipya)",
    sms: "Tuma kwa SMS",
    messageReads: "Ujumbe unasema:",
    qrLabel: "Msimbo wa QR wa kiungo cha ukurasa wa malipo",
    atTheCounter:
      "Kaunta: mteja anachanganua msimbo huu kwa kamera ya simu yake ili kufungua ukurasa wa malipo.",
    message: (amount: string, business: string, reference: string, link: string) =>
      `Tafadhali lipa ${amount} kwa ${business} (kumbukumbu ${reference}) kwa crypto hapa: ${link}`,
  },
);
