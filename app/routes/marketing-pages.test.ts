/**
 * Issue 33: the public marketing pages in Kiswahili. Each loader answers in the request's language
 * (Accept-Language or the switch's cookie) and keeps the English exactly as it was without them.
 */
import { describe, expect, it } from "vitest";
import { claims, claimsIn } from "~/content/claims";
import { cryptocurrencies } from "~/content/cryptocurrencies";
import { coinDescription } from "~/content/cryptocurrency-descriptions";
import * as tariff from "~/content/tariff";
import { tariffIn } from "~/content/tariff-copy";
import { loader as homeLoader } from "./_index";
import { loader as aboutLoader } from "./about";
import { loader as onboardingLoader } from "./onboarding";
import { loader as securityLoader } from "./security";
import { loader as featuresLoader } from "./features";
import { loader as solutionsLoader } from "./solutions";
import { loader as tariffLoader } from "./tariff-schedule";

const request = (path: string, headers: Record<string, string> = {}) => ({
  request: new Request(`http://localhost${path}`, { headers }),
  params: {},
  context: {},
});
const sw = { "Accept-Language": "sw-KE,sw;q=0.9,en;q=0.8" };

/** Every string in loader data, however deeply nested. */
const strings = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : value && typeof value === "object"
      ? Object.values(value).flatMap(strings)
      : [];

describe("the home page in both languages", () => {
  it("is in English without a language, as before", () => {
    const data = homeLoader(request("/"));
    expect(data.locale).toBe("en");
    expect(data.homeHero.eyebrow).toBe("Crypto payments for Kenyan merchants");
    expect(data.homeHero.primaryAction).toEqual({ label: "Get Started", to: "/get-started" });
    expect(data.featureCards.cards[0]?.body).toBe(
      "1% per collection, with no setup or monthly fees. You see the KES amount before your customer pays.",
    );
    expect(data.howItWorks.steps[0]?.body).toBe(
      "Take Bitcoin, Ethereum, USDT and USDC, or mobile money, at checkout.",
    );
    expect(data.closingCta.highlights).toEqual([
      "No setup or monthly fees",
      "Flat 1% collection fee",
      "4 cryptocurrencies accepted at checkout",
      "24/7 support",
    ]);
    expect(data.homeMeta.description).toMatch(/^Accept Bitcoin, Ethereum, USDT and USDC/);
  });

  it("is in Kiswahili for a browser that asks for it, with the same figures and links", () => {
    const data = homeLoader(request("/", sw));
    expect(data.locale).toBe("sw");
    expect(data.homeHero.eyebrow).toBe("Malipo ya crypto kwa wafanyabiashara wa Kenya");
    expect(data.homeHero.primaryAction).toEqual({ label: "Anza", to: "/get-started" });
    expect(data.homeHero.stats.map((stat) => stat.value)).toEqual([
      "Chini ya dakika 5",
      "Chini ya 1%",
      "99.9%",
      "1000+",
    ]);
    expect(data.howItWorks.steps[0]?.body).toBe(
      "Pokea Bitcoin, Ethereum, USDT na USDC, au pesa za simu, kwenye ukurasa wa malipo.",
    );
    expect(data.closingCta.highlights).toContain("Ada ya makusanyo ni 1% tu");
    expect(data.homeMeta.description).toMatch(/^Pokea Bitcoin, Ethereum, USDT na USDC/);
    expect(data.moneyFlow.steps.map((step) => step.icon)).toEqual(
      homeLoader(request("/")).moneyFlow.steps.map((step) => step.icon),
    );
  });

  it("follows the switch's cookie over the browser", () => {
    const data = homeLoader(request("/", { ...sw, Cookie: "onehop_lang=en" }));
    expect(data.homeHero.primaryAction.label).toBe("Get Started");
    const chosen = homeLoader(request("/", { Cookie: "onehop_lang=sw" }));
    expect(chosen.homeHero.primaryAction.label).toBe("Anza");
  });
});

describe("/features in both languages", () => {
  it("keeps the English", () => {
    const data = featuresLoader(request("/features"));
    expect(data.featuresMeta).toEqual({
      title: "How It Works",
      description: expect.stringMatching(/^How OneHop works: collections/) as unknown as string,
    });
    expect(data.pricing.transactionFees.map((fee) => fee.name)).toEqual([
      "C2B (Collections)",
      "B2C (Disbursements)",
      "B2B Payments",
    ]);
    expect(data.pricing.otherFees[0]).toEqual({
      name: "Crypto to fiat conversion",
      value: "1% plus mobile network fees",
    });
    expect(data.pricing.perTransaction).toBe("per transaction");
    expect(data.settlementTimes).toEqual(tariff.settlementTimes);
  });

  it("speaks Kiswahili, fees and times included", () => {
    const data = featuresLoader(request("/features", sw));
    expect(data.featuresMeta.title).toBe("Jinsi Inavyofanya Kazi");
    expect(data.pricing.intro).toBe(
      "Lipa kwa kila muamala. Hakuna ada ya kujiunga wala ya kila mwezi. Makusanyo ni 1%.",
    );
    expect(data.pricing.transactionFees.map((fee) => [fee.name, fee.value])).toEqual([
      ["C2B (Makusanyo)", "1%"],
      ["B2C (Utumaji wa malipo)", "1.5%"],
      ["Malipo ya B2B", "1.2%"],
    ]);
    expect(data.pricing.otherFees[0]?.value).toBe("1% pamoja na gharama za mtandao wa simu");
    expect(data.offerings.items[1]?.points[2]).toContain("KES 250,000");
    expect(data.settlementTimes[3]).toEqual({
      rail: "Ubadilishaji wa usimamizi wa fedha",
      time: "T+1 (siku ya kazi inayofuata)",
    });
  });
});

describe("/solutions in both languages", () => {
  it("keeps the English", () => {
    const data = solutionsLoader(request("/solutions"));
    expect(data.solutionsMeta.title).toBe("Solutions");
    expect(data.paymentFlows.map((flow) => flow.label)).toEqual([
      "Collections",
      "Disbursements",
      "B2B Payments",
    ]);
    expect(data.coinsSection.payableTitle).toBe("Accepted at checkout");
    expect(data.coinsSection.intro).toBe(
      "Bitcoin, Ethereum, USDT and USDC are accepted at checkout, with live rates. The other 15 cryptocurrencies are shown with indicative rates for reference: they cannot be paid at checkout.",
    );
  });

  it("speaks Kiswahili, with the same flows, figures and coins", () => {
    const data = solutionsLoader(request("/solutions", sw));
    expect(data.solutionsMeta.title).toBe("Suluhisho");
    expect(data.paymentFlows.map((flow) => [flow.id, flow.label])).toEqual([
      ["collections", "Makusanyo"],
      ["disbursements", "Utumaji wa Malipo"],
      ["b2b-payments", "Malipo ya B2B"],
    ]);
    expect(data.paymentFlows[0]?.stats.map((stat) => stat.value)).toEqual([
      "5M+",
      "1%",
      "Chini ya dakika 5",
    ]);
    expect(data.coinsSection.payableTitle).toBe("Zinakubaliwa kwenye ukurasa wa malipo");
    expect(data.payableCryptocurrencies.map((coin) => coin.symbol)).toEqual([
      "BTC",
      "ETH",
      "USDT",
      "USDC",
    ]);
  });
});

describe("the tariff's words", () => {
  it("in English are exactly what ~/content/tariff says", () => {
    const en = tariffIn("en");
    expect(en.transactionFees).toEqual(tariff.transactionFees);
    expect(en.conversionFees).toEqual(tariff.conversionFees);
    expect(en.exciseDutyPhrase).toBe(tariff.exciseDutyPhrase);
    expect(en.transactionFeesIntro).toBe(tariff.transactionFeesIntro);
    expect(en.mpesaB2cChargesSource).toBe(tariff.mpesaB2cChargesSource);
    expect(en.pesalinkLimitRows).toEqual(tariff.pesalinkLimitRows);
    expect(en.tierDailyLimitNote).toBe(tariff.tierDailyLimitNote);
    expect(en.cryptoLimitRows).toEqual(tariff.cryptoLimitRows);
    expect(en.settlementTimes).toEqual(tariff.settlementTimes);
  });

  it("in Kiswahili keep every number", () => {
    const swTariff = tariffIn("sw");
    expect(swTariff.transactionFees.map((fee) => fee.bps)).toEqual([100, 150, 120]);
    expect(swTariff.exciseDutyPhrase).toBe("pamoja na ushuru wa bidhaa wa 10%");
    expect(swTariff.transactionFeesIntro).toContain("Makusanyo yanatozwa 1% mara moja tu");
    expect(swTariff.cryptoLimitRows.map((row) => row.amount)).toEqual([
      "KES 500",
      "Hadi KES 1,000,000",
      "Hadi KES 5,000,000",
      "KES 10,000,000",
    ]);
  });
});

describe("/tariff-schedule in both languages", () => {
  it("keeps the English", () => {
    const data = tariffLoader(request("/tariff-schedule"));
    expect(data.text.meta.title).toBe("Tariff Schedule");
    expect(data.text.meta.description).toBe(
      "OneHop fees and limits: C2B (Collections) 1%, B2C (Disbursements) 1.5%, B2B Payments 1.2%. Mobile money limits per rail, crypto limits from KES 500, supported assets and settlement times. No setup or monthly fees.",
    );
    expect(data.text.mobile.intro).toBe(
      "M-Pesa, Airtel Money and T-Kash payouts follow the per-rail limits set by the Central Bank of Kenya and the mobile network operators.",
    );
    expect(data.text.mobile.split).toContain(
      "a KES 400,000 payout to M-Pesa is sent as two transfers of KES 250,000 and KES 150,000",
    );
    expect(data.text.fees.mpesa.text).toContain("below the KES 10 minimum transfer");
    expect(data.mpesaCharges[0]).toEqual({ key: 1, band: "KES 10 to KES 100", charge: "Free" });
    expect(data.conversionFees.map((fee) => fee.note)).toEqual([
      "plus mobile network fees, plus 10% excise duty",
      "plus mobile network fees, plus 10% excise duty",
      "plus network fees, plus 10% excise duty",
      "of the amount, plus 10% excise duty",
    ]);
    expect(data.text.assets.caption).toBe(
      "Cryptocurrencies accepted at checkout, and their networks",
    );
  });

  it("speaks Kiswahili, with the same fees and limits", () => {
    const data = tariffLoader(request("/tariff-schedule", sw));
    expect(data.text.meta.title).toBe("Viwango vya Ada");
    expect(data.text.hero.getStarted).toBe("Anza");
    expect(data.text.mobile.intro).toMatch(/^Malipo kupitia M-Pesa, Airtel Money na T-Kash/);
    expect(data.mpesaCharges[0]).toEqual({
      key: 1,
      band: "KES 10 hadi KES 100",
      charge: "Bila malipo",
    });
    expect(data.mpesaCharges.map((band) => band.charge).slice(1)).toEqual(
      tariffLoader(request("/tariff-schedule"))
        .mpesaCharges.map((band) => band.charge)
        .slice(1),
    );
    expect(data.transactionFees.map((fee) => fee.fee)).toEqual(["1%", "1.5%", "1.2%"]);
    expect(data.text.notes.liability.body).toContain("miezi 3");
  });
});

describe("the loader data", () => {
  it("is plain data (no catalog functions reach it), in both languages", () => {
    for (const headers of [{}, sw]) {
      for (const data of [
        homeLoader(request("/", headers)),
        featuresLoader(request("/features", headers)),
        solutionsLoader(request("/solutions", headers)),
        tariffLoader(request("/tariff-schedule", headers)),
      ]) {
        expect(JSON.parse(JSON.stringify(data))).toEqual(data);
        expect(strings(data).length).toBeGreaterThan(20);
      }
    }
  });
});

describe("the claims and the coins' descriptions", () => {
  it("state the claims in English as before, and in Kiswahili", () => {
    expect(claimsIn("en")).toEqual(claims);
    expect(claims.crypto.payableNames).toBe("Bitcoin, Ethereum, USDT and USDC");
    expect(claimsIn("sw").crypto.payableNames).toBe("Bitcoin, Ethereum, USDT na USDC");
    expect(claimsIn("sw").fees.title).toBe("Ada ya 1% tu kwa Makusanyo");
  });

  it("describe every coin in both languages, the English unchanged", () => {
    for (const coin of cryptocurrencies) {
      expect(coinDescription(coin.symbol, "en")).toBe(coin.description);
      expect(coinDescription(coin.symbol, "sw")).not.toBe(coin.description);
    }
  });
});

describe("/about in both languages", () => {
  it("keeps the English", () => {
    const data = aboutLoader(request("/about"));
    expect(data.seo.title).toBe("About Us");
    expect(data.hero.eyebrow).toBe("About OneHop");
    expect(data.visit.support).toBe("Support, 24/7");
    expect(data.visit.licence).toBe(
      "OneHop Payments Limited holds Money Services Business licence number C100000762.",
    );
    expect(data.timeline.milestones.map((milestone) => milestone.year)).toEqual([
      2020, 2021, 2022, 2023, 2024, 2025,
    ]);
  });

  it("speaks Kiswahili", () => {
    const data = aboutLoader(request("/about", sw));
    expect(data.seo.title).toBe("Kuhusu Sisi");
    expect(data.cta.button).toBe("Anza");
    expect(data.values.items.map((value) => value.title)).toEqual([
      "Usalama Kwanza",
      "Ufikiaji kwa Wote",
      "Ubunifu",
      "Uaminifu",
    ]);
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});

describe("/security in both languages", () => {
  it("keeps the English", () => {
    const data = securityLoader(request("/security"));
    expect(data.seo.title).toBe("Security");
    expect(data.stats.map((stat) => stat.value)).toEqual(["99.99%", "99.99%", "24/7", "Multi-sig"]);
    expect(data.report.subject).toBe("with “Security report” in the subject, or call");
  });

  it("speaks Kiswahili, the standards' names kept", () => {
    const data = securityLoader(request("/security", { Cookie: "onehop_lang=sw" }));
    expect(data.seo.title).toBe("Usalama");
    expect(data.pillars.items.map((pillar) => pillar.id)).toEqual([
      "custody",
      "encryption",
      "monitoring",
      "access",
    ]);
    expect(data.certifications.items.map((item) => item.name)).toEqual([
      "ISO 27001",
      "SOC 2 Type II",
      "PCI DSS",
      "GDPR",
    ]);
    expect(data.certifications.items[3]?.scope).toBe("Ulinzi wa taarifa binafsi");
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});

describe("/onboarding in both languages", () => {
  it("keeps the English", () => {
    const data = onboardingLoader(request("/onboarding"));
    expect(data.seo.title).toBe("Start Your Payment Journey");
    expect(data.steps.items[0]?.details?.[3]).toBe(
      "Optional: your registration documents (PDF, JPEG or PNG, up to 3 files of 5 MB each)",
    );
    expect(data.faq.items[1]?.answer).toContain("for example 1% on collections");
  });

  it("speaks Kiswahili, the same steps, figures and links", () => {
    const data = onboardingLoader(request("/onboarding", sw));
    expect(data.seo.title).toBe("Anza Safari Yako ya Malipo");
    expect(data.steps.items.map((step) => step.id)).toEqual(
      onboardingLoader(request("/onboarding")).steps.items.map((step) => step.id),
    );
    expect(data.faq.items[4]?.answer).toContain("KES 500");
    expect(data.faq.items[4]).toMatchObject({
      link: { to: "/tariff-schedule", label: "Tazama vikomo vyote" },
    });
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});
