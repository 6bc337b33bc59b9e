/**
 * Copy of the home page ("/") as typed data. Card titles, step names and captions follow the spec
 * (sections 1, 2 and 9) word for word. Fees come from the tariff; never write them here by hand.
 */
import type { IconName } from "~/components/ui/icons";
import { company } from "~/content/company";
import { claims } from "~/content/claims";
import { feeBps, formatBps } from "~/content/tariff";
import { paths } from "~/utils/paths";

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
 * distinct from the transaction fees in the tariff.
 */
export const marketingFigures = {
  averageSettlement: "Under 5 min",
  spread: "Under 1%",
  uptime: "99.9%",
  activeMerchants: "1000+",
  rating: "4.9/5",
  ratedBy: "500+ merchants",
  support: company.supportHours,
} as const;

export const homeHero = {
  eyebrow: "Crypto payments for Kenyan merchants",
  title: company.tagline,
  lead: "Accept Bitcoin, Ethereum, USDT and USDC, or mobile money, and settle in Kenyan shillings to M-Pesa, Airtel Money, T-Kash or PesaLink. The KES quote is locked the moment your customer pays.",
  primaryAction: { label: "Get Started", to: paths.getStarted },
  secondaryAction: { label: "See how OneHop works", to: paths.features },
  stats: [
    { value: marketingFigures.averageSettlement, label: "Average settlement time" },
    { value: marketingFigures.spread, label: "Conversion spread" },
    { value: marketingFigures.uptime, label: "Platform uptime" },
    { value: marketingFigures.activeMerchants, label: "Active merchants" },
  ],
} as const;

/** 1. How the money moves: five steps, three of them captioned. */
export const moneyFlow = {
  title: "How the money moves",
  intro:
    "One payment, five hops you never have to manage: from your customer's wallet or M-Pesa to shillings on your own rail.",
  steps: [
    {
      title: "Customer pays",
      body: "Your customer pays with M-Pesa or with crypto at your checkout.",
      icon: "phone",
    },
    {
      title: "OneHop gateway",
      body: "The gateway locks a KES quote the instant the payment starts, so the amount you receive cannot move.",
      icon: "lock",
      caption: "quote locked in KES",
    },
    {
      title: "Institutional custody",
      body: "Our custody provider confirms the payment on-chain and holds it in multi-signature wallets.",
      icon: "shield",
      caption: "on-chain confirmed",
    },
    {
      title: "Conversion",
      body: "The crypto is converted to Kenyan shillings at the locked quote.",
      icon: "exchange",
    },
    {
      title: "Merchant settlement",
      body: "Shillings land on your M-Pesa, Airtel Money, T-Kash or PesaLink bank account.",
      icon: "store",
      caption: "auto-settle to your rail",
    },
  ] satisfies FlowStep[],
} as const;

/** 2. Three feature cards. */
export const featureCards = {
  title: "Built for merchants who sell in Kenya",
  intro: "Everything you need to take crypto without taking on crypto risk.",
  cards: [
    {
      title: "Transparent Pricing",
      body: `${formatBps(feeBps.c2b)} per collection, with no setup or monthly fees. You see the KES amount before your customer pays.`,
      icon: "tag",
    },
    {
      title: "Easy Integration",
      body: "Drop in the checkout snippet, install a plugin or SDK, or call the REST API. Most merchants are live the same day.",
      icon: "code",
    },
    {
      title: "Local Rails",
      body: "Settle to M-Pesa, Airtel Money, T-Kash or any bank through PesaLink: the accounts you already use.",
      icon: "wallet",
    },
  ] satisfies MarketingCard[],
} as const;

/** 3. How it works: three steps. */
export const howItWorks = {
  title: "How it works",
  intro: "Three steps from your customer's payment to shillings in your account.",
  steps: [
    {
      title: "Accept Crypto",
      body: `Take ${claims.crypto.payableNames}, or mobile money, at checkout.`,
      icon: "cart",
    },
    {
      title: "Lock Rate",
      body: "We lock the KES quote the moment the customer pays, so price swings never reach you.",
      icon: "lock",
    },
    {
      title: "Settle to Rails",
      body: "Once confirmed on-chain, the payment is converted and settled automatically to your rail.",
      icon: "send",
    },
  ] satisfies MarketingCard[],
  link: { label: "Read the full walkthrough", to: paths.features },
} as const;

/** 4. Performance and enterprise features. */
export const performance = {
  title: "Performance and enterprise features",
  intro: "Speed, safety and price: the three things a payment partner has to get right.",
  headlineCards: [
    {
      title: "Lightning Settlement",
      body: "Payments settle to your rail in under 5 minutes on average, around the clock.",
      icon: "bolt",
      figure: { value: marketingFigures.averageSettlement, label: "average settlement" },
    },
    {
      title: "Military-Grade Security",
      body: "Institutional custody, multi-signature wallets and continuous monitoring protect every payment.",
      icon: "shield",
      figure: { value: marketingFigures.uptime, label: "uptime" },
    },
    {
      title: "Best-in-Class Rates",
      body: "Live market rates with a spread under 1%, locked the moment your customer pays.",
      icon: "chart",
      figure: { value: marketingFigures.spread, label: "spread" },
      link: { to: paths.exchangeRates, label: "Compare live exchange rates" },
    },
  ] satisfies HeadlineCard[],
  enterpriseTitle: "Enterprise features",
  enterpriseCards: [
    {
      title: "Global Reach with Local Settlement",
      body: `Accept ${claims.crypto.payableNames} from customers anywhere in the world and settle in KES at home.`,
      icon: "globe",
    },
    {
      title: "Institutional-Grade Custody",
      body: `Funds are held by an institutional custody provider in multi-signature wallets, under our ${company.licenceName} (${company.licenceNumber}).`,
      icon: "vault",
    },
    {
      title: "Trusted by Leading Merchants",
      body: `${marketingFigures.activeMerchants} active merchants, rated ${marketingFigures.rating} by ${marketingFigures.ratedBy}.`,
      icon: "star",
    },
    {
      title: "White-Glove Support",
      body: `${marketingFigures.support} support from a team in ${company.city}, with help on integration, reconciliation and go-live.`,
      icon: "headset",
    },
  ] satisfies MarketingCard[],
} as const;

/** 5. Closing call to action. */
export const closingCta = {
  title: "Start accepting crypto, get paid in shillings",
  body: `Join ${marketingFigures.activeMerchants} merchants who take crypto without taking on crypto risk, and get paid on the rail you already use.`,
  highlights: [
    "No setup or monthly fees",
    claims.fees.highlight,
    claims.crypto.highlight,
    `${marketingFigures.support} support`,
  ],
  actions: {
    rates: { label: "View Live Rates", to: paths.exchangeRates },
    integrate: { label: "Start Integration", to: paths.getStarted },
    demo: { label: "Schedule Demo" },
  },
} as const;

export const homeMeta = {
  description:
    "Accept Bitcoin, Ethereum, USDT and USDC and settle in Kenyan shillings to M-Pesa, Airtel Money, T-Kash or PesaLink. KES quote locked at once, settlement in under 5 minutes on average.",
} as const;
