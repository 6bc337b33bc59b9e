/**
 * Refunds (issue 33): the refund page (the form, its rates, the travel rule's fields, the review),
 * its validation messages, refusals and toasts, and the payment page's Refunds section. Core and
 * the API keep their English (refund statuses, rate labels, RefundError messages); the page maps
 * them here by key or by the refusal's code.
 */
import {
  beneficiaryWalletLabels,
  type BeneficiaryWallet,
} from "~/core/compliance/travel-rule/ivms101";
import {
  refundRateLabels,
  refundStatusLabels,
  type RefundRate,
  type RefundStatus,
} from "~/core/refunds/vocabulary";
import { defineMessages } from "../messages";

const statusesEn: Record<RefundStatus, string> = refundStatusLabels;
const statusesSw: Record<RefundStatus, string> = {
  pending: "Linatumwa",
  sent: "Limetumwa, linasubiri uthibitisho",
  succeeded: "Limekamilika",
  failed: "Limeshindikana",
};
const rateLabelsEn: Record<RefundRate, string> = refundRateLabels;
const rateLabelsSw: Record<RefundRate, string> = {
  locked: "Kiwango kilichofungwa wakati wa malipo",
  current: "Kiwango cha leo",
};
const walletLabelsEn: Record<BeneficiaryWallet, string> = beneficiaryWalletLabels;
const walletLabelsSw: Record<BeneficiaryWallet, string> = {
  unhosted: "Pochi yake binafsi (isiyo ya mtoa huduma)",
  vasp: "Soko la crypto au mtoa huduma mwingine wa mali za kidijitali",
};

export const refundsMessages = defineMessages(
  {
    page: {
      title: "Refund this payment",
      heldTitle: "Refund the overpaid amount",
      metaTitle: "Refund a payment",
      metaDescription: "Give a customer their money back.",
      backTo: (reference: string) => `Back to payment ${reference}`,
      introCrypto: (asset: string, network: string) =>
        `The customer gets ${asset} back on ${network}. OneHop pays the network fee.`,
      introMpesa:
        "The customer gets KES back on M-Pesa, to the phone they paid from; M-Pesa's charge comes from your balance.",
      seeEverything: "You see everything before anything is sent.",
      nothingHeld: "Nothing is held for this payment's customer.",
      refundedInFull: "This payment has been refunded in full already.",
      currentRateMissing:
        "Today's rate is not available right now: you can refund at the rate locked at payment, or come back in a few minutes.",
    },
    /** Why a payment cannot be refunded from the balance (core's `blocked`). */
    blocked: {
      inReview: "This payment is in review: it can be refunded once it is approved.",
      onlyPaid: "Only a paid payment can be refunded from your balance.",
      phoneUnknown: "We do not know the phone this payment came from.",
    },
    rateLabels: rateLabelsEn,
    /** "KES 129.45 per USDT". */
    perAsset: (rate: string, asset: string) => `${rate} per ${asset}`,
    form: {
      heldIntro: (held: string) =>
        `The customer gets back the ${held} held for them (what they paid over the amount asked). Nothing leaves your balance.`,
      amountLabel: "Amount to refund (KES)",
      amountHintCrypto: (max: string) => `At most ${max}. Cents are allowed, such as 1500.50.`,
      amountHintMpesa: (max: string) =>
        `At most ${max}, in whole shillings: M-Pesa's charge is added.`,
      rateLegend: "Rate",
      rateIntro: (amount: string) => `What the customer gets for ${amount} at each rate.`,
      customerGets: (crypto: string) => `the customer gets ${crypto}`,
      addressLabel: (asset: string) => `Customer's ${asset} address`,
      addressHint: (network: string) =>
        `The refund goes on ${network} only: ask your customer for an address on that network. Coins sent to an address on another network may be lost.`,
      payerAddressBefore: "The payment came from",
      payerAddressAfter:
        ": use it only if the customer confirms it is theirs (an exchange's address may not be).",
      mpesaToPhone: (phone: string) =>
        `The refund goes to the phone the customer paid from, ${phone}, by M-Pesa.`,
      mpesaTo: "The refund goes to the phone the customer paid from, by M-Pesa.",
      reasonLabel: "Reason (optional)",
      reasonHint: (max: number) => `For your records, up to ${max} characters.`,
      checking: "Checking...",
      reviewAgain: "Review again",
      review: "Review refund",
    },
    /** The form's validation messages (the page's schema). */
    schema: {
      amountTooLong: "Enter the amount in shillings",
      chooseRate: "Choose the rate to refund at",
      addressTooLong: "That is too long for an address: check it with your customer",
      reasonTooLong: (max: number) => `Keep the reason to ${max} characters`,
      amountMissing: "Enter the amount to refund in shillings, such as 1500",
      amountInvalid: "Enter the amount in shillings, such as 1500 or 1,500.50",
      familyNameTooLong: (max: number) => `Keep the family name to ${max} characters`,
      givenNamesTooLong: (max: number) => `Keep the given names to ${max} characters`,
      beneficiaryAddressTooLong: (max: number) => `Keep the address to ${max} characters`,
      vaspNameTooLong: (max: number) => `Keep the provider's name to ${max} characters`,
      chooseCountry: "Choose a country from the list",
      chooseWallet: "Choose where the customer's wallet is",
      familyNameMissing: "Enter the customer's family name (surname)",
      vaspNameMissing: "Enter the exchange or provider that holds the customer's wallet",
      reviewFirst: "Review the refund first, then send it.",
    },
    beneficiary: {
      legend: "The customer receiving the refund",
      requiredNow: (threshold: string, kes: string) =>
        `Required for this refund: it is worth ${threshold} or more (about ${kes} at today's rate). `,
      requiredAbove: (threshold: string, kes: string) =>
        `Required for refunds worth ${threshold} or more (about ${kes} at today's rate); optional below. `,
      lawNote:
        "The law (the travel rule) asks us to send the customer's name and where their wallet is with the refund, and your business's details as the sender.",
      familyName: "Family name (surname)",
      givenNames: "Given names",
      address: "Address (optional)",
      country: "Country (optional)",
      notGiven: "Not given",
      walletLegend: "Where is the customer's wallet?",
      wallets: walletLabelsEn,
      vaspName: "The exchange or provider's name (if at one)",
    },
    review: {
      title: "Review the refund",
      receives: "The customer receives",
      rate: "Rate",
      toMpesa: "To M-Pesa",
      toAddress: "To the address",
      network: "Network",
      networkFee: "Network fee",
      networkFeeAbout: (fee: string) =>
        `About ${fee}, paid by OneHop: not taken from the refund or your balance`,
      networkFeePaid: "Paid by OneHop: not taken from the refund or your balance",
      mpesaCharge: "M-Pesa charge, at cost",
      total: "Total from your balance",
      nothingFromBalance: "Nothing: this money is already held for the customer",
      available: "Available balance",
      travelRule: "Sent with it (travel rule)",
      /** "Duka Ltd (through OneHop) to Jane Otieno, in their own wallet". */
      travelRuleText: (sender: string, receiver: string, where: string) =>
        `${sender} (through OneHop) to ${receiver}, ${where}`,
      ownWallet: "in their own wallet",
      atProvider: (provider: string) => `at ${provider}`,
      checkAddress:
        "Check the address with your customer: a crypto transfer cannot be called back.",
      confirmFirst:
        "You may be asked to confirm it is you (your authentication code, or your password) first.",
      send: "Send refund",
      sending: "Sending...",
    },
    toasts: {
      sent: "Refund sent",
      onItsWay: (what: string) => `${what} is on its way.`,
      alreadySent: (what: string) => `${what} was already sent: it is refunded once.`,
      toMpesa: (amount: string, phone: string) => `${amount} to M-Pesa ${phone}`,
      toAddress: (what: string, address: string) => `${what} to ${address}`,
    },
    /** Core's refusals (RefundError) in the page's language, by code. */
    refusals: {
      notFound: "Payment not found.",
      custodyUnreachable:
        "We could not reach our custody provider to price the network fee. Nothing was sent; please try again in a few minutes.",
      custodyUnavailable:
        "Refunds cannot be sent from here right now. Nothing was changed; please try again in a few minutes.",
      beneficiaryRequired: (usd: string, threshold: string) =>
        `This refund is worth about ${usd}: for ${threshold} or more the law (the travel rule) needs the customer's name and where their wallet is. Enter them with the refund.`,
      nothingHeldAnyMore: "Nothing is held for this customer any more: it was refunded already.",
      atMost: (max: string) => `At most ${max} of this payment can still be refunded.`,
      moreThanPayment: (max: string) => `A refund cannot be more than the payment: at most ${max}`,
      insufficientBalance: (available: string, needed: string) =>
        `Your available balance is ${available}: this refund needs ${needed}. Payments already paid out to you are not in it; wait for new payments, or refund less.`,
      aboveZero: "Enter an amount above zero",
      wholeShillings: "M-Pesa pays whole shillings: enter the amount without cents",
      mpesaMinimum: (minimum: string) =>
        `M-Pesa pays at least ${minimum}: raise the amount to ${minimum} or more`,
      mpesaPaused:
        "Refunds to M-Pesa are paused for a moment. Nothing was changed; please try again in a few minutes.",
      rateUnavailable:
        "Today's rate is not available right now: refund at the rate locked at payment, or try again in a few minutes.",
      tooSmall: (asset: string) =>
        `That amount is less than the smallest ${asset} amount we can send`,
      enterAddress: (asset: string, network: string) =>
        `Enter the customer's ${asset} address on ${network}`,
      notAnAddress: (network: string) =>
        `That is not an address on ${network}: check it with your customer (the refund goes on ${network} only)`,
    },
    /** The payment page's Refunds section. */
    list: {
      title: "Refunds",
      refundThis: "Refund this payment",
      upTo: (amount: string) => `Up to ${amount} can be refunded`,
      toMpesa: ", to the customer's M-Pesa (M-Pesa's charge is added).",
      toCrypto: ", to the customer's crypto address (OneHop pays the network fee).",
      refundedInFull: "This payment has been refunded in full.",
      refundOverpaid: (held: string) => `Refund the overpaid ${held}`,
      overpaidNote:
        "The customer sent more than asked (or our team set this aside for them): it is held for them, not in your balance.",
      none: "No refunds for this payment.",
      caption: "Refunds of this payment, newest first",
      when: "When",
      amount: "Amount",
      heldFor: (crypto: string) => `${crypto} held for the customer`,
      at: (rate: string) => `At ${rate}`,
      to: "To",
      status: "Status",
      proof: "Proof",
      reason: "Reason",
      noneGiven: "None given",
      showFullAddress: ": show the full address",
      mpesaReceipt: (receipt: string) => `M-Pesa receipt ${receipt}`,
      transactionLink: (hash: string) => `Transaction ${hash}`,
      notYet: "Not yet",
      statuses: statusesEn,
    },
  },
  {
    page: {
      title: "Rejesha pesa za malipo haya",
      heldTitle: "Rejesha kiasi kilicholipwa zaidi",
      metaTitle: "Rejesha pesa za malipo",
      metaDescription: "Mrudishie mteja pesa zake.",
      backTo: (reference: string) => `Rudi kwenye malipo ${reference}`,
      introCrypto: (asset: string, network: string) =>
        `Mteja anarudishiwa ${asset} kwenye ${network}. OneHop inalipa ada ya mtandao.`,
      introMpesa:
        "Mteja anarudishiwa KES kwenye M-Pesa, kwa simu aliyolipia; gharama ya M-Pesa inatoka kwenye salio lako.",
      seeEverything: "Utaona kila kitu kabla chochote hakijatumwa.",
      nothingHeld: "Hakuna kinachoshikiliwa kwa ajili ya mteja wa malipo haya.",
      refundedInFull: "Malipo haya yamesharejeshwa yote.",
      currentRateMissing:
        "Kiwango cha leo hakipatikani kwa sasa: unaweza kurejesha kwa kiwango kilichofungwa wakati wa malipo, au urudi baada ya dakika chache.",
    },
    blocked: {
      inReview: "Malipo haya yanakaguliwa: yanaweza kurejeshwa yakishaidhinishwa.",
      onlyPaid: "Malipo yaliyokamilika pekee ndiyo yanaweza kurejeshwa kutoka kwenye salio lako.",
      phoneUnknown: "Hatujui nambari ya simu ambayo malipo haya yalitoka.",
    },
    rateLabels: rateLabelsSw,
    perAsset: (rate: string, asset: string) => `${rate} kwa kila ${asset}`,
    form: {
      heldIntro: (held: string) =>
        `Mteja anarudishiwa ${held} zilizoshikiliwa kwa ajili yake (alicholipa zaidi ya kiasi kilichoombwa). Hakuna kinachotoka kwenye salio lako.`,
      amountLabel: "Kiasi cha kurejesha (KES)",
      amountHintCrypto: (max: string) => `Kisichozidi ${max}. Senti zinakubalika, kama 1500.50.`,
      amountHintMpesa: (max: string) =>
        `Kisichozidi ${max}, kwa shilingi kamili: gharama ya M-Pesa inaongezwa.`,
      rateLegend: "Kiwango",
      rateIntro: (amount: string) => `Anachopata mteja kwa ${amount} kwa kila kiwango.`,
      customerGets: (crypto: string) => `mteja anapata ${crypto}`,
      addressLabel: (asset: string) => `Anwani ya ${asset} ya mteja`,
      addressHint: (network: string) =>
        `Rejesho linatumwa kwenye ${network} pekee: muombe mteja wako anwani ya mtandao huo. Sarafu zilizotumwa kwa anwani ya mtandao mwingine zinaweza kupotea.`,
      payerAddressBefore: "Malipo yalitoka",
      payerAddressAfter:
        ": itumie tu mteja akithibitisha kuwa ni yake (anwani ya soko la crypto huenda isiwe yake).",
      mpesaToPhone: (phone: string) =>
        `Rejesho linatumwa kwa simu ambayo mteja alilipia, ${phone}, kupitia M-Pesa.`,
      mpesaTo: "Rejesho linatumwa kwa simu ambayo mteja alilipia, kupitia M-Pesa.",
      reasonLabel: "Sababu (si lazima)",
      reasonHint: (max: number) => `Kwa kumbukumbu zako, hadi herufi ${max}.`,
      checking: "Inakagua...",
      reviewAgain: "Kagua tena",
      review: "Kagua rejesho",
    },
    schema: {
      amountTooLong: "Weka kiasi kwa shilingi",
      chooseRate: "Chagua kiwango cha kurejesha",
      addressTooLong: "Hiyo ni ndefu mno kuwa anwani: ihakiki na mteja wako",
      reasonTooLong: (max: number) => `Sababu isizidi herufi ${max}`,
      amountMissing: "Weka kiasi cha kurejesha kwa shilingi, kama 1500",
      amountInvalid: "Weka kiasi kwa shilingi, kama 1500 au 1,500.50",
      familyNameTooLong: (max: number) => `Jina la ukoo lisizidi herufi ${max}`,
      givenNamesTooLong: (max: number) => `Majina ya kwanza yasizidi herufi ${max}`,
      beneficiaryAddressTooLong: (max: number) => `Anwani ya makazi isizidi herufi ${max}`,
      vaspNameTooLong: (max: number) => `Jina la mtoa huduma lisizidi herufi ${max}`,
      chooseCountry: "Chagua nchi kutoka kwenye orodha",
      chooseWallet: "Chagua mahali pochi ya mteja ilipo",
      familyNameMissing: "Weka jina la ukoo la mteja",
      vaspNameMissing: "Weka jina la soko la crypto au mtoa huduma anayeshikilia pochi ya mteja",
      reviewFirst: "Kagua rejesho kwanza, kisha ulitume.",
    },
    beneficiary: {
      legend: "Mteja anayepokea rejesho",
      requiredNow: (threshold: string, kes: string) =>
        `Inahitajika kwa rejesho hili: thamani yake ni ${threshold} au zaidi (takriban ${kes} kwa kiwango cha leo). `,
      requiredAbove: (threshold: string, kes: string) =>
        `Inahitajika kwa marejesho yenye thamani ya ${threshold} au zaidi (takriban ${kes} kwa kiwango cha leo); vinginevyo si lazima. `,
      lawNote:
        "Sheria (kanuni ya travel rule) inatutaka tutume jina la mteja na mahali pochi yake ilipo pamoja na rejesho, na maelezo ya biashara yako kama mtumaji.",
      familyName: "Jina la ukoo",
      givenNames: "Majina ya kwanza",
      address: "Anwani ya makazi (si lazima)",
      country: "Nchi (si lazima)",
      notGiven: "Haijatolewa",
      walletLegend: "Pochi ya mteja iko wapi?",
      wallets: walletLabelsSw,
      vaspName: "Jina la soko la crypto au mtoa huduma (ikiwa iko kwake)",
    },
    review: {
      title: "Kagua rejesho",
      receives: "Mteja anapokea",
      rate: "Kiwango",
      toMpesa: "Kwenda M-Pesa",
      toAddress: "Kwenda anwani",
      network: "Mtandao",
      networkFee: "Ada ya mtandao",
      networkFeeAbout: (fee: string) =>
        `Takriban ${fee}, inalipwa na OneHop: haitolewi kwenye rejesho wala salio lako`,
      networkFeePaid: "Inalipwa na OneHop: haitolewi kwenye rejesho wala salio lako",
      mpesaCharge: "Gharama ya M-Pesa, bila faida",
      total: "Jumla kutoka kwenye salio lako",
      nothingFromBalance: "Hakuna: pesa hizi tayari zimeshikiliwa kwa ajili ya mteja",
      available: "Salio linalopatikana",
      travelRule: "Kinachotumwa pamoja nalo (travel rule)",
      travelRuleText: (sender: string, receiver: string, where: string) =>
        `${sender} (kupitia OneHop) kwenda kwa ${receiver}, ${where}`,
      ownWallet: "kwenye pochi yake binafsi",
      atProvider: (provider: string) => `kwa ${provider}`,
      checkAddress: "Hakiki anwani na mteja wako: crypto ikishatumwa haiwezi kurudishwa.",
      confirmFirst:
        "Huenda ukaombwa kuthibitisha kuwa ni wewe (msimbo wako wa uthibitishaji, au nenosiri lako) kwanza.",
      send: "Tuma rejesho",
      sending: "Inatuma...",
    },
    toasts: {
      sent: "Rejesho limetumwa",
      onItsWay: (what: string) => `${what} iko njiani.`,
      alreadySent: (what: string) => `${what} ilishatumwa: inarejeshwa mara moja tu.`,
      toMpesa: (amount: string, phone: string) => `${amount} kwenda M-Pesa ${phone}`,
      toAddress: (what: string, address: string) => `${what} kwenda ${address}`,
    },
    refusals: {
      notFound: "Malipo hayajapatikana.",
      custodyUnreachable:
        "Hatukuweza kumfikia mtoa huduma wetu wa uhifadhi ili kukadiria ada ya mtandao. Hakuna kilichotumwa; jaribu tena baada ya dakika chache.",
      custodyUnavailable:
        "Marejesho hayawezi kutumwa kutoka hapa kwa sasa. Hakuna kilichobadilishwa; jaribu tena baada ya dakika chache.",
      beneficiaryRequired: (usd: string, threshold: string) =>
        `Thamani ya rejesho hili ni takriban ${usd}: kwa ${threshold} au zaidi, sheria (kanuni ya travel rule) inahitaji jina la mteja na mahali pochi yake ilipo. Yaweke pamoja na rejesho.`,
      nothingHeldAnyMore: "Hakuna kinachoshikiliwa tena kwa ajili ya mteja huyu: kimesharejeshwa.",
      atMost: (max: string) => `Kiasi kinachoweza kurejeshwa bado kwa malipo haya ni hadi ${max}.`,
      moreThanPayment: (max: string) =>
        `Rejesho haliwezi kuzidi malipo: kiasi cha juu kabisa ni ${max}`,
      insufficientBalance: (available: string, needed: string) =>
        `Salio lako linalopatikana ni ${available}: rejesho hili linahitaji ${needed}. Malipo ambayo yameshatumwa kwako hayamo ndani yake; subiri malipo mapya, au rejesha kiasi kidogo zaidi.`,
      aboveZero: "Weka kiasi kilicho juu ya sifuri",
      wholeShillings: "M-Pesa hulipa shilingi kamili: weka kiasi bila senti",
      mpesaMinimum: (minimum: string) =>
        `M-Pesa hulipa angalau ${minimum}: ongeza kiasi hadi ${minimum} au zaidi`,
      mpesaPaused:
        "Marejesho kwenda M-Pesa yamesitishwa kwa muda mfupi. Hakuna kilichobadilishwa; jaribu tena baada ya dakika chache.",
      rateUnavailable:
        "Kiwango cha leo hakipatikani kwa sasa: rejesha kwa kiwango kilichofungwa wakati wa malipo, au jaribu tena baada ya dakika chache.",
      tooSmall: (asset: string) =>
        `Kiasi hicho ni kidogo kuliko kiasi cha chini kabisa cha ${asset} tunachoweza kutuma`,
      enterAddress: (asset: string, network: string) =>
        `Weka anwani ya ${asset} ya mteja kwenye ${network}`,
      notAnAddress: (network: string) =>
        `Hiyo si anwani ya ${network}: ihakiki na mteja wako (rejesho linatumwa kwenye ${network} pekee)`,
    },
    list: {
      title: "Marejesho",
      refundThis: "Rejesha pesa za malipo haya",
      upTo: (amount: string) => `Unaweza kurejesha hadi ${amount}`,
      toMpesa: ", kwenda M-Pesa ya mteja (gharama ya M-Pesa inaongezwa).",
      toCrypto: ", kwenda anwani ya crypto ya mteja (OneHop inalipa ada ya mtandao).",
      refundedInFull: "Malipo haya yamerejeshwa yote.",
      refundOverpaid: (held: string) => `Rejesha ${held} zilizolipwa zaidi`,
      overpaidNote:
        "Mteja alituma zaidi ya kiasi kilichoombwa (au timu yetu ilimwekea pesa hizi): zimeshikiliwa kwa ajili yake, haziko kwenye salio lako.",
      none: "Hakuna marejesho ya malipo haya.",
      caption: "Marejesho ya malipo haya, mapya kwanza",
      when: "Tarehe na saa",
      amount: "Kiasi",
      heldFor: (crypto: string) => `${crypto} zilizoshikiliwa kwa ajili ya mteja`,
      at: (rate: string) => `Kwa ${rate}`,
      to: "Kwenda",
      status: "Hali",
      proof: "Ushahidi",
      reason: "Sababu",
      noneGiven: "Haikutolewa",
      showFullAddress: ": onyesha anwani kamili",
      mpesaReceipt: (receipt: string) => `Risiti ya M-Pesa ${receipt}`,
      transactionLink: (hash: string) => `Muamala ${hash}`,
      notYet: "Bado",
      statuses: statusesSw,
    },
  },
);

export type RefundsMessages = (typeof refundsMessages)["en"];

type RefundsTranslation = (typeof refundsMessages)["sw"];

/**
 * Core's reason a payment cannot be refunded from the balance (English, as the API says it) in the
 * page's language; a reason this catalog does not know stays as it is.
 */
export function blockedReasonIn(blocked: string, m: RefundsTranslation): string {
  const english = refundsMessages.en.blocked;
  const key = (Object.keys(english) as (keyof typeof english)[]).find(
    (name) => english[name] === blocked.trim(),
  );
  return key ? m.blocked[key] : blocked;
}

/**
 * A refund's rate as the payment page's loader words it in English ("KES 129.45 per USDT, the rate
 * locked at payment") in the page's language; anything else stays as it is.
 */
export function rateLineIn(line: string, m: RefundsTranslation): string {
  const match = /^(.+) per (\S+), (.+)$/.exec(line);
  if (!match) return line;
  const [, rate = "", asset = "", label = ""] = match;
  const english = refundsMessages.en.rateLabels;
  const choice = (Object.keys(english) as RefundRate[]).find(
    (name) => english[name].toLowerCase() === label,
  );
  return choice ? `${m.perAsset(rate, asset)}, ${m.rateLabels[choice].toLowerCase()}` : line;
}
