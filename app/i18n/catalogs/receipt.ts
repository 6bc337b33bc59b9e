/** A paid payment's receipt: on the checkout, its printable page and the shared message. */
import { defineMessages } from "../messages";

export const receiptMessages = defineMessages(
  {
    title: "Receipt",
    thanks: "Thank you: your payment is confirmed.",
    printable: "Printable receipt",
    shareWhatsApp: "Share on WhatsApp",
    paidTo: "Paid to",
    reference: "Reference",
    amount: "Amount",
    paidWith: "Paid with",
    date: "Date",
    paymentId: "Payment ID",
    mpesaReceipt: "M-Pesa receipt",
    onNetwork: (network: string) => `on ${network}`,
    transactionLink: (hash: string) => `Transaction ${hash}`,
    onExplorer: " on the network's explorer (opens in a new tab)",
    confirmedTo: (business: string) => `A payment to ${business}, confirmed.`,
    collectedBy: (brand: string, business: string) =>
      `Collected by ${brand} for ${business}. Print this page or save it as a PDF from your browser's menu.`,
    backToPayment: "Back to the payment",
    metaTitle: (business: string) => `Receipt: ${business} | OneHop`,
    fallbackMetaTitle: "Receipt | OneHop",
    message: (amount: string, business: string, reference: string, when: string, link: string) =>
      `Receipt: ${amount} paid to ${business} (ref. ${reference}) on ${when}. ${link}`,
  },
  {
    title: "Risiti",
    thanks: "Asante: malipo yako yamethibitishwa.",
    printable: "Risiti ya kuchapisha",
    shareWhatsApp: "Shiriki kwenye WhatsApp",
    paidTo: "Mpokeaji",
    reference: "Kumbukumbu",
    amount: "Kiasi",
    paidWith: "Njia ya malipo",
    date: "Tarehe",
    paymentId: "Nambari ya malipo",
    mpesaReceipt: "Risiti ya M-Pesa",
    onNetwork: (network: string) => `kwenye ${network}`,
    transactionLink: (hash: string) => `Muamala ${hash}`,
    onExplorer: " kwenye kichunguzi cha mtandao (hufunguka kwenye kichupo kipya)",
    confirmedTo: (business: string) => `Malipo kwa ${business}, yamethibitishwa.`,
    collectedBy: (brand: string, business: string) =>
      `Yamekusanywa na ${brand} kwa niaba ya ${business}. Chapisha ukurasa huu au uuhifadhi kama PDF kupitia menyu ya kivinjari chako.`,
    backToPayment: "Rudi kwenye malipo",
    metaTitle: (business: string) => `Risiti: ${business} | OneHop`,
    fallbackMetaTitle: "Risiti | OneHop",
    message: (amount: string, business: string, reference: string, when: string, link: string) =>
      `Risiti: ${amount} zimelipwa kwa ${business} (kumb. ${reference}) tarehe ${when}. ${link}`,
  },
);
