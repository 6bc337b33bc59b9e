/**
 * Copy for the Onboarding page (/onboarding): from application to going live. Issue 33: the words
 * are a catalog in English and Kiswahili (`onboardingMessages`); `onboardingContent(locale)` puts
 * them together with the tariff's figures and the links, and the page's loader sends it in the
 * request's language. `onboardingPage` is the English.
 */
import type { IconName } from "~/components/ui/icons";
import { company } from "~/content/company";
import { KYB_DOCUMENTS } from "~/content/kyb-documents";
import { cryptoLimits, formatBps, mobileMoneyLimits, transactionFees } from "~/content/tariff";
import type { Locale } from "~/i18n/locales";
import { defineMessages, inLocale } from "~/i18n/messages";
import { formatKes } from "~/utils/format";
import * as paths from "~/utils/paths";

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
const [firstRail] = mobileMoneyLimits;
const { supportHours, supportEmail, phone } = company;

export const onboardingMessages = defineMessages(
  {
    /** What the application's document upload takes (app/content/kyb-documents.ts). */
    formats: (files: number, megabytes: number) =>
      `PDF, JPEG or PNG, up to ${files} files of ${megabytes} MB each`,
    seo: {
      title: "Start Your Payment Journey",
      description:
        "How to go from application to live crypto payments with OneHop: apply online, 24-hour review, KYB documents, settlement to M-Pesa, Airtel Money, T-Kash or PesaLink, integration and testing.",
    },
    hero: {
      eyebrow: "Merchant onboarding",
      title: "Start Your Payment Journey",
      lead: "Eight steps take you from a short online application to accepting Bitcoin, Ethereum, USDT and USDC with settlement in Kenyan shillings. Most merchants are live within a few days.",
      signIn: "Already approved? Sign in",
    },
    steps: {
      title: "From application to going live",
      intro:
        "Here is exactly what happens after you press Submit, and what we need from you at each step.",
      apply: {
        title: "Apply online",
        duration: "About 10 minutes",
        body: "Tell us about your business, who to contact, where you operate and how you expect to use crypto payments.",
        business: "Business name, registration number and type",
        contact: "Contact person, e-mail and phone",
        volume: "Expected monthly volume and main use case",
        documents: (formats: string) => `Optional: your registration documents (${formats})`,
        link: "Open the merchant application",
      },
      review: {
        title: "We review your application",
        duration: "Within 24 hours",
        body: "Our onboarding team checks your details and e-mails you either an approval to continue or a short list of questions.",
      },
      kyb: {
        title: "Submit your KYB documents",
        duration: "15 to 30 minutes",
        body: (formats: string) =>
          `Know Your Business checks are required by law for every payment provider. Attach your Certificate of Incorporation or Business Registration Certificate to the application (${formats}), or send it later: after review we ask by e-mail for it and for any other document listed below that we still need.`,
        company: "Company and tax registration",
        identity: "Identity of directors and beneficial owners",
        address: "Proof of address and settlement account",
      },
      approval: {
        title: "Account approval and merchant ID",
        duration: "Usually 1 to 2 business days",
        body: "Once compliance has verified your documents, your account is approved and you receive your merchant ID and username by e-mail.",
      },
      signIn: {
        title: "Set your password and sign in",
        body: "Follow the link in your welcome e-mail to choose a strong password, then sign in to the merchant dashboard with your merchant ID, username and password.",
        link: "Go to merchant sign in",
      },
      rail: {
        title: "Choose your settlement rail",
        body: "Decide where your shillings go. You can change it later, and large payouts to mobile money are split automatically to stay within each rail's limits.",
        mpesa: "M-Pesa: Till, Paybill or registered phone number",
        wallets: "Airtel Money or T-Kash wallet",
        bank: "PesaLink transfer to any participating Kenyan bank account",
      },
      integrate: {
        title: "Integrate and test",
        duration: "Setup in under 5 minutes with the snippet",
        body: "Pick the integration that suits your team and run test payments in the sandbox before any real money moves.",
        snippet: "Checkout snippet: paste one script tag on your website",
        plugins: "Plugins and SDKs for popular e-commerce platforms and languages",
        api: "REST API with webhooks for custom flows, payouts and bulk disbursements",
      },
      live: {
        title: "Go live",
        body: "Switch your keys from test to live. Customers pay in crypto, the KES amount is locked at once, and settlement goes straight to your chosen rail.",
      },
    },
    documents: {
      title: "What to prepare",
      intro:
        "Having these ready before you apply is the fastest way through review. All documents can be scans or clear phone photos.",
      business: {
        title: "Business registration",
        incorporation: "Certificate of Incorporation or Business Registration Certificate",
        cr12: "CR12 from the Business Registration Service (limited companies)",
        pin: "KRA PIN certificate for the business",
        permit: "County single business permit or trade licence",
      },
      people: {
        title: "Directors and owners",
        directors: "National ID or passport for every director",
        owners: "National ID or passport for every owner of 25% or more",
        pins: "KRA PIN certificates for directors",
        resolution: "A board resolution naming who may operate the account (companies)",
      },
      settlement: {
        title: "Address and settlement",
        address: "Proof of business address less than 3 months old (utility bill or lease)",
        mobile: "M-Pesa Till or Paybill details, or your Airtel Money or T-Kash number",
        bank: "Bank letter or recent statement for PesaLink settlement",
        website: "Your website or social pages and a short description of what you sell",
      },
    },
    faq: {
      title: "Frequently asked questions",
      approval: {
        question: "How long does it take to get approved?",
        answer:
          "We review every complete application within 24 hours. If your KYB documents are in order, most merchants receive their merchant ID within one to two business days.",
      },
      fees: {
        question: "Are there setup or monthly fees?",
        answer: (fee: string) =>
          `No. There are no setup or monthly fees. You pay per transaction, for example ${fee} on collections; every fee is listed in our tariff schedule.`,
        link: "Read the tariff schedule",
      },
      sole: {
        question: "Can a sole proprietor or small shop apply?",
        answer:
          "Yes. Registered sole proprietors and partnerships can apply with their Business Registration Certificate, KRA PIN and the owner's national ID instead of company documents.",
      },
      crypto: {
        question: "Do I need to hold or understand crypto?",
        answer:
          "No. Your customer pays in crypto, the KES amount is locked at once, and you receive shillings on M-Pesa, Airtel Money, T-Kash or your bank. You never have to hold a crypto balance.",
      },
      limits: {
        question: "What are the limits on payments?",
        answer: (minimum: string, automatic: string, rail: string) =>
          `Crypto payments start at ${minimum} and are processed automatically up to ${automatic} per transaction. Mobile-money payouts follow each rail's limit of ${rail} per transaction; larger amounts are split automatically.`,
        link: "See all limits",
      },
      test: {
        question: "Can I test before going live?",
        answer:
          "Yes. Every account includes a sandbox with test keys, so you can run payments, refunds and webhooks end to end without moving real money.",
      },
      help: {
        question: "Who do I talk to if I get stuck?",
        answer: `Our support team is available ${supportHours} at ${supportEmail} or ${phone}, and a named onboarding manager helps larger businesses through integration.`,
      },
    },
    cta: {
      title: "Ready to take the first hop?",
      body: "The application takes about 10 minutes, and we reply within 24 hours.",
      button: "Apply now",
    },
  },
  {
    formats: (files, megabytes) =>
      `PDF, JPEG au PNG, hadi faili ${files} za MB ${megabytes} kila moja`,
    seo: {
      title: "Anza Safari Yako ya Malipo",
      description:
        "Jinsi ya kutoka kutuma maombi hadi kupokea malipo ya crypto na OneHop: tuma maombi mtandaoni, ukaguzi ndani ya saa 24, nyaraka za KYB, ulipaji kwenye M-Pesa, Airtel Money, T-Kash au PesaLink, muunganisho na majaribio.",
    },
    hero: {
      eyebrow: "Kujiunga kwa wafanyabiashara",
      title: "Anza Safari Yako ya Malipo",
      lead: "Hatua nane zinakutoa kwenye maombi mafupi ya mtandaoni hadi kupokea Bitcoin, Ethereum, USDT na USDC na kulipwa kwa shilingi za Kenya. Wafanyabiashara wengi wanaanza ndani ya siku chache.",
      signIn: "Umeshaidhinishwa? Ingia",
    },
    steps: {
      title: "Kutoka maombi hadi kuanza kazi",
      intro:
        "Hiki ndicho kinachotokea hasa baada ya kubonyeza Tuma, na tunachohitaji kutoka kwako katika kila hatua.",
      apply: {
        title: "Tuma maombi mtandaoni",
        duration: "Takriban dakika 10",
        body: "Tueleze kuhusu biashara yako, mtu wa kuwasiliana naye, mahali unapofanyia kazi na jinsi unavyotarajia kutumia malipo ya crypto.",
        business: "Jina la biashara, nambari ya usajili na aina yake",
        contact: "Mtu wa kuwasiliana naye, barua pepe na simu",
        volume: "Kiasi cha miamala unachotarajia kwa mwezi na matumizi makuu",
        documents: (formats) => `Si lazima: nyaraka zako za usajili (${formats})`,
        link: "Fungua fomu ya maombi ya mfanyabiashara",
      },
      review: {
        title: "Tunakagua maombi yako",
        duration: "Ndani ya saa 24",
        body: "Timu yetu ya kujiunga inakagua maelezo yako na kukutumia barua pepe yenye idhini ya kuendelea au orodha fupi ya maswali.",
      },
      kyb: {
        title: "Wasilisha nyaraka zako za KYB",
        duration: "Dakika 15 hadi 30",
        body: (formats) =>
          `Uhakiki wa biashara (KYB) unatakiwa kisheria kwa kila mtoa huduma za malipo. Ambatisha Cheti cha Kuanzishwa kwa Kampuni au Cheti cha Usajili wa Biashara kwenye maombi (${formats}), au kitume baadaye: baada ya ukaguzi tunakiomba kwa barua pepe, pamoja na nyaraka nyingine zilizoorodheshwa hapa chini ambazo bado tunazihitaji.`,
        company: "Usajili wa kampuni na wa kodi",
        identity: "Utambulisho wa wakurugenzi na wamiliki halisi",
        address: "Uthibitisho wa anwani na akaunti ya ulipaji",
      },
      approval: {
        title: "Idhini ya akaunti na kitambulisho cha mfanyabiashara",
        duration: "Kwa kawaida siku 1 hadi 2 za kazi",
        body: "Timu ya utiifu wa sheria ikishahakiki nyaraka zako, akaunti yako inaidhinishwa na unapokea kitambulisho chako cha mfanyabiashara na jina la mtumiaji kwa barua pepe.",
      },
      signIn: {
        title: "Weka nenosiri lako na uingie",
        body: "Fuata kiungo kwenye barua pepe yako ya kukaribishwa kuchagua nenosiri imara, kisha uingie kwenye dashibodi ya mfanyabiashara kwa kitambulisho chako cha mfanyabiashara, jina la mtumiaji na nenosiri.",
        link: "Nenda kuingia kwa mfanyabiashara",
      },
      rail: {
        title: "Chagua njia yako ya ulipaji",
        body: "Amua shilingi zako ziende wapi. Unaweza kubadilisha baadaye, na malipo makubwa kwenda pesa za simu yanagawanywa moja kwa moja ili yabaki ndani ya vikomo vya kila njia.",
        mpesa: "M-Pesa: Till, Paybill au nambari ya simu iliyosajiliwa",
        wallets: "Pochi ya Airtel Money au T-Kash",
        bank: "Uhamisho wa PesaLink kwenda akaunti yoyote ya benki ya Kenya inayoshiriki",
      },
      integrate: {
        title: "Unganisha na ujaribu",
        duration: "Mipangilio kwa chini ya dakika 5 kwa kipande cha msimbo",
        body: "Chagua muunganisho unaofaa timu yako na ufanye malipo ya majaribio kwenye mazingira ya majaribio kabla pesa halisi hazijahamishwa.",
        snippet: "Kipande cha msimbo wa ukurasa wa malipo: bandika script moja kwenye tovuti yako",
        plugins:
          "Programu-jalizi na SDK za majukwaa maarufu ya biashara mtandaoni na lugha za programu",
        api: "REST API yenye webhook kwa mitiririko maalum, utumaji wa malipo na malipo mengi kwa pamoja",
      },
      live: {
        title: "Anza kazi",
        body: "Badilisha funguo zako kutoka majaribio kwenda hali halisi. Wateja wanalipa kwa crypto, kiasi cha KES kinafungwa mara moja, na ulipaji unaenda moja kwa moja kwenye njia uliyochagua.",
      },
    },
    documents: {
      title: "Unachohitaji kuandaa",
      intro:
        "Kuwa na hivi tayari kabla ya kutuma maombi ndiyo njia ya haraka zaidi ya kupita ukaguzi. Nyaraka zote zinaweza kuwa nakala zilizoskaniwa au picha za simu zilizo wazi.",
      business: {
        title: "Usajili wa biashara",
        incorporation: "Cheti cha Kuanzishwa kwa Kampuni au Cheti cha Usajili wa Biashara",
        cr12: "CR12 kutoka Huduma ya Usajili wa Biashara (kampuni za dhima ndogo)",
        pin: "Cheti cha KRA PIN cha biashara",
        permit: "Kibali kimoja cha biashara cha kaunti au leseni ya biashara",
      },
      people: {
        title: "Wakurugenzi na wamiliki",
        directors: "Kitambulisho cha taifa au pasipoti ya kila mkurugenzi",
        owners: "Kitambulisho cha taifa au pasipoti ya kila mmiliki wa 25% au zaidi",
        pins: "Vyeti vya KRA PIN vya wakurugenzi",
        resolution: "Azimio la bodi linalotaja nani anaweza kuendesha akaunti (kampuni)",
      },
      settlement: {
        title: "Anwani na ulipaji",
        address:
          "Uthibitisho wa anwani ya biashara wa chini ya miezi 3 (bili ya huduma au mkataba wa kukodi)",
        mobile: "Maelezo ya Till au Paybill ya M-Pesa, au nambari yako ya Airtel Money au T-Kash",
        bank: "Barua ya benki au taarifa ya akaunti ya karibuni kwa ulipaji kupitia PesaLink",
        website: "Tovuti yako au kurasa za mitandao ya kijamii na maelezo mafupi ya unachouza",
      },
    },
    faq: {
      title: "Maswali yanayoulizwa mara kwa mara",
      approval: {
        question: "Inachukua muda gani kuidhinishwa?",
        answer:
          "Tunakagua kila maombi kamili ndani ya saa 24. Nyaraka zako za KYB zikiwa sawa, wafanyabiashara wengi hupokea kitambulisho chao cha mfanyabiashara ndani ya siku moja hadi mbili za kazi.",
      },
      fees: {
        question: "Kuna ada ya kujiunga au ya kila mwezi?",
        answer: (fee) =>
          `Hapana. Hakuna ada ya kujiunga wala ya kila mwezi. Unalipa kwa kila muamala, kwa mfano ${fee} kwa makusanyo; kila ada imeorodheshwa kwenye viwango vyetu vya ada.`,
        link: "Soma viwango vya ada",
      },
      sole: {
        question: "Je, mfanyabiashara binafsi au duka dogo linaweza kutuma maombi?",
        answer:
          "Ndiyo. Wafanyabiashara binafsi na ubia uliosajiliwa wanaweza kutuma maombi kwa Cheti cha Usajili wa Biashara, KRA PIN na kitambulisho cha taifa cha mmiliki badala ya nyaraka za kampuni.",
      },
      crypto: {
        question: "Je, ninahitaji kushika au kuelewa crypto?",
        answer:
          "Hapana. Mteja wako analipa kwa crypto, kiasi cha KES kinafungwa mara moja, na wewe unapokea shilingi kwenye M-Pesa, Airtel Money, T-Kash au benki yako. Hutahitaji kamwe kushika salio la crypto.",
      },
      limits: {
        question: "Vikomo vya malipo ni vipi?",
        answer: (minimum, automatic, rail) =>
          `Malipo ya crypto yanaanzia ${minimum} na yanachakatwa moja kwa moja hadi ${automatic} kwa kila muamala. Malipo kwenda pesa za simu yanafuata kikomo cha kila njia cha ${rail} kwa kila muamala; kiasi kikubwa zaidi kinagawanywa moja kwa moja.`,
        link: "Tazama vikomo vyote",
      },
      test: {
        question: "Naweza kujaribu kabla ya kuanza kazi?",
        answer:
          "Ndiyo. Kila akaunti ina mazingira ya majaribio yenye funguo za majaribio, ili uweze kufanya malipo, marejesho na webhook kikamilifu bila kuhamisha pesa halisi.",
      },
      help: {
        question: "Nizungumze na nani nikikwama?",
        answer: `Timu yetu ya msaada inapatikana ${supportHours} kupitia ${supportEmail} au ${phone}, na meneja maalum wa kujiunga husaidia biashara kubwa katika muunganisho.`,
      },
    },
    cta: {
      title: "Uko tayari kwa hatua ya kwanza?",
      body: "Maombi yanachukua takriban dakika 10, na tunajibu ndani ya saa 24.",
      button: "Tuma maombi sasa",
    },
  },
);

/** The Onboarding page's copy in one language. */
export function onboardingContent(locale: Locale) {
  const m = inLocale(onboardingMessages, locale);
  const formats = m.formats(KYB_DOCUMENTS.maxFiles, KYB_DOCUMENTS.maxFileBytes / (1024 * 1024));
  const s = m.steps;
  const d = m.documents;
  const f = m.faq;
  return {
    seo: m.seo,
    hero: m.hero,
    steps: {
      title: s.title,
      intro: s.intro,
      items: [
        {
          id: "apply",
          title: s.apply.title,
          duration: s.apply.duration,
          body: s.apply.body,
          details: [s.apply.business, s.apply.contact, s.apply.volume, s.apply.documents(formats)],
          link: { to: paths.getStarted, label: s.apply.link },
        },
        { id: "review", ...s.review },
        {
          id: "kyb",
          title: s.kyb.title,
          duration: s.kyb.duration,
          body: s.kyb.body(formats),
          details: [s.kyb.company, s.kyb.identity, s.kyb.address],
        },
        { id: "approval", ...s.approval },
        {
          id: "sign-in",
          title: s.signIn.title,
          body: s.signIn.body,
          link: { to: paths.merchantSignIn, label: s.signIn.link },
        },
        {
          id: "rail",
          title: s.rail.title,
          body: s.rail.body,
          details: [s.rail.mpesa, s.rail.wallets, s.rail.bank],
        },
        {
          id: "integrate",
          title: s.integrate.title,
          duration: s.integrate.duration,
          body: s.integrate.body,
          details: [s.integrate.snippet, s.integrate.plugins, s.integrate.api],
        },
        { id: "live", ...s.live },
      ] satisfies OnboardingStep[],
    },
    documents: {
      title: d.title,
      intro: d.intro,
      groups: [
        {
          id: "business",
          title: d.business.title,
          icon: "document",
          items: [d.business.incorporation, d.business.cr12, d.business.pin, d.business.permit],
        },
        {
          id: "people",
          title: d.people.title,
          icon: "key",
          items: [d.people.directors, d.people.owners, d.people.pins, d.people.resolution],
        },
        {
          id: "settlement",
          title: d.settlement.title,
          icon: "coins",
          items: [
            d.settlement.address,
            d.settlement.mobile,
            d.settlement.bank,
            d.settlement.website,
          ],
        },
      ] satisfies DocumentGroup[],
    },
    faq: {
      title: f.title,
      items: [
        f.approval,
        {
          question: f.fees.question,
          answer: f.fees.answer(formatBps(c2bFee.bps)),
          link: { to: paths.tariffSchedule, label: f.fees.link },
        },
        f.sole,
        f.crypto,
        {
          question: f.limits.question,
          answer: f.limits.answer(
            formatKes(cryptoLimits.minimum),
            formatKes(cryptoLimits.autoMaxPerTransaction),
            formatKes(firstRail.perTransaction),
          ),
          link: { to: paths.tariffSchedule, label: f.limits.link },
        },
        f.test,
        f.help,
      ] satisfies FaqItem[],
    },
    cta: m.cta,
  };
}

/** The Onboarding page in English. */
export const onboardingPage = onboardingContent("en");
