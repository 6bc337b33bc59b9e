/** Copy for the Onboarding page (/onboarding): from application to going live. */
import type { IconName } from "~/components/ui/icons";
import { company } from "~/content/company";
import { KYB_DOCUMENTS } from "~/content/kyb-documents";
import { cryptoLimits, formatBps, mobileMoneyLimits, transactionFees } from "~/content/tariff";
import { formatKes } from "~/utils/format";
import { paths } from "~/utils/paths";

export interface OnboardingStep {
  id: string;
  title: string;
  body: string;
  duration?: string;
  details?: readonly string[];
  link?: { to: string; label: string };
}

export interface DocumentGroup {
  id: string;
  title: string;
  icon: IconName;
  items: readonly string[];
}

export interface FaqItem {
  question: string;
  answer: string;
  link?: { to: string; label: string };
}

const [c2bFee] = transactionFees;
/** What the application's document upload takes (app/content/kyb-documents.ts). */
const KYB_FORMATS = `PDF, JPEG or PNG, up to ${KYB_DOCUMENTS.maxFiles} files of ${
  KYB_DOCUMENTS.maxFileBytes / (1024 * 1024)
} MB each`;
const [firstRail] = mobileMoneyLimits;

export const onboardingPage = {
  seo: {
    title: "Start Your Payment Journey",
    description:
      "How to go from application to live crypto payments with OneHop: apply online, 24-hour review, KYB documents, settlement to M-Pesa, Airtel Money, T-Kash or PesaLink, integration and testing.",
  },
  hero: {
    eyebrow: "Merchant onboarding",
    title: "Start Your Payment Journey",
    lead: "Eight steps take you from a short online application to accepting Bitcoin, Ethereum, USDT and USDC with settlement in Kenyan shillings. Most merchants are live within a few days.",
  },
  steps: {
    title: "From application to going live",
    intro:
      "Here is exactly what happens after you press Submit, and what we need from you at each step.",
    items: [
      {
        id: "apply",
        title: "Apply online",
        duration: "About 10 minutes",
        body: "Tell us about your business, who to contact, where you operate and how you expect to use crypto payments.",
        details: [
          "Business name, registration number and type",
          "Contact person, e-mail and phone",
          "Expected monthly volume and main use case",
          `Optional: your registration documents (${KYB_FORMATS})`,
        ],
        link: { to: paths.getStarted, label: "Open the merchant application" },
      },
      {
        id: "review",
        title: "We review your application",
        duration: "Within 24 hours",
        body: "Our onboarding team checks your details and e-mails you either an approval to continue or a short list of questions.",
      },
      {
        id: "kyb",
        title: "Submit your KYB documents",
        duration: "15 to 30 minutes",
        body: `Know Your Business checks are required by law for every payment provider. Attach your Certificate of Incorporation or Business Registration Certificate to the application (${KYB_FORMATS}), or send it later: after review we ask by e-mail for it and for any other document listed below that we still need.`,
        details: [
          "Company and tax registration",
          "Identity of directors and beneficial owners",
          "Proof of address and settlement account",
        ],
      },
      {
        id: "approval",
        title: "Account approval and merchant ID",
        duration: "Usually 1 to 2 business days",
        body: "Once compliance has verified your documents, your account is approved and you receive your merchant ID and username by e-mail.",
      },
      {
        id: "sign-in",
        title: "Set your password and sign in",
        body: "Follow the link in your welcome e-mail to choose a strong password, then sign in to the merchant dashboard with your merchant ID, username and password.",
        link: { to: paths.merchantSignIn, label: "Go to merchant sign in" },
      },
      {
        id: "rail",
        title: "Choose your settlement rail",
        body: "Decide where your shillings go. You can change it later, and large payouts to mobile money are split automatically to stay within each rail's limits.",
        details: [
          "M-Pesa: Till, Paybill or registered phone number",
          "Airtel Money or T-Kash wallet",
          "PesaLink transfer to any participating Kenyan bank account",
        ],
      },
      {
        id: "integrate",
        title: "Integrate and test",
        duration: "Setup in under 5 minutes with the snippet",
        body: "Pick the integration that suits your team and run test payments in the sandbox before any real money moves.",
        details: [
          "Checkout snippet: paste one script tag on your website",
          "Plugins and SDKs for popular e-commerce platforms and languages",
          "REST API with webhooks for custom flows, payouts and bulk disbursements",
        ],
      },
      {
        id: "live",
        title: "Go live",
        body: "Switch your keys from test to live. Customers pay in crypto, the KES amount is locked at once, and settlement goes straight to your chosen rail.",
      },
    ] as const satisfies readonly OnboardingStep[],
  },
  documents: {
    title: "What to prepare",
    intro:
      "Having these ready before you apply is the fastest way through review. All documents can be scans or clear phone photos.",
    groups: [
      {
        id: "business",
        title: "Business registration",
        icon: "document",
        items: [
          "Certificate of Incorporation or Business Registration Certificate",
          "CR12 from the Business Registration Service (limited companies)",
          "KRA PIN certificate for the business",
          "County single business permit or trade licence",
        ],
      },
      {
        id: "people",
        title: "Directors and owners",
        icon: "key",
        items: [
          "National ID or passport for every director",
          "National ID or passport for every owner of 25% or more",
          "KRA PIN certificates for directors",
          "A board resolution naming who may operate the account (companies)",
        ],
      },
      {
        id: "settlement",
        title: "Address and settlement",
        icon: "coins",
        items: [
          "Proof of business address less than 3 months old (utility bill or lease)",
          "M-Pesa Till or Paybill details, or your Airtel Money or T-Kash number",
          "Bank letter or recent statement for PesaLink settlement",
          "Your website or social pages and a short description of what you sell",
        ],
      },
    ] as const satisfies readonly DocumentGroup[],
  },
  faq: {
    title: "Frequently asked questions",
    items: [
      {
        question: "How long does it take to get approved?",
        answer:
          "We review every complete application within 24 hours. If your KYB documents are in order, most merchants receive their merchant ID within one to two business days.",
      },
      {
        question: "Are there setup or monthly fees?",
        answer: `No. There are no setup or monthly fees. You pay per transaction, for example ${formatBps(c2bFee.bps)} on collections; every fee is listed in our tariff schedule.`,
        link: { to: paths.tariffSchedule, label: "Read the tariff schedule" },
      },
      {
        question: "Can a sole proprietor or small shop apply?",
        answer:
          "Yes. Registered sole proprietors and partnerships can apply with their Business Registration Certificate, KRA PIN and the owner's national ID instead of company documents.",
      },
      {
        question: "Do I need to hold or understand crypto?",
        answer:
          "No. Your customer pays in crypto, the KES amount is locked at once, and you receive shillings on M-Pesa, Airtel Money, T-Kash or your bank. You never have to hold a crypto balance.",
      },
      {
        question: "What are the limits on payments?",
        answer: `Crypto payments start at ${formatKes(cryptoLimits.minimum)} and are processed automatically up to ${formatKes(cryptoLimits.autoMaxPerTransaction)} per transaction. Mobile-money payouts follow each rail's limit of ${formatKes(firstRail.perTransaction)} per transaction; larger amounts are split automatically.`,
        link: { to: paths.tariffSchedule, label: "See all limits" },
      },
      {
        question: "Can I test before going live?",
        answer:
          "Yes. Every account includes a sandbox with test keys, so you can run payments, refunds and webhooks end to end without moving real money.",
      },
      {
        question: "Who do I talk to if I get stuck?",
        answer: `Our support team is available ${company.supportHours} at ${company.supportEmail} or ${company.phone}, and a named onboarding manager helps larger businesses through integration.`,
      },
    ] as const satisfies readonly FaqItem[],
  },
  cta: {
    title: "Ready to take the first hop?",
    body: "The application takes about 10 minutes, and we reply within 24 hours.",
    button: "Apply now",
  },
} as const;
