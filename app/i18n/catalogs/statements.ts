/**
 * The merchant's statements (issue 33): the page, its period form, the summary, the lines and the
 * printable statement. The period's errors and the line types come from core in English (the CSV
 * and the API keep those); the page shows them through these, by key.
 */
import { type StatementLineType, statementLineLabels } from "~/core/statements/lines";
import { MAX_STATEMENT_DAYS, statementRangeMessages } from "~/core/statements/range";
import { defineMessages } from "../messages";

type RangeErrorKey = keyof typeof statementRangeMessages;

const rangeErrorsEn: Record<RangeErrorKey, string> = statementRangeMessages;
const rangeErrorsSw: Record<RangeErrorKey, string> = {
  fromFormat: "Weka tarehe ya kuanzia kama YYYY-MM-DD, kwa mfano 2026-11-01.",
  toFormat: "Weka tarehe ya mwisho kama YYYY-MM-DD, kwa mfano 2026-11-30.",
  notADate: "Hii si tarehe halisi ya kalenda.",
  order: "Tarehe ya kuanzia lazima iwe kabla ya tarehe ya mwisho, au siku hiyo hiyo.",
  tooLong: `Taarifa ya akaunti haizidi siku ${MAX_STATEMENT_DAYS}. Chagua kipindi kifupi zaidi.`,
  future: "Tarehe ya mwisho haiwezi kuwa baada ya leo.",
};

const lineTypesEn: Record<StatementLineType, string> = statementLineLabels;
export const lineTypesSw: Record<StatementLineType, string> = {
  collection: "Makusanyo",
  top_up: "Kuongeza salio",
  payout: "Malipo kwako",
  disbursement: "Utumaji wa malipo",
  refund: "Rejesho",
  adjustment: "Marekebisho",
};

export const statementMessages = defineMessages(
  {
    title: "Statements",
    metaDescription: "Your OneHop statements.",
    intro:
      "Every shilling in and out of your OneHop balance for a period, in Nairobi time: collections and their fees, settlement payouts, refunds and adjustments. Each month's fees and the excise duty on them are on your",
    feeInvoicesLink: "fee invoices",
    statementFor: (period: string) => `Statement for ${period}`,
    periodRange: (from: string, to: string) => `${from} to ${to}`,
    downloadCsv: "Download CSV",
    printVersion: "Print version",
    lines: "Lines",
    range: {
      label: "Statement period",
      correct: "Please correct the period below.",
      from: "From",
      to: "To",
      show: "Show statement",
      note: "Nairobi dates, both days included; at most 366 days.",
      monthly: "Monthly statements",
      toDate: (month: string) => `${month} to date`,
      errors: rangeErrorsEn,
    },
    summary: {
      title: "Summary",
      caption: "Opening balance, totals per type and closing balance",
      item: "Item",
      lines: "Lines",
      fees: "Fees + excise duty",
      amount: "Amount",
      opening: "Opening balance",
      closing: "Closing balance",
      note: "Amounts are net of fees and the excise duty on them: what each line added to or took from your balance with us (available, pending and on the way to you).",
    },
    table: {
      empty: "No money moved in this period.",
      emptyBalance: (amount: string) => `Opening and closing balance: ${amount}.`,
      cutShown: (shown: number, count: number) => `Showing the first ${shown} of ${count} lines.`,
      cutLink: "Download the CSV",
      cutNoLink: "The CSV download",
      cutAfter: "has them all.",
      caption: "Statement lines, oldest first",
      type: "Type",
      description: "Description",
      reference: "Reference",
      gross: "Gross",
      fee: "Fee",
      excise: "Excise duty",
      net: "Net",
      balance: "Balance",
    },
    lineTypes: lineTypesEn,
    print: {
      title: "Statement",
      metaDescription: "Your OneHop statement, ready to print.",
      nav: "Statement",
      back: "Back to statements",
      howToPrint:
        "Use your browser's Print command (Ctrl+P, or ⌘P on a Mac) to print this statement or save it as a PDF.",
      heading: (period: string) => `Statement ${period}`,
      generated: (at: string) => `Kenyan shillings; times in Nairobi (EAT). Generated ${at}.`,
      holderTitle: "Statement for",
      merchantId: "Merchant ID",
      registrationNumber: "Registration number",
      address: "Address",
      email: "E-mail",
      questions: (email: string) => `Questions about this statement: ${email}.`,
      invalid: "This statement period is not valid",
      another: "Choose another period",
    },
  },
  {
    title: "Taarifa za akaunti",
    metaDescription: "Taarifa zako za akaunti za OneHop.",
    intro:
      "Kila shilingi iliyoingia na kutoka kwenye salio lako la OneHop kwa kipindi fulani, kwa saa za Nairobi: makusanyo na ada zake, malipo kwako, marejesho na marekebisho. Ada za kila mwezi na ushuru wa bidhaa juu yake ziko kwenye",
    feeInvoicesLink: "ankara zako za ada",
    statementFor: (period: string) => `Taarifa ya akaunti ya ${period}`,
    periodRange: (from: string, to: string) => `${from} hadi ${to}`,
    downloadCsv: "Pakua CSV",
    printVersion: "Taarifa ya kuchapisha",
    lines: "Miamala",
    range: {
      label: "Kipindi cha taarifa",
      correct: "Rekebisha kipindi hapa chini.",
      from: "Kuanzia",
      to: "Hadi",
      show: "Onyesha taarifa",
      note: "Tarehe za Nairobi, siku zote mbili zikiwemo; kipindi kisichozidi siku 366.",
      monthly: "Taarifa za kila mwezi",
      toDate: (month: string) => `${month} hadi leo`,
      errors: rangeErrorsSw,
    },
    summary: {
      title: "Muhtasari",
      caption: "Salio la kuanzia, jumla kwa kila aina na salio la kufunga",
      item: "Kipengele",
      lines: "Miamala",
      fees: "Ada + ushuru wa bidhaa",
      amount: "Kiasi",
      opening: "Salio la kuanzia",
      closing: "Salio la kufunga",
      note: "Kiasi ni baada ya kukata ada na ushuru wa bidhaa juu yake: kile ambacho kila muamala uliongeza au ulitoa kwenye salio lako kwetu (linalopatikana, linalosubiri na lililo njiani kuja kwako).",
    },
    table: {
      empty: "Hakuna pesa zilizoingia wala kutoka katika kipindi hiki.",
      emptyBalance: (amount: string) => `Salio la kuanzia na la kufunga: ${amount}.`,
      cutShown: (shown: number, count: number) =>
        `Inaonyesha miamala ${shown} ya kwanza kati ya ${count}.`,
      cutLink: "Faili la CSV",
      cutNoLink: "Faili la CSV",
      cutAfter: "lina miamala yote.",
      caption: "Miamala ya taarifa, ya zamani kwanza",
      type: "Aina",
      description: "Maelezo",
      reference: "Kumbukumbu",
      gross: "Kabla ya makato",
      fee: "Ada",
      excise: "Ushuru wa bidhaa",
      net: "Baada ya makato",
      balance: "Salio",
    },
    lineTypes: lineTypesSw,
    print: {
      title: "Taarifa ya akaunti",
      metaDescription: "Taarifa yako ya akaunti ya OneHop, tayari kuchapishwa.",
      nav: "Taarifa ya akaunti",
      back: "Rudi kwenye taarifa za akaunti",
      howToPrint:
        "Tumia amri ya Chapisha ya kivinjari chako (Ctrl+P, au ⌘P kwenye Mac) kuchapisha taarifa hii au kuihifadhi kama PDF.",
      heading: (period: string) => `Taarifa ya akaunti ${period}`,
      generated: (at: string) => `Shilingi za Kenya; saa za Nairobi (EAT). Imetolewa ${at}.`,
      holderTitle: "Taarifa ya akaunti ya",
      merchantId: "Kitambulisho cha mfanyabiashara",
      registrationNumber: "Nambari ya usajili",
      address: "Anwani",
      email: "Barua pepe",
      questions: (email: string) => `Maswali kuhusu taarifa hii: ${email}.`,
      invalid: "Kipindi hiki cha taarifa si sahihi",
      another: "Chagua kipindi kingine",
    },
  },
);

/** A period error from core (English) in the page's language; another message as it is. */
export function rangeErrorIn(errors: Record<RangeErrorKey, string>, message: string): string {
  const key = (Object.keys(statementRangeMessages) as RangeErrorKey[]).find(
    (candidate) => statementRangeMessages[candidate] === message,
  );
  return key ? errors[key] : message;
}
