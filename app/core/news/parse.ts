/**
 * RSS 2.0 / Atom text to candidate items, with @rowanmanning/feed-parser (lenient, tested against
 * real feeds; the format is read from the document, never from the URL). Titles and bodies are
 * turned into plain text here, links are resolved against the feed and kept only when they are
 * http(s), and items without a date take the fetch time (protocols.md section 5).
 */
import { parseFeed } from "@rowanmanning/feed-parser";
import type { CandidateItem } from "./rules";
import { htmlToPlainText, stripInvalidCharacters, toSingleLine } from "./text";

/**
 * Items read per feed (feeds list newest first); real feeds carry 10 to 60. Bounds the work a
 * hostile feed causes.
 */
export const MAX_ITEMS_PER_FEED = 200;

export interface ParsedFeed {
  format: "rss" | "atom";
  title: string | null;
  items: CandidateItem[];
  /** Items in the document, before the MAX_ITEMS_PER_FEED cap. */
  totalItems: number;
}

export class FeedParseError extends Error {
  override name = "FeedParseError";
}

/** Resolve `value` against the feed's addresses; null if it is not a web link. */
export function resolveLink(
  value: string | null | undefined,
  bases: readonly (string | null | undefined)[],
): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  for (const base of [...bases, undefined]) {
    try {
      const url = base ? new URL(raw, base) : new URL(raw);
      return url.toString();
    } catch {
      // try the next base
    }
  }
  return null;
}

function validDate(date: Date | null | undefined): number | null {
  if (!date) return null;
  const ms = date.getTime();
  return Number.isFinite(ms) ? ms : null;
}

const WRAPPED_AUTHOR = /^.{1,60}? by (.+)$/;

export function parseFeedText(
  xml: string,
  context: { feedId: string | null; feedName: string; feedUrl: string; fetchedAt: number },
): ParsedFeed {
  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = parseFeed(stripInvalidCharacters(xml).trimStart());
  } catch (error) {
    throw new FeedParseError(
      `Not an RSS or Atom feed (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const bases = [feed.url, feed.self, context.feedUrl];
  const all = feed.items;
  const items: CandidateItem[] = all.slice(0, MAX_ITEMS_PER_FEED).map((item) => {
    const summary = htmlToPlainText(item.description);
    const content = htmlToPlainText(item.content);
    const text = content.length > summary.length ? content : summary;
    const linkSource = item.url ?? (item.id && /^https?:\/\//i.test(item.id) ? item.id : null);
    const published = validDate(item.published) ?? validDate(item.updated);
    const authorName = item.authors.find((author) => author.name)?.name?.trim() ?? null;
    return {
      feedId: context.feedId,
      feedName: context.feedName,
      title: toSingleLine(item.title),
      link: resolveLink(linkSource, bases),
      publishedAt: published ?? context.fetchedAt,
      undated: published === null,
      summary,
      text,
      categories: item.categories
        .map((category) => toSingleLine(category.label ?? category.term))
        .filter(Boolean),
      author: authorName ? (WRAPPED_AUTHOR.exec(authorName)?.[1] ?? authorName) : null,
    };
  });
  return {
    format: feed.meta.type === "atom" ? "atom" : "rss",
    title: feed.title ? toSingleLine(feed.title) : null,
    items,
    totalItems: all.length,
  };
}

/**
 * A feed cut off at the size cap ends mid-element. Keep everything up to the last complete item or
 * entry and close the document, so the items that arrived whole can still be read. Null when not
 * even one item arrived whole.
 */
export function salvageTruncatedFeed(xml: string): string | null {
  const lastItem = xml.lastIndexOf("</item>");
  const lastEntry = xml.lastIndexOf("</entry>");
  if (lastItem < 0 && lastEntry < 0) return null;
  if (lastEntry > lastItem) return `${xml.slice(0, lastEntry + "</entry>".length)}\n</feed>\n`;
  const head = xml.slice(0, lastItem + "</item>".length);
  return /<rdf:RDF[\s>]/.test(head) ? `${head}\n</rdf:RDF>\n` : `${head}\n</channel>\n</rss>\n`;
}
