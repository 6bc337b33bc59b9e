import { authors } from "./authors";
import { readingTime } from "./reading-time";
import type { Article } from "./types";

const body = `Instant settlement to M-Pesa is the right answer for most of our merchants. For businesses with hundreds of payments a day, or with takings above what a mobile wallet can hold, it is not always the most convenient one. Today we are launching OneHop Treasury: collections gather in a treasury balance, are converted automatically, and are paid to your bank account the next business day (T+1) in one payout.

## Why we built it

We kept hearing the same requests from larger merchants:

- A finance team that wants one bank credit a day to reconcile, not hundreds of separate M-Pesa receipts.
- A business whose daily takings are well above the KES 500,000 a mobile-money wallet can receive in a day.
- Merchants who receive payments in KES, US dollars and euros through our fiat on and off ramp, and want them all to end up in one place.
- Companies that need a predictable payout time for cash-flow planning and supplier runs.

Treasury answers all four without changing how your customers pay.

## How it works

1. Your customer pays at checkout as usual, and the KES quote is locked at once.
2. The payment is confirmed on-chain in institutional custody, with between 1 and 3 network confirmations depending on the asset.
3. Instead of an instant payout, the payment is credited to your treasury balance.
4. Balances received in other currencies are converted to KES automatically under the rules you set.
5. The next business day, the day's balance is paid to your nominated bank account in a single transfer.

Crypto payments still convert at the quote locked at checkout, so a payment's KES value is fixed the moment your customer pays. Treasury changes when and how you are paid, not how much.

### Choosing how each flow settles

Treasury is a setting, not a separate account you have to move to. In your settings you choose, for collections:

- Instant: every payment settles to M-Pesa, Airtel Money, T-Kash or PesaLink as soon as it is confirmed, as today.
- Treasury: payments gather in your balance and are paid to your bank at T+1.

You can switch at any time, and the change applies to payments confirmed after it. Disbursements, including bulk payouts by file upload or API, can be funded from your treasury balance, which saves you topping up separately for payroll or supplier runs.

### Business days and public holidays

T+1 means the next business day. A balance built up on Friday is paid on Monday, and a balance built up before a public holiday is paid on the next working day after it. Your dashboard shows the date of the next payout and the amount it will carry, so there are no surprises.

## What it costs

Treasury has no setup or monthly fee. Payments are charged at the same rates as before, as published in our tariff schedule: 1% for collections and 1.5% for disbursements. The daily bank transfer to your own account carries no extra OneHop fee.

## Limits and controls

- Crypto payments start at KES 500 equivalent and are processed automatically up to KES 1,000,000 per transaction. Larger payments, up to KES 5,000,000, go through a manual review first.
- The total per merchant is KES 10,000,000 a day, with custom tiers available for high volumes.
- Payouts go only to a bank account verified in your name during onboarding. Changing it requires fresh verification, which protects you from anyone who gets hold of a password.
- Releasing funds from custody still needs more than one approval on multi-signature wallets, exactly as for instant settlement.

## Who should use it

Treasury suits merchants who value one clean daily credit over speed: e-commerce stores with many small orders, marketplaces, schools collecting fees at the start of term, and exporters receiving larger payments from abroad. If you depend on money arriving within minutes to restock or pay staff the same day, stay on instant settlement; nothing changes for you.

## Getting started

1. Sign in to the merchant dashboard with your merchant ID, username and password.
2. Confirm the bank account that will receive treasury payouts.
3. Switch collections to Treasury and choose your conversion rules.
4. Watch your first balance build up and check the next payout date on the dashboard.

If you have questions about whether Treasury suits your business, our support team is available 24/7 and happy to look at your payment pattern with you.`;

export const article: Article = {
  id: "art-2025-09-treasury",
  slug: "treasury-automatic-conversion-t1-payouts",
  title: "OneHop Treasury: automatic conversion and T+1 payouts to your bank",
  tldr: "Merchants can now collect into a treasury balance that converts automatically to KES and pays out to their bank account the next business day, in one transfer, with no setup or monthly fee.",
  body,
  tags: ["product", "settlement", "merchants", "payments"],
  category: "Product Updates",
  publishedAt: "2025-09-16T06:00:00.000Z",
  sourceName: "OneHop",
  sourceUrl: "https://onehop.co.ke/changelog/treasury-automatic-conversion-t1-payouts",
  author: authors.brianOtieno,
  status: "published",
  readingTime: readingTime(body),
};
