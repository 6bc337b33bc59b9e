/**
 * The tariff schedule's words (/tariff-schedule) in English and Kiswahili (issue 33), sent as the
 * page's loader data. Every fee, limit and asset still comes from ~/content/tariff and
 * ~/content/cryptocurrencies (their words in each language from ~/content/tariff-copy).
 */
import { claimsIn } from "~/content/claims";
import { company } from "~/content/company";
import { payableCryptocurrencies } from "~/content/cryptocurrencies";
import {
  cryptoLimits,
  feeBps,
  formatBps,
  liabilityCapMonths,
  mobileMoneyLimits,
  mpesaB2cCharges,
  ratesRefreshSeconds,
} from "~/content/tariff";
import { tariffIn } from "~/content/tariff-copy";
import type { Locale } from "~/i18n/locales";
import { defineMessages, inLocale } from "~/i18n/messages";
import { formatKes } from "~/utils/format";

export const tariffPageMessages = defineMessages(
  {
    meta: {
      title: "Tariff Schedule",
      description: (fees: string, minimum: string) =>
        `OneHop fees and limits: ${fees}. Mobile money limits per rail, crypto limits from ${minimum}, supported assets and settlement times. No setup or monthly fees.`,
    },
    list: (first: string, last: string) => `${first} and ${last}`,
    hero: {
      eyebrow: "Pricing and limits",
      title: "Tariff Schedule",
      lead: (brand: string) =>
        `Transparent, per-transaction pricing with no setup or monthly fees. This schedule lists what ${brand} charges, how much can move through each rail and which assets your customers can pay with.`,
      getStarted: "Get Started",
      rates: "View live rates",
    },
    fees: {
      title: "Transaction Fees",
      byFlow: {
        caption: "Fees by payment flow",
        flow: "Flow",
        covers: "What it covers",
        fee: "Fee per transaction",
      },
      conversion: {
        caption: "Conversion and processing fees",
        service: "Service",
        covers: "What it covers",
        fee: "Fee",
        plus: (plus: string, excise: string) => `plus ${plus}, ${excise}`,
        ofAmount: (excise: string) => `of the amount, ${excise}`,
      },
      mpesa: {
        text: (brand: string, collectionFee: string, payoutFee: string, minimum: number) =>
          `Settling your collections to your own M-Pesa number carries no ${brand} fee beyond the ${collectionFee} collection fee. Each transfer carries Safaricom's own B2C charge for its amount, passed on at cost; the ${payoutFee} disbursement fee applies only to payouts to other people. M-Pesa moves whole shillings: cents, and anything below the KES ${minimum} minimum transfer, stay in your balance and are paid with your next settlement.`,
        caption: "M-Pesa charge per settlement transfer",
        amount: "Transfer amount",
        charge: "M-Pesa charge",
        band: (from: string, to: string) => `${from} to ${to}`,
        free: "Free",
        source: (source: string) =>
          `Source: ${source}. If Safaricom changes it, we update this table.`,
      },
      checks: {
        noFees: "No setup fee, no monthly fee and no minimum volume.",
        networkFees:
          "Mobile network and blockchain network fees are shown where they apply, before the customer pays.",
        custom: "High-volume merchants can ask for custom pricing tiers.",
      },
    },
    mobile: {
      title: "Mobile Money Limits",
      intro: (rails: string) =>
        `${rails} payouts follow the per-rail limits set by the Central Bank of Kenya and the mobile network operators.`,
      caption: "Limits per mobile money rail",
      rail: "Rail",
      perTransaction: "Per transaction",
      daily: "Daily limit",
      maxBalance: "Maximum balance",
      splitTitle: "Large amounts are split automatically",
      split: (amount: string, rail: string, first: string, second: string) =>
        `Amounts above a rail’s limits are split automatically into multiple transfers, so you never have to break a payout up yourself. For example, a ${amount} payout to ${rail} is sent as two transfers of ${first} and ${second}. Amounts above the recipient’s daily limit or maximum balance continue on the next day, or can go by PesaLink instead.`,
      pesalinkTitle: "Bank transfers by PesaLink",
      pesalinkCaption: "PesaLink bank transfer limits",
      limit: "Limit",
      amount: "Amount",
      pesalinkNote: "Your bank may set a lower limit for PesaLink transfers.",
    },
    crypto: {
      title: "Crypto Limits",
      intro:
        "Crypto payments are measured in their Kenyan shilling equivalent at the quote locked when the customer pays.",
      caption: "Crypto payment limits (KES equivalent)",
      limit: "Limit",
      amount: "Amount",
      effect: "What happens",
    },
    assets: {
      title: "Supported Assets",
      intro: (coins: string, rails: string) =>
        `Your customers can pay with ${coins}, or by ${rails}. You are always paid in Kenyan shillings.`,
      caption: (availability: string) => `Cryptocurrencies ${availability}, and their networks`,
      asset: "Asset",
      symbol: "Symbol",
      networks: "Networks",
      refreshed: (seconds: number) =>
        `These assets use market rates refreshed every ${seconds} seconds.`,
      see: "See the",
      ratesLink: "live exchange rates",
      andAll: "and all",
      currenciesLink: "supported currencies",
    },
    notes: {
      title: "Important Notes",
      locked: {
        title: "Locked quotes.",
        body: "The KES amount is locked when the customer pays; the fee is worked out on that amount.",
      },
      network: {
        title: "Network fees.",
        body: "Where a fee says “plus mobile network fees” or “plus network fees”, those charges are set by the mobile operator, the bank or the blockchain network and are added to our fee.",
      },
      limits: {
        title: "Rail limits can change.",
        body: "Mobile money limits are set by the Central Bank of Kenya and the operators. We apply changes as soon as they take effect and update this page.",
      },
      reviews: {
        title: "Reviews and holds.",
        body: "We may hold a payment for review when the law requires it, for example to screen for fraud, sanctions or money laundering.",
      },
      liability: {
        title: "Liability.",
        body: (months: number) =>
          `Our liability is limited to the fees you paid us in the previous ${months} months, as set out in the`,
        link: "Terms and Conditions",
      },
      licence: {
        title: "Licence.",
        body: (legalName: string, number: string) =>
          `${legalName} holds ${company.licenceName} number ${number}. Questions about this schedule:`,
      },
      settlementCaption: "Settlement times",
      rail: "Rail",
      time: "Typical time",
    },
  },
  {
    meta: {
      title: "Viwango vya Ada",
      description: (fees, minimum) =>
        `Ada na vikomo vya OneHop: ${fees}. Vikomo vya pesa za simu kwa kila njia, vikomo vya crypto kuanzia ${minimum}, sarafu tunazokubali na muda wa ulipaji. Hakuna ada ya kujiunga wala ya kila mwezi.`,
    },
    list: (first, last) => `${first} na ${last}`,
    hero: {
      eyebrow: "Bei na vikomo",
      title: "Viwango vya Ada",
      lead: (brand) =>
        `Bei wazi kwa kila muamala, bila ada ya kujiunga wala ya kila mwezi. Jedwali hili linaonyesha ${brand} inatoza nini, kiasi gani kinaweza kupita kwenye kila njia ya malipo na sarafu ambazo wateja wako wanaweza kulipa nazo.`,
      getStarted: "Anza",
      rates: "Tazama viwango vya sasa",
    },
    fees: {
      title: "Ada za Miamala",
      byFlow: {
        caption: "Ada kwa kila aina ya malipo",
        flow: "Aina ya malipo",
        covers: "Inahusu nini",
        fee: "Ada kwa kila muamala",
      },
      conversion: {
        caption: "Ada za ubadilishaji na uchakataji",
        service: "Huduma",
        covers: "Inahusu nini",
        fee: "Ada",
        plus: (plus, excise) => `pamoja na ${plus}, ${excise}`,
        ofAmount: (excise) => `ya kiasi, ${excise}`,
      },
      mpesa: {
        text: (brand, collectionFee, payoutFee, minimum) =>
          `Ulipaji wa makusanyo yako kwenye nambari yako mwenyewe ya M-Pesa hauna ada yoyote ya ${brand} zaidi ya ada ya makusanyo ya ${collectionFee}. Kila uhamisho una gharama ya B2C ya Safaricom yenyewe kwa kiasi chake, tunayoipitisha bila faida; ada ya utumaji wa malipo ya ${payoutFee} inahusu tu malipo kwa watu wengine. M-Pesa inahamisha shilingi kamili: senti, na chochote kilicho chini ya kiwango cha chini cha uhamisho cha KES ${minimum}, hubaki kwenye salio lako na hulipwa pamoja na ulipaji wako unaofuata.`,
        caption: "Gharama ya M-Pesa kwa kila uhamisho wa ulipaji",
        amount: "Kiasi cha uhamisho",
        charge: "Gharama ya M-Pesa",
        band: (from, to) => `${from} hadi ${to}`,
        free: "Bila malipo",
        source: (source) =>
          `Chanzo: ${source}. Safaricom ikibadilisha gharama hizi, tunasasisha jedwali hili.`,
      },
      checks: {
        noFees:
          "Hakuna ada ya kujiunga, hakuna ada ya kila mwezi na hakuna kiwango cha chini cha miamala.",
        networkFees:
          "Gharama za mtandao wa simu na za mtandao wa blockchain zinaonyeshwa zinapohusika, kabla mteja hajalipa.",
        custom: "Wafanyabiashara wenye miamala mingi wanaweza kuomba viwango maalum vya bei.",
      },
    },
    mobile: {
      title: "Vikomo vya Pesa za Simu",
      intro: (rails) =>
        `Malipo kupitia ${rails} yanafuata vikomo vya kila njia vilivyowekwa na Benki Kuu ya Kenya na kampuni za simu.`,
      caption: "Vikomo kwa kila njia ya pesa za simu",
      rail: "Njia ya malipo",
      perTransaction: "Kwa kila muamala",
      daily: "Kikomo cha siku",
      maxBalance: "Salio la juu kabisa",
      splitTitle: "Kiasi kikubwa kinagawanywa moja kwa moja",
      split: (amount, rail, first, second) =>
        `Kiasi kinachozidi vikomo vya njia ya malipo kinagawanywa moja kwa moja kuwa uhamisho kadhaa, kwa hiyo hutahitaji kugawanya malipo mwenyewe. Kwa mfano, malipo ya ${amount} kwenda ${rail} yanatumwa kama uhamisho miwili wa ${first} na ${second}. Kiasi kinachozidi kikomo cha siku cha mpokeaji au salio lake la juu kabisa kinaendelea siku inayofuata, au kinaweza kutumwa kupitia PesaLink.`,
      pesalinkTitle: "Uhamisho wa benki kupitia PesaLink",
      pesalinkCaption: "Vikomo vya uhamisho wa benki kupitia PesaLink",
      limit: "Kikomo",
      amount: "Kiasi",
      pesalinkNote: "Benki yako inaweza kuweka kikomo cha chini zaidi kwa uhamisho wa PesaLink.",
    },
    crypto: {
      title: "Vikomo vya Crypto",
      intro:
        "Malipo ya crypto yanapimwa kwa thamani yake ya shilingi za Kenya kwa bei iliyofungwa mteja anapolipa.",
      caption: "Vikomo vya malipo ya crypto (thamani kwa KES)",
      limit: "Kikomo",
      amount: "Kiasi",
      effect: "Kinachotokea",
    },
    assets: {
      title: "Sarafu Tunazokubali",
      intro: (coins, rails) =>
        `Wateja wako wanaweza kulipa kwa ${coins}, au kwa ${rails}. Wewe unalipwa kwa shilingi za Kenya kila wakati.`,
      caption: (availability) => `Sarafu za crypto: ${availability}, na mitandao yake`,
      asset: "Sarafu",
      symbol: "Alama",
      networks: "Mitandao",
      refreshed: (seconds) =>
        `Sarafu hizi zinatumia viwango vya soko vinavyosasishwa kila sekunde ${seconds}.`,
      see: "Tazama",
      ratesLink: "viwango vya sasa vya ubadilishaji",
      andAll: "na",
      currenciesLink: "sarafu zote tunazokubali",
    },
    notes: {
      title: "Mambo Muhimu",
      locked: {
        title: "Bei zilizofungwa.",
        body: "Kiasi cha KES kinafungwa mteja anapolipa; ada inahesabiwa kwa kiasi hicho.",
      },
      network: {
        title: "Gharama za mtandao.",
        body: "Ada inaposema “pamoja na gharama za mtandao wa simu” au “pamoja na gharama za mtandao”, gharama hizo zinawekwa na kampuni ya simu, benki au mtandao wa blockchain na zinaongezwa kwenye ada yetu.",
      },
      limits: {
        title: "Vikomo vya njia za malipo vinaweza kubadilika.",
        body: "Vikomo vya pesa za simu vinawekwa na Benki Kuu ya Kenya na kampuni za simu. Tunatekeleza mabadiliko mara tu yanapoanza kutumika na kusasisha ukurasa huu.",
      },
      reviews: {
        title: "Ukaguzi na kusimamishwa.",
        body: "Tunaweza kusimamisha malipo ili yakaguliwe sheria inapotutaka, kwa mfano kuchunguza ulaghai, vikwazo au utakatishaji wa fedha.",
      },
      liability: {
        title: "Dhima.",
        body: (months) =>
          `Dhima yetu ni kiasi cha ada ulizotulipa katika miezi ${months} iliyopita tu, kama ilivyoelezwa kwenye`,
        link: "Vigezo na masharti",
      },
      licence: {
        title: "Leseni.",
        body: (legalName, number) =>
          `${legalName} ina leseni ya Biashara ya Huduma za Fedha nambari ${number}. Maswali kuhusu viwango hivi:`,
      },
      settlementCaption: "Muda wa ulipaji",
      rail: "Njia ya malipo",
      time: "Muda wa kawaida",
    },
  },
);

/** A worked example of the automatic split, derived from the first rail's per-transaction limit. */
const [exampleRail] = mobileMoneyLimits;
const splitAmount = Math.round((exampleRail.perTransaction * 8) / 5);

/** Everything /tariff-schedule says, in one language, with the tariff's numbers. */
export function tariffSchedulePage(
  locale: Locale,
  /** M-Pesa's smallest B2C transfer (the route reads it from core/payments/settlement-plan.ts). */
  mpesaMinimumKes: number,
) {
  const m = inLocale(tariffPageMessages, locale);
  const tariff = tariffIn(locale);
  const claims = claimsIn(locale);
  const railNames = mobileMoneyLimits.map((rail) => rail.name);
  const railList = m.list(railNames.slice(0, -1).join(", "), railNames.at(-1) ?? "");
  const feeSummary = tariff.transactionFees
    .map((fee) => `${fee.name} ${formatBps(fee.bps)}`)
    .join(", ");
  return {
    locale,
    /** The page's words: strings only (loader data cannot carry the catalog's functions). */
    text: {
      meta: {
        title: m.meta.title,
        description: m.meta.description(feeSummary, formatKes(cryptoLimits.minimum)),
      },
      hero: {
        eyebrow: m.hero.eyebrow,
        title: m.hero.title,
        lead: m.hero.lead(company.brand),
        getStarted: m.hero.getStarted,
        rates: m.hero.rates,
      },
      fees: {
        title: m.fees.title,
        byFlow: m.fees.byFlow,
        conversion: {
          caption: m.fees.conversion.caption,
          service: m.fees.conversion.service,
          covers: m.fees.conversion.covers,
          fee: m.fees.conversion.fee,
        },
        mpesa: {
          text: m.fees.mpesa.text(
            company.brand,
            formatBps(feeBps.c2b),
            formatBps(feeBps.b2c),
            mpesaMinimumKes,
          ),
          caption: m.fees.mpesa.caption,
          amount: m.fees.mpesa.amount,
          charge: m.fees.mpesa.charge,
          source: m.fees.mpesa.source(tariff.mpesaB2cChargesSource),
        },
        checks: Object.values(m.fees.checks),
      },
      mobile: {
        ...m.mobile,
        intro: m.mobile.intro(railList),
        split: m.mobile.split(
          formatKes(splitAmount),
          exampleRail.name,
          formatKes(exampleRail.perTransaction),
          formatKes(splitAmount - exampleRail.perTransaction),
        ),
      },
      crypto: m.crypto,
      assets: {
        title: m.assets.title,
        intro: m.assets.intro(claims.crypto.payableNames, railList),
        caption: m.assets.caption(claims.crypto.availability.payable.toLowerCase()),
        asset: m.assets.asset,
        symbol: m.assets.symbol,
        networks: m.assets.networks,
        refreshed: m.assets.refreshed(ratesRefreshSeconds),
        indicativeNote: claims.crypto.indicativeNote,
        see: m.assets.see,
        ratesLink: m.assets.ratesLink,
        andAll: m.assets.andAll,
        currenciesLink: m.assets.currenciesLink,
      },
      notes: {
        title: m.notes.title,
        locked: m.notes.locked,
        network: m.notes.network,
        limits: m.notes.limits,
        reviews: m.notes.reviews,
        liability: {
          title: m.notes.liability.title,
          body: m.notes.liability.body(liabilityCapMonths),
          link: m.notes.liability.link,
        },
        licence: {
          title: m.notes.licence.title,
          body: m.notes.licence.body(company.legalName, company.licenceNumber),
        },
        settlementCaption: m.notes.settlementCaption,
        rail: m.notes.rail,
        time: m.notes.time,
      },
    },
    transactionFees: tariff.transactionFees.map((fee) => ({
      id: fee.id,
      name: fee.name,
      description: fee.description,
      fee: formatBps(fee.bps),
    })),
    conversionFees: tariff.conversionFees.map((fee) => ({
      id: fee.id,
      name: fee.name,
      description: fee.description,
      fee: formatBps(fee.bps),
      note: fee.plus
        ? m.fees.conversion.plus(fee.plus, tariff.exciseDutyPhrase)
        : m.fees.conversion.ofAmount(tariff.exciseDutyPhrase),
    })),
    exciseDutyPhrase: tariff.exciseDutyPhrase,
    transactionFeesIntro: tariff.transactionFeesIntro,
    mpesaCharges: mpesaB2cCharges.map((band) => ({
      key: band.minKes,
      band: m.fees.mpesa.band(
        formatKes(Math.max(band.minKes, mpesaMinimumKes)),
        formatKes(band.maxKes),
      ),
      charge: band.chargeKes === 0 ? m.fees.mpesa.free : formatKes(band.chargeKes),
    })),
    mobileMoneyLimits: mobileMoneyLimits.map((rail) => ({
      id: rail.id,
      name: rail.name,
      perTransaction: formatKes(rail.perTransaction),
      daily: formatKes(rail.daily),
      maxBalance: formatKes(rail.maxBalance),
    })),
    pesalinkLimitRows: tariff.pesalinkLimitRows.map((row) => ({
      label: row.label,
      amount: formatKes(row.amountKes),
    })),
    cryptoLimitRows: tariff.cryptoLimitRows,
    payableCryptocurrencies: payableCryptocurrencies.map((coin) => ({
      symbol: coin.symbol,
      name: coin.name,
      networks: coin.networks.join(", "),
    })),
    settlementTimes: tariff.settlementTimes,
  };
}
