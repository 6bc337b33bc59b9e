/**
 * Copy for the Security page (/security): pillars, certifications and practices. Issue 33: the
 * words are a catalog in English and Kiswahili (`securityMessages`); `securityContent(locale)` puts
 * them together with the figures, icons and standards' names, and the page's loader sends it in
 * the request's language. `securityPage` is the English.
 */
import type { IconName } from "~/components/ui/icons";
import { company } from "~/content/company";
import type { Locale } from "~/i18n/locales";
import { defineMessages, inLocale } from "~/i18n/messages";

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

const { legalName, licenceName, licenceNumber, supportHours } = company;

export const securityMessages = defineMessages(
  {
    seo: {
      title: "Security",
      description:
        "How OneHop protects merchant funds and data: institutional custody with multi-signature wallets, encryption, 24/7 fraud monitoring and strict access control. ISO 27001, SOC 2 Type II, PCI DSS and GDPR.",
    },
    hero: {
      eyebrow: "Security",
      title: "Security at every hop",
      lead: "From the moment a customer pays in crypto to the moment shillings reach your M-Pesa, every step is custodied, encrypted, monitored and logged.",
      compliance: "Read about compliance",
    },
    stats: {
      label: "Security in numbers",
      record: "Security record",
      uptime: "Uptime SLA",
      monitoring: "Security monitoring",
      multisig: "Multi-sig",
      wallets: "Wallets for every asset",
    },
    pillars: {
      title: "Four pillars of protection",
      intro:
        "Security is not one product we bought. It is four layers that each have to hold on their own.",
      custody: {
        title: "Institutional custody",
        body: "Crypto received for your business is held by an institutional custody provider, never in a single hot wallet on our servers.",
        points: {
          multisig: "Multi-signature wallets: every withdrawal needs several independent approvals",
          cold: "Most assets kept in cold storage, with only operating balances online",
          segregated: "Client funds segregated from OneHop's own money",
          confirmed: "Payments released only after on-chain confirmation",
        },
      },
      encryption: {
        title: "Encryption everywhere",
        body: "Your data and your customers' data are encrypted wherever they travel and wherever they rest.",
        points: {
          tls: "TLS 1.2 or later for every connection, with HSTS on our domains",
          rest: "AES-256 encryption at rest for databases and backups",
          keys: "Signing keys held in hardware security modules and rotated on schedule",
          passwords: "Passwords stored only as salted, slow hashes",
        },
      },
      monitoring: {
        title: "Monitoring and fraud prevention",
        body: "Our team and automated rules watch every transaction around the clock and act before money leaves the system.",
        points: {
          rules:
            "Automated monitoring rules for velocity, structuring and unusual payouts, each alert reviewed as a case",
          screening: "Wallet addresses screened against the UN and OFAC sanctions lists",
          held: "Payments from listed addresses and payouts to listed names held for review",
          reported:
            "Suspicious transactions reported to the Financial Reporting Centre through goAML",
        },
      },
      access: {
        title: "Access control",
        body: "Only the right people reach the right systems, and every action leaves a trace.",
        points: {
          roles: "Role-based access control with least privilege for every staff role",
          mfa: "Multi-factor authentication on all internal systems",
          signIn:
            "Merchant sign-in with merchant ID, username and password; sessions expire automatically",
          audit: "Tamper-evident audit logs for every change to accounts and payouts",
        },
      },
    },
    certifications: {
      title: "Certifications and standards",
      intro:
        "We measure ourselves against the international standards that banks and payment networks use.",
      iso: {
        scope: "Information security management",
        body: "A risk-based information-security management system covering our people, offices, cloud infrastructure and suppliers.",
      },
      soc2: {
        scope: "Operating controls over time",
        body: "Independent testing that our security, availability and confidentiality controls work in practice across a full review period, not just on paper.",
      },
      pci: {
        scope: "Payment card data security",
        body: "The card industry's data-security standard, applied to how we handle payment data, segment our network and test our systems.",
      },
      gdpr: {
        scope: "Data protection",
        body: "European data-protection rules for our customers' personal data, applied together with Kenya's Data Protection Act, 2019.",
      },
      licence: `${legalName} operates under ${licenceName} number ${licenceNumber}. Our licences, AML/CFT programme and data-protection commitments are set out on the`,
      complianceLink: "compliance page",
    },
    practices: {
      title: "How we keep the platform running",
      resilient: {
        title: "Resilient infrastructure",
        body: "Services run in more than one availability zone with automatic failover and encrypted, tested backups, so we can stand behind a 99.99% uptime SLA.",
      },
      tested: {
        title: "Tested by outsiders",
        body: "Independent penetration tests at least once a year and after major releases, with every finding tracked to closure.",
      },
      incidents: {
        title: "Ready for incidents",
        body: "A written incident-response plan, an on-call security engineer at all times and prompt notice to affected merchants and regulators.",
      },
      people: {
        title: "People who know the risks",
        body: "Background checks for staff with access to funds or data, and security and AML training when they join and every year after.",
      },
    },
    report: {
      title: "Report a security concern",
      body: "Found a vulnerability or noticed a suspicious payment request using our name? Tell us straight away. We never ask for your password or PIN by phone, SMS or e-mail.",
      writeTo: "Write to",
      subject: "with “Security report” in the subject, or call",
    },
    cta: {
      title: "See our security in action",
      body: "Book a walkthrough of custody, settlement and the merchant dashboard with our team.",
      button: "Schedule a Demo",
    },
  },
  {
    seo: {
      title: "Usalama",
      description:
        "Jinsi OneHop inavyolinda pesa na taarifa za wafanyabiashara: uhifadhi wa kitaasisi kwenye pochi zenye saini nyingi, usimbaji fiche, ufuatiliaji wa ulaghai saa 24/7 na udhibiti mkali wa ufikiaji. ISO 27001, SOC 2 Type II, PCI DSS na GDPR.",
    },
    hero: {
      eyebrow: "Usalama",
      title: "Usalama katika kila hatua",
      lead: "Kuanzia mteja anapolipa kwa crypto hadi shilingi zinapofika kwenye M-Pesa yako, kila hatua inahifadhiwa, inasimbwa fiche, inafuatiliwa na kurekodiwa.",
      compliance: "Soma kuhusu utiifu wa sheria",
    },
    stats: {
      label: "Usalama kwa takwimu",
      record: "Rekodi ya usalama",
      uptime: "Ahadi ya upatikanaji wa huduma",
      monitoring: "Ufuatiliaji wa usalama",
      multisig: "Saini nyingi",
      wallets: "Pochi za kila sarafu",
    },
    pillars: {
      title: "Nguzo nne za ulinzi",
      intro:
        "Usalama si bidhaa moja tuliyonunua. Ni tabaka nne ambazo kila moja lazima lisimame peke yake.",
      custody: {
        title: "Uhifadhi wa kitaasisi",
        body: "Crypto inayopokelewa kwa ajili ya biashara yako inashikiliwa na mtoa huduma wa uhifadhi wa kitaasisi, kamwe si kwenye pochi moja iliyo mtandaoni kwenye seva zetu.",
        points: {
          multisig: "Pochi zenye saini nyingi: kila utoaji unahitaji idhini kadhaa zinazojitegemea",
          cold: "Sarafu nyingi zinahifadhiwa nje ya mtandao, ni salio la matumizi tu lililo mtandaoni",
          segregated: "Pesa za wateja zimetenganishwa na pesa za OneHop yenyewe",
          confirmed: "Malipo yanatolewa tu baada ya uthibitisho kwenye blockchain",
        },
      },
      encryption: {
        title: "Usimbaji fiche kila mahali",
        body: "Taarifa zako na za wateja wako zinasimbwa fiche popote zinaposafiri na popote zinapohifadhiwa.",
        points: {
          tls: "TLS 1.2 au zaidi kwa kila muunganisho, na HSTS kwenye tovuti zetu",
          rest: "Usimbaji fiche wa AES-256 kwa hifadhidata na nakala rudufu",
          keys: "Funguo za kusaini zinashikiliwa kwenye vifaa maalum vya usalama na kubadilishwa kwa ratiba",
          passwords: "Nenosiri zinahifadhiwa tu kama heshi zilizochanganywa na za polepole",
        },
      },
      monitoring: {
        title: "Ufuatiliaji na kuzuia ulaghai",
        body: "Timu yetu na kanuni za kiotomatiki zinafuatilia kila muamala mchana na usiku na kuchukua hatua kabla pesa hazijatoka kwenye mfumo.",
        points: {
          rules:
            "Kanuni za kiotomatiki za ufuatiliaji wa kasi, ugawanyaji wa makusudi na malipo yasiyo ya kawaida, kila tahadhari ikikaguliwa kama kesi",
          screening: "Anwani za pochi zinakaguliwa dhidi ya orodha za vikwazo za UN na OFAC",
          held: "Malipo kutoka kwa anwani zilizoorodheshwa na malipo kwa majina yaliyoorodheshwa yanasimamishwa ili yakaguliwe",
          reported:
            "Miamala ya kutiliwa shaka inaripotiwa kwa Kituo cha Taarifa za Fedha (FRC) kupitia goAML",
        },
      },
      access: {
        title: "Udhibiti wa ufikiaji",
        body: "Ni watu sahihi tu wanaofikia mifumo sahihi, na kila hatua inaacha alama.",
        points: {
          roles:
            "Ufikiaji kulingana na jukumu, kwa ruhusa ndogo kabisa kwa kila jukumu la mfanyakazi",
          mfa: "Uthibitishaji wa hatua nyingi kwenye mifumo yote ya ndani",
          signIn:
            "Mfanyabiashara anaingia kwa kitambulisho cha mfanyabiashara, jina la mtumiaji na nenosiri; vipindi vinaisha vyenyewe",
          audit:
            "Kumbukumbu za ukaguzi zisizoweza kuchezewa kwa kila mabadiliko ya akaunti na malipo",
        },
      },
    },
    certifications: {
      title: "Vyeti na viwango",
      intro:
        "Tunajipima dhidi ya viwango vya kimataifa vinavyotumiwa na benki na mitandao ya malipo.",
      iso: {
        scope: "Usimamizi wa usalama wa taarifa",
        body: "Mfumo wa usimamizi wa usalama wa taarifa unaozingatia hatari, unaohusu watu wetu, ofisi, miundombinu ya wingu na wasambazaji.",
      },
      soc2: {
        scope: "Udhibiti wa uendeshaji kwa muda",
        body: "Majaribio huru yanayoonyesha kwamba udhibiti wetu wa usalama, upatikanaji na usiri unafanya kazi kweli katika kipindi kizima cha ukaguzi, si kwenye karatasi tu.",
      },
      pci: {
        scope: "Usalama wa taarifa za kadi za malipo",
        body: "Kiwango cha usalama wa taarifa cha sekta ya kadi, kinachotumika katika jinsi tunavyoshughulikia taarifa za malipo, kugawa mtandao wetu na kujaribu mifumo yetu.",
      },
      gdpr: {
        scope: "Ulinzi wa taarifa binafsi",
        body: "Kanuni za Ulaya za ulinzi wa taarifa binafsi za wateja wetu, zinazotumika pamoja na Sheria ya Kenya ya Ulinzi wa Taarifa Binafsi, 2019.",
      },
      licence: `${legalName} inafanya kazi chini ya leseni ya Biashara ya Huduma za Fedha nambari ${licenceNumber}. Leseni zetu, mpango wetu wa kuzuia utakatishaji wa fedha na ufadhili wa ugaidi, na ahadi zetu za ulinzi wa taarifa binafsi zimeelezwa kwenye`,
      complianceLink: "ukurasa wa utiifu wa sheria",
    },
    practices: {
      title: "Jinsi tunavyoweka huduma ikifanya kazi",
      resilient: {
        title: "Miundombinu imara",
        body: "Huduma zinaendeshwa katika zaidi ya eneo moja la upatikanaji, zikihamia nyingine zenyewe hitilafu ikitokea, na nakala rudufu zilizosimbwa fiche na kujaribiwa, ili tusimamie ahadi ya upatikanaji wa huduma wa 99.99%.",
      },
      tested: {
        title: "Tunajaribiwa na watu wa nje",
        body: "Majaribio huru ya kuingilia mifumo angalau mara moja kwa mwaka na baada ya matoleo makubwa, kila tatizo likifuatiliwa hadi lifungwe.",
      },
      incidents: {
        title: "Tayari kwa matukio",
        body: "Mpango ulioandikwa wa kukabili matukio, mhandisi wa usalama aliye zamu wakati wote na taarifa ya haraka kwa wafanyabiashara na wadhibiti walioathirika.",
      },
      people: {
        title: "Watu wanaojua hatari",
        body: "Uchunguzi wa historia kwa wafanyakazi wanaofikia pesa au taarifa, na mafunzo ya usalama na ya kuzuia utakatishaji wa fedha wanapojiunga na kila mwaka baadaye.",
      },
    },
    report: {
      title: "Ripoti wasiwasi wa usalama",
      body: "Umegundua udhaifu au umeona ombi la malipo la kutiliwa shaka linalotumia jina letu? Tuambie mara moja. Hatuombi kamwe nenosiri au PIN yako kwa simu, SMS au barua pepe.",
      writeTo: "Tuandikie kwa",
      subject: "ukiweka “Security report” kwenye kichwa cha ujumbe, au piga simu",
    },
    cta: {
      title: "Jionee usalama wetu ukifanya kazi",
      body: "Panga maonyesho ya uhifadhi, ulipaji na dashibodi ya mfanyabiashara pamoja na timu yetu.",
      button: "Panga Maonyesho",
    },
  },
);

/** The Security page's copy in one language. */
export function securityContent(locale: Locale) {
  const m = inLocale(securityMessages, locale);
  const p = m.pillars;
  const c = m.certifications;
  const pr = m.practices;
  return {
    seo: m.seo,
    hero: m.hero,
    statsLabel: m.stats.label,
    stats: [
      { value: "99.99%", label: m.stats.record },
      { value: "99.99%", label: m.stats.uptime },
      { value: supportHours, label: m.stats.monitoring },
      { value: m.stats.multisig, label: m.stats.wallets },
    ],
    pillars: {
      title: p.title,
      intro: p.intro,
      items: [
        { id: "custody", ...p.custody, icon: "vault", points: Object.values(p.custody.points) },
        {
          id: "encryption",
          ...p.encryption,
          icon: "lock",
          points: Object.values(p.encryption.points),
        },
        {
          id: "monitoring",
          ...p.monitoring,
          icon: "pulse",
          points: Object.values(p.monitoring.points),
        },
        { id: "access", ...p.access, icon: "key", points: Object.values(p.access.points) },
      ] satisfies SecurityPillar[],
    },
    certifications: {
      title: c.title,
      intro: c.intro,
      items: [
        { name: "ISO 27001", ...c.iso },
        { name: "SOC 2 Type II", ...c.soc2 },
        { name: "PCI DSS", ...c.pci },
        { name: "GDPR", ...c.gdpr },
      ] satisfies Certification[],
      licence: c.licence,
      complianceLink: c.complianceLink,
    },
    practices: {
      title: pr.title,
      items: [pr.resilient, pr.tested, pr.incidents, pr.people],
    },
    report: m.report,
    cta: m.cta,
  };
}

/** The Security page in English. */
export const securityPage = securityContent("en");
