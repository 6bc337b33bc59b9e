/**
 * The cashier's till (issue 33): the counter screen's words, its sale states, the forms' messages
 * (the page's schemas are built from these) and the toasts its actions set. The English is
 * `content/till.ts` and the core's messages, as the page always said them.
 */
import { tillStateText, tillText } from "~/content/till";
import { TILL_NOTE_MAX } from "~/core/payments/till-schema";
import { defineMessages } from "../messages";

export const tillMessages = defineMessages(
  {
    ...tillText,
    metaDescription: "Take a payment at the counter.",
    /** Under the amount: "Whole shillings, from KES 100 up to KES 1,000,000." */
    amountHint: (minimum: string, max: string) => `Whole shillings, from ${minimum} up to ${max}.`,
    /** A sale that needs attention names the payment's status. */
    statusLine: (label: string) => `Status: ${label}`,
    mpesaBlocked:
      "No more M-Pesa prompts can be sent for this sale: the customer can scan the code.",
    states: tillStateText,
    /** "Start sale"'s messages (the same rules as "Create Payment"'s amount). */
    form: {
      amountRequired: "Enter the amount in KES",
      amountWhole: "Enter a whole number of shillings, without commas or decimals",
      noteTooLong: `Keep the note under ${TILL_NOTE_MAX} characters`,
    },
    /** Why a sale could not be made (the core's refusals, by their code). */
    createErrors: {
      belowMinimum: (minimum: string) => `The minimum payment is ${minimum}.`,
      aboveMaximum: (maximum: string) => `The maximum payment is ${maximum}.`,
      dailyLimit: (limit: string) =>
        `This payment would take you over your daily limit of ${limit}.`,
      rateUnavailable: "We can't lock a quote right now. Please try again in a minute.",
      unavailable: "Payments are not available right now. Please try again in a minute.",
      other: "This payment could not be created. Please try again.",
    },
  },
  {
    title: "Till",
    lead: "Andika kiasi kwa KES kisha uanze mauzo. Mteja wako anachanganua msimbo na kulipa kwa sarafu anayochagua, au unatuma ombi la M-Pesa kwenye simu yake.",
    amountLabel: "Kiasi (KES)",
    noteLabel: "Maelezo (si lazima)",
    noteHint: "Mteja anayaona kama kumbukumbu ya malipo, kama nambari ya meza au ya oda.",
    startSale: "Anza mauzo",
    starting: "Inaanza...",
    amountHeading: "Kiasi",
    qrLabel: "Msimbo wa QR wa kiungo cha ukurasa wa malipo",
    qrCaption:
      "Mteja anachanganua msimbo huu kwa kamera ya simu yake na kulipa kwa sarafu anayochagua kwenye ukurasa wa malipo.",
    checkoutLink: "Kiungo cha ukurasa wa malipo",
    mpesaTitle: "Ombi la M-Pesa",
    mpesaPhoneLabel: "Nambari ya M-Pesa ya mteja",
    mpesaPhoneHint: "Nambari ya Safaricom. Mteja anathibitisha kwa PIN yake ya M-Pesa kwenye simu.",
    sendPrompt: "Tuma ombi la M-Pesa",
    sendingPrompt: "Inatuma...",
    promptOut: (phone: string, amount: string) =>
      `Ombi limetumwa kwa ${phone} la ${amount}: mteja anaweka PIN yake ya M-Pesa kwenye simu yake.`,
    checkAgain: "Angalia tena",
    cancelSale: "Ghairi mauzo",
    canceling: "Inaghairi...",
    nextSale: "Mauzo mengine",
    paymentDetails: "Maelezo ya malipo",
    recentTitle: "Mauzo ya leo",
    recentEmpty: "Bado hakuna mauzo leo. Mauzo yako ya siku yataonekana hapa.",
    recentCurrent: "(mauzo haya)",
    cannotCreate: "Imeshindikana kuunda malipo",
    saleCanceled: "Mauzo yameghairiwa",
    saleCanceledDescription: "Hakuna kilicholipwa. Anza mauzo mengine ukiwa tayari.",
    cannotCancel: "Haiwezi kughairiwa",
    cannotCancelDescription: "Mauzo haya hayasubiri malipo tena: angalia hali yake.",
    metaDescription: "Pokea malipo kwenye kaunta.",
    amountHint: (minimum: string, max: string) =>
      `Shilingi kamili, kuanzia ${minimum} hadi ${max}.`,
    statusLine: (label: string) => `Hali: ${label}`,
    mpesaBlocked:
      "Hatuwezi kutuma maombi mengine ya M-Pesa kwa mauzo haya: mteja anaweza kuchanganua msimbo.",
    states: {
      waiting: {
        title: "Inasubiri malipo",
        body: "Mwonyeshe mteja msimbo wa QR, au tuma ombi la M-Pesa kwenye simu yake. Ukurasa huu utajisasisha akilipa (au bonyeza Angalia tena).",
      },
      confirming: {
        title: "Malipo yanaingia",
        body: "Malipo ya mteja yamefika na yanathibitishwa. Subiri Imelipwa kabla ya kukabidhi bidhaa.",
      },
      paid: {
        title: "Imelipwa",
        body: "Malipo yamethibitishwa: unaweza kukabidhi bidhaa.",
      },
      expired: {
        title: "Muda umeisha",
        body: "Mteja hakulipa kwa wakati. Anza mauzo mapya kama bado anataka kulipa.",
      },
      canceled: {
        title: "Imeghairiwa",
        body: "Mauzo haya yameghairiwa; hakuna kilicholipwa.",
      },
      underpaid: {
        title: "Pungufu",
        body: "Mteja ametuma chini ya kiasi. Usikabidhi bidhaa: timu yetu itashughulikia pesa zilizopokelewa.",
      },
      attention: {
        title: "Inahitaji ukaguzi",
        body: "Malipo haya yanahitaji kukaguliwa na timu yetu kabla ya kuhesabiwa kuwa yamelipwa. Usikabidhi bidhaa bado.",
      },
    },
    form: {
      amountRequired: "Weka kiasi kwa KES",
      amountWhole: "Weka shilingi kamili, bila koma wala desimali",
      noteTooLong: `Maelezo yasizidi herufi ${TILL_NOTE_MAX}`,
    },
    createErrors: {
      belowMinimum: (minimum: string) => `Kiasi cha chini cha malipo ni ${minimum}.`,
      aboveMaximum: (maximum: string) => `Kiasi cha juu cha malipo ni ${maximum}.`,
      dailyLimit: (limit: string) => `Malipo haya yangevuka kikomo chako cha siku cha ${limit}.`,
      rateUnavailable: "Hatuwezi kufunga bei sasa hivi. Jaribu tena baada ya dakika moja.",
      unavailable: "Malipo hayapatikani kwa sasa. Jaribu tena baada ya dakika moja.",
      other: "Hatukuweza kuunda malipo haya. Jaribu tena.",
    },
  },
);
