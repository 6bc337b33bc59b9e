import { authors } from "./authors";
import { readingTime } from "./reading-time";
import type { Article } from "./types";

const body = `OneHop settles to four rails: M-Pesa, Airtel Money, T-Kash and PesaLink bank transfer. Until now, each merchant chose one of them, and every payout went there. From today you can set rail rules: simple conditions that send each payout to the rail that suits its size, with bank settlement through PesaLink as the automatic fallback when a payout is too large for a mobile wallet.

## Why rails need rules

Mobile money is the fastest way to get shillings into a business in Kenya, but the Central Bank of Kenya sets firm limits on it, and they are the same on every mobile-money rail:

- KES 250,000 per transaction.
- KES 500,000 of transactions per day.
- KES 500,000 maximum wallet balance.

We already split payouts above KES 250,000 into several transfers automatically. Splitting solves the per-transaction limit, but it cannot solve the other two. A wallet that has received KES 450,000 today cannot take another KES 100,000, however the payment is divided, and a payout that would push a wallet over its balance limit is rejected by the operator. Merchants on busy days saw exactly that: a rejected payout, a support call and a delay.

## How rail rules work

In your settlement settings you now choose a primary rail and, optionally, a bank account for PesaLink. Then:

1. Payouts within the mobile-money limits go to your primary rail, instantly, as before.
2. Payouts above KES 250,000 are split automatically into transfers within the limit, each with its own receipt, grouped under one payment in your dashboard.
3. Where a payout would take a wallet past its daily or balance limit, it is sent to your bank account through PesaLink instead.
4. You can also set a threshold of your own, for example every payout above KES 100,000 goes to the bank, regardless of the limits.

Every routing decision is recorded on the payment's timeline in the dashboard, so you can always see which rail was used and why.

## The four rails compared

### M-Pesa

The rail most of our merchants use. We pay to a phone number through M-Pesa's business-to-customer service, or to a till or paybill through its business-to-business service. Settlement is instant after the crypto payment is confirmed.

### Airtel Money

Same limits as M-Pesa and the same instant settlement. A good choice for businesses whose staff and customers are mainly on Airtel, and a useful second rail for spreading large payout runs across wallets.

### T-Kash

Telkom Kenya's mobile money, with the same CBK limits. We reach T-Kash through a licensed payment partner; for you it works exactly like the other mobile rails.

### PesaLink

PesaLink moves money between Kenyan bank accounts in real time, around the clock. It accepts up to KES 999,999 per transaction, with a minimum of about KES 10, although your own bank may set a lower limit. Sending to an account number works without the recipient registering for PesaLink. Payouts above the PesaLink ceiling are sent as a standard bank transfer, which can take 1 to 2 business days.

## Disbursements follow the same rules

Rail rules apply to money you pay out too. When you upload a payroll or supplier file, each line can name its rail. If a line asks for a mobile payout above the per-transaction limit, it is split; if it names a bank account, it goes by PesaLink. Before you confirm a file, the dashboard shows which lines will be split or rerouted.

Each transfer in a split can attract its own mobile network charge, so for regular large payments to the same recipient, a bank account is usually cheaper as well as simpler.

## Fees are unchanged

Collections cost 1%, disbursements 1.5% and business-to-business payments 1.2%, with no setup or monthly fees. Routing a payout to PesaLink instead of mobile money costs nothing extra from OneHop.

## A note on splitting

Automatic splitting exists to respect the rails' limits, not to get around them. We will not split a payout across days or across several of your wallets to push more money through a rail than its limits allow. If your volumes have outgrown mobile money, rail rules are the honest fix: they send the money to a rail built for it.

## Turning it on

1. Sign in to the merchant dashboard and open your settlement settings.
2. Add and verify a bank account for PesaLink, if you have not already.
3. Choose your primary rail and, if you like, a threshold for bank settlement.
4. Save. The rules apply to every payout created from then on.

Merchants who have already added a verified bank account have the PesaLink fallback switched on by default. You can turn it off at any time.`;

export const article: Article = {
  id: "art-2026-06-rail-rules",
  slug: "payout-rail-rules-pesalink",
  title: "Rail rules: large payouts move to PesaLink automatically",
  tldr: "Merchants can now route each payout by size: mobile-money payouts above KES 250,000 are split automatically, and payouts a wallet cannot take within CBK limits go to the bank through PesaLink, up to KES 999,999 per transaction.",
  body,
  tags: ["pesalink", "airtel-money", "t-kash", "m-pesa", "settlement", "product"],
  category: "Product Updates",
  publishedAt: "2026-06-09T06:00:00.000Z",
  sourceName: "OneHop",
  sourceUrl: "https://onehop.co.ke/changelog/payout-rail-rules-pesalink",
  author: authors.brianOtieno,
  status: "published",
  readingTime: readingTime(body),
};
