import { authors } from "./authors";
import { readingTime } from "./reading-time";
import type { Article } from "./types";

const body = `Every payment a business takes carries personal data with it: a phone number, a name from the M-Pesa confirmation, a delivery address, sometimes a crypto wallet address that can be linked back to a person. Kenya's Data Protection Act, 2019 governs all of it, and the Office of the Data Protection Commissioner (ODPC) has shown it is willing to enforce the law against ordinary businesses, not only banks and telcos. This guide sets out what the Act requires and turns it into a checklist for merchants who take payments by mobile money or crypto.

## The Act in brief

The Data Protection Act came into force on 25 November 2019, and the ODPC is its regulator. Its core duties are familiar from data protection laws elsewhere:

- Register: the Act requires data controllers and data processors to register with the ODPC, which has run an online registration portal since 14 July 2022.
- Have a lawful basis: every use of personal data needs one, such as performing a contract with the customer, a legal obligation or consent.
- Limit the purpose: data collected to process a payment should not quietly become a marketing list.
- Minimise: collect only what you need for the purpose.
- Limit retention: keep data only as long as you need it, or as long as another law requires.
- Respect people's rights: customers can ask to access their data and to have it corrected or deleted, and they can object to some uses.

### When something goes wrong

If a personal data breach occurs, the controller must notify the ODPC within 72 hours of becoming aware of it, under section 43 of the Act, and must also tell the people affected. High-risk processing needs a data protection impact assessment before it starts. Transfers of personal data outside Kenya need appropriate safeguards, and data tied to strategic state interests must be stored in Kenya.

### What enforcement looks like

The Act allows fines of up to KES 5 million or 1% of the previous year's turnover, whichever is lower. The ODPC has already fined Kenyan businesses, in amounts from about KES 1.85 million to KES 5 million.

## Where payment data hides in a business

Most merchants underestimate how many copies of their customers' data they hold. Typical places include:

- M-Pesa and Airtel Money statements, which show the payer's name and phone number.
- Spreadsheets exported for reconciliation and shared by e-mail.
- WhatsApp chats where customers send screenshots of payment confirmations.
- Delivery notes and order books with addresses and phone numbers.
- Crypto wallet addresses recorded against customer names, which turn a pseudonymous address into personal data.

## A checklist for merchants

1. Check whether your business must register with the ODPC, and register if it must.
2. List the personal data you collect at checkout and why you need each item. Drop anything you cannot justify.
3. Tell customers what you collect and why, in a short privacy notice on your website or receipt.
4. Limit who can see payment data. Give staff their own logins rather than sharing one password, and remove access when people leave.
5. Set retention periods and delete or anonymise old exports, screenshots and spreadsheets on schedule.
6. Prefer masked phone numbers in reports and exports where the full number is not needed.
7. Never write personal data into a blockchain transaction note or memo. Records on a public chain cannot be corrected or deleted.
8. Write down what you will do in a breach, including who calls the ODPC within 72 hours.
9. Check the data protection terms of every provider that handles your customers' data, including your payment provider.

## Working with a payment provider

A payment provider handles your customers' data in two different ways. When it processes data only to carry out your payment instructions, you remain responsible for that data and should explain your practices to your customers. When the provider processes data for its own legal duties, such as fraud prevention and anti-money-laundering checks, it acts as a controller in its own right. Your contract and the provider's privacy notice should make the split clear.

At OneHop, we are registered with the ODPC as a data controller and data processor. We collect the minimum needed to settle a payment and meet our legal duties, keep payment records under strict access controls, and commit to notifying the ODPC within 72 hours of becoming aware of a breach that creates a real risk of harm. Merchants can reach our team at privacy@onehop.co.ke with any question about how payment data is handled.

## Why it is worth the effort

Data protection can feel like paperwork, but in payments it is also fraud prevention. Leaked phone numbers and payment histories fuel the social-engineering scams that target both merchants and their customers. A business that collects less, shares less and deletes on schedule has less to lose.

This article is a general guide to the Data Protection Act, 2019 and is not legal advice.`;

export const article: Article = {
  id: "art-2026-08-data-protection",
  slug: "data-protection-act-payment-data",
  title: "Payment data and Kenya's Data Protection Act 2019: a checklist for merchants",
  tldr: "Phone numbers, names and wallet addresses from payments are personal data under the Data Protection Act 2019. Register with the ODPC where required, collect less, delete on schedule and be ready to report a breach within 72 hours.",
  body,
  tags: ["compliance", "regulation", "kenya", "merchants", "payments"],
  category: "News",
  publishedAt: "2026-08-18T06:00:00.000Z",
  sourceName: "Office of the Data Protection Commissioner",
  sourceUrl: "https://www.odpc.go.ke/dpa-act/",
  author: authors.wanjikuMwangi,
  status: "published",
  readingTime: readingTime(body),
};
