/**
 * Topics: what the curation rules look for in an item (spec section 9), the tags an accepted item
 * gets, and the topic filter of the blog's Latest Headlines block. Pure data and pure functions.
 */

export interface TopicRule {
  /** The label operators see in the criteria panel (spec wording). */
  label: string;
  pattern: RegExp;
}

/** An item must match at least one of these (spec section 9: required topics). */
export const REQUIRED_TOPICS = [
  { label: "stablecoin", pattern: /\bstable[- ]?coins?\b|\bUSD[TC]\b/i },
  { label: "on-ramp", pattern: /\bon[- ]?ramps?\b|\bon[- ]?ramping\b/i },
  { label: "off-ramp", pattern: /\boff[- ]?ramps?\b|\boff[- ]?ramping\b/i },
  {
    label: "merchant payments",
    pattern:
      /\bmerchant[- ]payments?\b|\bmerchants?\b[^.!?]{0,60}\bpayments?\b|\bpayments?\b[^.!?]{0,60}\bmerchants?\b/i,
  },
  { label: "settlement", pattern: /\bsettlements?\b/i },
  {
    label: "compliance",
    pattern: /\bcompliance\b|\bcompliant\b|\banti-money[- ]laundering\b|\bAML\b|\bKYC\b/i,
  },
] as const satisfies readonly TopicRule[];

/** An item matching any of these is excluded (spec section 9: excluded topics). */
export const EXCLUDED_TOPICS = [
  { label: "airdrops", pattern: /\bair[- ]?drops?\b|\bair[- ]?dropp(?:ed|ing)\b/i },
  { label: "giveaways", pattern: /\bgive[- ]?aways?\b/i },
  { label: "meme coins", pattern: /\bmeme[- ]?coins?\b/i },
  {
    label: "price predictions",
    pattern: /\bprice predictions?\b|\bprice forecasts?\b|\bprice targets?\b/i,
  },
  { label: "casino", pattern: /\bcasinos?\b/i },
  { label: "betting", pattern: /\bbetting\b|\bsports?books?\b|\bgambling\b/i },
  { label: "NFTs", pattern: /\bNFTs?\b|\bnon[- ]fungible\b/i },
  {
    label: "sponsored content",
    pattern:
      /\bsponsored\b|\badvertorial\b|\bpaid (?:post|content|press release)\b|\bpartner content\b/i,
  },
] as const satisfies readonly TopicRule[];

export type RequiredTopic = (typeof REQUIRED_TOPICS)[number]["label"];
export type ExcludedTopic = (typeof EXCLUDED_TOPICS)[number]["label"];

/** The required topics `text` mentions, in the order of REQUIRED_TOPICS. */
export function matchRequiredTopics(text: string): RequiredTopic[] {
  return REQUIRED_TOPICS.filter((topic) => topic.pattern.test(text)).map((topic) => topic.label);
}

/** The excluded topics `text` mentions. */
export function matchExcludedTopics(text: string): ExcludedTopic[] {
  return EXCLUDED_TOPICS.filter((topic) => topic.pattern.test(text)).map((topic) => topic.label);
}

const TAG_FOR_TOPIC: Record<RequiredTopic, string> = {
  stablecoin: "stablecoins",
  "on-ramp": "on-ramp",
  "off-ramp": "off-ramp",
  "merchant payments": "merchants",
  settlement: "settlement",
  compliance: "regulation",
};

/** Extra tags read from the text, so curated items join the blog's topics. */
const CONTEXT_TAGS: readonly { tag: string; pattern: RegExp }[] = [
  { tag: "kenya", pattern: /\bKenyan?s?\b|\bNairobi\b|\bM-?Pesa\b|\bSafaricom\b/i },
  { tag: "cross-border", pattern: /\bcross[- ]border\b|\bremittances?\b/i },
];

/** Tags for an accepted item: its topics first, then context tags; lower-case, no repeats. */
export function tagsForItem(topics: readonly RequiredTopic[], text: string): string[] {
  const tags = topics.map((topic) => TAG_FOR_TOPIC[topic]);
  for (const context of CONTEXT_TAGS) if (context.pattern.test(text)) tags.push(context.tag);
  return [...new Set(tags)];
}

/** The Latest Headlines topic filter (spec section 4). "all" is the default. */
export const HEADLINE_TOPICS = [
  "all",
  "Kenya",
  "Stablecoins",
  "Regulation",
  "Merchants",
  "Cross-border",
  "Product",
] as const;
export type HeadlineTopic = (typeof HEADLINE_TOPICS)[number];

/**
 * The tags (lower-case) that put an article under a headline topic. "Product" also takes every
 * article in the Product Updates category.
 */
export const TOPIC_TAGS: Record<Exclude<HeadlineTopic, "all">, readonly string[]> = {
  Kenya: ["kenya", "m-pesa", "mpesa", "nairobi", "kes", "vasp act", "cbk", "kra", "safaricom"],
  Stablecoins: ["stablecoins", "stablecoin", "usdt", "usdc"],
  Regulation: [
    "regulation",
    "compliance",
    "vasp act",
    "tax",
    "aml",
    "licensing",
    "cbk",
    "cma",
    "data protection",
  ],
  Merchants: ["merchants", "merchant", "merchant payments", "payments", "checkout", "smes"],
  "Cross-border": ["cross-border", "remittances", "remittance", "fx", "diaspora"],
  Product: ["product", "product updates", "onehop", "api", "integrations", "dashboard"],
};

export function parseHeadlineTopic(value: string | null | undefined): HeadlineTopic {
  const match = HEADLINE_TOPICS.find(
    (topic) => topic.toLowerCase() === value?.trim().toLowerCase(),
  );
  return match ?? "all";
}

export function articleMatchesTopic(
  article: { tags: readonly string[]; category: string },
  topic: HeadlineTopic,
): boolean {
  if (topic === "all") return true;
  if (topic === "Product" && article.category === "Product Updates") return true;
  const wanted = TOPIC_TAGS[topic];
  return article.tags.some((tag) => wanted.includes(tag.trim().toLowerCase()));
}
