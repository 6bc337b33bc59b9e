import { authors } from "./authors";
import { readingTime } from "./reading-time";
import type { Article } from "./types";

const body = `Kenya now has a law for the crypto industry. The Virtual Asset Service Providers Act, 2025 was passed by Parliament in October 2025, published in the Kenya Gazette on 21 October 2025 and came into force on 4 November 2025. It sets out who may offer virtual-asset services in Kenya, who supervises them and what they must do to prevent money laundering. Here is what it says, what it does not yet do, and what it means for a business that accepts crypto.

## The essentials

- Joint regulators: the Central Bank of Kenya (CBK) and the Capital Markets Authority (CMA) share licensing, supervision and anti-money-laundering oversight. Reports indicate that CBK covers stablecoin issuance and payment-type services, while CMA covers exchanges and trading platforms.
- Licensing comes later: licences can only be issued once the National Treasury has published regulations under the Act. In their joint notice of November 2025, the regulators confirmed that no virtual asset service provider had been licensed yet.
- Defined services: the First Schedule lists the regulated activities, including wallet providers, exchanges, payment processors, brokers, investment advisers, managers, offering providers, tokenisation and escrow services.
- Who may apply: companies incorporated in Kenya, or foreign companies holding a compliance certificate. Individuals cannot operate as providers.
- Penalties: reported penalties for offences under the Act reach KES 3 million for individuals and KES 10 million for companies.

## Why Kenya legislated now

Two pieces of background explain the timing. In 2015, CBK issued a public notice warning the public and banks against virtual currencies, which left the sector largely outside formal supervision for years. Then, in February 2024, Kenya was placed on the grey list of the Financial Action Task Force (FATF), the global standard-setter for anti-money-laundering rules. Bringing virtual-asset providers under licensing and supervision is part of the work to address the gaps FATF identified.

## What the Act does not do yet

It is tempting to read the Act as a green light, or as a ban. It is neither, at least not yet.

1. It does not license anyone by itself. Until the Treasury regulations are issued and the regulators process applications, no firm can truthfully say it holds a licence under the Act.
2. It does not set out every detail. Capital requirements, application procedures and reporting formats are matters for the regulations and the regulators' guidance.
3. It does not change the tax rules. Those sit in the Finance Act 2025, which replaced the 3% Digital Asset Tax with a 10% excise duty on providers' fees.
4. It does not change mobile-money limits. CBK's limit of KES 250,000 per transaction still applies to every payout to a mobile wallet.

## What it means for merchants

### Accepting crypto for your own sales

Selling your goods or services and being paid in crypto through a payment processor is different from offering virtual-asset services to other people. The Act is aimed at the providers: the wallets, exchanges and payment processors that handle virtual assets for customers. A shop, school or exporter using a provider to accept payments is a user of those services.

If your business goes further, for example holding crypto on behalf of customers, exchanging it for them or paying out crypto on their behalf, take legal advice on whether that activity falls within the Act.

### Choosing a provider

The Act suggests a practical checklist for judging any crypto payment provider:

- Is it a company incorporated in Kenya, or a foreign company with the required certificate?
- Does it run customer and business due diligence, transaction monitoring and sanctions screening today, rather than promising to later?
- Who holds the funds, and under what controls?
- Does it intend to apply for a licence in the right category, and will it tell you the outcome?
- Does it describe its status accurately? Be wary of anyone claiming a licence under the Act before the regulators have published one.

### Records and questions

Expect your provider to ask more of you, not less. Know-your-business documents, information about the source of larger payments and, for transfers that qualify, details about the sender and the recipient (the so-called travel rule) are part of the AML standards the Act brings in. Keeping clean records of your customers and sales makes those questions quick to answer.

## Where OneHop stands

OneHop Payments Limited is a Kenyan company. Through 2025 we have been strengthening our controls for exactly this moment: travel-rule data is captured for every qualifying transfer, our custody and information-security controls are undergoing independent review, and funds are held by an institutional custody provider on multi-signature wallets.

When the regulations are published and applications open, we intend to apply in the payment processor category. We will not describe OneHop as licensed under the Act until a licence has actually been granted, and we will report the outcome on this blog. Nothing changes in how you accept payments or receive your shillings in the meantime.

This article summarises the Act and the regulators' public statements as of its publication date. It is not legal advice.`;

export const article: Article = {
  id: "art-2025-11-vasp-act",
  slug: "vasp-act-2025-what-it-means-for-merchants",
  title: "Kenya's VASP Act 2025: what it means for merchants who accept crypto",
  tldr: "The Virtual Asset Service Providers Act, 2025 came into force on 4 November 2025, with CBK and CMA as joint regulators. Licensing waits for Treasury regulations, and no provider has been licensed yet.",
  body,
  tags: ["vasp-act", "regulation", "kenya", "compliance", "merchants"],
  category: "News",
  publishedAt: "2025-11-12T06:00:00.000Z",
  sourceName: "Central Bank of Kenya",
  sourceUrl:
    "https://www.centralbank.go.ke/2025/11/04/joint-public-notice-virtual-asset-service-providers-act-2025/",
  author: authors.wanjikuMwangi,
  status: "published",
  readingTime: readingTime(body),
};
