/** The OneHop staff who write the built-in blog articles. Avatars are our own SVG initials. */
import type { ArticleAuthor } from "./types";

/**
 * A coloured circle with white initials, as a URL-encoded `data:image/svg+xml` URI. Every colour
 * used below has a contrast ratio of at least 4.5:1 against white (WCAG AA; checked in the tests).
 */
export function initialsAvatar(initials: string, background: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<circle cx="48" cy="48" r="48" fill="${background}"/>` +
    `<text x="48" y="49" dominant-baseline="middle" text-anchor="middle" ` +
    `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="36" font-weight="600" ` +
    `letter-spacing="1" fill="#ffffff">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export const authors = {
  wanjikuMwangi: {
    name: "Wanjiku Mwangi",
    bio: "Head of Compliance at OneHop. Wanjiku leads our AML/CFT programme and regulatory engagement, and writes about Kenyan financial regulation, tax and data protection for merchants.",
    avatar: initialsAvatar("WM", "#047857"),
  },
  brianOtieno: {
    name: "Brian Otieno",
    bio: "Head of Product at OneHop. Brian looks after settlement, payouts and the merchant dashboard, and spent his early career building M-Pesa integrations for Kenyan SMEs.",
    avatar: initialsAvatar("BO", "#1d4ed8"),
  },
  aminaYusuf: {
    name: "Amina Yusuf",
    bio: "Payments writer and merchant education lead at OneHop. Amina explains stablecoins, cross-border payments and remittances for businesses that would rather be running their shop.",
    avatar: initialsAvatar("AY", "#7e22ce"),
  },
  kevinKiprotich: {
    name: "Kevin Kiprotich",
    bio: "Engineering lead for integrations at OneHop. Kevin builds the checkout snippet, plugins, SDKs and REST API, and the on-chain confirmation pipeline behind them.",
    avatar: initialsAvatar("KK", "#b91c1c"),
  },
} as const satisfies Record<string, ArticleAuthor>;
