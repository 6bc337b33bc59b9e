/** Compliance page (/compliance): licences, regulation, AML/CFT, security, tax and governance. */
import { company } from "../company";
import type { LegalDocument } from "./types";
import * as paths from "~/utils/paths";

const officeAddress = company.officeAddress.join(", ");
const postalAddress = company.postalAddress.join(", ");
const licence = `${company.licenceName} number ${company.licenceNumber}`;

export const compliance: LegalDocument = {
  title: "Compliance",
  description: `How ${company.brand} meets Kenyan licensing, anti-money laundering, data protection, tax and security requirements.`,
  path: paths.compliance,
  lastUpdated: "November 2025",
  intro: [
    {
      kind: "p",
      text: `${company.legalName} has operated from ${company.city} since ${company.founded}. Moving money between crypto assets and Kenyan shillings carries real regulatory duties, and we treat them as part of the product rather than an afterthought. This page explains how we are regulated, how we check who we deal with, how we protect data and funds, and where regulation is still being put in place.`,
    },
  ],
  sections: [
    {
      id: "licences-and-registration",
      title: "Licences and registration",
      blocks: [
        {
          kind: "p",
          text: `${company.legalName} is a company incorporated in Kenya and holds ${licence}.`,
        },
        { kind: "h3", text: "Virtual Asset Service Providers Act, 2025" },
        {
          kind: "p",
          text: "Kenya's Virtual Asset Service Providers (VASP) Act, 2025 was gazetted on 21 October 2025 and came into force on 4 November 2025. It names the Central Bank of Kenya (CBK) and the Capital Markets Authority (CMA) as joint regulators responsible for licensing, supervision and anti-money laundering oversight of virtual asset service providers. Payment processing is one of the service categories it covers.",
        },
        {
          kind: "p",
          text: "Licensing under the Act opens once the National Treasury issues the implementing regulations. As of the date of this page those regulations have not been issued and, as the regulators confirmed in their November 2025 notice, no VASP has been licensed yet. OneHop is preparing its VASP licence application as a payment processor and will apply as soon as the application window opens. We will update this page when our application is filed and when a decision is made.",
        },
        {
          kind: "p",
          text: "Until then we continue to operate under the laws that already apply to us and engage openly with the CBK and the CMA. Mobile money and bank settlements are carried out through licensed mobile money operators and banks.",
        },
      ],
    },
    {
      id: "data-protection",
      title: "Data protection",
      blocks: [
        {
          kind: "p",
          text: "We comply with the Data Protection Act, 2019 and are registered with the Office of the Data Protection Commissioner (ODPC) as a data controller and data processor. We have appointed a Data Protection Officer and carry out data protection impact assessments before high-risk processing.",
        },
        {
          kind: "ul",
          items: [
            "we process personal data only with a lawful basis and for stated purposes, and collect only what we need;",
            "retention periods are defined for each type of record, with AML records kept for the period the law requires;",
            "cross-border transfers are made only with appropriate safeguards;",
            "personal data breaches are reported to the ODPC within 72 hours and to affected people without undue delay;",
            "requests to access, correct, delete or object to processing are handled by our Data Protection Officer.",
          ],
        },
        {
          kind: "p",
          text: `Full details are in our Privacy Policy at /privacy. Privacy questions can be sent to ${company.privacyEmail}.`,
        },
      ],
    },
    {
      id: "aml-cft",
      title: "Anti-money laundering and counter-terrorist financing",
      blocks: [
        {
          kind: "p",
          text: "Our AML/CFT programme follows the Proceeds of Crime and Anti-Money Laundering Act, 2009, the Prevention of Terrorism Act, 2012, the VASP Act, 2025 and the standards of the Financial Action Task Force (FATF). Kenya was placed under FATF increased monitoring in February 2024, which makes strong controls at every payment provider all the more important.",
        },
        {
          kind: "ul",
          items: [
            "KYC and KYB: every merchant's application names its directors and beneficial owners (25% or more), and our team reviews the business and its documents before activation; each merchant has a due-diligence tier that sets its limits, and documents are reviewed again before they expire;",
            "risk-based due diligence: a director or owner who is a politically exposed person brings enhanced review, as do higher tiers and high-value activity;",
            "sanctions screening: merchants, their directors and owners, and the registered names of payout recipients are screened against the UN Security Council Consolidated List and the US OFAC SDN list at onboarding and again whenever a list changes; the wallet addresses customers pay from and refunds go to are checked against the addresses on those lists, and a payment from a listed address is held and not settled;",
            "transaction monitoring: automated rules flag unusual patterns such as sudden volume, structuring just under limits, many payers from one address and payouts to many new recipients, and our compliance team reviews every alert as a case;",
            "reporting: we file suspicious transaction reports with the Financial Reporting Centre (FRC) through goAML within the two days the law sets, and report transactions of USD 15,000 or more;",
            "travel rule: for a crypto refund worth USD 1,000 or more we record the originator and beneficiary details the travel rule requires, kept with the refund (we do not yet exchange them with the receiving exchange over a travel-rule network);",
            "record keeping: customer due diligence and transaction records are kept for seven years after the business relationship ends, and are never deleted before.",
          ],
        },
        {
          kind: "p",
          text: "We may hold or refuse any payment while we complete checks, and we do not tell anyone that a report has been made where the law forbids it.",
        },
      ],
    },
    {
      id: "information-security",
      title: "Information security",
      blocks: [
        {
          kind: "p",
          text: "Security controls protect merchant funds, credentials and data at every step:",
        },
        {
          kind: "ul",
          items: [
            "role-based access control: staff can reach only the systems and data their role needs, access is reviewed regularly and removed on exit, and administrative access requires multi-factor authentication;",
            "encryption: data is encrypted in transit with TLS and at rest, and API keys are stored only as one-way hashes, so they are never shown in full after creation;",
            "custody: crypto assets are held with an institutional custody provider in multi-signature wallets, so no single person or key can move funds;",
            "monitoring: systems are logged and monitored, with alerts for suspicious sign-ins, API use and payout changes;",
            "secure development: code review, dependency updates and security testing before release, plus an incident response plan that is tested.",
          ],
        },
        {
          kind: "p",
          text: "Merchants share responsibility for security: keep API keys on your servers, rotate them if exposed, and tell us at once if you suspect misuse.",
        },
      ],
    },
    {
      id: "tax",
      title: "Tax",
      blocks: [
        {
          kind: "p",
          text: "The Finance Act, 2025, effective 1 July 2025, repealed the 3% Digital Asset Tax and replaced it with excise duty at 10% on the fees and commissions charged by virtual asset service providers. Where this applies to our fees, we charge it on top of the fee, show it on your statement and remit it to the Kenya Revenue Authority monthly.",
        },
        {
          kind: "p",
          text: "Mobile money operators and banks charge their own fees and any excise duty on them, which we pass on at cost. Income tax or capital gains tax on your own business income and gains remains your responsibility, and you should take advice from a qualified tax adviser.",
        },
      ],
    },
    {
      id: "governance",
      title: "Governance",
      blocks: [
        {
          kind: "p",
          text: "Our board has overall responsibility for compliance and risk. A designated Money Laundering Reporting Officer and a Data Protection Officer report to the board independently of the commercial team, and have the authority to stop any payment or onboarding.",
        },
        {
          kind: "ul",
          items: [
            "written policies for AML/CFT, sanctions, data protection, information security and complaints, reviewed at least once a year and whenever the law changes;",
            "an annual enterprise risk assessment covering money laundering, fraud, operational and technology risk;",
            "compulsory annual compliance and security training for all staff;",
            "independent review of the AML/CFT programme and regular audits of access and controls;",
            "due diligence and ongoing oversight of critical partners, including custody providers, mobile money operators and banks.",
          ],
        },
      ],
    },
    {
      id: "contact",
      title: "Contact",
      blocks: [
        {
          kind: "p",
          text: "Regulators, partners and merchants can reach our compliance team directly. To report suspected fraud or misuse of our services, please e-mail us with as much detail as you can.",
        },
        {
          kind: "ul",
          items: [
            `Compliance: ${company.complianceEmail}`,
            `Data protection: ${company.privacyEmail}`,
            `Phone: ${company.phone}`,
            `Office: ${officeAddress}`,
            `Post: ${company.legalName}, ${postalAddress}`,
          ],
        },
      ],
    },
    {
      id: "disclaimer",
      title: "Disclaimer",
      blocks: [
        {
          kind: "p",
          text: "This page is a general summary of our regulatory position and controls. It is not legal advice and does not form part of our contract with you; our Terms and Conditions at /terms and Privacy Policy at /privacy govern your use of the services.",
        },
        {
          kind: "p",
          text: "Kenya's virtual asset regulation is new and still developing, and regulations, guidance and licensing timelines may change. Crypto assets are volatile and are not legal tender in Kenya, and balances are not covered by deposit insurance. We review this page when our regulatory position changes and show the date of the last update above.",
        },
      ],
    },
  ],
};
