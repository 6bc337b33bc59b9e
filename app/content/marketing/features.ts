/**
 * Copy of the Features page ("/features", the footer's "How It Works") as typed data. Fees, limits
 * and settlement times are read from the tariff, never written here by hand.
 */
import type { IconName } from "~/components/ui/icons";
import { claims } from "~/content/claims";
import {
  conversionFees,
  feeBps,
  formatBps,
  mobileMoneyLimits,
  ratesRefreshSeconds,
  transactionFees,
} from "~/content/tariff";
import { formatKes } from "~/utils/format";
import { paths } from "~/utils/paths";

export interface Offering {
  title: string;
  body: string;
  icon: IconName;
  points: readonly string[];
}

const railLimit = mobileMoneyLimits[0].perTransaction;

export const featuresHero = {
  eyebrow: "How It Works",
  title: "How OneHop turns crypto into shillings on your rail",
  lead: "Customers pay in crypto or mobile money. OneHop locks a KES quote at once, confirms the payment on-chain through an institutional custody provider, converts it and settles it to M-Pesa, Airtel Money, T-Kash or PesaLink.",
  actions: {
    primary: { label: "Get Started", to: paths.getStarted },
    secondary: { label: "See solutions by flow", to: paths.solutions },
  },
} as const;

export const featuresFlow = {
  title: "From payment to payout",
  intro: "Every payment takes the same five hops. You only see the first and the last.",
} as const;

export const offerings = {
  title: "What you can do with OneHop",
  intro: "One account for money coming in, money going out and everything in between.",
  items: [
    {
      title: "Collections",
      body: "Accept payments from customers in crypto or mobile money and receive Kenyan shillings.",
      icon: "cart",
      points: [
        `${claims.crypto.payableNames} accepted at checkout`,
        "M-Pesa, Airtel Money and T-Kash for customers who pay by phone",
        "Checkout, payment links and invoices",
      ],
    },
    {
      title: "Disbursements",
      body: "Pay out to people and businesses on the rail they use every day.",
      icon: "send",
      points: [
        "Payroll, refunds, supplier and affiliate payouts",
        "Bulk payouts by file upload or API",
        `Amounts above rail limits (${formatKes(railLimit)} per mobile-money transaction) are split automatically`,
      ],
    },
    {
      title: "B2B Transfers",
      body: "Move money between businesses with a locked rate and a reference both sides can reconcile.",
      icon: "building",
      points: [
        "Supplier and distributor payments",
        "Intercompany transfers",
        "A full audit trail for every transfer",
      ],
    },
    {
      title: "Fiat On/Off Ramp",
      body: "Convert between crypto and fiat at a quote you see before you confirm.",
      icon: "ramp",
      points: [
        "KES, USD and EUR",
        "Crypto to fiat and fiat to crypto",
        `Rates refresh every ${ratesRefreshSeconds} seconds`,
      ],
    },
    {
      title: "Cross-Border Payments",
      body: "Get paid by customers and partners abroad and settle at home in minutes, not days.",
      icon: "globe",
      points: [
        "Stablecoin rails instead of correspondent banks",
        "Settle locally in KES",
        "Clear fees shown up front",
      ],
    },
    {
      title: "Treasury",
      body: "Keep balances where you want them and let conversion run on rules you set.",
      icon: "vault",
      points: [
        "Automatic conversion to KES",
        "T+1 payouts to your bank account",
        "Balances and history in your dashboard",
      ],
    },
  ] satisfies Offering[],
} as const;

export const integrations = {
  title: "Integration options",
  intro:
    "Start with a snippet and grow into the API: the same account and the same settlement either way.",
  items: [
    {
      title: "Checkout snippet",
      body: "Paste a few lines into your site to add OneHop checkout. The fastest way to take your first payment.",
      icon: "code",
      points: [
        "Crypto and mobile-money payment options",
        "Locked KES quote shown to the customer",
        "Settles to your rail automatically",
      ],
    },
    {
      title: "Plugins and SDKs",
      body: "Add OneHop to your e-commerce platform or app with a plugin or one of our SDKs.",
      icon: "plug",
      points: [
        "Plugins for e-commerce platforms",
        "SDKs for your own apps and services",
        "Less code to write and maintain",
      ],
    },
    {
      title: "REST API",
      body: "Full control of collections, payouts, transfers and conversion from your own systems.",
      icon: "exchange",
      points: [
        "Collections, disbursements and B2B transfers",
        "Bulk payouts from your own systems",
        "Documented endpoints and examples",
      ],
    },
  ] satisfies Offering[],
  docsLabel: "Read the API documentation",
} as const;

export const pricing = {
  title: "Pricing",
  intro: `Pay per transaction. No setup or monthly fees. Collections cost ${formatBps(feeBps.c2b)}.`,
  transactionFees: transactionFees.map((fee) => ({
    name: fee.name,
    value: formatBps(fee.bps),
    description: fee.description,
  })),
  otherFeesTitle: "Conversion and cross-border fees",
  otherFees: conversionFees.map((fee) => ({
    name: fee.name,
    value: "plus" in fee ? `${formatBps(fee.bps)} plus ${fee.plus}` : formatBps(fee.bps),
  })),
  link: { label: "See the full tariff schedule", to: paths.tariffSchedule },
} as const;

export const settlement = {
  title: "Settlement times",
  intro: "How long each leg takes once your customer has paid.",
} as const;

export const featuresClosing = {
  title: "See it with your own numbers",
  body: "Check today's rates, then apply: approval within 24 hours and setup in under 5 minutes.",
  actions: {
    rates: { label: "View Live Rates", to: paths.exchangeRates },
    integrate: { label: "Start Integration", to: paths.getStarted },
  },
} as const;

export const featuresMeta = {
  title: "How It Works",
  description:
    "How OneHop works: collections, disbursements, B2B transfers, fiat on/off ramp, cross-border payments and treasury, with transparent pricing and settlement to M-Pesa, Airtel Money, T-Kash and PesaLink.",
} as const;
