/**
 * Copy for the About page (/about): story, mission, timeline and values. Issue 33: the words are a
 * catalog in English and Kiswahili (`aboutMessages`); `aboutContent(locale)` puts them together
 * with the years, figures and icons, and the page's loader sends it in the request's language.
 * `aboutPage` is the English.
 */
import type { IconName } from "~/components/ui/icons";
import { company } from "~/content/company";
import type { Locale } from "~/i18n/locales";
import { defineMessages, inLocale } from "~/i18n/messages";

export interface AboutValue {
  title: string;
  icon: IconName;
  body: string;
}

export interface AboutMilestone {
  year: 2020 | 2021 | 2022 | 2023 | 2024 | 2025;
  title: string;
  body: string;
  highlights?: readonly string[];
}

const { brand, city, founded, licenceName, licenceNumber, supportHours, tagline } = company;

export const aboutMessages = defineMessages(
  {
    seo: {
      title: "About Us",
      description: `${brand} was founded in ${city} in ${founded}. We help Kenyan businesses accept Bitcoin, Ethereum, USDT and USDC and settle in shillings to M-Pesa, Airtel Money, T-Kash or their bank.`,
    },
    hero: {
      eyebrow: `About ${brand}`,
      title: "Built in Nairobi for the way Kenya pays",
      lead: `${brand} turns crypto and stablecoin payments into Kenyan shillings on the rails your business already uses: M-Pesa, Airtel Money, T-Kash and PesaLink. ${tagline}.`,
      security: "How we keep funds safe",
    },
    story: {
      title: "Our story",
      p1: `${brand} started in ${city} in ${founded} as a mobile value-added-services provider. We ran USSD menus, bulk SMS and M-Pesa payment integrations for Kenyan SMEs, schools and SACCOs, and learnt first-hand how much a business depends on money arriving on time and on the phone.`,
      p2: "By 2021 our merchants were asking a new question. Their customers in the diaspora, freelancers paid from abroad and online buyers wanted to pay in USDT or USDC, but turning stablecoins into shillings meant peer-to-peer trades, unclear rates and days of waiting.",
      p3: "In 2022 we launched stablecoin settlement: a customer pays in crypto, the KES amount is locked at once, and the merchant is paid to M-Pesa. In 2023 the first enterprise platforms went live on our API, with institutional custody and PesaLink bank settlement behind them.",
      p4: "Today more than 1,000 merchants, from online shops in Westlands to exporters in Mombasa and tour operators in Nanyuki, use OneHop to collect, pay out and convert without holding crypto themselves.",
    },
    mission: {
      title: "Our mission",
      statement:
        "Make accepting a stablecoin as simple, safe and cheap for a Kenyan business as accepting M-Pesa, and put the money where the business already works.",
      quote:
        "One locked KES quote per payment, so the merchant knows exactly what lands in their account.",
      rails:
        "Settlement to local rails in minutes, not days: M-Pesa, Airtel Money, T-Kash or PesaLink.",
      pricing: "Transparent, per-transaction pricing with no setup or monthly fees.",
      compliance:
        "Compliance built in from the first line of code, as Kenya's rules for virtual assets take shape.",
    },
    stats: {
      founded: `Founded in ${city}`,
      merchants: "Active merchants",
      rails: "Local settlement rails",
      support: "Merchant support",
    },
    timeline: {
      title: "Our journey, 2020 to 2025",
      intro:
        "Six years from a Nairobi mobile-services shop to a regulated-ready settlement platform.",
      y2020: {
        title: "Founded in Nairobi",
        body: "OneHop opens as a mobile value-added-services provider, building USSD, bulk SMS and M-Pesa integrations for local businesses during a year when Kenya moved its payments onto the phone.",
      },
      y2021: {
        title: "From messaging to money movement",
        body: "We add Airtel Money and T-Kash alongside M-Pesa, build automated reconciliation for our merchants and run our first crypto-to-shilling pilots with a handful of online sellers.",
      },
      y2022: {
        title: "Stablecoin settlement launches",
        body: "Merchants can accept USDT and USDC and be paid in KES. Each payment gets a KES quote locked at once and is confirmed on-chain before it settles to mobile money.",
      },
      y2023: {
        title: "First enterprise platforms",
        body: "The REST API, checkout snippet and plugins open to larger businesses. The first enterprise platforms go live, with institutional custody on multi-signature wallets and PesaLink settlement to any Kenyan bank.",
      },
      y2024: {
        title: "Growth to 1,000+ merchants",
        body: "Bitcoin and Ethereum join the stablecoins at checkout, bulk disbursements arrive for payroll and supplier payouts, and OneHop passes 1,000 active merchants across Kenya.",
      },
      y2025: {
        title: "Preparing for the VASP Act 2025",
        body: "With Kenya's Virtual Asset Service Providers Act, 2025 setting out how virtual-asset businesses are licensed and supervised, we are strengthening our AML/CFT controls, governance and reporting to meet it.",
        travelRule: "Travel-rule data captured for every qualifying transfer",
        review: "Independent review of our custody and information-security controls",
        treasury: "Treasury with automatic conversion and T+1 payouts",
      },
    },
    values: {
      title: "Our values",
      intro:
        "Four commitments guide how we build, who we hire and how we treat every shilling that moves through OneHop.",
      security: {
        title: "Security First",
        body: "Customer funds sit with an institutional custodian on multi-signature wallets. Every release of funds needs more than one approval, and no single person can move money alone.",
      },
      accessibility: {
        title: "Accessibility",
        body: "If a business can receive M-Pesa, it can use OneHop. No crypto wallet, no new bank account and no minimum monthly volume, from a kiosk in Kisumu to a marketplace in Nairobi.",
      },
      innovation: {
        title: "Innovation",
        body: "We ship what Kenyan merchants ask for: locked KES quotes, automatic splitting of large payouts across mobile-money limits, bulk disbursements by file or API.",
      },
      trust: {
        title: "Trust",
        body: `Clear fees published in our tariff schedule, a licensed operation (${licenceName} ${licenceNumber}) and people who answer the phone ${supportHours}.`,
      },
    },
    visit: {
      title: "Visit or reach us",
      body: "Our team works from Westlands, Nairobi. Merchants are welcome by appointment; support is available around the clock by e-mail and phone.",
      office: "Office",
      postal: "Postal address",
      support: `Support, ${supportHours}`,
      licence: `${company.legalName} holds ${licenceName} number ${licenceNumber}.`,
    },
    cta: {
      title: "Join the merchants settling in one hop",
      body: "Apply in minutes. We review every complete application within 24 hours.",
      button: "Get Started",
    },
  },
  {
    seo: {
      title: "Kuhusu Sisi",
      description: `${brand} ilianzishwa ${city} mwaka ${founded}. Tunasaidia biashara za Kenya kupokea Bitcoin, Ethereum, USDT na USDC na kulipwa kwa shilingi kwenye M-Pesa, Airtel Money, T-Kash au benki yao.`,
    },
    hero: {
      eyebrow: `Kuhusu ${brand}`,
      title: "Imejengwa Nairobi kwa jinsi Kenya inavyolipa",
      lead: `${brand} inageuza malipo ya crypto na stablecoin kuwa shilingi za Kenya kwenye njia za malipo ambazo biashara yako inatumia tayari: M-Pesa, Airtel Money, T-Kash na PesaLink. Kutoka crypto hadi M-Pesa kwa hatua moja.`,
      security: "Jinsi tunavyolinda pesa",
    },
    story: {
      title: "Historia yetu",
      p1: `${brand} ilianza ${city} mwaka ${founded} kama mtoa huduma za ziada za simu. Tuliendesha menyu za USSD, SMS za jumla na miunganisho ya malipo ya M-Pesa kwa biashara ndogo na za kati, shule na SACCO za Kenya, na tukajionea wenyewe jinsi biashara inavyotegemea pesa kufika kwa wakati na kwenye simu.`,
      p2: "Kufikia 2021 wafanyabiashara wetu walikuwa na swali jipya. Wateja wao walio ughaibuni, wafanyakazi huru wanaolipwa kutoka nje na wanunuzi wa mtandaoni walitaka kulipa kwa USDT au USDC, lakini kugeuza stablecoin kuwa shilingi kulimaanisha biashara kati ya mtu na mtu, viwango visivyo wazi na siku za kusubiri.",
      p3: "Mwaka 2022 tulizindua ulipaji wa stablecoin: mteja analipa kwa crypto, kiasi cha KES kinafungwa mara moja, na mfanyabiashara analipwa kwenye M-Pesa. Mwaka 2023 majukwaa ya kwanza ya makampuni makubwa yalianza kutumia API yetu, yakiungwa mkono na uhifadhi wa kitaasisi na ulipaji wa benki kupitia PesaLink.",
      p4: "Leo zaidi ya wafanyabiashara 1,000, kuanzia maduka ya mtandaoni Westlands hadi wauzaji bidhaa nje Mombasa na waendeshaji utalii Nanyuki, wanatumia OneHop kukusanya, kutuma malipo na kubadilisha pesa bila kushika crypto wenyewe.",
    },
    mission: {
      title: "Dhamira yetu",
      statement:
        "Kufanya kupokea stablecoin kuwe rahisi, salama na nafuu kwa biashara ya Kenya kama kupokea M-Pesa, na kuweka pesa pale biashara inapofanya kazi tayari.",
      quote:
        "Bei moja ya KES iliyofungwa kwa kila malipo, ili mfanyabiashara ajue hasa kiasi kitakachoingia kwenye akaunti yake.",
      rails:
        "Ulipaji kwenye njia za malipo za hapa nchini kwa dakika, si siku: M-Pesa, Airtel Money, T-Kash au PesaLink.",
      pricing: "Bei wazi kwa kila muamala, bila ada ya kujiunga wala ya kila mwezi.",
      compliance:
        "Utiifu wa sheria umejengwa tangu mstari wa kwanza wa msimbo, huku sheria za Kenya za rasilimali za kidijitali zikiundwa.",
    },
    stats: {
      founded: `Ilianzishwa ${city}`,
      merchants: "Wafanyabiashara wanaotumia OneHop",
      rails: "Njia za malipo za hapa nchini",
      support: "Msaada kwa wafanyabiashara",
    },
    timeline: {
      title: "Safari yetu, 2020 hadi 2025",
      intro:
        "Miaka sita kutoka duka la huduma za simu Nairobi hadi jukwaa la ulipaji lililo tayari kwa udhibiti.",
      y2020: {
        title: "Ilianzishwa Nairobi",
        body: "OneHop inaanza kama mtoa huduma za ziada za simu, ikijenga USSD, SMS za jumla na miunganisho ya M-Pesa kwa biashara za hapa nchini, mwaka ambao Kenya ilihamishia malipo yake kwenye simu.",
      },
      y2021: {
        title: "Kutoka ujumbe hadi kuhamisha pesa",
        body: "Tunaongeza Airtel Money na T-Kash pamoja na M-Pesa, tunajenga upatanisho wa hesabu wa moja kwa moja kwa wafanyabiashara wetu na kufanya majaribio yetu ya kwanza ya kubadilisha crypto kuwa shilingi na wauzaji wachache wa mtandaoni.",
      },
      y2022: {
        title: "Ulipaji wa stablecoin unazinduliwa",
        body: "Wafanyabiashara wanaweza kupokea USDT na USDC na kulipwa kwa KES. Kila malipo yanapata bei ya KES iliyofungwa mara moja na yanathibitishwa kwenye blockchain kabla ya kulipwa kwenye pesa za simu.",
      },
      y2023: {
        title: "Majukwaa ya kwanza ya makampuni makubwa",
        body: "REST API, kipande cha msimbo wa ukurasa wa malipo na programu-jalizi zinafunguliwa kwa biashara kubwa. Majukwaa ya kwanza ya makampuni makubwa yanaanza kazi, kwa uhifadhi wa kitaasisi kwenye pochi zenye saini nyingi na ulipaji kupitia PesaLink kwenye benki yoyote ya Kenya.",
      },
      y2024: {
        title: "Kukua hadi wafanyabiashara 1,000+",
        body: "Bitcoin na Ethereum zinaungana na stablecoin kwenye ukurasa wa malipo, utumaji wa malipo mengi kwa pamoja unaanza kwa mishahara na malipo ya wasambazaji, na OneHop inavuka wafanyabiashara 1,000 wanaoitumia kote Kenya.",
      },
      y2025: {
        title: "Kujiandaa kwa Sheria ya VASP 2025",
        body: "Sheria ya Kenya ya Watoa Huduma za Rasilimali za Kidijitali, 2025 ikiweka jinsi biashara hizi zinavyopewa leseni na kusimamiwa, tunaimarisha udhibiti wetu wa kuzuia utakatishaji wa fedha na ufadhili wa ugaidi, uongozi na utoaji wa taarifa ili kuitimiza.",
        travelRule: "Taarifa za kanuni ya usafiri hukusanywa kwa kila uhamisho unaohusika",
        review: "Ukaguzi huru wa udhibiti wetu wa uhifadhi na usalama wa taarifa",
        treasury: "Usimamizi wa fedha wenye ubadilishaji wa moja kwa moja na malipo kwako ya T+1",
      },
    },
    values: {
      title: "Maadili yetu",
      intro:
        "Ahadi nne zinaongoza jinsi tunavyojenga, tunavyoajiri na tunavyoshughulikia kila shilingi inayopita OneHop.",
      security: {
        title: "Usalama Kwanza",
        body: "Pesa za wateja zinashikiliwa na mhifadhi wa kitaasisi kwenye pochi zenye saini nyingi. Kila utoaji wa pesa unahitaji idhini zaidi ya moja, na hakuna mtu mmoja anayeweza kuhamisha pesa peke yake.",
      },
      accessibility: {
        title: "Ufikiaji kwa Wote",
        body: "Biashara ikiweza kupokea M-Pesa, inaweza kutumia OneHop. Hakuna pochi ya crypto, hakuna akaunti mpya ya benki na hakuna kiwango cha chini cha miamala kwa mwezi, kuanzia kibanda Kisumu hadi soko Nairobi.",
      },
      innovation: {
        title: "Ubunifu",
        body: "Tunatoa kile wafanyabiashara wa Kenya wanachoomba: bei za KES zilizofungwa, kugawanya malipo makubwa moja kwa moja kulingana na vikomo vya pesa za simu, utumaji wa malipo mengi kwa faili au API.",
      },
      trust: {
        title: "Uaminifu",
        body: `Ada wazi zilizochapishwa kwenye viwango vyetu vya ada, huduma yenye leseni (leseni ya Biashara ya Huduma za Fedha ${licenceNumber}) na watu wanaojibu simu ${supportHours}.`,
      },
    },
    visit: {
      title: "Tutembelee au wasiliana nasi",
      body: "Timu yetu inafanya kazi Westlands, Nairobi. Wafanyabiashara wanakaribishwa kwa miadi; msaada unapatikana saa zote kwa barua pepe na simu.",
      office: "Ofisi",
      postal: "Anwani ya posta",
      support: `Msaada, ${supportHours}`,
      licence: `${company.legalName} ina leseni ya Biashara ya Huduma za Fedha nambari ${licenceNumber}.`,
    },
    cta: {
      title: "Jiunge na wafanyabiashara wanaolipwa kwa hatua moja",
      body: "Tuma maombi kwa dakika chache. Tunakagua kila maombi kamili ndani ya saa 24.",
      button: "Anza",
    },
  },
);

/** The About page's copy in one language. */
export function aboutContent(locale: Locale) {
  const m = inLocale(aboutMessages, locale);
  const t = m.timeline;
  const v = m.values;
  return {
    seo: m.seo,
    hero: m.hero,
    story: { title: m.story.title, paragraphs: [m.story.p1, m.story.p2, m.story.p3, m.story.p4] },
    mission: {
      title: m.mission.title,
      statement: m.mission.statement,
      points: [m.mission.quote, m.mission.rails, m.mission.pricing, m.mission.compliance],
    },
    stats: [
      { value: String(founded), label: m.stats.founded },
      { value: "1000+", label: m.stats.merchants },
      { value: "4", label: m.stats.rails },
      { value: supportHours, label: m.stats.support },
    ],
    timeline: {
      title: t.title,
      intro: t.intro,
      milestones: [
        { year: 2020, ...t.y2020 },
        { year: 2021, ...t.y2021 },
        { year: 2022, ...t.y2022 },
        { year: 2023, ...t.y2023 },
        { year: 2024, ...t.y2024 },
        {
          year: 2025,
          title: t.y2025.title,
          body: t.y2025.body,
          highlights: [t.y2025.travelRule, t.y2025.review, t.y2025.treasury],
        },
      ] satisfies AboutMilestone[],
    },
    values: {
      title: v.title,
      intro: v.intro,
      items: [
        { ...v.security, icon: "shield" },
        { ...v.accessibility, icon: "phone" },
        { ...v.innovation, icon: "bulb" },
        { ...v.trust, icon: "handshake" },
      ] satisfies AboutValue[],
    },
    visit: m.visit,
    cta: m.cta,
  };
}

/** The About page in English. */
export const aboutPage = aboutContent("en");
