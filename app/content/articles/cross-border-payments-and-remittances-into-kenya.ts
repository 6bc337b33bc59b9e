import { authors } from "./authors";
import { readingTime } from "./reading-time";
import type { Article } from "./types";

const body = `Money flowing into Kenya from abroad has always been big business and, for the people sending it, often a frustrating one. Diaspora remittances are one of the country's largest sources of foreign exchange, and the Central Bank of Kenya publishes the inflows every month. A growing share of the payments behind them is no longer a transfer to a relative: it is a parent in London paying school fees in Nakuru directly, a client in Berlin paying a Nairobi design studio, or a tourist paying a safari operator in Nanyuki before arrival. This article looks at the channels available for getting that money to a Kenyan business, and where stablecoins fit.

## The traditional channels

### Bank wires

An international wire moves through one or more correspondent banks before it reaches a Kenyan account. Each can deduct a charge, cut-off times and time zones add delay, and weekends and public holidays stop the clock. The sender often cannot tell the recipient exactly how many shillings will arrive.

### Money transfer operators

Remittance companies are faster and widely available, and many now pay out straight to M-Pesa. They are built for person-to-person transfers, though, and are not designed to carry an invoice number, a student's admission number or an order reference that a business needs to match the payment.

### Card payments

Cards work well for tourism and e-commerce, but they bring chargeback risk and foreign transaction fees for the payer, and settlement to the merchant can take days.

## Where stablecoins fit

Dollar stablecoins such as USDT and USDC move between wallets in minutes, around the clock, and the sender sees exactly what is being paid. Stablecoin transaction volume worldwide reached $15.6 trillion in 2025, according to Artemis Analytics, and the Chainalysis Global Adoption Index recorded 19.4% growth in crypto adoption in Africa over the same year. In Kenya specifically, a Yellow Card survey found that 82.4% of respondents had adopted stablecoins, with 41% mentioning remittances.

For a Kenyan business, the appeal is simple:

- A payer abroad can pay the exact amount due, with an order or invoice reference attached.
- The business receives shillings on the rail it already uses, without opening a foreign-currency account.
- Payments arrive on a Sunday night as readily as on a Monday morning.

## How it works with OneHop

1. You send the payer a checkout link or invoice, or they pay on your website.
2. The payer chooses Bitcoin, Ethereum, USDT or USDC, and we lock the KES amount at once.
3. The payment is confirmed on-chain through our institutional custody provider, usually within 1 to 3 network confirmations.
4. We convert it at the locked quote and settle the shillings to your M-Pesa, Airtel Money, T-Kash or bank account through PesaLink.

A customer abroad paying at your checkout is a normal collection, charged at 1%. Cross-border transfers that we send or receive on your behalf as a business-to-business payment, such as paying a supplier abroad or receiving funds from a foreign partner, are priced at 2.5% plus network fees. The tariff schedule sets out which applies to each flow, and there are no setup or monthly fees.

## What to watch out for

### Know who is paying you

A payment from abroad is still a payment from a person or company you should be able to identify. Larger or unusual payments may trigger questions about their source, and transfers that qualify carry sender and recipient details under the travel rule. Having the payer's name and the purpose of the payment to hand makes these checks quick.

### Do not split payments to dodge limits

Crypto payments are processed automatically up to KES 1,000,000 per transaction and up to KES 5,000,000 after a manual review, with KES 10,000,000 per merchant per day. Asking a payer to break one invoice into many small payments to avoid a review is against our terms and will draw more attention, not less. If you regularly receive large payments, ask us about a custom tier.

### Match the rail to the amount

Mobile money is limited by the Central Bank of Kenya to KES 250,000 per transaction, with a maximum wallet balance of KES 500,000. We split larger payouts automatically, but for large and frequent receipts from abroad, settling to a bank account through PesaLink, which takes up to KES 999,999 per transaction, is usually simpler.

### Personal remittances are a different service

OneHop serves businesses. If you are a family receiving money from a relative abroad for your own use, a licensed remittance provider is the right channel. The model described here is for merchants: schools, clinics, shops, exporters and service providers getting paid by customers outside Kenya.

## The bottom line

Cross-border payments into Kenya no longer have to mean waiting days and guessing the final amount. With a locked shilling quote and settlement straight to M-Pesa or a bank, a payment from abroad can look much like any local sale.`;

export const article: Article = {
  id: "art-2026-03-cross-border",
  slug: "cross-border-payments-and-remittances-into-kenya",
  title: "Cross-border payments and remittances into Kenya: where stablecoins fit",
  tldr: "Wires, money transfer operators and cards all have trade-offs for Kenyan businesses paid from abroad. Stablecoins with a locked KES quote let a customer abroad pay an invoice and the merchant receive shillings within minutes.",
  body,
  tags: ["cross-border", "remittances", "stablecoins", "kenya", "merchants"],
  category: "News",
  publishedAt: "2026-03-24T06:00:00.000Z",
  sourceName: "Central Bank of Kenya",
  sourceUrl: "https://www.centralbank.go.ke/diaspora-remittances/",
  author: authors.aminaYusuf,
  status: "published",
  readingTime: readingTime(body),
};
