/**
 * The tariff's words in English and Kiswahili (issue 33). `~/content/tariff` stays the one source
 * of the numbers, and of the English the merchant app and the fee code read; this module adds the
 * Kiswahili alongside, for the pages whose loaders send the tariff as data (/features,
 * /tariff-schedule; only server modules import it, so it stays out of the bundles).
 * `tariffIn("en")` says exactly what `~/content/tariff` says (a test checks it).
 */
import type { Locale } from "~/i18n/locales";
import { defineMessages, inLocale } from "~/i18n/messages";
import { formatKes, formatPercent } from "~/utils/format";
import {
  conversionFees,
  cryptoLimits,
  exciseDutyBps,
  feeBps,
  formatBps,
  pesalinkLimits,
  tierDailyLimitKes,
  transactionFees,
} from "./tariff";

export const tariffMessages = defineMessages(
  {
    transactionFees: {
      c2b: {
        name: "C2B (Collections)",
        description: "Customer pays the merchant in crypto or mobile money; settled in KES.",
      },
      b2c: {
        name: "B2C (Disbursements)",
        description: "Merchant pays out to customers, staff, suppliers or affiliates.",
      },
      b2b: {
        name: "B2B Payments",
        description: "Business-to-business transfers, local and cross-border.",
      },
    },
    conversionFees: {
      "crypto-to-fiat": {
        name: "Crypto to fiat conversion",
        description: "Crypto received and converted to KES.",
      },
      "fiat-to-crypto": {
        name: "Fiat to crypto conversion",
        description: "KES converted to a supported crypto asset.",
      },
      "cross-border": {
        name: "Cross-border payments",
        description: "Payments sent or received across borders.",
      },
      "merchant-processing": {
        name: "Merchant payment processing",
        description: "Processing of each merchant payment.",
      },
    },
    plus: {
      "mobile network fees": "mobile network fees",
      "network fees": "network fees",
    },
    exciseDutyPhrase: (rate: string) => `plus ${rate} excise duty`,
    both: (first: string, second: string) => `${first} and ${second}`,
    transactionFeesIntro: (fee: string, sameFees: string, excise: string) =>
      `Each transaction carries one fee: a percentage of its amount, set by its flow and taken in Kenyan shillings at the locked quote. A collection is charged ${fee} once: the C2B fee, ${sameFees} below are that same ${fee}, named as the Terms name them, not fees added together. Each of our fees is charged ${excise} on the fee (Finance Act, 2025), paid on top of it; there is no excise on the mobile network charges we pass on at cost. There is nothing to pay to open or keep an account.`,
    mpesaB2cChargesSource:
      "Safaricom M-PESA Bulk Payment (B2C) tariff, payments to registered M-Pesa users",
    pesalinkRows: {
      minimum: "Minimum per transaction",
      maximum: "Maximum per transaction",
    },
    tierDailyLimitNote: (basic: string, enhanced: string) =>
      `The limit for a verified business (standard tier). It follows your due-diligence tier: ${basic} until your documents are verified (basic), ${enhanced} after enhanced due diligence.`,
    cryptoLimitRows: {
      minimum: {
        label: "Minimum per transaction",
        effect: "Payments below the minimum are not processed.",
      },
      automatic: {
        label: "Automatic processing",
        amount: (amount: string) => `Up to ${amount}`,
        effect: "Processed and settled automatically, with no action from you.",
      },
      maximum: {
        label: "Maximum per transaction",
        amount: (amount: string) => `Up to ${amount}`,
        effect: (automatic: string, maximum: string) =>
          `Payments above ${automatic} are processed after manual review by our compliance team. Single payments above ${maximum} are not accepted.`,
      },
      daily: {
        label: "Daily limit per merchant",
        effect: (note: string) => `Total of all crypto payments to one merchant in a day. ${note}`,
      },
    },
    settlementTimes: {
      crypto: {
        rail: "Crypto deposits",
        time: "1 to 3 network confirmations, depending on the asset",
      },
      mobile: {
        rail: "Mobile money (M-Pesa, Airtel Money, T-Kash)",
        time: "Instant after confirmation",
      },
      bank: {
        rail: "Bank transfer (PesaLink)",
        time: "Instant; up to 1 to 2 business days for other bank transfers",
      },
      treasury: { rail: "Treasury conversions", time: "T+1 (next business day)" },
    },
  },
  {
    transactionFees: {
      c2b: {
        name: "C2B (Makusanyo)",
        description: "Mteja analipa mfanyabiashara kwa crypto au pesa za simu; ulipaji kwa KES.",
      },
      b2c: {
        name: "B2C (Utumaji wa malipo)",
        description:
          "Mfanyabiashara anatuma malipo kwa wateja, wafanyakazi, wasambazaji au mawakala.",
      },
      b2b: {
        name: "Malipo ya B2B",
        description: "Uhamisho kati ya biashara na biashara, ndani ya nchi na kimataifa.",
      },
    },
    conversionFees: {
      "crypto-to-fiat": {
        name: "Kubadilisha crypto kuwa pesa za kawaida",
        description: "Crypto iliyopokelewa na kubadilishwa kuwa KES.",
      },
      "fiat-to-crypto": {
        name: "Kubadilisha pesa za kawaida kuwa crypto",
        description: "KES zinazobadilishwa kuwa sarafu ya crypto tunayoikubali.",
      },
      "cross-border": {
        name: "Malipo ya kimataifa",
        description: "Malipo yanayotumwa au kupokelewa kutoka nje ya nchi.",
      },
      "merchant-processing": {
        name: "Uchakataji wa malipo ya mfanyabiashara",
        description: "Uchakataji wa kila malipo ya mfanyabiashara.",
      },
    },
    plus: {
      "mobile network fees": "gharama za mtandao wa simu",
      "network fees": "gharama za mtandao",
    },
    exciseDutyPhrase: (rate) => `pamoja na ushuru wa bidhaa wa ${rate}`,
    both: (first, second) => `${first} na ${second}`,
    transactionFeesIntro: (fee, sameFees, excise) =>
      `Kila muamala una ada moja: asilimia ya kiasi chake, kulingana na aina ya malipo, inayokatwa kwa shilingi za Kenya kwa bei iliyofungwa. Makusanyo yanatozwa ${fee} mara moja tu: ada ya C2B, ${sameFees} hapa chini ni hiyo hiyo ${fee}, zimetajwa kama Vigezo na masharti vinavyozitaja, si ada zinazojumlishwa. Kila ada yetu inatozwa ${excise} juu ya ada (Sheria ya Fedha, 2025), unaolipwa juu yake; hakuna ushuru wa bidhaa kwenye gharama za mtandao wa simu tunazopitisha bila faida. Hakuna cha kulipa kufungua au kudumisha akaunti.`,
    mpesaB2cChargesSource:
      "Viwango vya Safaricom vya malipo ya jumla ya M-Pesa (B2C), malipo kwa watumiaji waliosajiliwa wa M-Pesa",
    pesalinkRows: {
      minimum: "Kiwango cha chini kwa kila muamala",
      maximum: "Kiwango cha juu kwa kila muamala",
    },
    tierDailyLimitNote: (basic, enhanced) =>
      `Kikomo cha biashara iliyohakikiwa (daraja la kawaida). Kinafuata daraja lako la uchunguzi: ${basic} hadi nyaraka zako zihakikiwe (daraja la msingi), ${enhanced} baada ya uchunguzi wa kina.`,
    cryptoLimitRows: {
      minimum: {
        label: "Kiwango cha chini kwa kila muamala",
        effect: "Malipo yaliyo chini ya kiwango cha chini hayashughulikiwi.",
      },
      automatic: {
        label: "Uchakataji wa moja kwa moja",
        amount: (amount) => `Hadi ${amount}`,
        effect: "Yanachakatwa na kulipwa kwako moja kwa moja, bila wewe kufanya chochote.",
      },
      maximum: {
        label: "Kiwango cha juu kwa kila muamala",
        amount: (amount) => `Hadi ${amount}`,
        effect: (automatic, maximum) =>
          `Malipo ya zaidi ya ${automatic} yanachakatwa baada ya kukaguliwa na timu yetu ya utiifu wa sheria. Malipo moja ya zaidi ya ${maximum} hayakubaliwi.`,
      },
      daily: {
        label: "Kikomo cha siku kwa kila mfanyabiashara",
        effect: (note) =>
          `Jumla ya malipo yote ya crypto kwa mfanyabiashara mmoja kwa siku. ${note}`,
      },
    },
    settlementTimes: {
      crypto: {
        rail: "Crypto inayoingia",
        time: "Uthibitisho 1 hadi 3 wa mtandao, kulingana na sarafu",
      },
      mobile: {
        rail: "Pesa za simu (M-Pesa, Airtel Money, T-Kash)",
        time: "Papo hapo baada ya uthibitisho",
      },
      bank: {
        rail: "Uhamisho wa benki (PesaLink)",
        time: "Papo hapo; hadi siku 1 hadi 2 za kazi kwa uhamisho mwingine wa benki",
      },
      treasury: {
        rail: "Ubadilishaji wa usimamizi wa fedha",
        time: "T+1 (siku ya kazi inayofuata)",
      },
    },
  },
);

/** The tariff's fees, limits and times, their words in one language, their numbers the tariff's. */
export function tariffIn(locale: Locale) {
  const m = inLocale(tariffMessages, locale);
  const exciseDutyPhrase = m.exciseDutyPhrase(formatPercent(exciseDutyBps));
  const localTransactionFees = transactionFees.map((fee) => ({
    ...fee,
    ...m.transactionFees[fee.id],
  }));
  const localConversionFees = conversionFees.map((fee) => ({
    ...fee,
    ...m.conversionFees[fee.id],
    ...("plus" in fee ? { plus: m.plus[fee.plus] } : {}),
  }));
  const collectionFee = formatBps(feeBps.c2b);
  const sameFee = localConversionFees
    .filter((fee) => fee.bps === feeBps.c2b)
    .map((fee) => fee.name.toLowerCase())
    .reduce((list, name) => (list ? m.both(list, name) : name), "");
  const tierDailyLimitNote = m.tierDailyLimitNote(
    formatKes(tierDailyLimitKes("basic")),
    formatKes(tierDailyLimitKes("enhanced")),
  );
  const rows = m.cryptoLimitRows;
  const times = m.settlementTimes;
  return {
    transactionFees: localTransactionFees,
    conversionFees: localConversionFees,
    exciseDutyPhrase,
    transactionFeesIntro: m.transactionFeesIntro(collectionFee, sameFee, exciseDutyPhrase),
    mpesaB2cChargesSource: m.mpesaB2cChargesSource,
    pesalinkLimitRows: [
      { label: m.pesalinkRows.minimum, amountKes: pesalinkLimits.minimum },
      { label: m.pesalinkRows.maximum, amountKes: pesalinkLimits.perTransaction },
    ],
    tierDailyLimitNote,
    cryptoLimitRows: [
      {
        label: rows.minimum.label,
        amount: formatKes(cryptoLimits.minimum),
        effect: rows.minimum.effect,
      },
      {
        label: rows.automatic.label,
        amount: rows.automatic.amount(formatKes(cryptoLimits.autoMaxPerTransaction)),
        effect: rows.automatic.effect,
      },
      {
        label: rows.maximum.label,
        amount: rows.maximum.amount(formatKes(cryptoLimits.reviewMaxPerTransaction)),
        effect: rows.maximum.effect(
          formatKes(cryptoLimits.autoMaxPerTransaction),
          formatKes(cryptoLimits.reviewMaxPerTransaction),
        ),
      },
      {
        label: rows.daily.label,
        amount: formatKes(cryptoLimits.dailyPerMerchant),
        effect: rows.daily.effect(tierDailyLimitNote),
      },
    ],
    settlementTimes: [times.crypto, times.mobile, times.bank, times.treasury],
  };
}
