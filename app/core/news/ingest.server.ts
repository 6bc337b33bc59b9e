/**
 * One ingest run: fetch every enabled feed (outside any transaction), parse, apply the curation
 * rules against the batch and the database, then store in one transaction: the accepted articles
 * (drafts, or published when auto-publish is on) with their tags, every rejected item with its
 * reason, the feeds' conditional-GET validators and outcomes, and the run record. A failing feed is
 * an outcome, never a failed run: a run with some failing feeds is "partial" and names them; a run
 * fails only when it has no feed to read, every feed failed, or storing failed.
 */
import { desc, eq, gte, isNotNull } from "drizzle-orm";
import {
  newsArticles,
  newsArticleTags,
  newsFeeds,
  newsIngestRuns,
  newsRejectedItems,
} from "../../../drizzle/schema";
import { builtInArticles } from "~/content/articles";
import { initialsAvatar } from "~/content/articles/authors";
import { readingTime } from "~/content/articles/reading-time";
import type { Article } from "~/content/articles/types";
import { newId } from "~/core/ids.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { runLeased } from "~/utils/jobs.server";
import { listEnabledFeeds, type FeedRow } from "./feeds.server";
import { fetchFeed, type FetchFeedOptions } from "./fetch.server";
import { FeedParseError, parseFeedText, salvageTruncatedFeed } from "./parse";
import {
  canonicalKey,
  canonicalUrl,
  CURATION_WINDOW_MS,
  curate,
  normalizeTitle,
  type AcceptedItem,
  type CandidateItem,
  type KnownArticles,
  type RejectedItem,
} from "./rules";
import { failedFeedsMessage, runStatusOf } from "./run-status";
import { getNewsSettings } from "./settings.server";
import { withoutRepeatedTldr } from "./body";
import { excerpt, toArticleBody } from "./text";
import type { FeedOutcome, IngestRunSummary, IngestTrigger } from "./types";

export const NEWS_INGEST_JOB = "news-ingest";
/**
 * Longer than the slowest possible run (every feed at its timeout), so a lease never expires
 * mid-run.
 */
export const NEWS_INGEST_LEASE_MS = 15 * 60 * 1000;
const FETCH_CONCURRENCY = 4;

export interface IngestOptions {
  /** The clock (tests pass a fixed one; fixture feeds are from 2019 and 2025). */
  now?: () => number;
  trigger: IngestTrigger;
  triggeredBy?: string | null;
  fetch?: Omit<FetchFeedOptions, "etag" | "lastModified">;
  builtIns?: readonly Article[];
}

/** The time window as an ISO 8601 interval. */
export function timeWindowOf(now: number): { start: number; end: number; text: string } {
  const start = now - CURATION_WINDOW_MS;
  return {
    start,
    end: now,
    text: `${new Date(start).toISOString()}/${new Date(now).toISOString()}`,
  };
}

/**
 * Stored articles published this long before the window are still compared for near-identical
 * titles (a copy of a story comes within days of the first; older ones need exact matches).
 */
const NEAR_DUPLICATE_LOOKBACK_MS = 2 * CURATION_WINDOW_MS;

async function knownArticles(
  q: Handle,
  builtIns: readonly Article[],
  now: number,
): Promise<KnownArticles> {
  const rows = await q
    .select({ title: newsArticles.normalizedTitle, key: newsArticles.canonicalKey })
    .from(newsArticles);
  const normalizedTitles = new Set(rows.map((row) => row.title));
  const canonicalKeys = new Set(rows.map((row) => row.key));
  const recent = await q
    .select({ title: newsArticles.title })
    .from(newsArticles)
    .where(gte(newsArticles.publishedAt, now - NEAR_DUPLICATE_LOOKBACK_MS));
  const recentTitles = recent.map((row) => row.title);
  for (const article of builtIns) {
    normalizedTitles.add(normalizeTitle(article.title));
    recentTitles.push(article.title);
    const canonical = canonicalUrl(article.sourceUrl);
    if (canonical) canonicalKeys.add(canonicalKey(canonical));
  }
  return { normalizedTitles, canonicalKeys, recentTitles };
}

/** A URL-safe slug from a title plus a short hash of the story's key, so slugs never collide. */
export function slugFor(title: string, key: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[’']/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619) >>> 0;
  return `${base || "story"}-${hash.toString(36).padStart(7, "0").slice(0, 7)}`;
}

const AVATAR_COLOURS = ["#047857", "#1d4ed8", "#7e22ce", "#b91c1c", "#9a3412", "#0f766e"] as const;

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => [...part][0]?.toUpperCase() ?? "")
    .filter((letter) => /\p{Lu}/u.test(letter));
  return (letters.slice(0, 2).join("") || "N").replace(/[<>&"']/g, "");
}

/** An accepted item as a curated article row. */
export function articleFromItem(
  item: AcceptedItem,
  context: { runId: string; fetchedAt: number; status: "published" | "draft"; now: number },
): typeof newsArticles.$inferInsert {
  const bodyText = item.text.length > 0 ? item.text : item.summary;
  const tldr = excerpt(item.summary || bodyText, 280);
  // The tl;dr box shows the story's opening: the body carries on from there, not repeating it.
  const body = withoutRepeatedTldr(toArticleBody(bodyText), tldr);
  const authorName = (item.author ?? item.feedName).slice(0, 120);
  const colour =
    AVATAR_COLOURS[item.canonicalKey.length % AVATAR_COLOURS.length] ?? AVATAR_COLOURS[0];
  return {
    id: newId("art"),
    slug: slugFor(item.title, item.canonicalKey),
    title: item.title.slice(0, 300),
    tldr,
    body,
    tags: JSON.stringify(item.tags),
    category: "News",
    publishedAt: item.publishedAt,
    sourceName: item.feedName,
    sourceUrl: item.canonicalUrl,
    authorName,
    authorBio: `Reporting for ${item.feedName}. Selected for the OneHop blog from the outlet's public news feed.`,
    authorAvatar: initialsAvatar(initialsOf(authorName), colour),
    status: context.status,
    readingTime: Math.max(1, readingTime(`${tldr}\n\n${body}`)),
    feedId: item.feedId,
    runId: context.runId,
    originalUrl: item.link,
    canonicalUrl: item.canonicalUrl,
    canonicalKey: item.canonicalKey,
    normalizedTitle: item.normalizedTitle,
    fetchedAt: context.fetchedAt,
    matchedTopics: JSON.stringify(item.topics),
    curationReason: `Matched required topics: ${item.topics.join(", ")}.`,
    statusChangedAt: context.status === "published" ? context.now : null,
    createdAt: context.now,
  };
}

interface FeedResult {
  feed: FeedRow;
  outcome: FeedOutcome;
  items: CandidateItem[];
  validators: { etag: string | null; lastModified: string | null } | null;
}

async function readFeed(
  feed: FeedRow,
  options: IngestOptions,
  now: () => number,
): Promise<FeedResult> {
  const started = performance.now();
  const fetchedAt = now();
  const base: FeedOutcome = {
    feedId: feed.id,
    feedName: feed.name,
    url: feed.url,
    outcome: "failed",
    httpStatus: null,
    items: 0,
    curated: 0,
    excluded: 0,
    format: null,
    bytes: 0,
    truncated: false,
    error: null,
    durationMs: 0,
  };
  const done = (
    outcome: Partial<FeedOutcome>,
    items: CandidateItem[] = [],
    validators: FeedResult["validators"] = null,
  ): FeedResult => ({
    feed,
    outcome: {
      ...base,
      ...outcome,
      items: items.length,
      durationMs: Math.round(performance.now() - started),
    },
    items,
    validators,
  });
  const response = await fetchFeed(feed.url, {
    ...options.fetch,
    etag: feed.etag,
    lastModified: feed.lastModified,
  });
  if (response.kind === "not_modified") return done({ outcome: "not_modified", httpStatus: 304 });
  if (response.kind === "failed")
    return done({ outcome: "failed", httpStatus: response.status, error: response.error });
  try {
    const xml = response.truncated ? salvageTruncatedFeed(response.body) : response.body;
    if (xml === null) throw new FeedParseError("No complete item before the size cap");
    const parsed = parseFeedText(xml, {
      feedId: feed.id,
      feedName: feed.name,
      feedUrl: feed.url,
      fetchedAt,
    });
    return done(
      {
        outcome: "ok",
        httpStatus: response.status,
        format: parsed.format,
        bytes: response.bytes,
        truncated: response.truncated,
        error:
          [
            response.truncated
              ? `Cut off at ${response.bytes} bytes (size cap); read the items that arrived whole.`
              : null,
            parsed.totalItems > parsed.items.length
              ? `Read the first ${parsed.items.length} of ${parsed.totalItems} items.`
              : null,
          ]
            .filter(Boolean)
            .join(" ") || null,
      },
      parsed.items,
      // A cut-off body is not the whole feed: do not let a 304 hide the rest next time.
      response.truncated ? null : { etag: response.etag, lastModified: response.lastModified },
    );
  } catch (error) {
    const message =
      error instanceof FeedParseError ? error.message : `Could not read the feed: ${String(error)}`;
    return done({
      outcome: "failed",
      httpStatus: response.status,
      bytes: response.bytes,
      truncated: response.truncated,
      error: response.truncated
        ? `Larger than the size cap (${response.bytes} bytes read): ${message}`
        : message,
    });
  }
}

async function mapPool<T, R>(
  values: readonly T[],
  limit: number,
  work: (value: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(values.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, values.length) }, async () => {
    while (next < values.length) {
      const index = next++;
      results[index] = await work(values[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

/** Run one ingest now (no lease: see runIngestLeased). */
export async function runIngest(store: Store, options: IngestOptions): Promise<IngestRunSummary> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const window = timeWindowOf(startedAt);
  const runId = newId("run");
  await store.write(async (q) => {
    await q.insert(newsIngestRuns).values({
      id: runId,
      trigger: options.trigger,
      triggeredBy: options.triggeredBy ?? null,
      status: "running",
      startedAt,
      timeWindow: window.text,
      windowStart: window.start,
      windowEnd: window.end,
    });
  });

  const fail = async (error: string, feeds: FeedOutcome[] = []): Promise<IngestRunSummary> => {
    const finishedAt = now();
    await store.write(async (q) => {
      await q
        .update(newsIngestRuns)
        .set({ status: "failed", finishedAt, error, feedOutcomes: JSON.stringify(feeds) })
        .where(eq(newsIngestRuns.id, runId));
    });
    return {
      id: runId,
      trigger: options.trigger,
      status: "failed",
      startedAt,
      finishedAt,
      totalFetched: 0,
      totalCurated: 0,
      totalExcluded: 0,
      timeWindow: window.text,
      feeds,
      error,
    };
  };

  try {
    const feeds = await listEnabledFeeds(store);
    if (feeds.length === 0) return await fail("No enabled feeds.");
    // The network, outside any transaction.
    const results = await mapPool(feeds, FETCH_CONCURRENCY, (feed) => readFeed(feed, options, now));
    const settings = await getNewsSettings(store);
    const decidedAt = now();
    const known = await store.read((q) =>
      knownArticles(q, options.builtIns ?? builtInArticles, startedAt),
    );
    const { accepted, rejected } = curate(
      results.flatMap((result) => result.items),
      known,
      startedAt,
    );

    const outcomes = new Map(results.map((result) => [result.feed.id, result.outcome]));
    const status = settings.autoPublish ? "published" : "draft";
    const stored: AcceptedItem[] = [];
    const lateRejects: RejectedItem[] = [];

    await store.write(async (q) => {
      for (const item of accepted) {
        const row = articleFromItem(item, { runId, fetchedAt: decidedAt, status, now: decidedAt });
        // The unique indexes are the last word on duplicates (say, a run in another process).
        const inserted = await q
          .insert(newsArticles)
          .values(row)
          .onConflictDoNothing()
          .returning({ id: newsArticles.id });
        if (inserted.length === 0) {
          lateRejects.push({
            item,
            reason: "duplicate_url",
            detail: "Stored meanwhile by another run.",
          });
          continue;
        }
        if (item.tags.length > 0) {
          await q
            .insert(newsArticleTags)
            .values(item.tags.map((tag) => ({ articleId: row.id, tag: tag.toLowerCase() })))
            .onConflictDoNothing();
        }
        stored.push(item);
      }
      const allRejected = [...rejected, ...lateRejects];
      for (const entry of allRejected) {
        await q.insert(newsRejectedItems).values({
          runId,
          feedId: entry.item.feedId,
          feedName: entry.item.feedName,
          title: entry.item.title.slice(0, 300) || "(no title)",
          url: entry.item.link?.slice(0, 2000) ?? null,
          publishedAt: entry.item.undated ? null : entry.item.publishedAt,
          reason: entry.reason,
          detail: entry.detail.slice(0, 500),
        });
      }
      for (const item of stored) {
        const outcome = item.feedId ? outcomes.get(item.feedId) : undefined;
        if (outcome) outcome.curated += 1;
      }
      for (const entry of allRejected) {
        const outcome = entry.item.feedId ? outcomes.get(entry.item.feedId) : undefined;
        if (outcome) outcome.excluded += 1;
      }
      for (const result of results) {
        await q
          .update(newsFeeds)
          .set({
            lastFetchedAt: decidedAt,
            lastOutcome: result.outcome.outcome,
            lastError: result.outcome.error,
            ...(result.validators
              ? { etag: result.validators.etag, lastModified: result.validators.lastModified }
              : {}),
          })
          .where(eq(newsFeeds.id, result.feed.id));
      }
      const feedOutcomes = results.map((result) => result.outcome);
      const runStatus = runStatusOf(feedOutcomes);
      await q
        .update(newsIngestRuns)
        .set({
          status: runStatus,
          finishedAt: now(),
          feedOutcomes: JSON.stringify(feedOutcomes),
          totalFetched: results.reduce((sum, result) => sum + result.items.length, 0),
          totalCurated: stored.length,
          totalExcluded: allRejected.length,
          error:
            runStatus === "failed"
              ? "Every feed failed."
              : runStatus === "partial"
                ? failedFeedsMessage(feedOutcomes)
                : null,
        })
        .where(eq(newsIngestRuns.id, runId));
    });
    return (await getIngestRun(store, runId)) as IngestRunSummary;
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

const running = new WeakSet<Store>();

/**
 * Run an ingest under the job lease: at most one run at a time across every process (the lease) and
 * within this one (the lease lets its own holder renew, so a second local run is refused here
 * first). Returns "busy" when a run is already going.
 */
export async function runIngestLeased(
  store: Store,
  options: IngestOptions,
): Promise<IngestRunSummary | "busy"> {
  if (running.has(store)) return "busy";
  running.add(store);
  try {
    const result = await runLeased(
      store,
      NEWS_INGEST_JOB,
      { ttlMs: NEWS_INGEST_LEASE_MS, now: options.now },
      async () => {
        const summary = await runIngest(store, options);
        return {
          outcome: "succeeded" as const,
          detail: {
            runId: summary.id,
            status: summary.status,
            fetched: summary.totalFetched,
            curated: summary.totalCurated,
          },
          summary,
        };
      },
    );
    return result ? result.summary : "busy";
  } finally {
    running.delete(store);
  }
}

type RunRow = typeof newsIngestRuns.$inferSelect;

function parseOutcomes(json: string): FeedOutcome[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as FeedOutcome[]) : [];
  } catch {
    return [];
  }
}

function runSummary(row: RunRow): IngestRunSummary {
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    totalFetched: row.totalFetched,
    totalCurated: row.totalCurated,
    totalExcluded: row.totalExcluded,
    timeWindow: row.timeWindow,
    feeds: parseOutcomes(row.feedOutcomes),
    error: row.error,
  };
}

export async function getIngestRun(store: Store, id: string): Promise<IngestRunSummary | null> {
  const row = await store.read((q) =>
    first(q.select().from(newsIngestRuns).where(eq(newsIngestRuns.id, id)).limit(1)),
  );
  return row ? runSummary(row) : null;
}

/** The most recent finished run (the one whose stats the admin page and the endpoint show). */
export async function getLatestRun(store: Store): Promise<IngestRunSummary | null> {
  const row = await store.read((q) =>
    first(
      q
        .select()
        .from(newsIngestRuns)
        .where(isNotNull(newsIngestRuns.finishedAt))
        .orderBy(desc(newsIngestRuns.startedAt))
        .limit(1),
    ),
  );
  return row ? runSummary(row) : null;
}

export interface RejectionReportLine {
  feedName: string;
  title: string;
  url: string | null;
  reason: string;
  detail: string;
}

/** Every item a run rejected, with its reason. */
export function listRejections(store: Store, runId: string): Promise<RejectionReportLine[]> {
  return store.read((q) =>
    q
      .select({
        feedName: newsRejectedItems.feedName,
        title: newsRejectedItems.title,
        url: newsRejectedItems.url,
        reason: newsRejectedItems.reason,
        detail: newsRejectedItems.detail,
      })
      .from(newsRejectedItems)
      .where(eq(newsRejectedItems.runId, runId))
      .orderBy(newsRejectedItems.id),
  );
}
