/** Copy for the About page (/about): story, mission, timeline and values. */
import type { IconName } from "~/components/ui/icons";
import { company } from "~/content/company";

export interface AboutValue {
  title: "Security First" | "Accessibility" | "Innovation" | "Trust";
  icon: IconName;
  body: string;
}

export interface AboutMilestone {
  year: 2020 | 2021 | 2022 | 2023 | 2024 | 2025;
  title: string;
  body: string;
  highlights?: readonly string[];
}

export const aboutPage = {
  seo: {
    title: "About Us",
    description: `${company.brand} was founded in ${company.city} in ${company.founded}. We help Kenyan businesses accept Bitcoin, Ethereum, USDT and USDC and settle in shillings to M-Pesa, Airtel Money, T-Kash or their bank.`,
  },
  hero: {
    eyebrow: `About ${company.brand}`,
    title: "Built in Nairobi for the way Kenya pays",
    lead: `${company.brand} turns crypto and stablecoin payments into Kenyan shillings on the rails your business already uses: M-Pesa, Airtel Money, T-Kash and PesaLink. ${company.tagline}.`,
  },
  story: {
    title: "Our story",
    paragraphs: [
      `${company.brand} started in ${company.city} in ${company.founded} as a mobile value-added-services provider. We ran USSD menus, bulk SMS and M-Pesa payment integrations for Kenyan SMEs, schools and SACCOs, and learnt first-hand how much a business depends on money arriving on time and on the phone.`,
      "By 2021 our merchants were asking a new question. Their customers in the diaspora, freelancers paid from abroad and online buyers wanted to pay in USDT or USDC, but turning stablecoins into shillings meant peer-to-peer trades, unclear rates and days of waiting.",
      "In 2022 we launched stablecoin settlement: a customer pays in crypto, the KES amount is locked at once, and the merchant is paid to M-Pesa. In 2023 the first enterprise platforms went live on our API, with institutional custody and PesaLink bank settlement behind them.",
      "Today more than 1,000 merchants, from online shops in Westlands to exporters in Mombasa and tour operators in Nanyuki, use OneHop to collect, pay out and convert without holding crypto themselves.",
    ],
  },
  mission: {
    title: "Our mission",
    statement:
      "Make accepting a stablecoin as simple, safe and cheap for a Kenyan business as accepting M-Pesa, and put the money where the business already works.",
    points: [
      "One locked KES quote per payment, so the merchant knows exactly what lands in their account.",
      "Settlement to local rails in minutes, not days: M-Pesa, Airtel Money, T-Kash or PesaLink.",
      "Transparent, per-transaction pricing with no setup or monthly fees.",
      "Compliance built in from the first line of code, as Kenya's rules for virtual assets take shape.",
    ],
  },
  stats: [
    { value: String(company.founded), label: `Founded in ${company.city}` },
    { value: "1000+", label: "Active merchants" },
    { value: "4", label: "Local settlement rails" },
    { value: company.supportHours, label: "Merchant support" },
  ],
  timeline: {
    title: "Our journey, 2020 to 2025",
    intro:
      "Six years from a Nairobi mobile-services shop to a regulated-ready settlement platform.",
    milestones: [
      {
        year: 2020,
        title: "Founded in Nairobi",
        body: "OneHop opens as a mobile value-added-services provider, building USSD, bulk SMS and M-Pesa integrations for local businesses during a year when Kenya moved its payments onto the phone.",
      },
      {
        year: 2021,
        title: "From messaging to money movement",
        body: "We add Airtel Money and T-Kash alongside M-Pesa, build automated reconciliation for our merchants and run our first crypto-to-shilling pilots with a handful of online sellers.",
      },
      {
        year: 2022,
        title: "Stablecoin settlement launches",
        body: "Merchants can accept USDT and USDC and be paid in KES. Each payment gets a KES quote locked at once and is confirmed on-chain before it settles to mobile money.",
      },
      {
        year: 2023,
        title: "First enterprise platforms",
        body: "The REST API, checkout snippet and plugins open to larger businesses. The first enterprise platforms go live, with institutional custody on multi-signature wallets and PesaLink settlement to any Kenyan bank.",
      },
      {
        year: 2024,
        title: "Growth to 1,000+ merchants",
        body: "Bitcoin and Ethereum join the stablecoins at checkout, bulk disbursements arrive for payroll and supplier payouts, and OneHop passes 1,000 active merchants across Kenya.",
      },
      {
        year: 2025,
        title: "Preparing for the VASP Act 2025",
        body: "With Kenya's Virtual Asset Service Providers Act, 2025 setting out how virtual-asset businesses are licensed and supervised, we are strengthening our AML/CFT controls, governance and reporting to meet it.",
        highlights: [
          "Travel-rule data captured for every qualifying transfer",
          "Independent review of our custody and information-security controls",
          "Treasury with automatic conversion and T+1 payouts",
        ],
      },
    ] as const satisfies readonly AboutMilestone[],
  },
  values: {
    title: "Our values",
    intro:
      "Four commitments guide how we build, who we hire and how we treat every shilling that moves through OneHop.",
    items: [
      {
        title: "Security First",
        icon: "shield",
        body: "Customer funds sit with an institutional custodian on multi-signature wallets. Every release of funds needs more than one approval, and no single person can move money alone.",
      },
      {
        title: "Accessibility",
        icon: "phone",
        body: "If a business can receive M-Pesa, it can use OneHop. No crypto wallet, no new bank account and no minimum monthly volume, from a kiosk in Kisumu to a marketplace in Nairobi.",
      },
      {
        title: "Innovation",
        icon: "bulb",
        body: "We ship what Kenyan merchants ask for: locked KES quotes, automatic splitting of large payouts across mobile-money limits, bulk disbursements by file or API.",
      },
      {
        title: "Trust",
        icon: "handshake",
        body: `Clear fees published in our tariff schedule, a licensed operation (${company.licenceName} ${company.licenceNumber}) and people who answer the phone ${company.supportHours}.`,
      },
    ] as const satisfies readonly AboutValue[],
  },
  visit: {
    title: "Visit or reach us",
    body: "Our team works from Westlands, Nairobi. Merchants are welcome by appointment; support is available around the clock by e-mail and phone.",
  },
  cta: {
    title: "Join the merchants settling in one hop",
    body: "Apply in minutes. We review every complete application within 24 hours.",
    button: "Get Started",
  },
} as const;
