import { describe, expect, it } from "vitest";
import { builtInArticles } from "~/content/articles";
import {
  articleMatchesTopic,
  EXCLUDED_TOPICS,
  HEADLINE_TOPICS,
  matchExcludedTopics,
  matchRequiredTopics,
  parseHeadlineTopic,
  REQUIRED_TOPICS,
  tagsForItem,
} from "./topics";

describe("required topics", () => {
  it("are the six topics of spec section 9", () => {
    expect(REQUIRED_TOPICS.map((topic) => topic.label)).toEqual([
      "stablecoin",
      "on-ramp",
      "off-ramp",
      "merchant payments",
      "settlement",
      "compliance",
    ]);
  });

  it.each([
    ["Tether's USDT tops $150B", "stablecoin"],
    ["Stable coins in Africa", "stablecoin"],
    ["A new fiat on-ramp for Kenya", "on-ramp"],
    ["Onramp providers expand", "on-ramp"],
    ["Off ramping to M-Pesa", "off-ramp"],
    ["Merchant payments grow", "merchant payments"],
    ["Payments for small merchants get cheaper", "merchant payments"],
    ["Same-day settlement arrives", "settlement"],
    ["New AML and KYC compliance rules", "compliance"],
  ])("finds %s -> %s", (text, topic) => {
    expect(matchRequiredTopics(text)).toContain(topic);
  });

  it("finds none in unrelated text", () => {
    expect(matchRequiredTopics("Bitcoin miners move to hydro power")).toEqual([]);
    expect(matchRequiredTopics("The merchant of Venice")).toEqual([]);
  });
});

describe("excluded topics", () => {
  it("are the eight topics of spec section 9", () => {
    expect(EXCLUDED_TOPICS.map((topic) => topic.label)).toEqual([
      "airdrops",
      "giveaways",
      "meme coins",
      "price predictions",
      "casino",
      "betting",
      "NFTs",
      "sponsored content",
    ]);
  });

  it.each([
    ["Fogo will airdrop tokens", "airdrops"],
    ["A USDT giveaway for followers", "giveaways"],
    ["Memecoin mania returns", "meme coins"],
    ["Bitcoin price prediction for 2026", "price predictions"],
    ["Crypto casino licences", "casino"],
    ["Sports betting with stablecoins", "betting"],
    ["NFT marketplace adds M-Pesa", "NFTs"],
    ["Sponsored: the best exchange", "sponsored content"],
    ["This is a paid press release", "sponsored content"],
  ])("finds %s -> %s", (text, topic) => {
    expect(matchExcludedTopics(text)).toContain(topic);
  });

  it("does not fire on ordinary words", () => {
    expect(
      matchExcludedTopics("Alphabet bets on payments; the drop in fees helps merchants"),
    ).toEqual([]);
  });
});

describe("tags for an accepted item", () => {
  it("come from its topics first, then Kenya and cross-border context, without repeats", () => {
    expect(tagsForItem(["stablecoin", "settlement"], "Remittances to Nairobi via M-Pesa")).toEqual([
      "stablecoins",
      "settlement",
      "kenya",
      "cross-border",
    ]);
    expect(tagsForItem(["compliance"], "Rules in the EU")).toEqual(["regulation"]);
  });
});

describe("the Latest Headlines topic filter", () => {
  it("offers the spec's options with all as the default", () => {
    expect(HEADLINE_TOPICS).toEqual([
      "all",
      "Kenya",
      "Stablecoins",
      "Regulation",
      "Merchants",
      "Cross-border",
      "Product",
    ]);
    expect(parseHeadlineTopic(null)).toBe("all");
    expect(parseHeadlineTopic("cross-border")).toBe("Cross-border");
    expect(parseHeadlineTopic("nonsense")).toBe("all");
  });

  it("puts every built-in article under at least one topic, and each topic has built-in articles", () => {
    for (const article of builtInArticles) {
      expect(
        HEADLINE_TOPICS.slice(1).some((topic) => articleMatchesTopic(article, topic)),
        article.slug,
      ).toBe(true);
    }
    for (const topic of HEADLINE_TOPICS) {
      expect(
        builtInArticles.some((article) => articleMatchesTopic(article, topic)),
        topic,
      ).toBe(true);
    }
  });

  it("matches tags case-insensitively and Product also by category", () => {
    expect(articleMatchesTopic({ tags: ["Kenya"], category: "News" }, "Kenya")).toBe(true);
    expect(articleMatchesTopic({ tags: ["usdt"], category: "News" }, "Kenya")).toBe(false);
    expect(articleMatchesTopic({ tags: [], category: "Product Updates" }, "Product")).toBe(true);
  });
});
