import { authors } from "./authors";
import { readingTime } from "./reading-time";
import type { Article } from "./types";

const body = `Kenya's Finance Act 2025 took effect on 1 July 2025, and with it one of the most criticised crypto taxes in the region is gone. The 3% Digital Asset Tax has been repealed and replaced with a 10% excise duty on the fees and commissions charged by virtual asset service providers. For merchants who accept crypto, the change moves the tax from the value of each payment to the provider's fee, which is a much smaller base.

## What the old tax did

The Digital Asset Tax came into force in September 2023. It was charged at 3% of the gross value of a transfer or exchange of digital assets, and the platform or facilitator of the transaction was expected to collect it. Because it applied to the full value moved, not to any profit, it was heavy for anyone moving money through crypto on thin margins, and hard to apply consistently across local and foreign platforms.

## What replaces it

Under the Finance Act 2025:

- The 3% Digital Asset Tax is repealed from 1 July 2025.
- A 10% excise duty applies to the fees and commissions earned by virtual asset service providers.
- Providers remit the duty monthly, by the 20th day of the following month.
- Excise duty on money-transfer fees charged by mobile-money providers, banks and other financial service providers remains at 15%.
- Income tax, or capital gains tax where it applies, is still due on gains. The repeal does not make crypto income tax-free.

## A worked example

Take a customer paying a merchant the equivalent of KES 100,000 in USDT.

1. Under the old regime, a 3% tax on the gross value of the transfer would come to KES 3,000.
2. Under the new regime, the tax follows the provider's fee instead. On a 1% collection fee of KES 1,000, a 10% excise duty is KES 100.
3. The mobile network's own charge for paying the shillings out to M-Pesa is a separate money-transfer fee, and excise on that fee remains at 15%, as it was before.

The example is an illustration of how the two bases differ, not tax advice for your business. The point is the order of magnitude: a duty on a fee is far lighter than a tax on the whole payment.

## What it means for merchants

### Your prices can stay in shillings

A merchant selling goods or services for crypto through a payment provider does not charge the excise duty. It is owed by the provider on the fees it charges. What you should see is the provider's fee, and any excise on it, stated clearly on your statements.

### Your own tax position has not changed

Revenue received in crypto is still revenue. Record each sale at its KES value on the day, exactly as you would a card or M-Pesa sale. If you hold crypto and it rises in value before you convert it, that gain may be taxable. Merchants who settle straight to shillings avoid that question entirely, because there is no holding period.

### Keep the paperwork

1. Keep a record of every crypto payment with its date, KES value, customer and reference.
2. Keep your provider's monthly statements showing fees and any excise duty charged.
3. Reconcile payouts against your M-Pesa or bank statements each month.
4. Ask your tax adviser how the sales and any holdings should appear in your returns.

## What it means at OneHop

Our tariff is unchanged: 1% for collections, 1.5% for disbursements and 1.2% for business-to-business payments, with no setup or monthly fees. Every payment is converted to KES at the quote locked at checkout and settled to your chosen rail, so you are never holding crypto between a sale and your payout. We will show any excise duty due on our fees clearly on your statements, separate from the fee itself, so your accountant can see exactly what was paid.

## The wider picture

The repeal follows a long debate about how to tax an activity that moves quickly across borders. Taxing the service rather than the value moved brings crypto closer to how other financial services are treated in Kenya, and gives local providers a fairer footing against offshore platforms that were difficult to tax at all. Kenya is also working on a licensing framework for virtual asset service providers. We will write about it here once it is enacted.

This article summarises public reporting on the Finance Act 2025 and is not tax advice. Your circumstances may differ, so speak to a qualified tax adviser before changing how you account for crypto.`;

export const article: Article = {
  id: "art-2025-07-finance-act-tax",
  slug: "finance-act-2025-digital-asset-tax",
  title: "Finance Act 2025 scraps the 3% Digital Asset Tax: what changes for merchants",
  tldr: "From 1 July 2025 the 3% Digital Asset Tax on the gross value of crypto transfers is repealed and replaced by a 10% excise duty on the fees charged by virtual asset service providers. Income tax on gains still applies.",
  body,
  tags: ["tax", "kenya", "regulation", "merchants", "compliance"],
  category: "News",
  publishedAt: "2025-07-08T06:00:00.000Z",
  sourceName: "Business Daily Africa",
  sourceUrl:
    "https://www.businessdailyafrica.com/bd/economy/finance-act-2025-repeals-digital-asset-tax-excise-duty-vasp-fees-5104312",
  author: authors.wanjikuMwangi,
  status: "published",
  readingTime: readingTime(body),
};
