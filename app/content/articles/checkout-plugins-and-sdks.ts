import { authors } from "./authors";
import { readingTime } from "./reading-time";
import type { Article } from "./types";

const body = `There are four ways to put OneHop in front of your customers: the checkout snippet, a plugin for your e-commerce platform, one of our SDKs, or the REST API directly. This release brings all four up to the same level, and this post explains what changed and how to choose between them if you are starting out.

## What is new in this release

- One event model everywhere. The snippet, every plugin and every SDK now report the same payment events: quote locked, deposit seen, confirmed, converted and settled.
- Split payouts in events. When a payout above the KES 250,000 mobile-money limit is split into several transfers, each part now appears in the settled event with its own rail receipt, so your system knows when the last part has arrived.
- Network on every payment. Events carry the asset and the network, for example USDT on Tron or on Ethereum, so reconciliation can tell them apart.
- Signed webhooks, verified for you. Every webhook we send is signed, and the SDKs verify the signature before your code sees the event.
- Safe retries for payouts. Disbursement calls accept an idempotency key, so a retried request after a network timeout can never pay a recipient twice.

Existing integrations keep working. The new fields are additions, and nothing you rely on today has been removed.

## Choosing how to integrate

### The checkout snippet

A few lines pasted into your website show a OneHop payment button that opens our hosted checkout. The customer picks an asset and network, sees the locked KES amount and pays; you receive the payment events. This is the fastest route for a business with a simple website and no developer on staff, and most merchants using it are live the same day.

### Plugins

If you sell through an e-commerce platform, a plugin adds OneHop as a payment method at your store's checkout. Orders are marked paid only when the payment is confirmed on-chain, not when the customer clicks Pay, which protects you from releasing goods against a payment that never completes.

### SDKs

Our SDKs wrap the REST API for developers building their own apps and services. They handle authentication, signature checks, retries and the event model, so your team writes less code and has less to maintain.

### The REST API

For platforms with their own checkout, marketplaces paying many sellers, or anything the other options do not cover, the API gives full control over collections, disbursements and bulk payouts.

## A quick way to decide

1. No developer, simple website: use the checkout snippet.
2. Store on an e-commerce platform: install the plugin.
3. Your own app or backend: use an SDK in your language.
4. A platform with unusual flows, or very high volumes: use the REST API, with an SDK where one fits.

If you are still unsure, choose Not sure yet on the merchant application and our onboarding team will recommend one after looking at your setup.

## Good habits for any integration

However you integrate, a few practices prevent most of the problems we see in support:

- Fulfil orders on the confirmed event, never on a redirect back from checkout or a customer's screenshot.
- Verify every webhook signature, and reject events that fail, even in testing.
- Answer webhooks quickly and do heavy work afterwards. Slow responses cause redeliveries.
- Expect duplicates and events out of order. Use the payment reference to ignore repeats.
- Store the locked KES amount with the order, so refunds and disputes use the right figure.
- Keep API keys on your server only. Never place them in browser code or a mobile app.

## Limits and fees your integration should know

Crypto payments start at KES 500 equivalent and are processed automatically up to KES 1,000,000 per transaction, with up to KES 5,000,000 after a manual review and KES 10,000,000 per merchant per day. Display these limits in your checkout so customers are not surprised. Collections cost 1%, disbursements 1.5% and business-to-business payments 1.2%, with no setup or monthly fees. Market rates refresh every 60 seconds, but a payment's KES amount is fixed once its quote is locked.

## Updating

Plugins update through your platform's usual update screen. SDK users should move to the latest version of their package and read its changelog; there are no breaking changes in this release. If you call the REST API directly, the new fields are already in the responses and events you receive today.

Our integrations team reads every support request that mentions an integration, and many of this release's changes started as a merchant's question. Keep them coming.`;

export const article: Article = {
  id: "art-2026-11-checkout-plugins-sdks",
  slug: "checkout-plugins-and-sdks",
  title: "Checkout snippet, plugins, SDKs and API: one event model for every integration",
  tldr: "All four ways to integrate OneHop now report the same payment events, including split payouts and the payment network, with signed webhooks verified by the SDKs and idempotent payout calls. Here is how to choose between them.",
  body,
  tags: ["product", "payments", "merchants", "settlement"],
  category: "Product Updates",
  publishedAt: "2026-11-10T06:00:00.000Z",
  sourceName: "OneHop",
  sourceUrl: "https://onehop.co.ke/changelog/checkout-plugins-and-sdks",
  author: authors.kevinKiprotich,
  status: "published",
  readingTime: readingTime(body),
};
