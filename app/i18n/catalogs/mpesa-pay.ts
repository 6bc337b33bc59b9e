/**
 * "Pay with M-Pesa" (M-Pesa Express) for the customer: the form, its errors, why a prompt was not
 * sent and what M-Pesa's answer means (issue 33). On the checkout and the till.
 */
import { kenyanPhoneError } from "~/utils/phone";
import { defineMessages } from "../messages";

export const mpesaPayMessages = defineMessages(
  {
    title: "Pay with M-Pesa",
    checkPhone: (amount: string) => `Check your phone: enter your M-Pesa PIN to pay ${amount}.`,
    promptSent: (phone: string) =>
      `We sent the M-Pesa prompt to ${phone}. This page updates by itself when M-Pesa confirms the payment.`,
    intro: (amount: string) =>
      `Pay ${amount} from your M-Pesa: we send a prompt to your phone and you enter your PIN.`,
    numberLabel: "M-Pesa number",
    numberHint:
      "The Safaricom number registered for M-Pesa. You confirm with your PIN on the phone.",
    blocked:
      "No more M-Pesa prompts can be sent for this payment. Pay in crypto below, or ask the merchant for a new payment.",
    tooManyTries: (wait: string) =>
      `Too many tries to pay with M-Pesa. Please wait ${wait} and try again.`,
    minutes: (minutes: number) => (minutes === 1 ? "1 minute" : `${minutes} minutes`),
    phoneRequired: "Enter the M-Pesa number to send the prompt to",
    phoneInvalid: kenyanPhoneError,
    notSafaricom:
      "Enter a Safaricom (M-Pesa) number, such as 0712 345 678. Airtel and Telkom numbers cannot pay with M-Pesa.",
    refusals: {
      not_payable: "This payment is no longer waiting to be paid.",
      pending:
        "An M-Pesa prompt for this payment is already on its way to a phone. Answer it, or wait for it to end, then try again.",
      too_many_attempts: (max: number) =>
        `This payment has had ${max} M-Pesa prompts, the most we send. Pay in crypto, or ask the merchant for a new payment.`,
      unavailable: "Paying with M-Pesa is not available for this payment right now.",
      refused: "M-Pesa turned the request down. Please try again in a moment.",
    },
    /** What an M-Pesa Express ResultCode means for the customer (Daraja's codes). */
    failures: {
      code0: "Payment received. Thank you.",
      code1:
        "Your M-Pesa balance is not enough for this payment. Top up or use Fuliza, then try again.",
      code17:
        "M-Pesa declined this as a repeat of a payment you just made. Wait two minutes, then try again.",
      code1001:
        "Another M-Pesa transaction is in progress on your phone. Finish it or wait a moment, then try again.",
      code1019: "The M-Pesa request expired before it was completed. Please try again.",
      code1025: "We could not send the M-Pesa prompt to your phone. Please try again.",
      code1032: "You cancelled the M-Pesa request on your phone. Nothing was paid.",
      code1037:
        "We could not reach your phone, or the M-Pesa prompt was not answered in time. Check that your phone is on and has network, then try again.",
      code2001: "The M-Pesa PIN entered was wrong. Nothing was paid; please try again.",
      code2028: "M-Pesa did not allow this payment to this merchant. Please contact the merchant.",
      code9999: "We could not send the M-Pesa prompt to your phone. Please try again.",
      unknown: "The M-Pesa payment did not go through. Nothing was paid; please try again.",
      noAnswer:
        "We did not hear back from M-Pesa about the prompt. If money left your M-Pesa, it is not lost: this page shows the payment as paid once M-Pesa confirms it. Otherwise, please try again.",
      refused: "We could not send the M-Pesa request to your phone. Please try again in a moment.",
    },
  },
  {
    title: "Lipa kwa M-Pesa",
    checkPhone: (amount: string) =>
      `Angalia simu yako: weka PIN yako ya M-Pesa ili ulipe ${amount}.`,
    promptSent: (phone: string) =>
      `Tumetuma ombi la M-Pesa kwa ${phone}. Ukurasa huu utajisasisha wenyewe M-Pesa ikithibitisha malipo.`,
    intro: (amount: string) =>
      `Lipa ${amount} kutoka M-Pesa yako: tunatuma ombi kwenye simu yako nawe unaweka PIN yako.`,
    numberLabel: "Nambari ya M-Pesa",
    numberHint:
      "Nambari ya Safaricom iliyosajiliwa kwa M-Pesa. Utathibitisha kwa PIN yako kwenye simu.",
    blocked:
      "Hatuwezi kutuma maombi mengine ya M-Pesa kwa malipo haya. Lipa kwa crypto hapa chini, au muombe mfanyabiashara malipo mapya.",
    tooManyTries: (wait: string) =>
      `Umejaribu kulipa kwa M-Pesa mara nyingi mno. Tafadhali subiri ${wait} kisha ujaribu tena.`,
    minutes: (minutes: number) => `dakika ${minutes}`,
    phoneRequired: "Weka nambari ya M-Pesa ya kutumiwa ombi",
    phoneInvalid: "Weka nambari ya simu ya Kenya, kama 0712 345 678",
    notSafaricom:
      "Weka nambari ya Safaricom (M-Pesa), kama 0712 345 678. Nambari za Airtel na Telkom haziwezi kulipa kwa M-Pesa.",
    refusals: {
      not_payable: "Malipo haya hayasubiri kulipwa tena.",
      pending:
        "Ombi la M-Pesa la malipo haya tayari liko njiani kwenda kwenye simu. Lijibu, au subiri liishe, kisha ujaribu tena.",
      too_many_attempts: (max: number) =>
        `Malipo haya yamepata maombi ${max} ya M-Pesa, idadi ya juu tunayotuma. Lipa kwa crypto, au muombe mfanyabiashara malipo mapya.`,
      unavailable: "Kulipa kwa M-Pesa hakupatikani kwa malipo haya kwa sasa.",
      refused: "M-Pesa imekataa ombi hili. Tafadhali jaribu tena baada ya muda mfupi.",
    },
    failures: {
      code0: "Malipo yamepokelewa. Asante.",
      code1:
        "Salio lako la M-Pesa halitoshi kwa malipo haya. Ongeza salio au tumia Fuliza, kisha ujaribu tena.",
      code17:
        "M-Pesa imekataa malipo haya kwa kuwa yanafanana na malipo uliyofanya sasa hivi. Subiri dakika mbili, kisha ujaribu tena.",
      code1001:
        "Kuna muamala mwingine wa M-Pesa unaoendelea kwenye simu yako. Umalize au subiri kidogo, kisha ujaribu tena.",
      code1019: "Ombi la M-Pesa liliisha muda kabla ya kukamilika. Tafadhali jaribu tena.",
      code1025: "Hatukuweza kutuma ombi la M-Pesa kwenye simu yako. Tafadhali jaribu tena.",
      code1032: "Umeghairi ombi la M-Pesa kwenye simu yako. Hakuna kilicholipwa.",
      code1037:
        "Hatukuweza kufikia simu yako, au ombi la M-Pesa halikujibiwa kwa wakati. Hakikisha simu yako imewashwa na ina mtandao, kisha ujaribu tena.",
      code2001: "PIN ya M-Pesa uliyoweka si sahihi. Hakuna kilicholipwa; tafadhali jaribu tena.",
      code2028:
        "M-Pesa haikuruhusu malipo haya kwa mfanyabiashara huyu. Tafadhali wasiliana na mfanyabiashara.",
      code9999: "Hatukuweza kutuma ombi la M-Pesa kwenye simu yako. Tafadhali jaribu tena.",
      unknown: "Malipo ya M-Pesa hayakufanikiwa. Hakuna kilicholipwa; tafadhali jaribu tena.",
      noAnswer:
        "Hatukupata jibu kutoka M-Pesa kuhusu ombi hilo. Kama pesa zilitoka kwenye M-Pesa yako, hazijapotea: ukurasa huu utaonyesha malipo kuwa yamelipwa M-Pesa ikiyathibitisha. La sivyo, tafadhali jaribu tena.",
      refused:
        "Hatukuweza kutuma ombi la M-Pesa kwenye simu yako. Tafadhali jaribu tena baada ya muda mfupi.",
    },
  },
);
