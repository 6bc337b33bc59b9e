/**
 * The curation rules of spec section 9, each a small pure function, and `curate()`, which applies
 * them in order to a batch of parsed items against what the database already holds. No I/O: the
 * ingest run (ingest.server.ts) gathers the inputs and stores the outputs.
 */
import {
  matchExcludedTopics,
  matchRequiredTopics,
  tagsForItem,
  type RequiredTopic,
} from "./topics";
import { formatEatDateTime } from "~/utils/format";

/** Only items published in the last 7 days. */
export const CURATION_WINDOW_DAYS = 7;
export const CURATION_WINDOW_MS = CURATION_WINDOW_DAYS * 24 * 60 * 60 * 1000;
/** Items dated up to this far in the future (clock skew, time zones) are still taken. */
export const FUTURE_TOLERANCE_MS = 60 * 60 * 1000;
/** At most this many emojis in the title and text. */
export const MAX_EMOJIS = 2;
/** Plain-text characters of summary and content, title not counted (see docs/decisions/0011). */
export const MIN_CONTENT_LENGTH = 100;

export type RejectionReason =
  | "missing_title"
  | "missing_link"
  | "unsafe_link"
  | "outside_window"
  | "all_caps_title"
  | "too_many_emojis"
  | "too_short"
  | "excluded_topic"
  | "no_required_topic"
  | "duplicate_title"
  | "duplicate_url";

/** How each reason reads in the run report. */
export const REJECTION_LABELS: Record<RejectionReason, string> = {
  missing_title: "No title",
  missing_link: "No link",
  unsafe_link: "Link is not http(s)",
  outside_window: `Not from the last ${CURATION_WINDOW_DAYS} days`,
  all_caps_title: "Title in ALL CAPS",
  too_many_emojis: `More than ${MAX_EMOJIS} emojis`,
  too_short: `Shorter than ${MIN_CONTENT_LENGTH} characters`,
  excluded_topic: "Excluded topic",
  no_required_topic: "No required topic",
  duplicate_title: "Duplicate title",
  duplicate_url: "Duplicate URL",
};

// ---------------------------------------------------------------------------------------------
// The rules

/** Published within [now - 7 days, now + tolerance]. */
export function isWithinWindow(
  publishedAt: number,
  now: number,
  windowMs = CURATION_WINDOW_MS,
): boolean {
  return publishedAt >= now - windowMs && publishedAt <= now + FUTURE_TOLERANCE_MS;
}

/**
 * A title reduced to what makes two headlines the same story: Unicode-normalised, lower-case,
 * accents, punctuation, emojis and extra spaces removed, typographic quotes and dashes folded.
 */
export function normalizeTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/'/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * Near-identical titles (docs/decisions/0011-news-curation.md, amendment). Two outlets often
 * carry one story under the same headline with small edits: "U.S." for "US", a word swapped
 * ("secure" for "win"), an attribution tacked on (": Report", ": Bloomberg"). Exact equality of
 * normalised titles misses those; so two titles are also the same story when
 * - each has at least MIN_WORDS_FOR_SIMILARITY content words (stop words left out),
 * - they carry the same numbers ("$90K" and "$85K" are different stories, as are "5.2%" and
 *   "3.1%"), and
 * - the Dice coefficient of their content-word sets, 2·|A∩B| / (|A| + |B|), is at least
 *   TITLE_SIMILARITY_THRESHOLD (one word in nine changed scores 0.89; a word added to eight, 0.94).
 * Rewritten headlines ("YouTube enables PYUSD payouts for US creators" against "YouTube now allows
 * US creators to receive payouts in PayPal's PYUSD stablecoin") score lower and are kept: telling
 * those apart needs the story's text, and a false match would drop a different story.
 */
export const TITLE_SIMILARITY_THRESHOLD = 0.8;
export const MIN_WORDS_FOR_SIMILARITY = 4;

const TITLE_STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "as",
  "at",
  "by",
  "for",
  "from",
  "in",
  "into",
  "is",
  "its",
  "of",
  "on",
  "or",
  "the",
  "to",
  "with",
]);

export interface TitleFingerprint {
  /** Content words of the normalised title, initialisms joined ("u s" -> "us"). */
  words: ReadonlySet<string>;
  /** The numbers in the title, sorted and joined: titles with different numbers never match. */
  numbers: string;
}

export function titleFingerprint(title: string): TitleFingerprint {
  const joined = normalizeTitle(title).replace(/(?<=^| )\p{L}(?: \p{L}(?= |$))+/gu, (letters) =>
    letters.replace(/ /g, ""),
  );
  const all = joined.split(" ").filter(Boolean);
  const words = new Set(all.filter((word) => !TITLE_STOP_WORDS.has(word)));
  const numbers = [...new Set(all.filter((word) => /\p{N}/u.test(word)))].sort().join(" ");
  return { words, numbers };
}

/** Dice coefficient of the two titles' content-word sets (0 to 1). */
export function titleSimilarity(a: TitleFingerprint, b: TitleFingerprint): number {
  if (a.words.size === 0 || b.words.size === 0) return 0;
  let shared = 0;
  for (const word of a.words) if (b.words.has(word)) shared += 1;
  return (2 * shared) / (a.words.size + b.words.size);
}

/** True when two titles are the same headline with small edits (see above). */
export function isNearDuplicateTitle(
  a: string | TitleFingerprint,
  b: string | TitleFingerprint,
): boolean {
  const x = typeof a === "string" ? titleFingerprint(a) : a;
  const y = typeof b === "string" ? titleFingerprint(b) : b;
  if (x.words.size < MIN_WORDS_FOR_SIMILARITY || y.words.size < MIN_WORDS_FOR_SIMILARITY)
    return false;
  if (x.numbers !== y.numbers) return false;
  return titleSimilarity(x, y) >= TITLE_SIMILARITY_THRESHOLD;
}

/** Query parameters that only say where a click came from. */
const TRACKING_PARAMS = new Set([
  "fbclid",
  "gclid",
  "dclid",
  "gbraid",
  "wbraid",
  "msclkid",
  "yclid",
  "igshid",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
  "ref",
  "ref_src",
  "ref_url",
  "referrer",
  "source",
  "cmpid",
  "ocid",
  "wt_mc",
  "wt.mc_id",
  "s_cid",
  "icid",
  "spm",
  "guccounter",
  "ito",
  "cid",
  "cmp",
  "xtor",
  "smid",
  "ncid",
  "sr_share",
  "soc_src",
  "soc_trk",
  "taid",
  "__twitter_impression",
  "_branch_match_id",
  "_branch_referrer",
]);

function isTrackingParam(name: string): boolean {
  const key = name.toLowerCase();
  return (
    key.startsWith("utm_") ||
    key.startsWith("pk_") ||
    key.startsWith("mtm_") ||
    // AT Internet (at_medium, at_campaign), comScore (ns_source, ns_mchannel), Olytics, Vero.
    key.startsWith("at_") ||
    key.startsWith("ns_") ||
    key.startsWith("oly_") ||
    key.startsWith("vero_") ||
    TRACKING_PARAMS.has(key)
  );
}

/**
 * The URL a story is known by: http(s) only, host lower-case without a trailing dot, tracking
 * parameters (utm_* and the others above, any case), fragment, credentials and default port
 * removed, remaining parameters sorted, trailing slash dropped. Null when not a usable web address.
 */
export function canonicalUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  // "example.com." is the same host as "example.com" (a fully qualified name's root dot).
  if (url.hostname.endsWith(".")) url.hostname = url.hostname.replace(/\.+$/, "");
  url.username = "";
  url.password = "";
  const kept = [...url.searchParams.entries()].filter(([name]) => !isTrackingParam(name));
  kept.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  url.search = new URLSearchParams(kept).toString();
  if (url.pathname.length > 1 && url.pathname.endsWith("/"))
    url.pathname = url.pathname.replace(/\/+$/, "");
  return url.toString();
}

/**
 * The duplicate-detection key of a canonical URL: the same story over http and https, with or
 * without www.
 */
export function canonicalKey(canonical: string): string {
  const url = new URL(canonical);
  const host = url.hostname.replace(/^www\./, "");
  return `${host}${url.port ? `:${url.port}` : ""}${url.pathname}${url.search}`;
}

/** True when the title shouts: at least 4 cased letters and none of them lower-case. */
export function isAllCaps(title: string): boolean {
  let cased = 0;
  for (const char of title) {
    const lower = char.toLowerCase();
    const upper = char.toUpperCase();
    if (lower === upper) continue;
    if (char === lower) return false;
    cased += 1;
  }
  return cased >= 4;
}

const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F|\p{Regional_Indicator}{2}/u;
const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * Emojis as people see them: one per grapheme cluster (a family or a flag is one), counting only
 * characters shown as pictures by default or with the emoji variation selector (so "©" and digits
 * do not count).
 */
export function countEmojis(text: string): number {
  let count = 0;
  for (const { segment } of segmenter.segment(text)) if (EMOJI.test(segment)) count += 1;
  return count;
}

export function hasTooManyEmojis(text: string, max = MAX_EMOJIS): boolean {
  return countEmojis(text) > max;
}

export function meetsMinimumLength(text: string, min = MIN_CONTENT_LENGTH): boolean {
  return [...text.replace(/\s+/g, " ").trim()].length >= min;
}

// ---------------------------------------------------------------------------------------------
// The batch

/** An item as parsed from a feed, already turned into plain text (parse.server.ts). */
export interface CandidateItem {
  feedId: string | null;
  feedName: string;
  title: string;
  /** Absolute link as found (after resolving relative links), or null. */
  link: string | null;
  /** Epoch ms; the fetch time when the item had no usable date. */
  publishedAt: number;
  /** True when publishedAt is the fallback. */
  undated: boolean;
  /** Plain text of the summary (description). */
  summary: string;
  /** Plain text of the full content, or the summary when there is none. */
  text: string;
  categories: readonly string[];
  author: string | null;
}

export interface AcceptedItem extends CandidateItem {
  link: string;
  canonicalUrl: string;
  canonicalKey: string;
  normalizedTitle: string;
  topics: RequiredTopic[];
  tags: string[];
}

export interface RejectedItem {
  item: CandidateItem;
  reason: RejectionReason;
  detail: string;
}

/** What the database (and the built-in articles) already hold. */
export interface KnownArticles {
  normalizedTitles: ReadonlySet<string>;
  canonicalKeys: ReadonlySet<string>;
  /**
   * Titles to check for near-identical headlines (recent stored articles and the built-in ones;
   * a copy of a story arrives within days of the first).
   */
  recentTitles?: readonly string[];
}

type Verdict =
  { ok: true; accepted: AcceptedItem } | { ok: false; reason: RejectionReason; detail: string };

/** Every rule but the duplicate checks, in order; the first that fails is the reason. */
export function judgeItem(item: CandidateItem, now: number): Verdict {
  const title = item.title.trim();
  if (!title) return { ok: false, reason: "missing_title", detail: "The item has no title." };
  if (!item.link)
    return { ok: false, reason: "missing_link", detail: "The item has no link to the story." };
  const canonical = canonicalUrl(item.link);
  if (!canonical)
    return {
      ok: false,
      reason: "unsafe_link",
      detail: `Not an http(s) link: ${item.link.slice(0, 200)}`,
    };
  if (!isWithinWindow(item.publishedAt, now)) {
    return {
      ok: false,
      reason: "outside_window",
      detail: `Published ${formatEatDateTime(item.publishedAt)}.`,
    };
  }
  if (isAllCaps(title))
    return { ok: false, reason: "all_caps_title", detail: "The title is in capitals only." };
  const emojis = countEmojis(`${title}\n${item.text}`);
  if (emojis > MAX_EMOJIS)
    return { ok: false, reason: "too_many_emojis", detail: `${emojis} emojis.` };
  const body = item.text.length >= item.summary.length ? item.text : item.summary;
  if (!meetsMinimumLength(body)) {
    return {
      ok: false,
      reason: "too_short",
      detail: `${[...body.trim()].length} characters of text.`,
    };
  }
  const topicText = [title, item.summary, item.text, item.categories.join(" ")].join("\n");
  const excluded = matchExcludedTopics(topicText);
  if (excluded.length > 0)
    return { ok: false, reason: "excluded_topic", detail: `Mentions ${excluded.join(", ")}.` };
  const topics = matchRequiredTopics(topicText);
  if (topics.length === 0)
    return {
      ok: false,
      reason: "no_required_topic",
      detail: "Mentions none of the required topics.",
    };
  return {
    ok: true,
    accepted: {
      ...item,
      title,
      link: item.link,
      canonicalUrl: canonical,
      canonicalKey: canonicalKey(canonical),
      normalizedTitle: normalizeTitle(title),
      topics,
      tags: tagsForItem(topics, topicText),
    },
  };
}

/**
 * Apply the rules to a batch. Duplicates are checked last, against the database and the items
 * already accepted in this batch, so a rejected copy never blocks a good one. Newer items are
 * judged first, so when two outlets carry the same story the most recent copy is the one kept.
 */
export function curate(
  items: readonly CandidateItem[],
  known: KnownArticles,
  now: number,
): { accepted: AcceptedItem[]; rejected: RejectedItem[] } {
  const titles = new Set(known.normalizedTitles);
  const keys = new Set(known.canonicalKeys);
  const fingerprints = (known.recentTitles ?? []).map((title) => ({
    title,
    fingerprint: titleFingerprint(title),
  }));
  const accepted: AcceptedItem[] = [];
  const rejected: RejectedItem[] = [];
  const ordered = [...items].sort((a, b) => b.publishedAt - a.publishedAt);
  for (const item of ordered) {
    const verdict = judgeItem(item, now);
    if (!verdict.ok) {
      rejected.push({ item, reason: verdict.reason, detail: verdict.detail });
      continue;
    }
    const candidate = verdict.accepted;
    if (keys.has(candidate.canonicalKey)) {
      rejected.push({
        item,
        reason: "duplicate_url",
        detail: `Already have ${candidate.canonicalUrl}.`,
      });
      continue;
    }
    if (titles.has(candidate.normalizedTitle)) {
      rejected.push({
        item,
        reason: "duplicate_title",
        detail: "Already have a story with this title.",
      });
      continue;
    }
    const fingerprint = titleFingerprint(candidate.title);
    const near = fingerprints.find((other) => isNearDuplicateTitle(fingerprint, other.fingerprint));
    if (near) {
      rejected.push({
        item,
        reason: "duplicate_title",
        detail: `Near-identical to a story we have: “${near.title.slice(0, 200)}”.`,
      });
      continue;
    }
    keys.add(candidate.canonicalKey);
    titles.add(candidate.normalizedTitle);
    fingerprints.push({ title: candidate.title, fingerprint });
    accepted.push(candidate);
  }
  return { accepted, rejected };
}
