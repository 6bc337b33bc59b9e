/**
 * Header and footer links, and the public pages listed in the sitemap. One source for all three.
 */
import { defineMessages } from "~/i18n/messages";
import * as paths from "~/utils/paths";

export type NavLink = { label: string; to: string; external?: "demo" };

/** The links' and the footer's headings' labels, in both languages (issue 33). */
export const navMessages = defineMessages(
  {
    about: "About",
    features: "Features",
    solutions: "Solutions",
    pricing: "Pricing",
    exchangeRates: "Exchange Rates",
    security: "Security",
    apiDocs: "API Docs",
    blog: "Blog",
    howItWorks: "How It Works",
    tariffSchedule: "Tariff Schedule",
    apiDocumentation: "API Documentation",
    privacy: "Privacy Policy",
    terms: "Terms and Conditions",
    compliance: "Compliance",
    blogDisclaimer: "Blog Disclaimer",
    company: "Company",
    product: "Product",
    legal: "Legal",
  },
  {
    about: "Kuhusu",
    features: "Vipengele",
    solutions: "Suluhisho",
    pricing: "Bei",
    exchangeRates: "Viwango vya ubadilishaji",
    security: "Usalama",
    apiDocs: "Nyaraka za API",
    blog: "Blogu",
    howItWorks: "Jinsi inavyofanya kazi",
    tariffSchedule: "Viwango vya ada",
    apiDocumentation: "Nyaraka za API",
    privacy: "Sera ya faragha",
    terms: "Vigezo na masharti",
    compliance: "Utiifu wa sheria",
    blogDisclaimer: "Kanusho la blogu",
    company: "Kampuni",
    product: "Huduma",
    legal: "Sheria",
  },
);

export type NavLabels = (typeof navMessages)["en"];

/**
 * Header navigation (the wide header and the phone menu) in one language. `external` links take
 * their URL from configuration and open in a new tab. The spec's five items, with Solutions,
 * Pricing (the tariff schedule) and Exchange Rates, which were only in the footer (issue 30, item
 * 10).
 */
export function headerNavIn(t: NavLabels): readonly NavLink[] {
  return [
    { label: t.about, to: paths.about },
    { label: t.features, to: paths.features },
    { label: t.solutions, to: paths.solutions },
    { label: t.pricing, to: paths.tariffSchedule },
    { label: t.exchangeRates, to: paths.exchangeRates },
    { label: t.security, to: paths.security },
    { label: t.apiDocs, to: paths.docs },
    { label: t.blog, to: paths.blog },
  ];
}

export type FooterGroup = { heading: string; links: readonly NavLink[] };

/** The footer's three groups of links in one language. */
export function footerNavIn(t: NavLabels): readonly FooterGroup[] {
  return [
    {
      heading: t.company,
      links: [
        { label: t.about, to: paths.about },
        { label: t.howItWorks, to: paths.features },
        { label: t.security, to: paths.security },
        { label: t.blog, to: paths.blog },
      ],
    },
    {
      heading: t.product,
      links: [
        { label: t.exchangeRates, to: paths.exchangeRates },
        { label: t.solutions, to: paths.solutions },
        { label: t.tariffSchedule, to: paths.tariffSchedule },
        { label: t.apiDocumentation, to: paths.docs },
      ],
    },
    {
      heading: t.legal,
      links: [
        { label: t.privacy, to: paths.privacy },
        { label: t.terms, to: paths.terms },
        { label: t.compliance, to: paths.compliance },
        { label: t.blogDisclaimer, to: paths.blogDisclaimer },
      ],
    },
  ];
}

/** Public, cacheable pages for /sitemap.xml (path and relative priority). */
export const sitemapPages: readonly { path: string; priority: string }[] = [
  { path: paths.home, priority: "1.0" },
  { path: paths.features, priority: "0.8" },
  { path: paths.solutions, priority: "0.8" },
  { path: paths.blog, priority: "0.8" },
  { path: paths.about, priority: "0.7" },
  { path: paths.security, priority: "0.7" },
  { path: paths.compliance, priority: "0.5" },
  { path: paths.onboarding, priority: "0.6" },
  { path: paths.tariffSchedule, priority: "0.6" },
  { path: paths.exchangeRates, priority: "0.7" },
  { path: paths.supportedCurrencies, priority: "0.6" },
  { path: paths.terms, priority: "0.3" },
  { path: paths.privacy, priority: "0.3" },
  { path: paths.blogDisclaimer, priority: "0.2" },
  { path: paths.docs, priority: "0.7" },
  { path: paths.docsQuickstart, priority: "0.6" },
  { path: paths.docsReference, priority: "0.6" },
  { path: paths.docsWebhooks, priority: "0.6" },
  { path: paths.docsTestMode, priority: "0.5" },
];
