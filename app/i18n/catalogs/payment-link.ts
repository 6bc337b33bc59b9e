/** A merchant's payment link, as the customer opening it reads it (issue 33). */
import { defineMessages } from "../messages";

export const paymentLinkMessages = defineMessages(
  {
    amountRequired: "Enter the amount in KES",
    wholeShillings: "Enter a whole number of shillings, without commas or decimals",
    minimum: (kes: string) => `The minimum payment is ${kes}.`,
    maximum: (kes: string) => `The maximum payment is ${kes}.`,
    chooseAsset: "Choose what you pay with",
    tooMany: (wait: string) =>
      `Too many payments opened from your network. Please try again in ${wait}.`,
    minutes: (minutes: number) => (minutes === 1 ? "1 minute" : `${minutes} minutes`),
    notOpened: "We could not open this payment just now. Please try again.",
    paymentDetails: "Payment details",
    nextStep: "Next you see the crypto amount at a locked rate and where to send it.",
    amount: "Amount",
    amountLabel: "Amount (KES)",
    amountHint: (minimum: string, maximum: string) =>
      `Whole shillings, from ${minimum} to ${maximum}.`,
    payWith: "You pay with",
    opening: "Opening checkout...",
    continue: "Continue to payment",
    notFound: {
      title: "Payment link not found",
      body: "This payment link does not exist or is no longer active. Nothing has been charged. Please ask the business you are paying for a new link.",
      questions: "Questions? Write to",
    },
    testMode: {
      title: "Test mode: no real money.",
      body: "This payment link is for testing: payments made through it use test networks and simulators.",
    },
    meta: {
      title: (title: string, business: string) => `${title}: pay ${business} | OneHop`,
      notFoundTitle: "Payment link not found | OneHop",
      description: (business: string) => `Pay ${business} in crypto with OneHop.`,
      notFoundDescription: "This payment link does not exist or is no longer active.",
    },
  },
  {
    amountRequired: "Weka kiasi kwa KES",
    wholeShillings: "Weka idadi kamili ya shilingi, bila koma wala desimali",
    minimum: (kes: string) => `Malipo ya chini kabisa ni ${kes}.`,
    maximum: (kes: string) => `Malipo ya juu kabisa ni ${kes}.`,
    chooseAsset: "Chagua unacholipa nacho",
    tooMany: (wait: string) =>
      `Malipo mengi mno yamefunguliwa kutoka kwenye mtandao wako. Tafadhali jaribu tena baada ya ${wait}.`,
    minutes: (minutes: number) => `dakika ${minutes}`,
    notOpened: "Hatukuweza kufungua malipo haya sasa hivi. Tafadhali jaribu tena.",
    paymentDetails: "Maelezo ya malipo",
    nextStep: "Kisha utaona kiasi cha crypto kwa kiwango kilichofungwa na mahali pa kukituma.",
    amount: "Kiasi",
    amountLabel: "Kiasi (KES)",
    amountHint: (minimum: string, maximum: string) =>
      `Shilingi kamili, kuanzia ${minimum} hadi ${maximum}.`,
    payWith: "Unalipa kwa",
    opening: "Inafungua ukurasa wa malipo...",
    continue: "Endelea kulipa",
    notFound: {
      title: "Kiungo cha malipo hakijapatikana",
      body: "Kiungo hiki cha malipo hakipo au hakitumiki tena. Hakuna pesa iliyotozwa. Tafadhali muombe mfanyabiashara unayemlipa kiungo kipya.",
      questions: "Maswali? Andika kwa",
    },
    testMode: {
      title: "Hali ya majaribio: hakuna pesa halisi.",
      body: "Kiungo hiki cha malipo ni cha majaribio: malipo yanayofanywa kupitia kiungo hiki yanatumia mitandao na mifumo ya majaribio.",
    },
    meta: {
      title: (title: string, business: string) => `${title}: lipa ${business} | OneHop`,
      notFoundTitle: "Kiungo cha malipo hakijapatikana | OneHop",
      description: (business: string) => `Lipa ${business} kwa crypto ukitumia OneHop.`,
      notFoundDescription: "Kiungo hiki cha malipo hakipo au hakitumiki tena.",
    },
  },
);
