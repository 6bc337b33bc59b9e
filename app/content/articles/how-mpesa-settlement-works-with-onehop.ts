import { authors } from "./authors";
import { readingTime } from "./reading-time";
import type { Article } from "./types";

const body = `Most of our merchants never see a blockchain. A customer pays in Bitcoin, Ethereum, USDT or USDC, and a few minutes later Kenyan shillings land on the merchant's M-Pesa. This post walks through what happens in between, so you know what to expect at each stage and where to look when a payment takes longer than usual.

## The short version

1. Your customer chooses crypto at checkout and we lock a KES quote at once.
2. The customer sends the payment to a deposit address held by our institutional custody provider.
3. We wait for the network confirmations the asset needs, between 1 and 3.
4. We convert the payment to shillings at the locked quote.
5. We pay the shillings, less our fee, to your M-Pesa.

## Step by step

### 1. The quote is locked when checkout opens

When your customer picks an asset, we take the current market rate (our rates refresh every 60 seconds) and fix the KES amount for that payment. The checkout shows both figures: the shillings you will receive and the exact amount of crypto the customer must send. If the market moves while the customer is opening their wallet, your quote does not change. You price in shillings and you are paid in shillings.

A quote is valid for the payment window shown at checkout. A payment that arrives after the window has closed, or for a different amount, is not settled at the old quote. It is flagged in your dashboard so that you and our support team can decide together how to handle it.

### 2. The payment lands in institutional custody

Every deposit address belongs to an institutional custody provider and sits on multi-signature wallets. No single person at OneHop can move funds alone, and neither you nor your customer has to trust a wallet on somebody's laptop.

### 3. Confirmations, not promises

A transaction that has been broadcast is not yet final. We credit a payment only after it has the number of network confirmations its asset needs, between 1 and 3 depending on the asset. Our custody provider reports each new confirmation, and we look the transaction up again before we credit it. A repeated or out-of-order notification therefore cannot pay you twice.

Bitcoin produces a block about every ten minutes on average, so Bitcoin payments are usually the slowest of the four assets to confirm. Stablecoins on Ethereum are typically quicker.

### 4. Conversion at the locked rate

Once the payment is confirmed, it is converted to KES at the quote your customer saw. Our fee for a collection is 1% of the amount, and the mobile network's own charge for the payout is passed through at cost. There are no setup or monthly fees.

### 5. The payout to your M-Pesa

If you settle to a phone number, we pay you through M-Pesa's business-to-customer (B2C) service, the same service Kenyan companies use for salaries and refunds. If you settle to a till or paybill, we use M-Pesa's business-to-business payment instead; everything else is the same.

Each payout carries our own unique reference. If Safaricom's result is delayed, we query the status of that reference rather than sending the money a second time. When M-Pesa confirms, you receive the usual SMS with a receipt number, and the same receipt number appears against the payment in your dashboard. Mobile-money settlement is instant once the crypto payment is confirmed, and across all payments our average time to settle is under 5 minutes.

## Limits you should know about

The Central Bank of Kenya sets limits for mobile money, and they apply to every payout we send to M-Pesa:

- KES 250,000 per transaction.
- KES 500,000 of transactions per day.
- KES 500,000 maximum wallet balance.

When a settlement is larger than KES 250,000, we split it automatically into several transfers, each within the per-transaction limit. A KES 400,000 settlement, for example, arrives as two M-Pesa transfers, each with its own receipt, grouped under one payment in your dashboard. Each transfer can attract its own mobile network charge.

Splitting does not get around the daily and wallet-balance limits, and it is not meant to. If you regularly receive more than KES 500,000 a day, settle to a bank account through PesaLink instead, which accepts up to KES 999,999 per transaction.

On the crypto side, payments start at KES 500 equivalent, are processed automatically up to KES 1,000,000 per transaction, and can go up to KES 5,000,000 after a manual review. The total per merchant is KES 10,000,000 a day, with custom tiers for high volumes on request.

## When a payment looks slow

- Check which stage the payment has reached in your dashboard before contacting the customer.
- A payment waiting on confirmations usually means the network is busy or the customer set a low network fee. Nothing is lost; it settles when the confirmations arrive.
- If M-Pesa rejects a payout, for example because the receiving wallet would exceed its balance limit, we keep the shillings safe and alert you instead of retrying blindly.
- Our support team is available 24/7 by phone and e-mail if anything still looks wrong.`;

export const article: Article = {
  id: "art-2025-01-mpesa-settlement",
  slug: "how-mpesa-settlement-works-with-onehop",
  title: "How M-Pesa settlement works with OneHop, step by step",
  tldr: "Every crypto payment gets a KES quote locked at checkout, is confirmed on-chain in institutional custody, converted at that quote and paid to your M-Pesa, with payouts above the KES 250,000 limit split automatically.",
  body,
  tags: ["m-pesa", "settlement", "merchants", "product", "kenya"],
  category: "Product Updates",
  publishedAt: "2025-01-21T06:00:00.000Z",
  sourceName: "OneHop",
  sourceUrl: "https://onehop.co.ke/docs/settlement/m-pesa",
  author: authors.brianOtieno,
  status: "published",
  readingTime: readingTime(body),
};
