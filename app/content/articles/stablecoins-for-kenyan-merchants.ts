import { authors } from "./authors";
import { readingTime } from "./reading-time";
import type { Article } from "./types";

const body = `For most Kenyan businesses, the interesting part of crypto is not Bitcoin's price chart. It is the dollar stablecoin: a token meant to be worth exactly one US dollar that moves across borders in minutes, any day of the week. This explainer covers what USDT and USDC are, why they have become a practical tool for trade and remittances, and what a merchant should weigh before accepting them.

## What a dollar stablecoin is

A stablecoin is a token on a public blockchain that its issuer promises to redeem for a fixed amount of a traditional currency, here one US dollar. The issuer holds reserves, such as cash and short-term government securities, that are meant to back every token in circulation.

### USDT and USDC

- USDT, issued by Tether, is the most traded dollar stablecoin. It circulates on several networks, including Ethereum and Tron, and is widely used for remittances and trade settlement across Africa.
- USDC, issued by Circle, is a fully reserved dollar stablecoin with monthly attestations of its reserves. Businesses often prefer it for that transparency.

Both are dollars in digital form. Neither is a bank deposit, and neither is protected by a deposit insurance scheme.

## Why the numbers keep growing

The global stablecoin market reached about $230 billion by May 2025, up from around $5 billion in 2020, according to DefiLlama. In Sub-Saharan Africa, Chainalysis reports that stablecoins make up 43% of crypto transaction volume, a sign that people in the region use crypto mainly to move and hold dollars, not to speculate.

Kenya is part of that picture. In a Yellow Card survey, 82.4% of Kenyan respondents said they had adopted stablecoins. Low fees were the most cited reason, named by 85.7%, and 41% mentioned remittances.

## Why it matters for a Kenyan merchant

### Trade priced in dollars

Many Kenyan businesses already think in dollars: importers paying suppliers abroad, exporters of tea, flowers, crafts or software, tour operators quoting foreign guests. A stablecoin lets a customer abroad pay in dollars without a wire transfer, correspondent bank charges or cut-off times, and the money arrives on a weekend as easily as on a Tuesday.

### Remittances that become revenue

A lot of money sent home by Kenyans abroad ends up paying a Kenyan business: school fees, hospital bills, rent, building materials. If the school or the hardware store accepts USDT or USDC directly, the relative abroad can pay the bill itself rather than sending money for someone else to pay it.

### Customers who already hold them

Freelancers, remote workers and online traders increasingly receive their income in stablecoins. Accepting them simply meets those customers where their money already is.

## The risks, honestly

Stablecoins are useful, but they are not risk free, and a merchant should know the trade-offs:

- Issuer risk: a stablecoin is only as good as its issuer's reserves and its ability to redeem. Tokens have traded below one dollar in times of stress.
- Network mistakes: tokens sent on the wrong network, or to a mistyped address, may be lost for good.
- Exchange-rate exposure: holding dollars while your costs are in shillings means the KES value of your balance moves.
- Regulation: Kenya's rules for virtual assets are still being developed, and banks and regulators expect businesses to know who is paying them and why.
- Scams: fake payment screenshots and pressure to release goods before a payment is final are common tricks.

## A simple way to start

1. Decide which customers you want to serve with stablecoins, for example buyers abroad or diaspora families paying fees.
2. Accept payments through a provider that locks a KES price at checkout, so you never carry the exchange-rate risk of a payment in flight.
3. Release goods or services only after the payment is confirmed on-chain, not when a customer says it has been sent.
4. Settle to the rail you already use, so the money lands as shillings in your M-Pesa or bank account.
5. Keep records of every payment, its KES value and its customer, for your accounts and your tax adviser.

This is how OneHop works: your customer pays in USDT or USDC, the KES amount is locked at once, the payment is confirmed in institutional custody, and shillings are settled to M-Pesa, Airtel Money, T-Kash or your bank through PesaLink. You never have to hold crypto yourself, and collections cost 1% with no setup or monthly fees.

Nothing in this article is financial or investment advice. It is a practical guide to a payment method that more of your customers are already using.`;

export const article: Article = {
  id: "art-2025-06-stablecoins-merchants",
  slug: "stablecoins-for-kenyan-merchants",
  title: "Why dollar stablecoins make sense for Kenyan merchants",
  tldr: "USDT and USDC let customers abroad and at home pay in dollars within minutes. Stablecoins already make up 43% of Sub-Saharan Africa's crypto volume; here is why they suit trade and remittances, and the risks to weigh.",
  body,
  tags: ["stablecoins", "usdt", "usdc", "kenya", "merchants"],
  category: "News",
  publishedAt: "2025-06-17T06:00:00.000Z",
  sourceName: "Chainalysis",
  sourceUrl: "https://www.chainalysis.com/blog/subsaharan-africa-crypto-adoption-2024/",
  author: authors.aminaYusuf,
  status: "published",
  readingTime: readingTime(body),
};
