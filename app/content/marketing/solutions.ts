/**
 * Copy of the Solutions page ("/solutions") as typed data. Tab labels and the transaction figures
 * (5M+, 3M, 1M+) follow the spec; fees come from the tariff.
 *
 * Issue 33: the words are a catalog in English and Kiswahili (`solutionsMessages`);
 * `solutionsContent(locale)` puts them together with the figures, icons and links. The named
 * exports are the English.
 */
import type { IconName } from "~/components/ui/icons";
import { claimsIn } from "~/content/claims";
import { feeBps, formatBps } from "~/content/tariff";
import type { Locale } from "~/i18n/locales";
import { defineMessages, inLocale } from "~/i18n/messages";
import * as paths from "~/utils/paths";

export type FlowId = "collections" | "disbursements" | "b2b-payments";

export interface PaymentFlow {
  id: FlowId;
  /** The tab label. */
  label: string;
  /** The panel heading. */
  title: string;
  summary: string;
  steps: readonly { title: string; body: string }[];
  useCases: readonly string[];
  stats: readonly { value: string; label: string }[];
}

export interface SolutionCard {
  title: string;
  body: string;
  icon: IconName;
  /** Visible text of the link to the external documentation. */
  docsLabel: string;
}

const step = (title: string, body: string) => ({ title, body });

export const solutionsMessages = defineMessages(
  {
    hero: {
      eyebrow: "Solutions",
      title: "Payment solutions for every way your business moves money",
      lead: "Collect from customers, pay out to staff and suppliers, and move money between businesses: in crypto or mobile money, settled in Kenyan shillings.",
      integrate: "Start Integration",
      onboarding: "Start Your Payment Journey",
    },
    cards: {
      title: "Solutions",
      intro:
        "Pick the flows you need. Each one is documented end to end, with API references and examples.",
      collections: {
        title: "Collections",
        body: "Accept crypto and mobile-money payments online, in store or by invoice, settled in KES.",
        docsLabel: "Collections documentation",
      },
      disbursements: {
        title: "Disbursements",
        body: "Pay salaries, refunds, suppliers and affiliates to mobile money or bank accounts, one by one or in bulk.",
        docsLabel: "Disbursements documentation",
      },
      b2b: {
        title: "B2B Payments",
        body: "Pay and get paid by other businesses, locally and across borders, with a full audit trail.",
        docsLabel: "B2B Payments documentation",
      },
      ramp: {
        title: "Fiat On/Off Ramp",
        body: "Move between crypto and KES, USD or EUR at a locked quote.",
        docsLabel: "On/off ramp documentation",
      },
      crossBorder: {
        title: "Cross-Border Payments",
        body: "Receive from customers and partners abroad in stablecoins and settle locally in minutes.",
        docsLabel: "Cross-border payments documentation",
      },
      treasury: {
        title: "Treasury",
        body: "Convert balances automatically and receive T+1 payouts to your bank account.",
        docsLabel: "Treasury documentation",
      },
    },
    flowsSection: {
      title: "How it works",
      intro: "Choose a flow to see the steps, typical use cases and what it handles today.",
      tabListLabel: "Payment flows",
    },
    flows: {
      transactions: "Transactions",
      collections: {
        label: "Collections",
        title: "Collections: get paid in crypto, receive shillings",
        summary:
          "Your customers pay in Bitcoin, Ethereum, USDT, USDC or mobile money. You receive Kenyan shillings on your own rail.",
        steps: {
          checkout: step(
            "Customer checks out",
            "They choose crypto or M-Pesa at your checkout, payment link or invoice.",
          ),
          quote: step(
            "Quote locked in KES",
            "OneHop locks the KES amount at once and confirms the payment on-chain.",
          ),
          settled: step(
            "Auto-settled to you",
            "The payment is converted and settled to your M-Pesa, Airtel Money, T-Kash or bank.",
          ),
        },
        useCases: {
          ecommerce: "E-commerce checkout",
          pos: "Point-of-sale payments",
          invoices: "Invoices and payment links",
          subscriptions: "Subscriptions and top-ups",
        },
        feeLabel: "Collection fee",
        settlementValue: "Under 5 min",
        settlementLabel: "Average settlement",
      },
      disbursements: {
        label: "Disbursements",
        title: "Disbursements: pay out to anyone's phone or bank",
        summary:
          "Send money to customers, staff, suppliers and affiliates on M-Pesa, Airtel Money, T-Kash or PesaLink, funded from crypto or KES.",
        steps: {
          upload: step(
            "Upload or call the API",
            "Submit one payout or a bulk file of thousands, or send them through the API.",
          ),
          validate: step(
            "Validate and fund",
            "Recipients and amounts are checked, and your balance is converted to KES if needed.",
          ),
          paid: step(
            "Recipients get paid",
            "Payouts arrive on each recipient's rail, with amounts above rail limits split automatically.",
          ),
        },
        useCases: {
          payroll: "Payroll",
          refunds: "Customer refunds",
          suppliers: "Supplier payouts",
          commissions: "Affiliate and agent commissions",
        },
        feeLabel: "Payout fee",
        bulkValue: "Bulk",
        bulkLabel: "By file upload or API",
      },
      b2b: {
        label: "B2B Payments",
        title: "B2B Payments: settle with other businesses",
        summary:
          "Pay partners and get paid by them, locally or across borders, in stablecoins or shillings, with a locked rate on every transfer.",
        steps: {
          create: step(
            "Create the transfer",
            "Enter the business, amount and currency, or raise it from your ERP through the API.",
          ),
          lock: step(
            "Lock the rate",
            "The conversion rate is locked when you confirm, so both sides know the exact amount.",
          ),
          reconcile: step(
            "Settle and reconcile",
            "Funds settle to the partner's account and both sides get a reference for reconciliation.",
          ),
        },
        useCases: {
          suppliers: "Supplier and distributor payments",
          trade: "Import and export settlement",
          intercompany: "Intercompany transfers",
          treasury: "Treasury rebalancing",
        },
        feeLabel: "B2B fee",
        treasuryLabel: "Treasury payouts",
      },
    },
    coins: {
      title: "Cryptocurrencies",
      intro: (coins: string, note: string) =>
        `${coins} are accepted at checkout, with live rates. ${note}`,
      link: "See networks and limits for each currency",
    },
    closing: {
      title: "Ready when you are",
      body: "Apply in minutes, get approved within 24 hours, and start accepting crypto the same day.",
      demoLabel: "Schedule Demo",
    },
    meta: {
      title: "Solutions",
      description:
        "Collections, disbursements and B2B payments in crypto and mobile money, settled in Kenyan shillings to M-Pesa, Airtel Money, T-Kash or PesaLink.",
    },
  },
  {
    hero: {
      eyebrow: "Suluhisho",
      title: "Suluhisho za malipo kwa kila njia biashara yako inavyohamisha pesa",
      lead: "Kusanya kutoka kwa wateja, tuma malipo kwa wafanyakazi na wasambazaji, na hamisha pesa kati ya biashara: kwa crypto au pesa za simu, na ulipaji kwa shilingi za Kenya.",
      integrate: "Anza Muunganisho",
      onboarding: "Anza Safari Yako ya Malipo",
    },
    cards: {
      title: "Suluhisho",
      intro:
        "Chagua aina za malipo unazohitaji. Kila moja imeelezwa kikamilifu, na marejeo ya API na mifano.",
      collections: {
        title: "Makusanyo",
        body: "Pokea malipo ya crypto na pesa za simu mtandaoni, dukani au kwa ankara, na ulipaji kwa KES.",
        docsLabel: "Maelezo ya makusanyo",
      },
      disbursements: {
        title: "Utumaji wa Malipo",
        body: "Lipa mishahara, marejesho, wasambazaji na mawakala kwenye pesa za simu au akaunti za benki, mmoja mmoja au kwa pamoja.",
        docsLabel: "Maelezo ya utumaji wa malipo",
      },
      b2b: {
        title: "Malipo ya B2B",
        body: "Lipa na ulipwe na biashara nyingine, hapa nchini na kimataifa, na rekodi kamili ya ukaguzi.",
        docsLabel: "Maelezo ya malipo ya B2B",
      },
      ramp: {
        title: "Kubadilisha Crypto na Pesa za Kawaida",
        body: "Badilisha kati ya crypto na KES, USD au EUR kwa bei iliyofungwa.",
        docsLabel: "Maelezo ya kubadilisha crypto na pesa za kawaida",
      },
      crossBorder: {
        title: "Malipo ya Kimataifa",
        body: "Pokea kutoka kwa wateja na washirika walio nje ya nchi kwa stablecoin na ulipwe hapa nchini kwa dakika.",
        docsLabel: "Maelezo ya malipo ya kimataifa",
      },
      treasury: {
        title: "Usimamizi wa Fedha",
        body: "Badilisha salio moja kwa moja na upokee malipo ya T+1 kwenye akaunti yako ya benki.",
        docsLabel: "Maelezo ya usimamizi wa fedha",
      },
    },
    flowsSection: {
      title: "Jinsi inavyofanya kazi",
      intro:
        "Chagua aina ya malipo uone hatua zake, matumizi ya kawaida na kile inachoshughulikia leo.",
      tabListLabel: "Aina za malipo",
    },
    flows: {
      transactions: "Miamala",
      collections: {
        label: "Makusanyo",
        title: "Makusanyo: lipwa kwa crypto, pokea shilingi",
        summary:
          "Wateja wako wanalipa kwa Bitcoin, Ethereum, USDT, USDC au pesa za simu. Wewe unapokea shilingi za Kenya kwenye njia yako ya malipo.",
        steps: {
          checkout: step(
            "Mteja analipa",
            "Anachagua crypto au M-Pesa kwenye ukurasa wako wa malipo, kiungo cha malipo au ankara.",
          ),
          quote: step(
            "Bei imefungwa kwa KES",
            "OneHop inafunga kiasi cha KES mara moja na kuthibitisha malipo kwenye blockchain.",
          ),
          settled: step(
            "Ulipaji wa moja kwa moja kwako",
            "Malipo yanabadilishwa na kulipwa kwako kwenye M-Pesa, Airtel Money, T-Kash au benki.",
          ),
        },
        useCases: {
          ecommerce: "Ukurasa wa malipo wa duka la mtandaoni",
          pos: "Malipo dukani",
          invoices: "Ankara na viungo vya malipo",
          subscriptions: "Usajili na kuongeza salio",
        },
        feeLabel: "Ada ya makusanyo",
        settlementValue: "Chini ya dakika 5",
        settlementLabel: "Ulipaji wa wastani",
      },
      disbursements: {
        label: "Utumaji wa Malipo",
        title: "Utumaji wa malipo: lipa mtu yeyote kwenye simu au benki",
        summary:
          "Tuma pesa kwa wateja, wafanyakazi, wasambazaji na mawakala kwenye M-Pesa, Airtel Money, T-Kash au PesaLink, kutoka kwa crypto au KES.",
        steps: {
          upload: step(
            "Pakia faili au tumia API",
            "Wasilisha malipo moja au faili la maelfu kwa pamoja, au yatume kupitia API.",
          ),
          validate: step(
            "Hakiki na weka pesa",
            "Wapokeaji na kiasi vinakaguliwa, na salio lako linabadilishwa kuwa KES ikihitajika.",
          ),
          paid: step(
            "Wapokeaji wanalipwa",
            "Malipo yanamfikia kila mpokeaji kwenye njia yake, na kiasi kinachozidi vikomo kinagawanywa moja kwa moja.",
          ),
        },
        useCases: {
          payroll: "Mishahara",
          refunds: "Marejesho kwa wateja",
          suppliers: "Malipo kwa wasambazaji",
          commissions: "Kamisheni za mawakala",
        },
        feeLabel: "Ada ya utumaji",
        bulkValue: "Kwa wingi",
        bulkLabel: "Kwa kupakia faili au kupitia API",
      },
      b2b: {
        label: "Malipo ya B2B",
        title: "Malipo ya B2B: malizana na biashara nyingine",
        summary:
          "Lipa washirika na ulipwe nao, hapa nchini au kimataifa, kwa stablecoin au shilingi, na kiwango kilichofungwa kwa kila uhamisho.",
        steps: {
          create: step(
            "Anzisha uhamisho",
            "Weka biashara, kiasi na sarafu, au uuanzishe kutoka kwa mfumo wako wa ERP kupitia API.",
          ),
          lock: step(
            "Funga kiwango",
            "Kiwango cha ubadilishaji kinafungwa unapothibitisha, kwa hiyo pande zote mbili zinajua kiasi kamili.",
          ),
          reconcile: step(
            "Lipa na upatanishe",
            "Pesa zinaingia kwenye akaunti ya mshirika na pande zote mbili zinapata kumbukumbu ya kupatanisha hesabu.",
          ),
        },
        useCases: {
          suppliers: "Malipo kwa wasambazaji na wasambazaji wakubwa",
          trade: "Malipo ya uagizaji na uuzaji nje",
          intercompany: "Uhamisho kati ya kampuni za kundi moja",
          treasury: "Kusawazisha fedha za biashara",
        },
        feeLabel: "Ada ya B2B",
        treasuryLabel: "Malipo ya usimamizi wa fedha",
      },
    },
    coins: {
      title: "Sarafu za crypto",
      intro: (coins, note) =>
        `${coins} zinakubaliwa kwenye ukurasa wa malipo, kwa viwango vya sasa. ${note}`,
      link: "Tazama mitandao na vikomo vya kila sarafu",
    },
    closing: {
      title: "Tuko tayari ukiwa tayari",
      body: "Tuma maombi kwa dakika chache, yaidhinishwe ndani ya saa 24, na uanze kupokea crypto siku hiyo hiyo.",
      demoLabel: "Panga Maonyesho",
    },
    meta: {
      title: "Suluhisho",
      description:
        "Makusanyo, utumaji wa malipo na malipo ya B2B kwa crypto na pesa za simu, na ulipaji kwa shilingi za Kenya kwenye M-Pesa, Airtel Money, T-Kash au PesaLink.",
    },
  },
);

export const defaultFlowId: FlowId = "collections";

/** The Solutions page's copy in one language. */
export function solutionsContent(locale: Locale) {
  const m = inLocale(solutionsMessages, locale);
  const claims = claimsIn(locale);
  const f = m.flows;
  const c = m.cards;

  const solutionsHero = {
    eyebrow: m.hero.eyebrow,
    title: m.hero.title,
    lead: m.hero.lead,
    actions: {
      integrate: { label: m.hero.integrate, to: paths.getStarted },
      onboarding: { label: m.hero.onboarding, to: paths.onboarding },
    },
  };

  const solutionCards = {
    title: c.title,
    intro: c.intro,
    cards: [
      { ...c.collections, icon: "cart" },
      { ...c.disbursements, icon: "send" },
      { ...c.b2b, icon: "building" },
      { ...c.ramp, icon: "ramp" },
      { ...c.crossBorder, icon: "globe" },
      { ...c.treasury, icon: "vault" },
    ] satisfies SolutionCard[],
  };

  const paymentFlows = [
    {
      id: "collections",
      label: f.collections.label,
      title: f.collections.title,
      summary: f.collections.summary,
      steps: Object.values(f.collections.steps),
      useCases: Object.values(f.collections.useCases),
      stats: [
        { value: "5M+", label: f.transactions },
        { value: formatBps(feeBps.c2b), label: f.collections.feeLabel },
        { value: f.collections.settlementValue, label: f.collections.settlementLabel },
      ],
    },
    {
      id: "disbursements",
      label: f.disbursements.label,
      title: f.disbursements.title,
      summary: f.disbursements.summary,
      steps: Object.values(f.disbursements.steps),
      useCases: Object.values(f.disbursements.useCases),
      stats: [
        { value: "3M", label: f.transactions },
        { value: formatBps(feeBps.b2c), label: f.disbursements.feeLabel },
        { value: f.disbursements.bulkValue, label: f.disbursements.bulkLabel },
      ],
    },
    {
      id: "b2b-payments",
      label: f.b2b.label,
      title: f.b2b.title,
      summary: f.b2b.summary,
      steps: Object.values(f.b2b.steps),
      useCases: Object.values(f.b2b.useCases),
      stats: [
        { value: "1M+", label: f.transactions },
        { value: formatBps(feeBps.b2b), label: f.b2b.feeLabel },
        { value: "T+1", label: f.b2b.treasuryLabel },
      ],
    },
  ] satisfies PaymentFlow[];

  const coinsSection = {
    title: m.coins.title,
    intro: m.coins.intro(claims.crypto.payableNames, claims.crypto.indicativeNote),
    payableTitle: claims.crypto.availability.payable,
    indicativeTitle: claims.crypto.availability.indicative,
    link: { label: m.coins.link, to: paths.supportedCurrencies },
  };

  return {
    solutionsHero,
    solutionCards,
    flowsSection: m.flowsSection,
    paymentFlows,
    coinsSection,
    solutionsClosing: m.closing,
    solutionsMeta: m.meta,
  };
}

/** The Solutions page's copy in English. */
export const {
  solutionsHero,
  solutionCards,
  flowsSection,
  paymentFlows,
  coinsSection,
  solutionsClosing,
  solutionsMeta,
} = solutionsContent("en");

/** The flow named by `?flow=`, or Collections for anything else. */
export function findFlow(
  id: string | null | undefined,
  flows: readonly PaymentFlow[] = paymentFlows,
): PaymentFlow | undefined {
  return flows.find((flow) => flow.id === id) ?? flows.find((flow) => flow.id === defaultFlowId);
}
