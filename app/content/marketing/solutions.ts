/**
 * Copy of the Solutions page ("/solutions") as typed data. Tab labels and the transaction figures
 * (5M+, 3M, 1M+) follow the spec; fees come from the tariff.
 */
import type { IconName } from "~/components/ui/icons";
import { claims } from "~/content/claims";
import { feeBps, formatBps } from "~/content/tariff";
import { paths } from "~/utils/paths";

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

export const solutionsHero = {
  eyebrow: "Solutions",
  title: "Payment solutions for every way your business moves money",
  lead: "Collect from customers, pay out to staff and suppliers, and move money between businesses: in crypto or mobile money, settled in Kenyan shillings.",
  actions: {
    integrate: { label: "Start Integration", to: paths.getStarted },
    onboarding: { label: "Start Your Payment Journey", to: paths.onboarding },
  },
} as const;

export const solutionCards = {
  title: "Solutions",
  intro:
    "Pick the flows you need. Each one is documented end to end, with API references and examples.",
  cards: [
    {
      title: "Collections",
      body: "Accept crypto and mobile-money payments online, in store or by invoice, settled in KES.",
      icon: "cart",
      docsLabel: "Collections documentation",
    },
    {
      title: "Disbursements",
      body: "Pay salaries, refunds, suppliers and affiliates to mobile money or bank accounts, one by one or in bulk.",
      icon: "send",
      docsLabel: "Disbursements documentation",
    },
    {
      title: "B2B Payments",
      body: "Pay and get paid by other businesses, locally and across borders, with a full audit trail.",
      icon: "building",
      docsLabel: "B2B Payments documentation",
    },
    {
      title: "Fiat On/Off Ramp",
      body: "Move between crypto and KES, USD or EUR at a locked quote.",
      icon: "ramp",
      docsLabel: "On/off ramp documentation",
    },
    {
      title: "Cross-Border Payments",
      body: "Receive from customers and partners abroad in stablecoins and settle locally in minutes.",
      icon: "globe",
      docsLabel: "Cross-border payments documentation",
    },
    {
      title: "Treasury",
      body: "Convert balances automatically and receive T+1 payouts to your bank account.",
      icon: "vault",
      docsLabel: "Treasury documentation",
    },
  ] satisfies SolutionCard[],
} as const;

export const flowsSection = {
  title: "How it works",
  intro: "Choose a flow to see the steps, typical use cases and what it handles today.",
  tabListLabel: "Payment flows",
} as const;

export const paymentFlows = [
  {
    id: "collections",
    label: "Collections",
    title: "Collections: get paid in crypto, receive shillings",
    summary:
      "Your customers pay in Bitcoin, Ethereum, USDT, USDC or mobile money. You receive Kenyan shillings on your own rail.",
    steps: [
      {
        title: "Customer checks out",
        body: "They choose crypto or M-Pesa at your checkout, payment link or invoice.",
      },
      {
        title: "Quote locked in KES",
        body: "OneHop locks the KES amount at once and confirms the payment on-chain.",
      },
      {
        title: "Auto-settled to you",
        body: "The payment is converted and settled to your M-Pesa, Airtel Money, T-Kash or bank.",
      },
    ],
    useCases: [
      "E-commerce checkout",
      "Point-of-sale payments",
      "Invoices and payment links",
      "Subscriptions and top-ups",
    ],
    stats: [
      { value: "5M+", label: "Transactions" },
      { value: formatBps(feeBps.c2b), label: "Collection fee" },
      { value: "Under 5 min", label: "Average settlement" },
    ],
  },
  {
    id: "disbursements",
    label: "Disbursements",
    title: "Disbursements: pay out to anyone's phone or bank",
    summary:
      "Send money to customers, staff, suppliers and affiliates on M-Pesa, Airtel Money, T-Kash or PesaLink, funded from crypto or KES.",
    steps: [
      {
        title: "Upload or call the API",
        body: "Submit one payout or a bulk file of thousands, or send them through the API.",
      },
      {
        title: "Validate and fund",
        body: "Recipients and amounts are checked, and your balance is converted to KES if needed.",
      },
      {
        title: "Recipients get paid",
        body: "Payouts arrive on each recipient's rail, with amounts above rail limits split automatically.",
      },
    ],
    useCases: [
      "Payroll",
      "Customer refunds",
      "Supplier payouts",
      "Affiliate and agent commissions",
    ],
    stats: [
      { value: "3M", label: "Transactions" },
      { value: formatBps(feeBps.b2c), label: "Payout fee" },
      { value: "Bulk", label: "By file upload or API" },
    ],
  },
  {
    id: "b2b-payments",
    label: "B2B Payments",
    title: "B2B Payments: settle with other businesses",
    summary:
      "Pay partners and get paid by them, locally or across borders, in stablecoins or shillings, with a locked rate on every transfer.",
    steps: [
      {
        title: "Create the transfer",
        body: "Enter the business, amount and currency, or raise it from your ERP through the API.",
      },
      {
        title: "Lock the rate",
        body: "The conversion rate is locked when you confirm, so both sides know the exact amount.",
      },
      {
        title: "Settle and reconcile",
        body: "Funds settle to the partner's account and both sides get a reference for reconciliation.",
      },
    ],
    useCases: [
      "Supplier and distributor payments",
      "Import and export settlement",
      "Intercompany transfers",
      "Treasury rebalancing",
    ],
    stats: [
      { value: "1M+", label: "Transactions" },
      { value: formatBps(feeBps.b2b), label: "B2B fee" },
      { value: "T+1", label: "Treasury payouts" },
    ],
  },
] as const satisfies readonly PaymentFlow[];

export const defaultFlowId: FlowId = "collections";

/** The flow named by `?flow=`, or Collections for anything else. */
export function findFlow(id: string | null | undefined): (typeof paymentFlows)[number] {
  return paymentFlows.find((flow) => flow.id === id) ?? paymentFlows[0];
}

export const coinsSection = {
  title: "Cryptocurrencies",
  intro: `${claims.crypto.payableNames} are accepted at checkout, with live rates. ${claims.crypto.indicativeNote}`,
  payableTitle: claims.crypto.availability.payable,
  indicativeTitle: claims.crypto.availability.indicative,
  link: { label: "See networks and limits for each currency", to: paths.supportedCurrencies },
} as const;

export const solutionsClosing = {
  title: "Ready when you are",
  body: "Apply in minutes, get approved within 24 hours, and start accepting crypto the same day.",
  demoLabel: "Schedule Demo",
} as const;

export const solutionsMeta = {
  title: "Solutions",
  description:
    "Collections, disbursements and B2B payments in crypto and mobile money, settled in Kenyan shillings to M-Pesa, Airtel Money, T-Kash or PesaLink.",
} as const;
