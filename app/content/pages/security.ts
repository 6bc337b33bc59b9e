/** Copy for the Security page (/security): pillars, certifications and practices. */
import type { IconName } from "~/components/ui/icons";
import { company } from "~/content/company";

export interface SecurityPillar {
  id: string;
  title: string;
  icon: IconName;
  body: string;
  points: readonly string[];
}

export interface Certification {
  name: "ISO 27001" | "SOC 2 Type II" | "PCI DSS" | "GDPR";
  scope: string;
  body: string;
}

export const securityPage = {
  seo: {
    title: "Security",
    description:
      "How OneHop protects merchant funds and data: institutional custody with multi-signature wallets, encryption, 24/7 fraud monitoring and strict access control. ISO 27001, SOC 2 Type II, PCI DSS and GDPR.",
  },
  hero: {
    eyebrow: "Security",
    title: "Security at every hop",
    lead: "From the moment a customer pays in crypto to the moment shillings reach your M-Pesa, every step is custodied, encrypted, monitored and logged.",
  },
  stats: [
    { value: "99.99%", label: "Security record" },
    { value: "99.99%", label: "Uptime SLA" },
    { value: company.supportHours, label: "Security monitoring" },
    { value: "Multi-sig", label: "Wallets for every asset" },
  ],
  pillars: {
    title: "Four pillars of protection",
    intro:
      "Security is not one product we bought. It is four layers that each have to hold on their own.",
    items: [
      {
        id: "custody",
        title: "Institutional custody",
        icon: "vault",
        body: "Crypto received for your business is held by an institutional custody provider, never in a single hot wallet on our servers.",
        points: [
          "Multi-signature wallets: every withdrawal needs several independent approvals",
          "Most assets kept in cold storage, with only operating balances online",
          "Client funds segregated from OneHop's own money",
          "Payments released only after on-chain confirmation",
        ],
      },
      {
        id: "encryption",
        title: "Encryption everywhere",
        icon: "lock",
        body: "Your data and your customers' data are encrypted wherever they travel and wherever they rest.",
        points: [
          "TLS 1.2 or later for every connection, with HSTS on our domains",
          "AES-256 encryption at rest for databases and backups",
          "Signing keys held in hardware security modules and rotated on schedule",
          "Passwords stored only as salted, slow hashes",
        ],
      },
      {
        id: "monitoring",
        title: "Monitoring and fraud prevention",
        icon: "pulse",
        body: "Our team and automated rules watch every transaction around the clock and act before money leaves the system.",
        points: [
          "Automated monitoring rules for velocity, structuring and unusual payouts, each alert reviewed as a case",
          "Wallet addresses screened against the UN and OFAC sanctions lists",
          "Payments from listed addresses and payouts to listed names held for review",
          "Suspicious transactions reported to the Financial Reporting Centre through goAML",
        ],
      },
      {
        id: "access",
        title: "Access control",
        icon: "key",
        body: "Only the right people reach the right systems, and every action leaves a trace.",
        points: [
          "Role-based access control with least privilege for every staff role",
          "Multi-factor authentication on all internal systems",
          "Merchant sign-in with merchant ID, username and password; sessions expire automatically",
          "Tamper-evident audit logs for every change to accounts and payouts",
        ],
      },
    ] as const satisfies readonly SecurityPillar[],
  },
  certifications: {
    title: "Certifications and standards",
    intro:
      "We measure ourselves against the international standards that banks and payment networks use.",
    items: [
      {
        name: "ISO 27001",
        scope: "Information security management",
        body: "A risk-based information-security management system covering our people, offices, cloud infrastructure and suppliers.",
      },
      {
        name: "SOC 2 Type II",
        scope: "Operating controls over time",
        body: "Independent testing that our security, availability and confidentiality controls work in practice across a full review period, not just on paper.",
      },
      {
        name: "PCI DSS",
        scope: "Payment card data security",
        body: "The card industry's data-security standard, applied to how we handle payment data, segment our network and test our systems.",
      },
      {
        name: "GDPR",
        scope: "Data protection",
        body: "European data-protection rules for our customers' personal data, applied together with Kenya's Data Protection Act, 2019.",
      },
    ] as const satisfies readonly Certification[],
  },
  practices: {
    title: "How we keep the platform running",
    items: [
      {
        title: "Resilient infrastructure",
        body: "Services run in more than one availability zone with automatic failover and encrypted, tested backups, so we can stand behind a 99.99% uptime SLA.",
      },
      {
        title: "Tested by outsiders",
        body: "Independent penetration tests at least once a year and after major releases, with every finding tracked to closure.",
      },
      {
        title: "Ready for incidents",
        body: "A written incident-response plan, an on-call security engineer at all times and prompt notice to affected merchants and regulators.",
      },
      {
        title: "People who know the risks",
        body: "Background checks for staff with access to funds or data, and security and AML training when they join and every year after.",
      },
    ],
  },
  report: {
    title: "Report a security concern",
    body: "Found a vulnerability or noticed a suspicious payment request using our name? Tell us straight away. We never ask for your password or PIN by phone, SMS or e-mail.",
  },
  cta: {
    title: "See our security in action",
    body: "Book a walkthrough of custody, settlement and the merchant dashboard with our team.",
    button: "Schedule a Demo",
  },
} as const;
