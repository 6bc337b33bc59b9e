import { authors } from "./authors";
import { readingTime } from "./reading-time";
import type { Article } from "./types";

const body = `The merchant dashboard is where you spend your time with OneHop, so we have rebuilt it around the questions merchants ask us most: where is this payment, when will I be paid, and how do I match this to my books? The new dashboard is live for every merchant today. Sign in as usual with your merchant ID, username and password.

## What is new

### A timeline for every payment

Each payment now has its own page showing every stage it has passed through:

1. The KES quote locked at checkout, with the crypto amount and asset the customer was asked to send.
2. The deposit seen on-chain, with the network and transaction reference.
3. Each network confirmation as it arrives, up to the 1 to 3 the asset needs.
4. The conversion to shillings at the locked quote, with our fee shown separately.
5. The payout to your rail, with the M-Pesa, Airtel Money, T-Kash or bank receipt number.

When a customer calls to say they have paid, you can see in seconds whether the payment is still confirming, already converted or settled, without calling us.

### Split payouts shown as one payment

The Central Bank of Kenya limits mobile-money transfers to KES 250,000 per transaction, so larger payouts are split automatically into several transfers. The old dashboard listed those transfers separately, which made reconciliation harder than it needed to be. The new dashboard groups them under the payment they belong to, shows each part with its own receipt and network charge, and marks the payment settled only when every part has arrived.

### Treasury balance and next payout

If you use Treasury, the home screen shows your current balance, the date of the next T+1 bank payout and the amount it will carry. Each payout links back to the payments that make it up.

### Exports for your accountant

You can export payments, payouts and fees for any date range as a CSV file. Every row carries the OneHop reference, the rail receipt number, the KES amount, our fee and any excise duty on it, so matching to your bank and M-Pesa statements takes minutes.

### Bulk disbursements in the same place

Payroll, refunds, supplier and affiliate payouts can be uploaded as a file or sent through the API, and both now appear in one disbursements view. Before you confirm a file, the dashboard checks each line: phone numbers in the right format for the chosen rail, amounts above the mobile-money limit flagged as split payouts, and totals checked against your available balance.

## Details that make a difference

- All amounts are shown in Kenyan shillings without decimals, and all times in Nairobi time (EAT, 24-hour clock).
- Market rates on the dashboard refresh every 60 seconds, and the time of the last update is shown next to them.
- Every screen works on a phone, because many of our merchants check payments from the shop floor, not a desk.
- Pages are built to be usable with a keyboard and a screen reader, with clear contrast and visible focus.

## Security

Your dashboard shows money, so we have tightened how sessions work:

- Sessions are time-limited. Shortly before a session expires, we sign you out and ask you to sign in again, rather than letting an old session linger on a shared computer.
- Signing out clears everything the browser stored for your session.
- Changes to payout accounts need fresh verification, and we notify you by e-mail whenever one is made.

If you see a sign-in you do not recognise, contact our support team at once; we are available 24/7.

## What we did not change

Your fees are the same: 1% for collections, 1.5% for disbursements and 1.2% for business-to-business payments, with no setup or monthly fees. Your settlement rails, limits, API keys and integrations are untouched. Nothing needs to change in your checkout.

## Tell us what is missing

We built this version from merchants' support requests over the past year, and we will keep going. If there is a report you still build by hand in a spreadsheet, or a question the dashboard cannot answer, tell our support team. The most common requests shape what we ship next.`;

export const article: Article = {
  id: "art-2026-01-merchant-dashboard",
  slug: "new-merchant-dashboard",
  title: "A new merchant dashboard: every payment, payout and split in one place",
  tldr: "The rebuilt dashboard shows a timeline for every payment from locked quote to payout receipt, groups split mobile-money payouts under one payment, and adds CSV exports, treasury balances and bulk disbursements.",
  body,
  tags: ["product", "merchants", "settlement", "payments"],
  category: "Product Updates",
  publishedAt: "2026-01-27T06:00:00.000Z",
  sourceName: "OneHop",
  sourceUrl: "https://onehop.co.ke/changelog/new-merchant-dashboard",
  author: authors.brianOtieno,
  status: "published",
  readingTime: readingTime(body),
};
