/**
 * Copy of the home page ("/") as typed data. Card titles, step names and captions follow the spec
 * (sections 1, 2 and 9) word for word. Fees come from the tariff; never write them here by hand.
 *
 * Issue 33: the words are a catalog in English and Kiswahili (`homeMessages`);
 * `homeContent(locale)` puts them together with the figures, icons and links. The named exports
 * are the English.
 */
import type { IconName } from "~/components/ui/icons";
import { company } from "~/content/company";
import { claimsIn } from "~/content/claims";
import type { Locale } from "~/i18n/locales";
import { defineMessages, inLocale } from "~/i18n/messages";
import { feeBps, formatBps } from "~/content/tariff";
import * as paths from "~/utils/paths";

export interface MarketingCard {
  title: string;
  body: string;
  icon: IconName;
}

export interface FlowStep {
  title: string;
  body: string;
  icon: IconName;
  /** The short caption under the step, e.g. "quote locked in KES". */
  caption?: string;
}

export interface HeadlineCard extends MarketingCard {
  figure: { value: string; label: string };
  link?: { to: string; label: string };
}

/**
 * Marketing figures from the spec (claims, not enforced rules). The spread is a conversion claim,
 * distinct from the transaction fees in the tariff. The ones with words are in `homeMessages`.
 */
const figures = {
  uptime: "99.9%",
  activeMerchants: "1000+",
  rating: "4.9/5",
  ratedByCount: "500+",
  support: company.supportHours,
} as const;

const collectionFee = formatBps(feeBps.c2b);

export const homeMessages = defineMessages(
  {
    figures: {
      averageSettlement: "Under 5 min",
      spread: "Under 1%",
      ratedBy: (count: string) => `${count} merchants`,
    },
    hero: {
      eyebrow: "Crypto payments for Kenyan merchants",
      title: company.tagline,
      lead: "Accept Bitcoin, Ethereum, USDT and USDC, or mobile money, and settle in Kenyan shillings to M-Pesa, Airtel Money, T-Kash or PesaLink. The KES quote is locked the moment your customer pays.",
      primary: "Get Started",
      secondary: "See how OneHop works",
      stats: {
        averageSettlement: "Average settlement time",
        spread: "Conversion spread",
        uptime: "Platform uptime",
        activeMerchants: "Active merchants",
      },
    },
    moneyFlow: {
      title: "How the money moves",
      intro:
        "One payment, five hops you never have to manage: from your customer's wallet or M-Pesa to shillings on your own rail.",
      customer: {
        title: "Customer pays",
        body: "Your customer pays with M-Pesa or with crypto at your checkout.",
      },
      gateway: {
        title: "OneHop gateway",
        body: "The gateway locks a KES quote the instant the payment starts, so the amount you receive cannot move.",
        caption: "quote locked in KES",
      },
      custody: {
        title: "Institutional custody",
        body: "Our custody provider confirms the payment on-chain and holds it in multi-signature wallets.",
        caption: "on-chain confirmed",
      },
      conversion: {
        title: "Conversion",
        body: "The crypto is converted to Kenyan shillings at the locked quote.",
      },
      settlement: {
        title: "Merchant settlement",
        body: "Shillings land on your M-Pesa, Airtel Money, T-Kash or PesaLink bank account.",
        caption: "auto-settle to your rail",
      },
    },
    featureCards: {
      title: "Built for merchants who sell in Kenya",
      intro: "Everything you need to take crypto without taking on crypto risk.",
      pricing: {
        title: "Transparent Pricing",
        body: (fee: string) =>
          `${fee} per collection, with no setup or monthly fees. You see the KES amount before your customer pays.`,
      },
      integration: {
        title: "Easy Integration",
        body: "Drop in the checkout snippet, install a plugin or SDK, or call the REST API. Most merchants are live the same day.",
      },
      rails: {
        title: "Local Rails",
        body: "Settle to M-Pesa, Airtel Money, T-Kash or any bank through PesaLink: the accounts you already use.",
      },
    },
    howItWorks: {
      title: "How it works",
      intro: "Three steps from your customer's payment to shillings in your account.",
      accept: {
        title: "Accept Crypto",
        body: (coins: string) => `Take ${coins}, or mobile money, at checkout.`,
      },
      lock: {
        title: "Lock Rate",
        body: "We lock the KES quote the moment the customer pays, so price swings never reach you.",
      },
      settle: {
        title: "Settle to Rails",
        body: "Once confirmed on-chain, the payment is converted and settled automatically to your rail.",
      },
      link: "Read the full walkthrough",
    },
    performance: {
      title: "Performance and enterprise features",
      intro: "Speed, safety and price: the three things a payment partner has to get right.",
      settlement: {
        title: "Lightning Settlement",
        body: "Payments settle to your rail in under 5 minutes on average, around the clock.",
        figure: "average settlement",
      },
      security: {
        title: "Military-Grade Security",
        body: "Institutional custody, multi-signature wallets and continuous monitoring protect every payment.",
        figure: "uptime",
      },
      rates: {
        title: "Best-in-Class Rates",
        body: "Live market rates with a spread under 1%, locked the moment your customer pays.",
        figure: "spread",
        link: "Compare live exchange rates",
      },
      enterpriseTitle: "Enterprise features",
      reach: {
        title: "Global Reach with Local Settlement",
        body: (coins: string) =>
          `Accept ${coins} from customers anywhere in the world and settle in KES at home.`,
      },
      custody: {
        title: "Institutional-Grade Custody",
        body: (licenceNumber: string) =>
          `Funds are held by an institutional custody provider in multi-signature wallets, under our ${company.licenceName} (${licenceNumber}).`,
      },
      trust: {
        title: "Trusted by Leading Merchants",
        body: (merchants: string, rating: string, ratedBy: string) =>
          `${merchants} active merchants, rated ${rating} by ${ratedBy}.`,
      },
      support: {
        title: "White-Glove Support",
        body: (hours: string) =>
          `${hours} support from a team in ${company.city}, with help on integration, reconciliation and go-live.`,
      },
    },
    closing: {
      title: "Start accepting crypto, get paid in shillings",
      body: (merchants: string) =>
        `Join ${merchants} merchants who take crypto without taking on crypto risk, and get paid on the rail you already use.`,
      noFees: "No setup or monthly fees",
      support: (hours: string) => `${hours} support`,
      rates: "View Live Rates",
      integrate: "Start Integration",
      demo: "Schedule Demo",
    },
    meta: {
      description:
        "Accept Bitcoin, Ethereum, USDT and USDC and settle in Kenyan shillings to M-Pesa, Airtel Money, T-Kash or PesaLink. KES quote locked at once, settlement in under 5 minutes on average.",
    },
  },
  {
    figures: {
      averageSettlement: "Chini ya dakika 5",
      spread: "Chini ya 1%",
      ratedBy: (count) => `wafanyabiashara ${count}`,
    },
    hero: {
      eyebrow: "Malipo ya crypto kwa wafanyabiashara wa Kenya",
      title: "Kutoka crypto hadi M-Pesa kwa hatua moja",
      lead: "Pokea Bitcoin, Ethereum, USDT na USDC, au pesa za simu, na ulipwe kwa shilingi za Kenya kwenye M-Pesa, Airtel Money, T-Kash au PesaLink. Bei ya KES inafungwa pale pale mteja wako anapolipa.",
      primary: "Anza",
      secondary: "Jinsi OneHop inavyofanya kazi",
      stats: {
        averageSettlement: "Muda wa wastani wa ulipaji",
        spread: "Tofauti ya bei ya ubadilishaji",
        uptime: "Upatikanaji wa huduma",
        activeMerchants: "Wafanyabiashara wanaotumia OneHop",
      },
    },
    moneyFlow: {
      title: "Jinsi pesa zinavyosafiri",
      intro:
        "Malipo moja, hatua tano ambazo hutahitaji kuzisimamia: kutoka pochi ya mteja wako au M-Pesa hadi shilingi kwenye njia yako ya malipo.",
      customer: {
        title: "Mteja analipa",
        body: "Mteja wako analipa kwa M-Pesa au kwa crypto kwenye ukurasa wako wa malipo.",
      },
      gateway: {
        title: "Lango la OneHop",
        body: "Lango linafunga bei ya KES pale pale malipo yanapoanza, kwa hiyo kiasi utakachopokea hakiwezi kubadilika.",
        caption: "bei imefungwa kwa KES",
      },
      custody: {
        title: "Uhifadhi wa kitaasisi",
        body: "Mtoa huduma wetu wa uhifadhi anathibitisha malipo kwenye blockchain na kuyahifadhi kwenye pochi zenye saini nyingi.",
        caption: "imethibitishwa kwenye blockchain",
      },
      conversion: {
        title: "Ubadilishaji",
        body: "Crypto inabadilishwa kuwa shilingi za Kenya kwa bei iliyofungwa.",
      },
      settlement: {
        title: "Ulipaji kwa mfanyabiashara",
        body: "Shilingi zinaingia kwenye M-Pesa, Airtel Money, T-Kash au akaunti yako ya benki kupitia PesaLink.",
        caption: "ulipaji wa moja kwa moja kwenye njia yako",
      },
    },
    featureCards: {
      title: "Imeundwa kwa wafanyabiashara wanaouza Kenya",
      intro: "Kila kitu unachohitaji kupokea crypto bila kubeba hatari ya crypto.",
      pricing: {
        title: "Bei Wazi",
        body: (fee) =>
          `${fee} kwa kila makusanyo, bila ada ya kujiunga wala ya kila mwezi. Unaona kiasi cha KES kabla mteja wako hajalipa.`,
      },
      integration: {
        title: "Muunganisho Rahisi",
        body: "Weka kipande cha msimbo wa ukurasa wa malipo, sakinisha programu-jalizi au SDK, au tumia REST API. Wafanyabiashara wengi wanaanza kupokea malipo siku hiyo hiyo.",
      },
      rails: {
        title: "Njia za Malipo za Hapa Nyumbani",
        body: "Pokea ulipaji kwenye M-Pesa, Airtel Money, T-Kash au benki yoyote kupitia PesaLink: akaunti unazotumia tayari.",
      },
    },
    howItWorks: {
      title: "Jinsi inavyofanya kazi",
      intro: "Hatua tatu kutoka malipo ya mteja wako hadi shilingi kwenye akaunti yako.",
      accept: {
        title: "Pokea Crypto",
        body: (coins) => `Pokea ${coins}, au pesa za simu, kwenye ukurasa wa malipo.`,
      },
      lock: {
        title: "Funga Kiwango",
        body: "Tunafunga bei ya KES pale pale mteja anapolipa, kwa hiyo kupanda na kushuka kwa bei hakukufikii.",
      },
      settle: {
        title: "Ulipaji kwenye Njia Yako",
        body: "Yakishathibitishwa kwenye blockchain, malipo yanabadilishwa na kulipwa kwako moja kwa moja kwenye njia yako ya malipo.",
      },
      link: "Soma maelezo kamili",
    },
    performance: {
      title: "Kasi na huduma za makampuni makubwa",
      intro: "Kasi, usalama na bei: mambo matatu ambayo mshirika wa malipo lazima ayafanye vizuri.",
      settlement: {
        title: "Ulipaji wa Haraka",
        body: "Malipo yanakufikia kwenye njia yako kwa chini ya dakika 5 kwa wastani, mchana na usiku.",
        figure: "ulipaji wa wastani",
      },
      security: {
        title: "Usalama wa Hali ya Juu",
        body: "Uhifadhi wa kitaasisi, pochi zenye saini nyingi na ufuatiliaji usiokoma hulinda kila malipo.",
        figure: "upatikanaji wa huduma",
      },
      rates: {
        title: "Viwango Bora",
        body: "Viwango vya soko vya moja kwa moja, tofauti ya bei chini ya 1%, vinavyofungwa pale pale mteja wako anapolipa.",
        figure: "tofauti ya bei",
        link: "Linganisha viwango vya ubadilishaji vya sasa",
      },
      enterpriseTitle: "Huduma za makampuni makubwa",
      reach: {
        title: "Wateja Duniani Kote, Ulipaji Hapa Nyumbani",
        body: (coins) =>
          `Pokea ${coins} kutoka kwa wateja popote duniani na ulipwe kwa KES hapa nyumbani.`,
      },
      custody: {
        title: "Uhifadhi wa Kitaasisi",
        body: (licenceNumber) =>
          `Fedha zinahifadhiwa na mtoa huduma wa uhifadhi wa kitaasisi kwenye pochi zenye saini nyingi, chini ya leseni yetu ya Biashara ya Huduma za Fedha (${licenceNumber}).`,
      },
      trust: {
        title: "Tunaaminiwa na Wafanyabiashara Wakubwa",
        body: (merchants, rating, ratedBy) =>
          `Wafanyabiashara ${merchants} wanaotumia OneHop, alama ${rating} kutoka kwa ${ratedBy}.`,
      },
      support: {
        title: "Msaada wa Karibu",
        body: (hours) =>
          `Msaada ${hours} kutoka kwa timu yetu jijini Nairobi, kwa muunganisho, upatanisho wa hesabu na kuanza kazi.`,
      },
    },
    closing: {
      title: "Anza kupokea crypto, ulipwe kwa shilingi",
      body: (merchants) =>
        `Jiunge na wafanyabiashara ${merchants} wanaopokea crypto bila kubeba hatari ya crypto, na ulipwe kwenye njia ya malipo unayotumia tayari.`,
      noFees: "Hakuna ada ya kujiunga wala ya kila mwezi",
      support: (hours) => `Msaada ${hours}`,
      rates: "Tazama Viwango vya Sasa",
      integrate: "Anza Muunganisho",
      demo: "Panga Maonyesho",
    },
    meta: {
      description:
        "Pokea Bitcoin, Ethereum, USDT na USDC na ulipwe kwa shilingi za Kenya kwenye M-Pesa, Airtel Money, T-Kash au PesaLink. Bei ya KES inafungwa mara moja, na ulipaji huchukua chini ya dakika 5 kwa wastani.",
    },
  },
);

/** The home page's copy in one language: the catalog's words with the figures, icons and links. */
export function homeContent(locale: Locale) {
  const m = inLocale(homeMessages, locale);
  const claims = claimsIn(locale);
  const { ratedByCount, ...fixedFigures } = figures;
  const marketingFigures = {
    averageSettlement: m.figures.averageSettlement,
    spread: m.figures.spread,
    ...fixedFigures,
    ratedBy: m.figures.ratedBy(ratedByCount),
  };

  const homeHero = {
    eyebrow: m.hero.eyebrow,
    title: m.hero.title,
    lead: m.hero.lead,
    primaryAction: { label: m.hero.primary, to: paths.getStarted },
    secondaryAction: { label: m.hero.secondary, to: paths.features },
    stats: [
      { value: marketingFigures.averageSettlement, label: m.hero.stats.averageSettlement },
      { value: marketingFigures.spread, label: m.hero.stats.spread },
      { value: marketingFigures.uptime, label: m.hero.stats.uptime },
      { value: marketingFigures.activeMerchants, label: m.hero.stats.activeMerchants },
    ],
  };

  /** 1. How the money moves: five steps, three of them captioned. */
  const flow = m.moneyFlow;
  const moneyFlow = {
    title: flow.title,
    intro: flow.intro,
    steps: [
      { ...flow.customer, icon: "phone" },
      { ...flow.gateway, icon: "lock" },
      { ...flow.custody, icon: "shield" },
      { ...flow.conversion, icon: "exchange" },
      { ...flow.settlement, icon: "store" },
    ] satisfies FlowStep[],
  };

  /** 2. Three feature cards. */
  const cards = m.featureCards;
  const featureCards = {
    title: cards.title,
    intro: cards.intro,
    cards: [
      { title: cards.pricing.title, body: cards.pricing.body(collectionFee), icon: "tag" },
      { ...cards.integration, icon: "code" },
      { ...cards.rails, icon: "wallet" },
    ] satisfies MarketingCard[],
  };

  /** 3. How it works: three steps. */
  const how = m.howItWorks;
  const howItWorks = {
    title: how.title,
    intro: how.intro,
    steps: [
      { title: how.accept.title, body: how.accept.body(claims.crypto.payableNames), icon: "cart" },
      { ...how.lock, icon: "lock" },
      { ...how.settle, icon: "send" },
    ] satisfies MarketingCard[],
    link: { label: how.link, to: paths.features },
  };

  /** 4. Performance and enterprise features. */
  const perf = m.performance;
  const performance = {
    title: perf.title,
    intro: perf.intro,
    headlineCards: [
      {
        title: perf.settlement.title,
        body: perf.settlement.body,
        icon: "bolt",
        figure: { value: marketingFigures.averageSettlement, label: perf.settlement.figure },
      },
      {
        title: perf.security.title,
        body: perf.security.body,
        icon: "shield",
        figure: { value: marketingFigures.uptime, label: perf.security.figure },
      },
      {
        title: perf.rates.title,
        body: perf.rates.body,
        icon: "chart",
        figure: { value: marketingFigures.spread, label: perf.rates.figure },
        link: { to: paths.exchangeRates, label: perf.rates.link },
      },
    ] satisfies HeadlineCard[],
    enterpriseTitle: perf.enterpriseTitle,
    enterpriseCards: [
      {
        title: perf.reach.title,
        body: perf.reach.body(claims.crypto.payableNames),
        icon: "globe",
      },
      {
        title: perf.custody.title,
        body: perf.custody.body(company.licenceNumber),
        icon: "vault",
      },
      {
        title: perf.trust.title,
        body: perf.trust.body(
          marketingFigures.activeMerchants,
          marketingFigures.rating,
          marketingFigures.ratedBy,
        ),
        icon: "star",
      },
      {
        title: perf.support.title,
        body: perf.support.body(marketingFigures.support),
        icon: "headset",
      },
    ] satisfies MarketingCard[],
  };

  /** 5. Closing call to action. */
  const closing = m.closing;
  const closingCta = {
    title: closing.title,
    body: closing.body(marketingFigures.activeMerchants),
    highlights: [
      closing.noFees,
      claims.fees.highlight,
      claims.crypto.highlight,
      closing.support(marketingFigures.support),
    ],
    actions: {
      rates: { label: closing.rates, to: paths.exchangeRates },
      integrate: { label: closing.integrate, to: paths.getStarted },
      demo: { label: closing.demo },
    },
  };

  const homeMeta = { description: m.meta.description };

  return {
    marketingFigures,
    homeHero,
    moneyFlow,
    featureCards,
    howItWorks,
    performance,
    closingCta,
    homeMeta,
  };
}

/** The home page's copy in English. */
export const {
  marketingFigures,
  homeHero,
  moneyFlow,
  featureCards,
  howItWorks,
  performance,
  closingCta,
  homeMeta,
} = homeContent("en");
