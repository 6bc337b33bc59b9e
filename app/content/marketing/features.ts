/**
 * Copy of the Features page ("/features", the footer's "How It Works") as typed data. Fees, limits
 * and settlement times are read from the tariff, never written here by hand.
 *
 * Issue 33: the words are a catalog in English and Kiswahili (`featuresMessages`);
 * `featuresContent(locale)` puts them together with the tariff's figures, icons and links. The
 * named exports are the English.
 */
import type { IconName } from "~/components/ui/icons";
import { claimsIn } from "~/content/claims";
import { feeBps, formatBps, mobileMoneyLimits, ratesRefreshSeconds } from "~/content/tariff";
import { tariffIn } from "~/content/tariff-copy";
import type { Locale } from "~/i18n/locales";
import { defineMessages, inLocale } from "~/i18n/messages";
import { formatKes } from "~/utils/format";
import * as paths from "~/utils/paths";

export interface Offering {
  title: string;
  body: string;
  icon: IconName;
  points: readonly string[];
}

const railLimit = mobileMoneyLimits[0].perTransaction;

export const featuresMessages = defineMessages(
  {
    hero: {
      eyebrow: "How It Works",
      title: "How OneHop turns crypto into shillings on your rail",
      lead: "Customers pay in crypto or mobile money. OneHop locks a KES quote at once, confirms the payment on-chain through an institutional custody provider, converts it and settles it to M-Pesa, Airtel Money, T-Kash or PesaLink.",
      primary: "Get Started",
      secondary: "See solutions by flow",
    },
    flow: {
      title: "From payment to payout",
      intro: "Every payment takes the same five hops. You only see the first and the last.",
    },
    offerings: {
      title: "What you can do with OneHop",
      intro: "One account for money coming in, money going out and everything in between.",
      collections: {
        title: "Collections",
        body: "Accept payments from customers in crypto or mobile money and receive Kenyan shillings.",
        points: {
          coins: (coins: string) => `${coins} accepted at checkout`,
          phone: "M-Pesa, Airtel Money and T-Kash for customers who pay by phone",
          links: "Checkout, payment links and invoices",
        },
      },
      disbursements: {
        title: "Disbursements",
        body: "Pay out to people and businesses on the rail they use every day.",
        points: {
          kinds: "Payroll, refunds, supplier and affiliate payouts",
          bulk: "Bulk payouts by file upload or API",
          split: (limit: string) =>
            `Amounts above rail limits (${limit} per mobile-money transaction) are split automatically`,
        },
      },
      b2b: {
        title: "B2B Transfers",
        body: "Move money between businesses with a locked rate and a reference both sides can reconcile.",
        points: {
          suppliers: "Supplier and distributor payments",
          intercompany: "Intercompany transfers",
          audit: "A full audit trail for every transfer",
        },
      },
      ramp: {
        title: "Fiat On/Off Ramp",
        body: "Convert between crypto and fiat at a quote you see before you confirm.",
        points: {
          currencies: "KES, USD and EUR",
          directions: "Crypto to fiat and fiat to crypto",
          refresh: (seconds: number) => `Rates refresh every ${seconds} seconds`,
        },
      },
      crossBorder: {
        title: "Cross-Border Payments",
        body: "Get paid by customers and partners abroad and settle at home in minutes, not days.",
        points: {
          stablecoins: "Stablecoin rails instead of correspondent banks",
          local: "Settle locally in KES",
          clear: "Clear fees shown up front",
        },
      },
      treasury: {
        title: "Treasury",
        body: "Keep balances where you want them and let conversion run on rules you set.",
        points: {
          auto: "Automatic conversion to KES",
          payouts: "T+1 payouts to your bank account",
          history: "Balances and history in your dashboard",
        },
      },
    },
    integrations: {
      title: "Integration options",
      intro:
        "Start with a snippet and grow into the API: the same account and the same settlement either way.",
      snippet: {
        title: "Checkout snippet",
        body: "Paste a few lines into your site to add OneHop checkout. The fastest way to take your first payment.",
        points: {
          options: "Crypto and mobile-money payment options",
          quote: "Locked KES quote shown to the customer",
          settles: "Settles to your rail automatically",
        },
      },
      plugins: {
        title: "Plugins and SDKs",
        body: "Add OneHop to your e-commerce platform or app with a plugin or one of our SDKs.",
        points: {
          plugins: "Plugins for e-commerce platforms",
          sdks: "SDKs for your own apps and services",
          less: "Less code to write and maintain",
        },
      },
      api: {
        title: "REST API",
        body: "Full control of collections, payouts, transfers and conversion from your own systems.",
        points: {
          flows: "Collections, disbursements and B2B transfers",
          bulk: "Bulk payouts from your own systems",
          docs: "Documented endpoints and examples",
        },
      },
      docsLabel: "Read the API documentation",
    },
    pricing: {
      title: "Pricing",
      intro: (fee: string) =>
        `Pay per transaction. No setup or monthly fees. Collections cost ${fee}.`,
      perTransaction: "per transaction",
      otherFeesTitle: "Conversion and cross-border fees",
      plus: (fee: string, plus: string) => `${fee} plus ${plus}`,
      link: "See the full tariff schedule",
    },
    settlement: {
      title: "Settlement times",
      intro: "How long each leg takes once your customer has paid.",
    },
    closing: {
      title: "See it with your own numbers",
      body: "Check today's rates, then apply: approval within 24 hours and setup in under 5 minutes.",
      rates: "View Live Rates",
      integrate: "Start Integration",
    },
    meta: {
      title: "How It Works",
      description:
        "How OneHop works: collections, disbursements, B2B transfers, fiat on/off ramp, cross-border payments and treasury, with transparent pricing and settlement to M-Pesa, Airtel Money, T-Kash and PesaLink.",
    },
  },
  {
    hero: {
      eyebrow: "Jinsi Inavyofanya Kazi",
      title: "Jinsi OneHop inavyogeuza crypto kuwa shilingi kwenye njia yako ya malipo",
      lead: "Wateja wanalipa kwa crypto au pesa za simu. OneHop inafunga bei ya KES mara moja, inathibitisha malipo kwenye blockchain kupitia mtoa huduma wa uhifadhi wa kitaasisi, inayabadilisha na kukulipa kwenye M-Pesa, Airtel Money, T-Kash au PesaLink.",
      primary: "Anza",
      secondary: "Tazama suluhisho kwa kila aina ya malipo",
    },
    flow: {
      title: "Kutoka malipo hadi pesa mkononi",
      intro: "Kila malipo hupitia hatua tano zile zile. Wewe unaona ya kwanza na ya mwisho tu.",
    },
    offerings: {
      title: "Unachoweza kufanya na OneHop",
      intro: "Akaunti moja kwa pesa zinazoingia, pesa zinazotoka na kila kitu katikati.",
      collections: {
        title: "Makusanyo",
        body: "Pokea malipo kutoka kwa wateja kwa crypto au pesa za simu na upokee shilingi za Kenya.",
        points: {
          coins: (coins) => `${coins} zinakubaliwa kwenye ukurasa wa malipo`,
          phone: "M-Pesa, Airtel Money na T-Kash kwa wateja wanaolipa kwa simu",
          links: "Ukurasa wa malipo, viungo vya malipo na ankara",
        },
      },
      disbursements: {
        title: "Utumaji wa Malipo",
        body: "Tuma malipo kwa watu na biashara kwenye njia ya malipo wanayotumia kila siku.",
        points: {
          kinds: "Mishahara, marejesho, malipo kwa wasambazaji na mawakala",
          bulk: "Malipo mengi kwa pamoja kwa kupakia faili au kupitia API",
          split: (limit) =>
            `Kiasi kinachozidi vikomo vya njia ya malipo (${limit} kwa kila muamala wa pesa za simu) kinagawanywa moja kwa moja`,
        },
      },
      b2b: {
        title: "Uhamisho wa B2B",
        body: "Hamisha pesa kati ya biashara kwa kiwango kilichofungwa na kumbukumbu ambayo pande zote mbili zinaweza kupatanisha.",
        points: {
          suppliers: "Malipo kwa wasambazaji na wasambazaji wakubwa",
          intercompany: "Uhamisho kati ya kampuni za kundi moja",
          audit: "Rekodi kamili ya ukaguzi kwa kila uhamisho",
        },
      },
      ramp: {
        title: "Kubadilisha Crypto na Pesa za Kawaida",
        body: "Badilisha kati ya crypto na pesa za kawaida kwa bei unayoiona kabla ya kuthibitisha.",
        points: {
          currencies: "KES, USD na EUR",
          directions: "Crypto kuwa pesa za kawaida, na pesa za kawaida kuwa crypto",
          refresh: (seconds) => `Viwango vinasasishwa kila sekunde ${seconds}`,
        },
      },
      crossBorder: {
        title: "Malipo ya Kimataifa",
        body: "Lipwa na wateja na washirika walio nje ya nchi na upokee pesa hapa nyumbani kwa dakika, si siku.",
        points: {
          stablecoins: "Njia za stablecoin badala ya benki za kati",
          local: "Ulipaji hapa nchini kwa KES",
          clear: "Ada wazi zinazoonyeshwa mapema",
        },
      },
      treasury: {
        title: "Usimamizi wa Fedha",
        body: "Weka salio lako unapotaka na uache ubadilishaji ufanyike kwa kanuni unazoweka.",
        points: {
          auto: "Ubadilishaji wa moja kwa moja kuwa KES",
          payouts: "Malipo kwako ya T+1 kwenye akaunti yako ya benki",
          history: "Salio na historia kwenye dashibodi yako",
        },
      },
    },
    integrations: {
      title: "Njia za muunganisho",
      intro:
        "Anza na kipande cha msimbo na ukue hadi API: akaunti ile ile na ulipaji ule ule kwa njia zote mbili.",
      snippet: {
        title: "Kipande cha msimbo wa ukurasa wa malipo",
        body: "Bandika mistari michache kwenye tovuti yako kuongeza ukurasa wa malipo wa OneHop. Njia ya haraka zaidi ya kupokea malipo yako ya kwanza.",
        points: {
          options: "Chaguo za kulipa kwa crypto na pesa za simu",
          quote: "Mteja anaona bei ya KES iliyofungwa",
          settles: "Ulipaji wa moja kwa moja kwenye njia yako ya malipo",
        },
      },
      plugins: {
        title: "Programu-jalizi na SDK",
        body: "Ongeza OneHop kwenye jukwaa lako la biashara mtandaoni au programu yako kwa programu-jalizi au mojawapo ya SDK zetu.",
        points: {
          plugins: "Programu-jalizi za majukwaa ya biashara mtandaoni",
          sdks: "SDK za programu na huduma zako mwenyewe",
          less: "Msimbo mchache wa kuandika na kutunza",
        },
      },
      api: {
        title: "REST API",
        body: "Udhibiti kamili wa makusanyo, utumaji wa malipo, uhamisho na ubadilishaji kutoka kwa mifumo yako mwenyewe.",
        points: {
          flows: "Makusanyo, utumaji wa malipo na uhamisho wa B2B",
          bulk: "Malipo mengi kwa pamoja kutoka kwa mifumo yako mwenyewe",
          docs: "Maelezo kamili ya API na mifano",
        },
      },
      docsLabel: "Soma maelezo ya API",
    },
    pricing: {
      title: "Bei",
      intro: (fee) =>
        `Lipa kwa kila muamala. Hakuna ada ya kujiunga wala ya kila mwezi. Makusanyo ni ${fee}.`,
      perTransaction: "kwa kila muamala",
      otherFeesTitle: "Ada za ubadilishaji na malipo ya kimataifa",
      plus: (fee, plus) => `${fee} pamoja na ${plus}`,
      link: "Tazama viwango vyote vya ada",
    },
    settlement: {
      title: "Muda wa ulipaji",
      intro: "Kila hatua inachukua muda gani baada ya mteja wako kulipa.",
    },
    closing: {
      title: "Jionee kwa hesabu zako mwenyewe",
      body: "Angalia viwango vya leo, kisha tuma maombi: yanaidhinishwa ndani ya saa 24 na kuweka mipangilio huchukua chini ya dakika 5.",
      rates: "Tazama Viwango vya Sasa",
      integrate: "Anza Muunganisho",
    },
    meta: {
      title: "Jinsi Inavyofanya Kazi",
      description:
        "Jinsi OneHop inavyofanya kazi: makusanyo, utumaji wa malipo, uhamisho wa B2B, kubadilisha crypto na pesa za kawaida, malipo ya kimataifa na usimamizi wa fedha, kwa bei wazi na ulipaji kwenye M-Pesa, Airtel Money, T-Kash na PesaLink.",
    },
  },
);

/** The Features page's copy in one language. */
export function featuresContent(locale: Locale) {
  const m = inLocale(featuresMessages, locale);
  const claims = claimsIn(locale);
  const tariff = tariffIn(locale);
  const o = m.offerings;
  const i = m.integrations;

  const featuresHero = {
    eyebrow: m.hero.eyebrow,
    title: m.hero.title,
    lead: m.hero.lead,
    actions: {
      primary: { label: m.hero.primary, to: paths.getStarted },
      secondary: { label: m.hero.secondary, to: paths.solutions },
    },
  };

  const offerings = {
    title: o.title,
    intro: o.intro,
    items: [
      {
        title: o.collections.title,
        body: o.collections.body,
        icon: "cart",
        points: [
          o.collections.points.coins(claims.crypto.payableNames),
          o.collections.points.phone,
          o.collections.points.links,
        ],
      },
      {
        title: o.disbursements.title,
        body: o.disbursements.body,
        icon: "send",
        points: [
          o.disbursements.points.kinds,
          o.disbursements.points.bulk,
          o.disbursements.points.split(formatKes(railLimit)),
        ],
      },
      { ...o.b2b, icon: "building", points: Object.values(o.b2b.points) },
      {
        title: o.ramp.title,
        body: o.ramp.body,
        icon: "ramp",
        points: [
          o.ramp.points.currencies,
          o.ramp.points.directions,
          o.ramp.points.refresh(ratesRefreshSeconds),
        ],
      },
      { ...o.crossBorder, icon: "globe", points: Object.values(o.crossBorder.points) },
      { ...o.treasury, icon: "vault", points: Object.values(o.treasury.points) },
    ] satisfies Offering[],
  };

  const integrations = {
    title: i.title,
    intro: i.intro,
    items: [
      { ...i.snippet, icon: "code", points: Object.values(i.snippet.points) },
      { ...i.plugins, icon: "plug", points: Object.values(i.plugins.points) },
      { ...i.api, icon: "exchange", points: Object.values(i.api.points) },
    ] satisfies Offering[],
    docsLabel: i.docsLabel,
  };

  const pricing = {
    title: m.pricing.title,
    intro: m.pricing.intro(formatBps(feeBps.c2b)),
    perTransaction: m.pricing.perTransaction,
    transactionFees: tariff.transactionFees.map((fee) => ({
      name: fee.name,
      value: formatBps(fee.bps),
      description: fee.description,
    })),
    otherFeesTitle: m.pricing.otherFeesTitle,
    otherFees: tariff.conversionFees.map((fee) => ({
      name: fee.name,
      value: fee.plus ? m.pricing.plus(formatBps(fee.bps), fee.plus) : formatBps(fee.bps),
    })),
    link: { label: m.pricing.link, to: paths.tariffSchedule },
  };

  return {
    featuresHero,
    featuresFlow: m.flow,
    offerings,
    integrations,
    pricing,
    settlement: m.settlement,
    settlementTimes: tariff.settlementTimes,
    featuresClosing: {
      title: m.closing.title,
      body: m.closing.body,
      actions: {
        rates: { label: m.closing.rates, to: paths.exchangeRates },
        integrate: { label: m.closing.integrate, to: paths.getStarted },
      },
    },
    featuresMeta: m.meta,
  };
}

/** The Features page's copy in English. */
export const {
  featuresHero,
  featuresFlow,
  offerings,
  integrations,
  pricing,
  settlement,
  featuresClosing,
  featuresMeta,
} = featuresContent("en");
