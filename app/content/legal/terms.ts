/**
 * Terms and Conditions (/terms). Every figure comes from company.ts, tariff.ts and
 * cryptocurrencies.ts.
 */
import { company } from "../company";
import { cryptocurrencies, liveSymbols } from "../cryptocurrencies";
import {
  conversionFees,
  cryptoLimits,
  exciseDutyPhrase,
  formatBps,
  liabilityCapMonths,
  mobileMoneyLimits,
  pesalinkLimits,
  ratesRefreshSeconds,
  settlementTimes,
  tierDailyLimitNote,
} from "../tariff";
import { formatKes } from "~/utils/format";
import * as paths from "~/utils/paths";
import type { LegalDocument } from "./types";

const liveCoins = cryptocurrencies.filter((coin) =>
  (liveSymbols as readonly string[]).includes(coin.symbol),
);
const liveAssetList = liveCoins.map(
  (coin) => `${coin.name} (${coin.symbol}) on ${coin.networks.join(" or ")}`,
);
const liveAssetNames = liveCoins.map((coin) => coin.symbol).join(", ");
const railNames = mobileMoneyLimits.map((rail) => rail.name).join(", ");
const capMonths = `${liabilityCapMonths} months`;
const officeAddress = company.officeAddress.join(", ");
const postalAddress = company.postalAddress.join(", ");

function feeCell(fee: (typeof conversionFees)[number]): string {
  if ("plus" in fee) return `${formatBps(fee.bps)} plus ${fee.plus}, ${exciseDutyPhrase}`;
  return `${formatBps(fee.bps)} of the amount, ${exciseDutyPhrase}`;
}

export const terms: LegalDocument = {
  title: "Terms and Conditions",
  description: `The terms that govern how merchants use ${company.brand} to accept crypto and mobile money payments and settle in Kenyan shillings.`,
  path: paths.terms,
  effective: "2021-05-01",
  intro: [
    {
      kind: "p",
      text: `These Terms and Conditions ("Terms") are a binding agreement between ${company.legalName} ("${company.brand}", "we", "us" or "our"), a company based in ${company.city}, ${company.country}, and the business that opens a merchant account with us ("you" or "the Merchant"). They apply to our website, merchant dashboard, checkout, plugins, SDKs and API.`,
    },
    {
      kind: "p",
      text: "By submitting a merchant application, signing in to the dashboard or calling our API, you confirm that you have read and accept these Terms, our Privacy Policy and our Tariff Schedule. If you do not accept them, do not use the services. Please read them carefully, in particular the sections on fees, limits, liability and termination.",
    },
  ],
  sections: [
    {
      id: "definitions",
      title: "Definitions",
      blocks: [
        {
          kind: "p",
          text: "In these Terms the following words have the meanings given below. Headings are for convenience only, and the singular includes the plural.",
        },
        {
          kind: "ul",
          items: [
            `"Account" means the merchant account we open for you, identified by your merchant ID, together with the dashboard and API credentials linked to it.`,
            `"Customer" means a person who pays you, or receives a payment from you, through ${company.brand}.`,
            `"Crypto Asset" means a supported cryptocurrency or stablecoin. Checkout currently accepts ${liveAssetNames}.`,
            `"Quote" means the Kenyan shilling (KES) amount and exchange rate we lock for a payment at the moment it is created.`,
            `"Rail" means a settlement channel: ${railNames} or a bank account reached over PesaLink.`,
            `"Settlement" means the payment of KES, net of fees, to the Rail you have nominated.`,
            `"Services" means collections, disbursements, business-to-business transfers, fiat on and off ramp, cross-border payments, treasury and related tools described in these Terms.`,
            `"Business Day" means a day other than a Saturday, Sunday or public holiday in Kenya.`,
          ],
        },
      ],
    },
    {
      id: "eligibility-and-onboarding",
      title: "Eligibility and onboarding",
      blocks: [
        {
          kind: "p",
          text: "The Services are for businesses only. To apply for and keep an Account you must meet all of the following conditions:",
        },
        {
          kind: "ul",
          items: [
            "the individual opening the Account and every authorised user is 18 years of age or over;",
            "you and your authorised users are legally capable of entering into a binding contract and have authority to bind the business;",
            "the business is a registered business, such as a company, partnership, sole proprietorship or registered society, in good standing in its country of registration;",
            "you give complete, accurate and current information during onboarding and whenever we ask for it afterwards.",
          ],
        },
        {
          kind: "p",
          text: "Before we activate an Account we carry out know-your-customer (KYC) and know-your-business (KYB) checks. We may ask for your certificate of incorporation or registration, KRA PIN, CR12 or equivalent ownership records, national ID or passport of directors, beneficial owners and authorised users, proof of address, bank or mobile money account details, a description of your products and expected volumes, and your website or trading premises.",
        },
        {
          kind: "p",
          text: "We aim to review complete applications within 24 hours, but approval is at our discretion and we may decline an application without giving reasons where the law or our risk policy requires. You must tell us within 7 days of any change to your ownership, directors, business activity, address or settlement details. We may repeat checks at any time.",
        },
      ],
    },
    {
      id: "merchant-obligations",
      title: "Merchant obligations",
      blocks: [
        { kind: "p", text: "While you use the Services you agree that you will:" },
        {
          kind: "ul",
          items: [
            "keep your merchant ID, username, password, API keys, webhook secrets and other credentials secure and confidential, store API keys only on your servers and never in websites, mobile apps or public code repositories;",
            "rotate API keys promptly, and tell us immediately at the contact details below, if you suspect a credential has been lost, stolen or misused;",
            "give access only to authorised staff, and remain responsible for every instruction given with your credentials until you have told us of a compromise;",
            "describe your goods or services, prices and refund policy clearly to Customers and deliver what you sell;",
            "verify webhook signatures and transaction status with our API before releasing goods or services of significant value;",
            "comply with all laws that apply to your business, including consumer protection, tax, data protection and anti-money laundering laws.",
          ],
        },
        {
          kind: "p",
          text: "You are responsible for the accuracy of payout instructions you give us, including phone numbers, bank account numbers and wallet addresses. Payments sent to details you supplied cannot always be recovered, and we are not liable for losses caused by incorrect instructions.",
        },
      ],
    },
    {
      id: "services",
      title: "Our services",
      blocks: [
        {
          kind: "p",
          text: `${company.brand} lets you accept payments in Crypto Assets or mobile money and receive the proceeds in Kenyan shillings. A Customer pays through our checkout, plugin or API, we lock a KES Quote, confirm the payment on-chain through our institutional custody provider, convert it and settle the net amount to your Rail.`,
        },
        {
          kind: "p",
          text: "We currently accept the following Crypto Assets on the networks shown. Sending an asset on any other network may result in its permanent loss.",
        },
        { kind: "ul", items: liveAssetList },
        {
          kind: "p",
          text: "Depending on your plan the Services may also include disbursements (payroll, refunds, supplier and affiliate payouts, individually or in bulk by file upload or API), business-to-business transfers, a fiat on and off ramp in KES, USD and EUR, cross-border payments, and treasury tools with automatic conversion.",
        },
        {
          kind: "p",
          text: "We are a payment service provider. We are not a bank, we do not give investment, legal or tax advice, and balances held with us do not earn interest. We may change, add or withdraw features, assets or Rails, and will give you reasonable notice of changes that materially affect you.",
        },
      ],
    },
    {
      id: "quotes-and-exchange-rates",
      title: "Quotes and exchange rates",
      blocks: [
        {
          kind: "p",
          text: "When a payment is created we lock a KES Quote at once. The Quote fixes the exchange rate and the amount of the Crypto Asset the Customer must send, so neither you nor the Customer carries price movement while the Quote is valid.",
        },
        {
          kind: "p",
          text: "Each Quote has an expiry time, shown on the checkout page and returned by the API. The Customer must broadcast the exact amount before the Quote expires. After expiry the Quote can no longer be used and a new Quote is needed; payments that arrive late are handled as described in the section on refunds, chargebacks and disputes.",
        },
        {
          kind: "p",
          text: `Market rates shown on our website and dashboard refresh about every ${ratesRefreshSeconds} seconds. They are indicative only and are not an offer. Our rates are based on market data from third-party providers and include a spread. The rate that applies to a payment is always the rate in its locked Quote.`,
        },
        {
          kind: "p",
          text: "If a Quote was clearly generated from an obviously wrong market price, for example because of a data feed fault, we may cancel it before settlement and return the payment to the Customer.",
        },
      ],
    },
    {
      id: "fees",
      title: "Fees",
      blocks: [
        {
          kind: "p",
          text: "You agree to pay the following fees. Percentages apply to the value of each transaction in KES at the locked Quote.",
        },
        {
          kind: "table",
          caption: "Transaction fees",
          head: ["Service", "Fee", "Applies to"],
          rows: conversionFees.map((fee) => [fee.name, feeCell(fee), fee.description]),
        },
        {
          kind: "p",
          text: "Mobile network fees and network fees are the charges made by mobile money operators, banks and blockchain networks to move the funds. We pass them on at cost and show them before you confirm a payout where we can.",
        },
        {
          kind: "p",
          text: "Our Tariff Schedule at /tariff-schedule sets out the fees for each payment flow and forms part of these Terms. There are no setup or monthly fees unless agreed in writing. Fees are deducted from the amount settled to you, unless we agree otherwise. Fees are stated exclusive of excise duty and other taxes, which we add where the law requires, as the next paragraph sets out.",
        },
        {
          kind: "p",
          text: `Each of our fees (the collection fee, the disbursement fee and the business-to-business fee) is charged ${exciseDutyPhrase} on the fee, the excise duty on virtual asset service providers' fees under the Finance Act, 2025. It is calculated on each fee and rounded to the nearest cent (half a cent up), paid by you on top of the fee and taken with it, shown beside the fee on your quotes, payment pages, statements and monthly fee invoices, and remitted by us to the Kenya Revenue Authority. We do not charge it on the mobile network or network fees we pass on at cost.`,
        },
        {
          kind: "p",
          text: "We may change our fees by giving you at least 30 days' notice by e-mail or in the dashboard. Changes do not affect payments already quoted.",
        },
      ],
    },
    {
      id: "transaction-limits",
      title: "Transaction limits",
      blocks: [
        {
          kind: "p",
          text: "The following limits apply to crypto payments, measured in KES at the locked Quote:",
        },
        {
          kind: "table",
          caption: "Crypto payment limits",
          head: ["Limit", "Amount", "What happens"],
          rows: [
            [
              "Minimum per payment",
              `${formatKes(cryptoLimits.minimum)} equivalent`,
              "Payments below the minimum are not processed.",
            ],
            [
              "Automatic processing",
              `Up to ${formatKes(cryptoLimits.autoMaxPerTransaction)} equivalent per transaction`,
              "Processed and settled automatically.",
            ],
            [
              "Manual review",
              `Above ${formatKes(cryptoLimits.autoMaxPerTransaction)} and up to ${formatKes(cryptoLimits.reviewMaxPerTransaction)} per transaction`,
              "Held for manual review before settlement.",
            ],
            [
              "Daily limit per merchant",
              formatKes(cryptoLimits.dailyPerMerchant),
              tierDailyLimitNote,
            ],
          ],
        },
        {
          kind: "table",
          caption: "Mobile money limits per rail",
          head: ["Rail", "Per transaction", "Daily", "Maximum balance"],
          rows: mobileMoneyLimits.map((rail) => [
            rail.name,
            formatKes(rail.perTransaction),
            formatKes(rail.daily),
            formatKes(rail.maxBalance),
          ]),
        },
        {
          kind: "p",
          text: `Mobile money limits are set by the Central Bank of Kenya and the operators and apply per recipient wallet. Where a payout is above a rail's per-transaction limit we split it automatically into multiple transfers, each within the limit, and each transfer may attract its own mobile network fee. PesaLink bank transfers are limited to ${formatKes(pesalinkLimits.perTransaction)} per transaction, with a minimum of ${formatKes(pesalinkLimits.minimum)}, and your bank may set lower limits.`,
        },
        {
          kind: "p",
          text: "We may apply lower limits to a new Account or where our risk checks require, and we will tell you if we do. Limits set by law or by a Rail operator may change without notice from us.",
        },
      ],
    },
    {
      id: "settlement",
      title: "Settlement",
      blocks: [
        {
          kind: "p",
          text: "Once a payment is confirmed we settle the net amount to your nominated Rail. Typical times are:",
        },
        {
          kind: "table",
          caption: "Settlement times",
          head: ["Rail or service", "Time"],
          rows: settlementTimes.map((entry) => [entry.rail, entry.time]),
        },
        {
          kind: "p",
          text: "A crypto payment counts as received only once it has the required number of network confirmations and our custody provider has credited it. Times depend on third parties such as blockchain networks, mobile money operators and banks, and are not guaranteed. Settlement may take longer for payments under manual review, during network congestion or outages, or where we must carry out further checks.",
        },
        {
          kind: "p",
          text: "We may withhold or delay settlement, or keep a reasonable reserve, where we reasonably suspect fraud, a breach of these Terms or unlawful activity, where a dispute or refund is likely, or where the law or a regulator requires. Please check your settlement reports and tell us of any error within 30 days.",
        },
      ],
    },
    {
      id: "prohibited-activities",
      title: "Prohibited activities and AML/CFT",
      blocks: [
        { kind: "p", text: "You must not use the Services, directly or indirectly, for:" },
        {
          kind: "ul",
          items: [
            "money laundering, terrorist financing, proliferation financing or evading sanctions;",
            "any person, entity or country on a United Nations, Kenyan or other applicable sanctions list;",
            "fraud, pyramid or Ponzi schemes, or investment products you are not licensed to offer;",
            "unlicensed gambling or betting, unlicensed money remittance or unlicensed virtual asset services;",
            "illegal drugs, weapons, counterfeit goods, stolen property, or content that exploits children;",
            "mixing or tumbling services, or any attempt to hide the origin of funds or to split payments to avoid limits or checks.",
          ],
        },
        {
          kind: "p",
          text: "We comply with the Proceeds of Crime and Anti-Money Laundering Act, 2009 and related laws. We screen merchants, Customers and wallet addresses, monitor transactions, and may ask for information about the source of funds or the purpose of a payment. We report suspicious transactions to the Financial Reporting Centre and, where the law requires, we are not allowed to tell you that we have done so.",
        },
        {
          kind: "p",
          text: "If we suspect a prohibited activity we may refuse, hold or reverse a payment, freeze funds, suspend your Account and share information with regulators and law enforcement.",
        },
      ],
    },
    {
      id: "refunds-and-disputes",
      title: "Refunds, chargebacks and disputes",
      blocks: [
        {
          kind: "p",
          text: "Crypto transactions cannot be reversed once confirmed on-chain, and completed mobile money and bank transfers are generally final. You are responsible for refunds to your Customers under your own refund policy. You can issue a refund from the dashboard or API as a disbursement, and our normal fees and limits apply.",
        },
        {
          kind: "p",
          text: "If a mobile money operator or bank reverses a payment made to you, for example after upholding a Customer's reversal request (a chargeback), we may debit the amount and any reversal charges from your balance or future settlements. You must give us evidence of the transaction within 5 Business Days when we ask for it.",
        },
        { kind: "h3", text: "Underpaid, overpaid and late payments" },
        {
          kind: "ul",
          items: [
            "Underpaid: if the Customer sends less than the Quote requires, the payment is marked underpaid. The Customer may top up before the Quote expires; otherwise we settle the amount actually received at the locked rate, less fees, or return it to the Customer less network fees, according to your account settings.",
            "Overpaid: if the Customer sends more than the Quote requires, we settle the quoted amount and hold the excess for return to the Customer, less network fees, once they give us a refund address.",
            "Late: if a payment arrives after the Quote has expired, we re-quote it at the rate current when it is confirmed and settle that amount, or return it less network fees where you have chosen to refuse late payments.",
            "Wrong asset or network: payments in an unsupported asset or on an unsupported network may not be recoverable. Where recovery is possible we may charge the cost of doing so.",
          ],
        },
        {
          kind: "p",
          text: `If you have a complaint about the Services, contact us at ${company.supportEmail}. We will acknowledge it within 2 Business Days and aim to resolve it within 14 days. Unresolved complaints are handled under the section on governing law and dispute resolution.`,
        },
      ],
    },
    {
      id: "data-protection",
      title: "Data protection and confidentiality",
      blocks: [
        {
          kind: "p",
          text: "We process personal data in line with the Data Protection Act, 2019 and our Privacy Policy at /privacy, which explains what we collect, why, how long we keep it and the rights you and your Customers have.",
        },
        {
          kind: "p",
          text: "Where you give us personal data about your Customers, staff or beneficial owners, you confirm that you collected it lawfully and have told them that it will be shared with us for the purposes of the Services. You must protect any personal data you receive from us and use it only to provide your goods or services and handle payments.",
        },
        {
          kind: "p",
          text: "Each party will keep the other's non-public business information confidential and use it only for the purposes of these Terms, except where disclosure is required by law, a court or a regulator.",
        },
      ],
    },
    {
      id: "intellectual-property",
      title: "Intellectual property",
      blocks: [
        {
          kind: "p",
          text: `The ${company.brand} name, logos, website, dashboard, checkout, plugins, SDKs, API, documentation and all software and content we provide are owned by ${company.legalName} or its licensors. We grant you a limited, non-exclusive, non-transferable, revocable licence to use them only to access the Services during the life of your Account.`,
        },
        {
          kind: "p",
          text: "You must not copy, modify, reverse engineer, resell or build a competing product from the Services, or remove any proprietary notices. You may display our name and payment-method logos on your checkout to show that you accept payments through us, following any brand guidelines we give you.",
        },
        {
          kind: "p",
          text: "You keep all rights in your own trademarks and content. You allow us to display your business name and logo in our merchant lists and case studies only with your prior written consent.",
        },
      ],
    },
    {
      id: "limitation-of-liability",
      title: "Limitation of liability",
      blocks: [
        {
          kind: "p",
          text: `To the extent allowed by law, our total liability to you for all claims arising out of or in connection with these Terms or the Services, whether in contract, tort or otherwise, is capped at the total fees you paid us in the ${capMonths} before the event giving rise to the claim.`,
        },
        {
          kind: "p",
          text: "We are not liable for loss of profit, revenue, business, goodwill or data, or for any indirect or consequential loss. We are not liable for delays or failures caused by blockchain networks, mobile money operators, banks, custody or market-data providers, power or internet outages, changes in law, or other events beyond our reasonable control.",
        },
        {
          kind: "p",
          text: "Nothing in these Terms limits liability for fraud, for death or personal injury caused by negligence, or for any liability that cannot be limited under Kenyan law.",
        },
        {
          kind: "p",
          text: "You will indemnify us against losses, fines, chargebacks and reasonable legal costs arising from your breach of these Terms, your products or services, your breach of law, or misuse of your credentials before you told us of a compromise.",
        },
      ],
    },
    {
      id: "suspension-and-termination",
      title: "Suspension and termination",
      blocks: [
        {
          kind: "p",
          text: "You may close your Account at any time by giving us written notice. We may end these Terms for any reason by giving you 30 days' notice.",
        },
        {
          kind: "p",
          text: "We may suspend or close your Account immediately, and without prior notice where the law allows, if:",
        },
        {
          kind: "ul",
          items: [
            "you breach these Terms, or give us false or misleading information;",
            "we suspect fraud, money laundering, sanctions breaches or other unlawful activity;",
            "your credentials appear to be compromised;",
            "a regulator, court, law enforcement agency, bank, mobile money operator or custody provider requires it;",
            "your chargeback, dispute or complaint levels are excessive; or",
            "you become insolvent or stop carrying on business.",
          ],
        },
        {
          kind: "p",
          text: "On closure we will settle your remaining balance to your verified Rail, less fees, refunds, chargebacks and amounts you owe us, after any hold period needed to cover likely disputes or required by law. Sections on fees owed, data protection, intellectual property, liability, and governing law survive termination.",
        },
      ],
    },
    {
      id: "governing-law",
      title: "Governing law and dispute resolution",
      blocks: [
        {
          kind: "p",
          text: "These Terms and any dispute arising out of or in connection with them are governed by the laws of the Republic of Kenya.",
        },
        {
          kind: "p",
          text: "The parties will first try to settle any dispute in good faith through our complaints process. If the dispute is not resolved within 30 days, either party may refer it to arbitration by a sole arbitrator under the Arbitration Act, 1995 and the rules of the Nairobi Centre for International Arbitration. The seat of arbitration is Nairobi and the language is English.",
        },
        {
          kind: "p",
          text: "Nothing in this section stops either party from seeking urgent interim relief from the courts of Kenya sitting in Nairobi.",
        },
      ],
    },
    {
      id: "changes-and-contact",
      title: "Changes to these terms and contact",
      blocks: [
        {
          kind: "p",
          text: "We may update these Terms from time to time. We will give you at least 30 days' notice of material changes by e-mail or in the dashboard, unless a change is required sooner by law. If you continue to use the Services after a change takes effect, you accept the updated Terms.",
        },
        {
          kind: "p",
          text: "You may not transfer your Account or these Terms without our written consent. If any provision is found unenforceable, the rest remains in force.",
        },
        {
          kind: "ul",
          items: [
            `Company: ${company.legalName}, ${company.licenceName} ${company.licenceNumber}`,
            `Office: ${officeAddress}`,
            `Postal address: ${postalAddress}`,
            `Support (${company.supportHours}): ${company.supportEmail}, ${company.phone}`,
            `Compliance: ${company.complianceEmail}`,
          ],
        },
      ],
    },
  ],
};
