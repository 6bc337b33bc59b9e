/** Privacy Policy (/privacy), written for the Kenya Data Protection Act, 2019. */
import { company } from "../company";
import type { LegalDocument } from "./types";
import * as paths from "~/utils/paths";

const officeAddress = company.officeAddress.join(", ");
const postalAddress = company.postalAddress.join(", ");

export const privacy: LegalDocument = {
  title: "Privacy Policy",
  description: `How ${company.legalName} collects, uses, shares and protects personal data under the Kenya Data Protection Act, 2019.`,
  path: paths.privacy,
  effective: "2021-05-01",
  intro: [
    {
      kind: "p",
      text: `This Privacy Policy explains how ${company.legalName} ("${company.brand}", "we", "us") handles personal data when you visit our website, apply for a merchant account, use the merchant dashboard or API, or pay or receive money through a merchant that uses ${company.brand}.`,
    },
    {
      kind: "p",
      text: "We process personal data in line with the Data Protection Act, 2019 and its regulations. We collect only what we need, use it for the purposes we tell you about, keep it no longer than necessary and protect it with appropriate safeguards.",
    },
  ],
  sections: [
    {
      id: "who-we-are",
      title: "Who we are and the scope of this policy",
      blocks: [
        {
          kind: "p",
          text: `${company.legalName} is a company based in ${company.city}, ${company.country}, with offices at ${officeAddress}. We are the data controller for personal data we process to run our website, onboard and serve merchants, and meet our legal and regulatory duties. We are registered with the Office of the Data Protection Commissioner (ODPC) as a data controller and data processor.`,
        },
        {
          kind: "p",
          text: "When we process Customer data only to carry out a merchant's payment instructions, the merchant is also responsible for that data and should explain its own practices to its Customers. Where we process Customer data for our own legal duties, such as fraud prevention and anti-money laundering checks, we act as controller.",
        },
        {
          kind: "p",
          text: "This policy does not cover third-party websites or services linked from our site, such as blockchain explorers, news outlets or our partners' apps, which have their own privacy notices.",
        },
      ],
    },
    {
      id: "data-we-collect",
      title: "Personal data we collect",
      blocks: [
        { kind: "h3", text: "Merchants, directors, beneficial owners and authorised users" },
        {
          kind: "ul",
          items: [
            "identity and contact details: name, job title, e-mail address, phone number, national ID or passport number and copies, date of birth and address;",
            "business details: business name and type, registration documents, KRA PIN, ownership structure, website, location, expected monthly volume and current payment methods;",
            "account data: merchant ID, username, hashed password, API key metadata, settlement details (mobile money number or bank account) and your preferences, including newsletter consent;",
            "records of your transactions, settlements, support requests and correspondence with us.",
          ],
        },
        { kind: "h3", text: "Customers who pay or receive payments" },
        {
          kind: "p",
          text: "The mobile money number and name returned by the operator, bank account details for PesaLink payouts, crypto wallet addresses and transaction hashes, amounts, dates and references, and the device and network information needed to detect fraud. We do not ask Customers for more than the payment requires.",
        },
        {
          kind: "p",
          text: "Website visitors: technical data such as IP address, browser type, pages visited and error logs, kept in server logs for security and troubleshooting. We also receive data from our custody provider (such as the address a crypto payment came from), and from mobile money operators and banks when they process your payments (such as the registered name behind a number or account). We screen names and wallet addresses ourselves against the public sanctions lists of the UN Security Council and the US Treasury's OFAC.",
        },
      ],
    },
    {
      id: "how-we-use-data",
      title: "How we use personal data and our lawful basis",
      blocks: [
        {
          kind: "p",
          text: "We use personal data only for specific, explicit purposes, and rely on one of the lawful bases in section 30 of the Data Protection Act, 2019 for each:",
        },
        {
          kind: "table",
          caption: "Purposes and lawful bases",
          head: ["Purpose", "Lawful basis"],
          rows: [
            [
              "Reviewing merchant applications and opening accounts",
              "Performance of a contract, or steps taken at your request before entering one",
            ],
            [
              "Processing payments, conversions, settlements and refunds",
              "Performance of a contract",
            ],
            [
              "KYC and KYB checks, sanctions screening, transaction monitoring and reporting to authorities",
              "Compliance with a legal obligation",
            ],
            [
              "Keeping accounting, tax and transaction records",
              "Compliance with a legal obligation",
            ],
            [
              "Securing our systems, preventing fraud and improving the service",
              "Our legitimate interests, balanced against your rights",
            ],
            [
              "Sending newsletters and product updates",
              "Consent, which you can withdraw at any time",
            ],
          ],
        },
        {
          kind: "p",
          text: "We do not use personal data for purposes that are incompatible with those above, we do not sell it, and we collect only what is adequate, relevant and limited to what each purpose needs. Where a decision is made by automated means, such as a fraud flag on a payment, a member of our team reviews it before any lasting action is taken against you.",
        },
      ],
    },
    {
      id: "sharing",
      title: "Who we share personal data with",
      blocks: [
        {
          kind: "p",
          text: "We share personal data only where needed for the purposes above, and only with parties bound by confidentiality and data protection obligations:",
        },
        {
          kind: "ul",
          items: [
            "mobile money operators (Safaricom M-Pesa, Airtel Money, Telkom T-Kash), banks and PesaLink, to make payments and settlements;",
            "our institutional custody provider, to receive, hold and send crypto payments;",
            "for a crypto refund worth USD 1,000 or more, the sender and receiver details the travel rule requires, kept with the refund;",
            "cloud hosting, e-mail and support tool providers acting as our data processors;",
            "the merchant you paid or were paid by, for the transaction concerned;",
            "regulators and authorities, including the Central Bank of Kenya, the Capital Markets Authority, the Financial Reporting Centre, the Kenya Revenue Authority and law enforcement, where the law requires;",
            "professional advisers and auditors, and a buyer or successor if our business is reorganised or sold, under equivalent safeguards.",
          ],
        },
        {
          kind: "p",
          text: "Public blockchains are outside our control: wallet addresses and transaction details recorded on a blockchain are visible to anyone and cannot be changed or deleted.",
        },
      ],
    },
    {
      id: "international-transfers",
      title: "Cross-border transfers",
      blocks: [
        {
          kind: "p",
          text: "Some of our service providers, such as cloud hosting, custody and screening providers, may process personal data outside Kenya. We transfer personal data abroad only where the Data Protection Act, 2019 allows it: where the receiving country or organisation gives appropriate safeguards, including a comparable level of protection, where the transfer is necessary to perform a contract with you, or with your consent.",
        },
        {
          kind: "p",
          text: "Our safeguards include written data processing agreements with contractual protection clauses, security due diligence on providers, encryption in transit and at rest, and limiting transfers to the data needed. Data that the law requires to be processed or stored in Kenya is kept in Kenya. You can ask us for details of the safeguards that apply to your data.",
        },
      ],
    },
    {
      id: "retention",
      title: "How long we keep personal data",
      blocks: [
        {
          kind: "p",
          text: "We keep personal data only as long as necessary for the purpose we collected it for, or as the law requires:",
        },
        {
          kind: "ul",
          items: [
            "KYC and KYB records, transaction records and related correspondence: seven years after the end of the business relationship, as required by anti-money laundering law, and never deleted before;",
            "accounting and tax records: as long as Kenyan tax law requires;",
            "declined or abandoned merchant applications: up to 12 months, unless a legal obligation requires longer;",
            "server and security logs: up to 12 months;",
            "newsletter data: until you unsubscribe or withdraw consent.",
          ],
        },
        {
          kind: "p",
          text: "At the end of the retention period we securely delete or anonymise the data. We may keep data longer where it is needed for an ongoing investigation, dispute or legal claim.",
        },
      ],
    },
    {
      id: "security-and-breaches",
      title: "Security and breach notification",
      blocks: [
        {
          kind: "p",
          text: "We protect personal data with technical and organisational measures suited to the risk, including encryption in transit and at rest, role-based access control with the least privilege needed, multi-factor authentication for staff, logging and monitoring, staff training and confidentiality obligations, and data protection impact assessments for high-risk processing.",
        },
        {
          kind: "p",
          text: "If a personal data breach creates a real risk of harm to you, we will notify the Office of the Data Protection Commissioner within 72 hours of becoming aware of it, as required by section 43 of the Data Protection Act, 2019. We will also tell affected people as soon as reasonably practicable, in writing, with the likely consequences and the steps we are taking and that you can take, unless the law or an investigation requires delay.",
        },
      ],
    },
    {
      id: "your-rights",
      title: "Your rights",
      blocks: [
        { kind: "p", text: "Under the Data Protection Act, 2019 you have the right to:" },
        {
          kind: "ul",
          items: [
            "be informed of how your personal data is used;",
            "access the personal data we hold about you;",
            "ask us to correct data that is inaccurate, out of date or incomplete;",
            "ask us to delete data that is no longer needed or was processed unlawfully;",
            "object to processing based on our legitimate interests, and to direct marketing at any time;",
            "withdraw consent where we rely on it, and receive your data in a portable format where the law provides.",
          ],
        },
        {
          kind: "p",
          text: `Merchants can do two of these themselves in the dashboard, under Settings, "Your data": an owner or admin can download the business's data (as JSON or CSV), and an owner can ask us to erase what the law lets us remove; the page then says what was removed and what is kept, and until when.`,
        },
        {
          kind: "p",
          text: `For anything else, or to exercise a right, e-mail ${company.privacyEmail}. We may need to verify your identity first. We respond within the time the law sets, normally within 7 to 14 days, and free of charge unless a request is clearly unfounded or excessive. Some requests may be limited by law: for example, we cannot delete records we must keep for anti-money laundering purposes.`,
        },
        {
          kind: "p",
          text: "If you are not satisfied with our response you may complain to the Office of the Data Protection Commissioner (www.odpc.go.ke). We would appreciate the chance to address your concern first.",
        },
      ],
    },
    {
      id: "cookies",
      title: "Cookies",
      blocks: [
        {
          kind: "p",
          text: "We use only strictly necessary cookies, which the site needs to work and which do not require consent:",
        },
        {
          kind: "table",
          caption: "Cookies we use",
          head: ["Cookie", "Purpose", "Duration"],
          rows: [
            [
              "Session cookie",
              "Keeps a merchant signed in to the dashboard. It is signed so it cannot be altered, marked HttpOnly and Secure, and holds no payment data.",
              "Until you sign out or the session expires",
            ],
            [
              "Flash-message cookie",
              "Carries a one-time confirmation or error message from one page to the next.",
              "Deleted once the message has been shown, within minutes",
            ],
          ],
        },
        {
          kind: "p",
          text: "We do not use advertising, tracking or social media cookies, and we do not allow third parties to track you across other websites through our site. If we ever want to use non-essential cookies we will ask for your consent first and update this policy. You can block or delete cookies in your browser, but the merchant dashboard will not work without the session cookie.",
        },
      ],
    },
    {
      id: "changes-and-contact",
      title: "Changes to this policy and contact",
      blocks: [
        {
          kind: "p",
          text: "We may update this policy to reflect changes in our services or the law. We will post the new version on this page with its effective date and, for material changes, tell merchants by e-mail or in the dashboard before the change takes effect.",
        },
        {
          kind: "p",
          text: "Questions about this policy, or requests about your personal data, go to our Data Protection Officer:",
        },
        {
          kind: "ul",
          items: [
            `E-mail: ${company.privacyEmail}`,
            `Phone: ${company.phone}`,
            `Office: ${officeAddress}`,
            `Post: Data Protection Officer, ${company.legalName}, ${postalAddress}`,
          ],
        },
      ],
    },
  ],
};
