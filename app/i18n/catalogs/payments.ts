/**
 * The merchant's payments (issue 33): the list with its filters and totals, a payment's page (its
 * amounts, timeline, settlement plan and transfers, the retry toasts) and "Create Payment" with its
 * validation messages and toasts. Sentences made in app/core (a timeline event's cause, a payout
 * schedule, a hold's notice, a refusal's reason) stay English; statuses are in payment-status.ts.
 */
import { createPaymentErrors } from "~/core/payments/create-payment-schema";
import { paymentListQueryMessages } from "~/core/payments/list-query";
import type { TransferStatus } from "~/core/payments/statuses";
import { railProfiles } from "~/core/rails/profiles";
import type { RailId } from "~/core/rails/types";
import { defineMessages } from "../messages";

/** The payments list (/merchant/payments). */
export const paymentsListMessages = defineMessages(
  {
    title: "Payments",
    metaDescription: "Your OneHop payments.",
    createPayment: "Create Payment",
    filterPayments: "Filter payments",
    status: "Status",
    allStatuses: "All statuses",
    reference: "Reference",
    referencePlaceholder: "Order number or payment id",
    createdFrom: "Created from",
    createdTo: "Created to",
    filter: "Filter",
    exportCsv: "Export CSV",
    /** The filters' refusals (core/payments/list-query.ts), by what they are about. */
    filterErrors: {
      from: paymentListQueryMessages.from,
      to: paymentListQueryMessages.to,
      order: paymentListQueryMessages.order,
    },
    totalsFiltered: "Totals for these filters",
    totals: "Totals",
    payments: "Payments",
    paymentsCount: (count: number, paid: number) => `${count} (${paid} paid)`,
    grossPaid: "Gross paid",
    collectionFees: "Collection fees",
    exciseDuty: "Excise duty",
    net: "Net",
    balances: "Balances",
    noMatches: "No payments match these filters.",
    noTestPayments: "No test payments yet. Create one with a test API key.",
    noPayments: "No payments yet. Create one and share its checkout link with your customer.",
    caption: "Your payments, newest first",
    amount: "Amount",
    method: "Method",
    created: "Created",
    pages: "Pages",
    previousPage: "Previous page",
    nextPage: "Next page",
  },
  {
    title: "Malipo",
    metaDescription: "Malipo yako ya OneHop.",
    createPayment: "Unda malipo",
    filterPayments: "Chuja malipo",
    status: "Hali",
    allStatuses: "Hali zote",
    reference: "Kumbukumbu",
    referencePlaceholder: "Nambari ya oda au kitambulisho cha malipo",
    createdFrom: "Yaliyoundwa kuanzia",
    createdTo: "Yaliyoundwa hadi",
    filter: "Chuja",
    exportCsv: "Pakua CSV",
    filterErrors: {
      from: "Weka tarehe ya kuanzia kama YYYY-MM-DD, kwa mfano 2026-11-01.",
      to: "Weka tarehe ya mwisho kama YYYY-MM-DD, kwa mfano 2026-11-30.",
      order: "Tarehe ya kuanzia lazima iwe kabla ya tarehe ya mwisho, au siku hiyo hiyo.",
    },
    totalsFiltered: "Jumla kwa vichujio hivi",
    totals: "Jumla",
    payments: "Malipo",
    paymentsCount: (count: number, paid: number) => `${count} (${paid} yamelipwa)`,
    grossPaid: "Jumla iliyolipwa",
    collectionFees: "Ada za makusanyo",
    exciseDuty: "Ushuru wa bidhaa",
    net: "Kiasi halisi",
    balances: "Salio",
    noMatches: "Hakuna malipo yanayolingana na vichujio hivi.",
    noTestPayments: "Bado hakuna malipo ya majaribio. Yaunde kwa ufunguo wa API wa majaribio.",
    noPayments:
      "Bado hakuna malipo. Unda malipo kisha umtumie mteja wako kiungo cha ukurasa wake wa malipo.",
    caption: "Malipo yako, ya karibuni kwanza",
    amount: "Kiasi",
    method: "Njia",
    created: "Yaliundwa",
    pages: "Kurasa",
    previousPage: "Ukurasa uliotangulia",
    nextPage: "Ukurasa unaofuata",
  },
);

/**
 * What a payment pays out, in sentences: "KES 2,463 after the 1% fee plus 10% excise duty and the
 * M-Pesa charge of KES 9" (components/payments/PaymentBits.tsx).
 */
export const payoutSentenceMessages = defineMessages(
  {
    feeWithExcise: (fee: string, excise: string) => `the ${fee} fee plus ${excise} excise duty`,
    payout: (payout: string, fee: string, charge: string) =>
      `${payout} after ${fee} and the M-Pesa charge of ${charge}`,
    net: (net: string, fee: string) => `${net} after ${fee}`,
  },
  {
    feeWithExcise: (fee: string, excise: string) =>
      `ada ya ${fee} pamoja na ushuru wa bidhaa wa ${excise}`,
    payout: (payout: string, fee: string, charge: string) =>
      `${payout} baada ya ${fee} na gharama ya M-Pesa ya ${charge}`,
    net: (net: string, fee: string) => `${net} baada ya ${fee}`,
  },
);

/** A payment's page (/merchant/payments/:id), its settlement plan and its timeline's events. */
export const paymentDetailMessages = defineMessages(
  {
    metaTitle: "Payment",
    metaDescription: "Payment details.",
    backToPayments: "Back to payments",
    title: (reference: string) => `Payment ${reference}`,
    updatesUntilFinal: "This page updates by itself until the payment is final.",
    updatesUntilRefundsFinal:
      "This page updates by itself until the payment and its refunds are final.",
    refreshStatus: "Refresh status",
    amounts: "Amounts",
    amount: "Amount",
    collectionFee: "Collection fee",
    exciseOnFee: "Excise duty on the fee",
    paidOut: "Paid out",
    paidOutValue: (payout: string, charges: string, transfers: number) =>
      `${payout} after the rail charge${transfers > 1 ? "s" : ""} of ${charges}`,
    youReceive: "You receive",
    paidWith: "Paid with",
    mpesaReceipt: (receipt: string) => `M-Pesa, receipt ${receipt}`,
    customerPays: "Customer pays",
    receivedSoFar: "Received so far",
    receivedValue: (received: string, asset: string, confirmations: number) =>
      `${received} ${asset}, ${confirmations} confirmation(s)`,
    lockedRate: "Locked rate",
    lockedRateValue: (rate: string, asset: string, source: string, at: string) =>
      `${rate} per ${asset} (${source}, ${at})`,
    quoteExpires: "Quote expires",
    depositAddress: "Deposit address",
    none: "None",
    openCheckout: "Open checkout page",
    reviewNote: "Above the automatic limit: our team reviews it before payout.",
    railChargeNote:
      "The rail charge is the provider's own charge for each transfer (Safaricom's for M-Pesa), passed on at cost; cents a rail cannot send are paid with your next settlement.",
    timeline: "Timeline",
    settlementToMpesa: "Settlement to M-Pesa",
    noTransfers: "No transfers yet: they are made as soon as the payment is confirmed.",
    transfersCaption: "Transfers to your payout destination",
    railCharge: "Rail charge",
    to: "To",
    day: "Day",
    status: "Status",
    receipt: "Receipt",
    actions: "Actions",
    retryTransfer: "Retry transfer",
    transferStatuses: {
      scheduled: "Waiting for the next day (daily M-Pesa limit)",
      pending: "Sending to M-Pesa",
      sent: "Sent, waiting for M-Pesa",
      succeeded: "Paid",
      failed: "Failed",
    } satisfies Record<TransferStatus, string>,
    toasts: {
      retried: "Transfer retried",
      retriedDescription: "We sent it again.",
      cannotRetryYet: "Cannot retry yet",
      cannotRetryNow: "Cannot retry right now",
      pausedDescription:
        "Payouts to M-Pesa are paused for a moment. Nothing was changed; please try again in a few minutes.",
      cannotRetry: "Cannot retry",
      notRetryableDescription: "This transfer is not failed, or was already retried.",
    },
    plan: {
      title: "Settlement plan",
      noDestination: "No verified payout destination yet: this payment waits until you",
      addOne: "add one",
      caption: "Where this payment will be paid out, as planned now",
      to: "To",
      share: "Share",
      youReceive: "You receive",
      railCharge: "Rail charge",
      transfers: "Transfers",
      arrives: "Arrives",
      insteadOf: (destination: string) =>
        `Instead of ${destination}, whose provider is unavailable`,
      overDailyLimit: (days: number) =>
        ` (part over the daily limit: ${days} more day${days > 1 ? "s" : ""})`,
      arrival: {
        mpesa: railProfiles.mpesa.typicalArrival,
        "airtel-money": railProfiles["airtel-money"].typicalArrival,
        "t-kash": railProfiles["t-kash"].typicalArrival,
        pesalink: railProfiles.pesalink.typicalArrival,
      } satisfies Record<RailId, string>,
    },
    /** The timeline's events by type; an unknown type shows as it is stored. */
    events: {
      quote_locked: "Quote locked",
      deposit_detected: "Customer's payment seen",
      confirmation: "Confirmation",
      converted: "Converted to KES",
      expired: "Quote expired",
      underpaid: "Underpaid",
      overpaid: "Overpaid",
      paid_after_expiry: "Paid after expiry",
      canceled: "Canceled by the merchant",
      deposit_failed: "Deposit failed",
      settlement_started: "Settlement started",
      transfer_created: "M-Pesa transfer created",
      transfer_scheduled: "M-Pesa transfer scheduled",
      transfer_succeeded: "M-Pesa transfer paid",
      transfer_failed: "M-Pesa transfer failed",
      transfer_retried: "M-Pesa transfer retried",
      settled: "Settled",
      waiting_for_settlement_number: "Waiting for a settlement number",
      waiting_for_float: "Waiting for M-Pesa float",
      waiting_for_destination_cooling_off: "Waiting: new payout number",
      leftover_carried_in: "Earlier leftover included",
      leftover_carried_forward: "Leftover carried forward",
      kept_in_balance: "Kept in your balance",
      credited_to_balance: "Credited to your balance",
      review_approved: "Approved in review",
      review_rejected: "Rejected in review",
      accepted: "Accepted by an operator",
      requoted: "Re-quoted by an operator",
      refund_flagged: "Flagged for refund",
      second_deposit: "Another deposit to the same address",
      mpesa_prompt: "M-Pesa prompt sent",
      mpesa_paid: "Paid with M-Pesa",
      mpesa_failed: "M-Pesa prompt not paid",
      mpesa_paid_unexpected: "M-Pesa money held for an operator",
      deposit_after_mpesa: "Crypto after an M-Pesa payment: held",
      held_refund_flagged: "Held money flagged for refund",
      wrong_network_deposit: "Deposit on another network: held",
      network_changed: "Network changed by the customer",
      coin_changed: "Coin changed by the customer",
      settlement_failed_over: "Settlement moved to the fallback destination",
      refund_created: "Refund started",
      refund_succeeded: "Refunded to the customer",
      refund_failed: "Refund failed",
    },
  },
  {
    metaTitle: "Malipo",
    metaDescription: "Maelezo ya malipo.",
    backToPayments: "Rudi kwenye malipo",
    title: (reference: string) => `Malipo ${reference}`,
    updatesUntilFinal: "Ukurasa huu unajisasisha wenyewe hadi malipo yakamilike.",
    updatesUntilRefundsFinal:
      "Ukurasa huu unajisasisha wenyewe hadi malipo na marejesho yake yakamilike.",
    refreshStatus: "Onyesha hali ya sasa",
    amounts: "Kiasi na ada",
    amount: "Kiasi",
    collectionFee: "Ada ya makusanyo",
    exciseOnFee: "Ushuru wa bidhaa kwenye ada",
    paidOut: "Kilichotumwa kwako",
    paidOutValue: (payout: string, charges: string, transfers: number) =>
      transfers > 1
        ? `${payout} baada ya gharama za njia ya malipo za ${charges}`
        : `${payout} baada ya gharama ya njia ya malipo ya ${charges}`,
    youReceive: "Unapokea",
    paidWith: "Imelipwa kwa",
    mpesaReceipt: (receipt: string) => `M-Pesa, risiti ${receipt}`,
    customerPays: "Mteja analipa",
    receivedSoFar: "Kilichopokelewa hadi sasa",
    receivedValue: (received: string, asset: string, confirmations: number) =>
      `${received} ${asset}, uthibitisho ${confirmations}`,
    lockedRate: "Kiwango kilichofungwa",
    lockedRateValue: (rate: string, asset: string, source: string, at: string) =>
      `${rate} kwa kila ${asset} (${source}, ${at})`,
    quoteExpires: "Muda wa bei iliyofungwa unaisha",
    depositAddress: "Anwani ya kupokea",
    none: "Hakuna",
    openCheckout: "Fungua ukurasa wa malipo",
    reviewNote:
      "Ni juu ya kikomo cha kawaida: timu yetu inayakagua kabla ya kukutumia malipo yako.",
    railChargeNote:
      "Gharama ya njia ya malipo ni gharama ya mtoa huduma mwenyewe kwa kila utumaji (ya Safaricom kwa M-Pesa), tunaipitisha kama ilivyo; senti ambazo njia ya malipo haiwezi kutuma zinalipwa pamoja na ulipaji wako unaofuata.",
    timeline: "Matukio",
    settlementToMpesa: "Ulipaji kwa M-Pesa",
    noTransfers: "Bado hakuna utumaji: unafanywa mara tu malipo yanapothibitishwa.",
    transfersCaption: "Utumaji kwenda mahali malipo yako yanapotumwa",
    railCharge: "Gharama ya njia ya malipo",
    to: "Kwa",
    day: "Siku",
    status: "Hali",
    receipt: "Risiti",
    actions: "Vitendo",
    retryTransfer: "Tuma tena",
    transferStatuses: {
      scheduled: "Inasubiri siku inayofuata (kikomo cha siku cha M-Pesa)",
      pending: "Inatumwa kwa M-Pesa",
      sent: "Imetumwa, inasubiri M-Pesa",
      succeeded: "Imelipwa",
      failed: "Imeshindikana",
    },
    toasts: {
      retried: "Utumaji umefanywa tena",
      retriedDescription: "Tumeutuma tena.",
      cannotRetryYet: "Bado haiwezekani kutuma tena",
      cannotRetryNow: "Haiwezekani kutuma tena sasa hivi",
      pausedDescription:
        "Utumaji wa malipo kwa M-Pesa umesitishwa kwa muda mfupi. Hakuna kilichobadilishwa; tafadhali jaribu tena baada ya dakika chache.",
      cannotRetry: "Haiwezekani kutuma tena",
      notRetryableDescription: "Utumaji huu haujashindikana, au tayari umetumwa tena.",
    },
    plan: {
      title: "Mpango wa ulipaji",
      noDestination:
        "Bado hakuna mahali palipohakikiwa pa kupokea malipo: malipo haya yanasubiri hadi",
      addOne: "uongeze mahali",
      caption: "Mahali malipo haya yatatumwa, kwa mpango wa sasa",
      to: "Kwa",
      share: "Sehemu",
      youReceive: "Unapokea",
      railCharge: "Gharama ya njia ya malipo",
      transfers: "Utumaji",
      arrives: "Yanafika",
      insteadOf: (destination: string) =>
        `Badala ya ${destination}, ambayo mtoa huduma wake hapatikani`,
      overDailyLimit: (days: number) => ` (sehemu iliyozidi kikomo cha siku: siku ${days} zaidi)`,
      arrival: {
        mpesa: "Ndani ya dakika moja",
        "airtel-money": "Ndani ya dakika moja",
        "t-kash": "Ndani ya dakika chache",
        pesalink: "Ndani ya dakika moja",
      },
    },
    events: {
      quote_locked: "Bei imefungwa",
      deposit_detected: "Malipo ya mteja yameonekana",
      confirmation: "Uthibitisho",
      converted: "Imebadilishwa kuwa KES",
      expired: "Muda wa bei iliyofungwa umeisha",
      underpaid: "Pungufu",
      overpaid: "Ziada",
      paid_after_expiry: "Imelipwa baada ya muda",
      canceled: "Imeghairiwa na mfanyabiashara",
      deposit_failed: "Malipo yaliyotumwa yameshindikana",
      settlement_started: "Ulipaji umeanza",
      transfer_created: "Utumaji wa M-Pesa umeandaliwa",
      transfer_scheduled: "Utumaji wa M-Pesa umepangwa",
      transfer_succeeded: "Utumaji wa M-Pesa umelipwa",
      transfer_failed: "Utumaji wa M-Pesa umeshindikana",
      transfer_retried: "Utumaji wa M-Pesa umefanywa tena",
      settled: "Imelipwa kwako",
      waiting_for_settlement_number: "Inasubiri nambari ya kupokea malipo",
      waiting_for_float: "Inasubiri salio la M-Pesa la kutuma",
      waiting_for_destination_cooling_off: "Inasubiri: nambari mpya ya kupokea malipo",
      leftover_carried_in: "Kiasi kilichobaki awali kimejumuishwa",
      leftover_carried_forward: "Kiasi kilichobaki kimehamishiwa ulipaji unaofuata",
      kept_in_balance: "Kimewekwa kwenye salio lako",
      credited_to_balance: "Kimeongezwa kwenye salio lako",
      review_approved: "Imeidhinishwa kwenye ukaguzi",
      review_rejected: "Imekataliwa kwenye ukaguzi",
      accepted: "Imekubaliwa na msimamizi",
      requoted: "Bei mpya imefungwa na msimamizi",
      refund_flagged: "Imewekwa alama ya kurejeshwa",
      second_deposit: "Malipo mengine kwenye anwani hiyo hiyo",
      mpesa_prompt: "Ombi la M-Pesa limetumwa",
      mpesa_paid: "Imelipwa kwa M-Pesa",
      mpesa_failed: "Ombi la M-Pesa halikulipwa",
      mpesa_paid_unexpected: "Pesa za M-Pesa zimezuiliwa kwa msimamizi",
      deposit_after_mpesa: "Crypto baada ya malipo ya M-Pesa: imezuiliwa",
      held_refund_flagged: "Pesa zilizozuiliwa zimewekwa alama ya kurejeshwa",
      wrong_network_deposit: "Malipo kwenye mtandao mwingine: yamezuiliwa",
      network_changed: "Mtandao umebadilishwa na mteja",
      coin_changed: "Sarafu imebadilishwa na mteja",
      settlement_failed_over: "Ulipaji umehamishiwa mahali pa akiba",
      refund_created: "Rejesho limeanzishwa",
      refund_succeeded: "Pesa zimerejeshwa kwa mteja",
      refund_failed: "Rejesho limeshindikana",
    },
  },
);

/** "Create Payment" (/merchant/payments/new): the form, its summary, its checks and toasts. */
export const newPaymentMessages = defineMessages(
  {
    title: "Create Payment",
    metaDescription: "Create a crypto payment in KES.",
    backToPayments: "Back to payments",
    intro: (fee: string, excise: string, minimum: string, maximum: string, autoMax: string) =>
      `Ask for an amount in KES; your customer pays in crypto at a rate locked for the quote's lifetime. You receive the amount less the ${fee} collection fee plus ${excise} excise duty and M-Pesa's own transfer charge, settled to your M-Pesa number. From ${minimum} up to ${maximum}; above ${autoMax} a payment is reviewed by our team before it is paid out.`,
    amountLabel: "Amount (KES)",
    amountPlaceholder: "e.g. 15000",
    referenceLabel: "Your reference",
    referencePlaceholder: "Order number",
    customerPaysWith: "Customer pays with",
    customerChooses: "Customer chooses",
    customerChoosesHint:
      "“Customer chooses”: the payment is in KES only and your customer picks the coin and network at checkout.",
    network: "Network",
    networkPlaceholder: (defaults: string) =>
      `The customer chooses at checkout (default: ${defaults})`,
    networkForAsset: (network: string, asset: string) => `${network} for ${asset}`,
    descriptionLabel: "Description (shown to the customer)",
    checking: "Checking...",
    updateSummary: "Update summary",
    review: "Review",
    summary: "Summary",
    customerPays: "Customer pays",
    inCoinTheyChoose: (kes: string, crypto: string, asset: string) =>
      `${kes} in the coin they choose (≈ ${crypto} ${asset})`,
    collectionFee: (fee: string) => `Collection fee (${fee})`,
    exciseDuty: (excise: string) => `Excise duty (${excise} of the fee)`,
    mpesaCharge: (transfers: number) =>
      transfers > 1 ? `M-Pesa charge (${transfers} transfers)` : "M-Pesa charge",
    passedOnAtCost: (charge: string) => `${charge}, passed on at cost`,
    youReceive: "You receive",
    indicativeRate: "Indicative rate",
    rateValue: (rate: string, asset: string, minutes: number) =>
      `${rate} per ${asset}; locked for ${minutes} minutes when you create the payment`,
    reviewWarning: (autoMax: string) =>
      `Above ${autoMax}: our team reviews this payment before it is paid out.`,
    creating: "Creating...",
    settlementSettings: "Settlement settings",
    /** The summary's network (made in the action). */
    customerChoosesNetwork: (opening: string) =>
      `The customer chooses the coin and network at checkout (it opens in ${opening})`,
    defaultOrOther: (network: string, choices: string) =>
      `${network}, or another the customer chooses at checkout (${choices})`,
    or: "or",
    /** Core's refusals by code (the English page shows core's own sentence). */
    refusals: {
      dailyLimit: (kes: string) => `This payment would take you over your daily limit of ${kes}.`,
      minimum: (kes: string) => `The minimum payment is ${kes}.`,
      maximum: (kes: string) => `The maximum payment is ${kes}.`,
      rateUnavailable: (asset: string) =>
        `We can't lock a ${asset} quote right now. Please try again in a minute.`,
      unavailable: "Payments are not available right now. Please try again in a minute.",
    },
    toasts: {
      created: "Payment created",
      createdDescription: "Share the checkout link with your customer.",
      cannotCreate: "Cannot create payment",
    },
    /** The form's checks (the API keeps core/payments/create-payment-schema.ts's English). */
    errors: createPaymentErrors,
  },
  {
    title: "Unda malipo",
    metaDescription: "Unda malipo ya crypto kwa KES.",
    backToPayments: "Rudi kwenye malipo",
    intro: (fee: string, excise: string, minimum: string, maximum: string, autoMax: string) =>
      `Omba kiasi kwa KES; mteja wako analipa kwa crypto kwa kiwango kilichofungwa kwa muda wote wa bei iliyofungwa. Unapokea kiasi hicho ukiondoa ada ya makusanyo ya ${fee} pamoja na ushuru wa bidhaa wa ${excise} na gharama ya M-Pesa yenyewe ya utumaji, kinacholipwa kwenye nambari yako ya M-Pesa. Kuanzia ${minimum} hadi ${maximum}; zaidi ya ${autoMax}, malipo hukaguliwa na timu yetu kabla ya kutumwa kwako.`,
    amountLabel: "Kiasi (KES)",
    amountPlaceholder: "mf. 15000",
    referenceLabel: "Kumbukumbu yako",
    referencePlaceholder: "Nambari ya oda",
    customerPaysWith: "Mteja analipa kwa",
    customerChooses: "Mteja anachagua",
    customerChoosesHint:
      "“Mteja anachagua”: malipo ni kwa KES pekee na mteja wako anachagua sarafu na mtandao kwenye ukurasa wa malipo.",
    network: "Mtandao",
    networkPlaceholder: (defaults: string) =>
      `Mteja anachagua kwenye ukurasa wa malipo (kwa kawaida: ${defaults})`,
    networkForAsset: (network: string, asset: string) => `${network} kwa ${asset}`,
    descriptionLabel: "Maelezo (yanaonyeshwa kwa mteja)",
    checking: "Inakagua...",
    updateSummary: "Sasisha muhtasari",
    review: "Kagua",
    summary: "Muhtasari",
    customerPays: "Mteja analipa",
    inCoinTheyChoose: (kes: string, crypto: string, asset: string) =>
      `${kes} kwa sarafu atakayochagua (≈ ${crypto} ${asset})`,
    collectionFee: (fee: string) => `Ada ya makusanyo (${fee})`,
    exciseDuty: (excise: string) => `Ushuru wa bidhaa (${excise} ya ada)`,
    mpesaCharge: (transfers: number) =>
      transfers > 1 ? `Gharama ya M-Pesa (utumaji ${transfers})` : "Gharama ya M-Pesa",
    passedOnAtCost: (charge: string) => `${charge}, tunaipitisha kama ilivyo`,
    youReceive: "Unapokea",
    indicativeRate: "Kiwango cha makadirio",
    rateValue: (rate: string, asset: string, minutes: number) =>
      `${rate} kwa kila ${asset}; kitafungwa kwa dakika ${minutes} utakapounda malipo`,
    reviewWarning: (autoMax: string) =>
      `Zaidi ya ${autoMax}: timu yetu itakagua malipo haya kabla ya kutumwa kwako.`,
    creating: "Inaunda...",
    settlementSettings: "Mipangilio ya ulipaji",
    customerChoosesNetwork: (opening: string) =>
      `Mteja anachagua sarafu na mtandao kwenye ukurasa wa malipo (unafunguka kwa ${opening})`,
    defaultOrOther: (network: string, choices: string) =>
      `${network}, au mwingine atakaochagua mteja kwenye ukurasa wa malipo (${choices})`,
    or: "au",
    refusals: {
      dailyLimit: (kes: string) => `Malipo haya yangezidi kikomo chako cha siku cha ${kes}.`,
      minimum: (kes: string) => `Malipo ya chini kabisa ni ${kes}.`,
      maximum: (kes: string) => `Malipo ya juu kabisa ni ${kes}.`,
      rateUnavailable: (asset: string) =>
        `Hatuwezi kufunga bei ya ${asset} sasa hivi. Tafadhali jaribu tena baada ya dakika moja.`,
      unavailable: "Malipo hayapatikani sasa hivi. Tafadhali jaribu tena baada ya dakika moja.",
    },
    toasts: {
      created: "Malipo yameundwa",
      createdDescription: "Mtumie mteja wako kiungo cha ukurasa wa malipo.",
      cannotCreate: "Haiwezekani kuunda malipo",
    },
    errors: {
      amountRequired: "Weka kiasi kwa KES",
      wholeShillings: "Weka idadi kamili ya shilingi, bila koma wala desimali",
      chooseAsset: "Chagua kile mteja analipa nacho",
      referenceRequired: "Weka kumbukumbu yako, kama nambari ya oda",
      referenceTooLong: (max: number) => `Kumbukumbu isizidi herufi ${max}`,
      descriptionTooLong: (max: number) => `Maelezo yasizidi herufi ${max}`,
      networkWhenCustomerChooses: "Acha mtandao wazi mteja anapochagua sarafu",
      networkNotForAsset: (asset: string, networks: string) =>
        `${asset} hulipwa kwenye ${networks}: chagua mojawapo, au mwachie mteja achague`,
    },
  },
);
