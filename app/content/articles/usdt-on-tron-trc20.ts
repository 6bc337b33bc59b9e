import { authors } from "./authors";
import { readingTime } from "./reading-time";
import type { Article } from "./types";

const body = `From today, customers can pay OneHop merchants in USDT on the Tron network (TRC-20) as well as on Ethereum (ERC-20). Nothing changes for you as a merchant: the KES quote is locked at checkout in the same way, the payment is confirmed in institutional custody, and the shillings settle to your M-Pesa, Airtel Money, T-Kash or bank account as before.

## Why Tron

Many of the people who pay our merchants in USDT already hold it on Tron, one of the most used networks for USDT transfers. Its network fees are usually a small fraction of what the same transfer costs on Ethereum when Ethereum is busy. Until now, those customers had to move their USDT to Ethereum first, paying a fee and waiting, or simply gave up and paid another way.

We heard this most from three kinds of merchant:

- Online shops whose customers buy USDT through local peer-to-peer markets, where Tron is common.
- Exporters and service businesses invoicing clients abroad, who asked for the cheapest route for a dollar payment.
- Schools and training providers receiving fees from parents and students outside Kenya.

## What your customers see

1. At checkout, the customer chooses USDT and then picks a network: Ethereum (ERC-20) or Tron (TRC-20).
2. The checkout shows a deposit address and QR code for that network only, with the network name printed next to it.
3. The customer sends the exact USDT amount shown. The KES amount you will receive is already fixed.
4. Once the payment has the confirmations it needs, it is converted and settled like any other payment.

### Addresses that cannot be confused

Tron addresses start with the letter T, and Ethereum addresses start with 0x. The checkout never shows both on the same screen, because the most expensive mistake in stablecoin payments is sending tokens on the wrong network. A transfer sent to an address on a network it was not meant for may not be recoverable, so we make the choice explicit and hard to get wrong.

### What to tell customers about network fees

On Tron, the network fee is paid in TRX, Tron's own asset, or covered by resources the sender's wallet has staked. On Ethereum, it is paid in ETH. Most exchange and wallet apps handle this automatically, but a customer paying from a fresh wallet that holds only USDT may find the transfer will not go through. The fix is for them to add a little of the network's own asset, or to send from the exchange account where they bought the USDT.

The network fee is paid by the customer to the network, not to OneHop, and it does not reduce the amount you receive.

## What stays the same

- Fees: 1% for a collection, as for every other asset. There are no setup or monthly fees.
- Limits: payments start at KES 500 equivalent and are processed automatically up to KES 1,000,000 per transaction, with up to KES 5,000,000 after a manual review.
- Confirmations: between 1 and 3, depending on the asset and network.
- Settlement: instant to mobile money after confirmation, with payouts above KES 250,000 split automatically to stay within the Central Bank of Kenya's per-transaction limit.

USDC remains available on Ethereum (ERC-20). We review the networks we support regularly against what our merchants' customers actually use, and against the custody, monitoring and compliance standards every network must meet before we switch it on.

## For developers

If you use the checkout snippet or a plugin, there is nothing to do: the network choice appears for your customers automatically. If you create payments through the REST API or an SDK, you can preselect a network when you create the payment, or leave the choice to the customer. Payment events now include the network, so your reconciliation can tell a Tron payment from an Ethereum one.

## Staying safe

Stablecoin scams often rely on urgency and confusion, so a few habits help:

- Treat a payment as received only when your dashboard or OneHop event says it is confirmed, never on the strength of a screenshot.
- Do not accept USDT sent directly to a personal wallet for goods you sell through OneHop; it bypasses the locked quote and our checks.
- Tell customers to copy the address from the checkout, not from an old message or invoice.

Questions about the new network are welcome at any time; our support team is available 24/7.`;

export const article: Article = {
  id: "art-2025-03-usdt-tron",
  slug: "usdt-on-tron-trc20",
  title: "USDT on Tron (TRC-20) is now live at OneHop checkout",
  tldr: "Customers can now pay in USDT on Tron as well as Ethereum. The checkout makes the network choice explicit, and your KES quote, fees, limits and settlement stay exactly the same.",
  body,
  tags: ["usdt", "stablecoins", "product", "payments"],
  category: "Product Updates",
  publishedAt: "2025-03-18T06:00:00.000Z",
  sourceName: "OneHop",
  sourceUrl: "https://onehop.co.ke/changelog/usdt-on-tron-trc20",
  author: authors.kevinKiprotich,
  status: "published",
  readingTime: readingTime(body),
};
