/**
 * Fee invoices (issue 33): the page, its month form and the invoice itself, on screen and on paper.
 * Fee kinds come from core in English (the CSV and the operator console keep those); the invoice
 * shows them through these, by key. Names and KRA PINs stay as they are.
 */
import { type FeeKind, feeKindLabels } from "~/core/fees/months";
import { defineMessages } from "../messages";

const feeKindsSw: Record<FeeKind, string> = {
  collection: "Ada ya makusanyo (C2B)",
  b2c: "Ada ya utumaji wa malipo (B2C)",
  b2b: "Ada ya malipo ya biashara (B2B)",
};

/** What core's parseMonth answers for a month that is not one. */
const MONTH_ERROR_EN = "Choose a month, such as 2026-11.";

export const feeInvoiceMessages = defineMessages(
  {
    title: "Fee invoices",
    metaDescription: "Your OneHop fees and the excise duty on them, month by month.",
    downloadCsv: "Download CSV",
    printVersion: "Print version",
    month: "Month",
    show: "Show",
    monthError: MONTH_ERROR_EN,
    print: {
      title: "Fee invoice",
      metaDescription: "Your OneHop fee invoice, ready to print.",
      nav: "Fee invoice",
      back: "Back to fee invoices",
      howToPrint:
        "Use your browser's Print command (Ctrl+P, or ⌘P on a Mac) to print this invoice or save it as a PDF.",
      showing: (month: string) => `Showing ${month}.`,
    },
    invoice: {
      to: "Invoice to",
      merchantId: "Merchant ID",
      noKraPin: "Not given (add it in Settings)",
      heading: (month: string) => `Fee invoice, ${month}`,
      intro: (percent: string) =>
        `Our fees for the month and the excise duty of ${percent} on each (Finance Act, 2025), already taken from your balance with each fee. Kenyan shillings; times in Nairobi (EAT).`,
      fees: "Fees",
      excise: "Excise duty",
      total: "Total",
      none: "No fees were charged in this month.",
      caption: "Each fee and its excise duty, oldest first",
      fee: "Fee",
      reference: "Reference",
      feeAmount: "Fee amount",
      kinds: feeKindLabels,
    },
  },
  {
    title: "Ankara za ada",
    metaDescription: "Ada zako za OneHop na ushuru wa bidhaa juu yake, mwezi kwa mwezi.",
    downloadCsv: "Pakua CSV",
    printVersion: "Ankara ya kuchapisha",
    month: "Mwezi",
    show: "Onyesha",
    monthError: "Chagua mwezi, kama 2026-11.",
    print: {
      title: "Ankara ya ada",
      metaDescription: "Ankara yako ya ada ya OneHop, tayari kuchapishwa.",
      nav: "Ankara ya ada",
      back: "Rudi kwenye ankara za ada",
      howToPrint:
        "Tumia amri ya Chapisha ya kivinjari chako (Ctrl+P, au ⌘P kwenye Mac) kuchapisha ankara hii au kuihifadhi kama PDF.",
      showing: (month: string) => `Inaonyesha ${month}.`,
    },
    invoice: {
      to: "Ankara kwa",
      merchantId: "Kitambulisho cha mfanyabiashara",
      noKraPin: "Haijatolewa (iweke kwenye Mipangilio)",
      heading: (month: string) => `Ankara ya ada, ${month}`,
      intro: (percent: string) =>
        `Ada zetu za mwezi huu na ushuru wa bidhaa wa ${percent} juu ya kila moja (Sheria ya Fedha, 2025), ambazo tayari zimekatwa kwenye salio lako pamoja na kila ada. Shilingi za Kenya; saa za Nairobi (EAT).`,
      fees: "Ada",
      excise: "Ushuru wa bidhaa",
      total: "Jumla",
      none: "Hakuna ada iliyotozwa mwezi huu.",
      caption: "Kila ada na ushuru wake wa bidhaa, ya zamani kwanza",
      fee: "Ada",
      reference: "Kumbukumbu",
      feeAmount: "Kiasi cha ada",
      kinds: feeKindsSw,
    },
  },
);

/** core's month error (English) in the page's language; another message as it is. */
export function monthErrorIn(monthError: string, message: string): string {
  return message === MONTH_ERROR_EN ? monthError : message;
}
