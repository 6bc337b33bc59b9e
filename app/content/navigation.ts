/** Header and footer links, and the public pages listed in the sitemap. One source for all three. */

export type NavLink = { label: string; to: string; external?: "api-docs" | "demo" };

/** Header navigation. `external` links take their URL from configuration and open in a new tab. */
export const headerNav: readonly NavLink[] = [
  { label: "About", to: "/about" },
  { label: "Features", to: "/features" },
  { label: "Security", to: "/security" },
  { label: "API Docs", to: "", external: "api-docs" },
  { label: "Blog", to: "/blog" },
];

export const footerNav: readonly { heading: string; links: readonly NavLink[] }[] = [
  {
    heading: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "How It Works", to: "/features" },
      { label: "Security", to: "/security" },
      { label: "Blog", to: "/blog" },
    ],
  },
  {
    heading: "Product",
    links: [
      { label: "Exchange Rates", to: "/exchange-rates" },
      { label: "Solutions", to: "/solutions" },
      { label: "Tariff Schedule", to: "/tariff-schedule" },
      { label: "API Documentation", to: "", external: "api-docs" },
    ],
  },
  {
    heading: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy" },
      { label: "Terms and Conditions", to: "/terms" },
      { label: "Compliance", to: "/compliance" },
      { label: "Blog Disclaimer", to: "/blog/disclaimer" },
    ],
  },
];

/** Public, cacheable pages for /sitemap.xml (path and relative priority). */
export const sitemapPages: readonly { path: string; priority: string }[] = [
  { path: "/", priority: "1.0" },
  { path: "/features", priority: "0.8" },
  { path: "/solutions", priority: "0.8" },
  { path: "/blog", priority: "0.8" },
  { path: "/about", priority: "0.7" },
  { path: "/security", priority: "0.7" },
  { path: "/compliance", priority: "0.5" },
  { path: "/onboarding", priority: "0.6" },
  { path: "/tariff-schedule", priority: "0.6" },
  { path: "/exchange-rates", priority: "0.7" },
  { path: "/supported-currencies", priority: "0.6" },
  { path: "/terms", priority: "0.3" },
  { path: "/privacy", priority: "0.3" },
  { path: "/blog/disclaimer", priority: "0.2" },
];
