/**
 * Topping up the payout balance (issue 33): the page's instructions (Pay Bill, bank transfer, an
 * M-Pesa prompt), its forms, their messages, toasts and the top-ups' states. The English comes
 * from `app/content/top-ups.ts` where it is written; the operator console keeps that English.
 */
import { topUpContent, topUpMethodLabels, topUpStatusLabels } from "~/content/top-ups";
import type { TopUpMethod, TopUpStatus } from "~/core/funding/vocabulary";
import type { Locale } from "../locales";
import { defineMessages } from "../messages";
import { mpesaPayMessages } from "./mpesa-pay";

const methodsEn: Record<TopUpMethod, string> = topUpMethodLabels;
const methodsSw: Record<TopUpMethod, string> = {
  mpesa_stk: "Ombi la M-Pesa kwenye simu",
  mpesa_paybill: "Pay Bill ya M-Pesa",
  bank: "Uhamisho wa benki",
};

const statusesEn: Record<TopUpStatus, string> = {
  requested: topUpStatusLabels.requested.label,
  succeeded: topUpStatusLabels.succeeded.label,
  failed: topUpStatusLabels.failed.label,
  unmatched: topUpStatusLabels.unmatched.label,
};
const statusesSw: Record<TopUpStatus, string> = {
  requested: "Inasubiri PIN",
  succeeded: "Imeongezwa kwenye salio lako",
  failed: "Imeshindikana",
  unmatched: "Imezuiliwa ili ikaguliwe",
};

export const topUpMessages = defineMessages(
  {
    title: topUpContent.title,
    metaDescription: "Add money to your OneHop KES balance to pay out from it.",
    intro: topUpContent.intro,
    back: "Back to payouts",
    available: "Available to pay out",
    simulatorNote: topUpContent.simulatorNote,
    paybillTitle: topUpContent.paybillTitle,
    paybillSteps: "In M-Pesa choose Lipa na M-Pesa, then Pay Bill, and enter:",
    businessNumber: "Business number",
    accountNumber: "Account number",
    paybillLimits: (max: string) =>
      `KES 1 to ${max} a payment. It is added as soon as M-Pesa confirms it.`,
    simulatePaybill: topUpContent.simulatePaybill,
    paybillUnavailable: "Pay Bill top-ups are not available yet.",
    bankTitle: topUpContent.bankTitle,
    bankSteps:
      "Send a PesaLink or bank transfer to our collection account and quote your reference:",
    bank: "Bank",
    accountName: "Account name",
    branch: "Branch",
    reference: "Reference",
    bankLimits: (max: string) =>
      `Up to ${max} a transfer over PesaLink. Without the reference we cannot tell the money is yours: it waits until we check it.`,
    simulateBank: topUpContent.simulateBank,
    stkTitle: topUpContent.stkTitle,
    stkIntro: topUpContent.stkIntro,
    stkUnavailable: "M-Pesa prompts are not available yet.",
    stkNotAllowed: "Only members who may make payouts can send a prompt.",
    testAmount: "Test amount (KES)",
    paying: "Paying…",
    amountLabel: "Amount (KES)",
    phoneLabel: "M-Pesa number",
    phoneHint: "A Safaricom number, such as 0712 345 678.",
    sending: "Sending the prompt…",
    send: "Send the prompt",
    recentTitle: topUpContent.recentTitle,
    none: topUpContent.none,
    columns: {
      amount: "Amount",
      how: "How",
      status: "Status",
      reference: "Reference",
      date: "Date (EAT)",
    },
    methods: methodsEn,
    statuses: statusesEn,
    errors: {
      amount: "Enter the amount in whole shillings, such as 5000",
      smallest: "The smallest top-up is KES 1.00",
      largest: (max: string) => `The largest top-up by this method is ${max}.`,
      phoneRequired: "Enter the M-Pesa number to send the prompt to",
      phoneInvalid: mpesaPayMessages.en.phoneInvalid,
      notSafaricom: mpesaPayMessages.en.notSafaricom,
      tooManyPrompts: "You have asked for several prompts already. Try again in a few minutes.",
      promptWaiting:
        "A prompt is already waiting on that phone: enter your M-Pesa PIN there, or try again in two minutes.",
    },
    toasts: {
      stkSent: (amount: string) => `${topUpContent.stkSent} ${amount}.`,
      noAnswer:
        "M-Pesa did not answer in time. If your phone shows a prompt you may enter your PIN: the top-up is credited when M-Pesa confirms it.",
      paybillPaid: (amount: string) =>
        `A test phone paid ${amount} to the Pay Bill: it is in your balance.`,
      paybillNotTaken: "The simulated Pay Bill payment was not taken.",
      bankArrived: (amount: string) =>
        `A simulated bank transfer of ${amount} arrived: it is in your balance.`,
      bankNotTaken: "The simulated bank transfer was not taken.",
    },
    /** Reasons the top-ups' job stores for a prompt it gave up (core's English, word for word). */
    failures: {
      notConfirmed:
        "M-Pesa did not confirm the prompt, so nothing was added. If money left the phone, it is added when M-Pesa confirms it.",
    },
  },
  {
    title: "Ongeza salio lako",
    metaDescription: "Weka pesa kwenye salio lako la KES la OneHop ili utume malipo kutoka humo.",
    intro:
      "Weka pesa kwenye salio lako la OneHop ili utume malipo kutoka humo. Kuongeza salio kunaonekana kwenye taarifa yako ya akaunti na kwenye Kinachoweza kutumwa mara tu pesa zinapofika.",
    back: "Rudi kwenye malipo yaliyotumwa",
    available: "Kinachoweza kutumwa",
    simulatorNote: "Hakuna pesa halisi zinazohamishwa: vitufe hivi vinaendeshwa kwenye viigaji.",
    paybillTitle: "Pay Bill kutoka M-Pesa",
    paybillSteps: "Kwenye M-Pesa chagua Lipa na M-Pesa, kisha Pay Bill, na uweke:",
    businessNumber: "Nambari ya biashara",
    accountNumber: "Nambari ya akaunti",
    paybillLimits: (max: string) =>
      `KES 1 hadi ${max} kwa kila malipo. Kiasi kinaongezwa mara tu M-Pesa inapothibitisha.`,
    simulatePaybill: "Lipa Paybill kutoka simu ya majaribio (kiigaji)",
    paybillUnavailable: "Kuongeza salio kwa Pay Bill bado hakupatikani.",
    bankTitle: "Uhamisho wa benki",
    bankSteps:
      "Tuma pesa kwa PesaLink au uhamisho wa benki kwenye akaunti yetu ya makusanyo na uweke kumbukumbu yako:",
    bank: "Benki",
    accountName: "Jina la akaunti",
    branch: "Tawi",
    reference: "Kumbukumbu",
    bankLimits: (max: string) =>
      `Hadi ${max} kwa kila uhamisho kupitia PesaLink. Bila kumbukumbu hatuwezi kujua pesa ni zako: zitasubiri hadi tuzikague.`,
    simulateBank: "Tuma uhamisho wa benki (kiigaji)",
    stkTitle: "Tuma ombi kwenye simu",
    stkIntro:
      "Tunatuma ombi la M-Pesa kwenye simu: weka PIN ya M-Pesa hapo na pesa zinaongezwa kwenye salio lako.",
    stkUnavailable: "Maombi ya M-Pesa kwenye simu bado hayapatikani.",
    stkNotAllowed: "Ni wanachama wanaoruhusiwa kutuma malipo pekee wanaoweza kutuma ombi.",
    testAmount: "Kiasi cha majaribio (KES)",
    paying: "Inalipa…",
    amountLabel: "Kiasi (KES)",
    phoneLabel: "Nambari ya M-Pesa",
    phoneHint: "Nambari ya Safaricom, kama 0712 345 678.",
    sending: "Inatuma ombi…",
    send: "Tuma ombi",
    recentTitle: "Salio lililoongezwa hivi karibuni",
    none: "Bado hujaongeza salio.",
    columns: {
      amount: "Kiasi",
      how: "Njia",
      status: "Hali",
      reference: "Kumbukumbu",
      date: "Tarehe (EAT)",
    },
    methods: methodsSw,
    statuses: statusesSw,
    errors: {
      amount: "Weka kiasi kwa shilingi kamili, kama 5000",
      smallest: "Kiasi cha chini cha kuongeza salio ni KES 1.00",
      largest: (max: string) => `Kiasi cha juu cha kuongeza salio kwa njia hii ni ${max}.`,
      phoneRequired: "Weka nambari ya M-Pesa ya kutumiwa ombi",
      phoneInvalid: mpesaPayMessages.sw.phoneInvalid,
      notSafaricom: mpesaPayMessages.sw.notSafaricom,
      tooManyPrompts: "Umeshatuma maombi kadhaa. Jaribu tena baada ya dakika chache.",
      promptWaiting:
        "Tayari kuna ombi linalosubiri kwenye simu hiyo: weka PIN yako ya M-Pesa hapo, au jaribu tena baada ya dakika mbili.",
    },
    toasts: {
      stkSent: (amount: string) =>
        `Angalia simu: weka PIN ya M-Pesa ili kuongeza salio kwa ${amount}.`,
      noAnswer:
        "M-Pesa haikujibu kwa wakati. Simu yako ikionyesha ombi unaweza kuweka PIN yako: salio litaongezwa M-Pesa itakapothibitisha.",
      paybillPaid: (amount: string) =>
        `Simu ya majaribio imelipa ${amount} kwenye Pay Bill: kiasi kiko kwenye salio lako.`,
      paybillNotTaken: "Malipo ya Pay Bill ya kiigaji hayakupokelewa.",
      bankArrived: (amount: string) =>
        `Uhamisho wa benki wa kiigaji wa ${amount} umefika: kiasi kiko kwenye salio lako.`,
      bankNotTaken: "Uhamisho wa benki wa kiigaji haukupokelewa.",
    },
    failures: {
      notConfirmed:
        "M-Pesa haikuthibitisha ombi, kwa hiyo hakuna kilichoongezwa. Kama pesa zilitoka kwenye simu, zitaongezwa M-Pesa itakapothibitisha.",
    },
  },
);

/**
 * Why a prompt failed, as stored (M-Pesa's ResultCode in the English of `mpesaPayMessages`, or the
 * top-ups' job giving up a prompt), in `locale`; another reason (M-Pesa's own words) as it is.
 */
export function topUpFailureIn(locale: Locale, reason: string): string {
  if (reason === topUpMessages.en.failures.notConfirmed)
    return topUpMessages[locale].failures.notConfirmed;
  const english: Record<string, unknown> = mpesaPayMessages.en.failures;
  const local: Record<string, unknown> = mpesaPayMessages[locale].failures;
  const key = Object.keys(english).find((candidate) => english[candidate] === reason);
  const found = key === undefined ? undefined : local[key];
  return typeof found === "string" ? found : reason;
}
