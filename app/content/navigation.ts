/**
 * Header and footer links, and the public pages listed in the sitemap. One source for all three.
 */
import { paths } from "~/utils/paths";

export type NavLink = { label: string; to: string; external?: "demo" };

/**
 * Header navigation (the wide header and the phone menu). `external` links take their URL from
 * configuration and open in a new tab. The spec's five items, with Solutions, Pricing (the tariff
 * schedule) and Exchange Rates, which were only in the footer (issue 30, item 10).
 */
export const headerNav: readonly NavLink[] = [
  { label: "About", to: paths.about },
  { label: "Features", to: paths.features },
  { label: "Solutions", to: paths.solutions },
  { label: "Pricing", to: paths.tariffSchedule },
  { label: "Exchange Rates", to: paths.exchangeRates },
  { label: "Security", to: paths.security },
  { label: "API Docs", to: paths.docs },
  { label: "Blog", to: paths.blog },
];

export const footerNav: readonly { heading: string; links: readonly NavLink[] }[] = [
  {
    heading: "Company",
    links: [
      { label: "About", to: paths.about },
      { label: "How It Works", to: paths.features },
      { label: "Security", to: paths.security },
      { label: "Blog", to: paths.blog },
    ],
  },
  {
    heading: "Product",
    links: [
      { label: "Exchange Rates", to: paths.exchangeRates },
      { label: "Solutions", to: paths.solutions },
      { label: "Tariff Schedule", to: paths.tariffSchedule },
      { label: "API Documentation", to: paths.docs },
    ],
  },
  {
    heading: "Legal",
    links: [
      { label: "Privacy Policy", to: paths.privacy },
      { label: "Terms and Conditions", to: paths.terms },
      { label: "Compliance", to: paths.compliance },
      { label: "Blog Disclaimer", to: paths.blogDisclaimer },
    ],
  },
];

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
