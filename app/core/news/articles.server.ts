/**
 * The blog's read side: built-in articles (app/content/articles) and curated ones (SQLite) merged
 * into one list, newest `publishedAt` first (ties by id), plus the curated-article operations
 * operators use. Queries are bounded (limits, indexes), so a page costs the same with 11 articles
 * or 5,000. The blog's read functions accept `store = null` for "curated articles unavailable": the
 * built-in ones remain (spec section 7: a failure is only logged and built-in articles remain).
 */
import { and, asc, count, desc, eq, gt, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { newsArticles, newsArticleTags } from "../../../drizzle/schema";
import { builtInArticles } from "~/content/articles";
import type { Article, ArticleCategory } from "~/content/articles/types";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import * as paths from "~/utils/paths";
import { articleMatchesTopic, TOPIC_TAGS, type HeadlineTopic } from "./topics";
import type { ArticleCard, CuratedArticleSummary } from "./types";

import { BLOG_PAGE_SIZE, HEADLINES_LIMIT, SIDEBAR_LIMIT, type BlogCategory } from "./blog";

export { BLOG_CATEGORIES, type BlogCategory } from "./blog";

export type { ArticleCard };

type ArticleRow = typeof newsArticles.$inferSelect;

function parseList(json: string | null): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === "string")
      : [];
  } catch {
    return [];
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
const epoch = (value: string) => Date.parse(value);

export function rowToArticle(row: ArticleRow): Article {
  const takeaways = row.merchantTakeaways ? parseList(row.merchantTakeaways) : [];
  return {
    ...rowToCard(row),
    body: row.body,
    ...(row.kenyaImpact ? { kenyaImpact: row.kenyaImpact } : {}),
    ...(takeaways.length > 0 ? { merchantTakeaways: takeaways } : {}),
  };
}

const cardColumns = {
  id: newsArticles.id,
  slug: newsArticles.slug,
  title: newsArticles.title,
  tldr: newsArticles.tldr,
  tags: newsArticles.tags,
  category: newsArticles.category,
  publishedAt: newsArticles.publishedAt,
  sourceName: newsArticles.sourceName,
  sourceUrl: newsArticles.sourceUrl,
  authorName: newsArticles.authorName,
  authorBio: newsArticles.authorBio,
  authorAvatar: newsArticles.authorAvatar,
  status: newsArticles.status,
  readingTime: newsArticles.readingTime,
};

type CardRow = { [K in keyof typeof cardColumns]: ArticleRow[K] };

function rowToCard(row: CardRow): ArticleCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    tldr: row.tldr,
    tags: parseList(row.tags),
    category: row.category,
    publishedAt: iso(row.publishedAt),
    sourceName: row.sourceName,
    sourceUrl: row.sourceUrl,
    author: { name: row.authorName, bio: row.authorBio, avatar: row.authorAvatar },
    status: row.status,
    readingTime: row.readingTime,
  };
}

function toCard(article: Article): ArticleCard {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { body, kenyaImpact, merchantTakeaways, ...card } = article;
  return card;
}

/** Newest first; equal times by id, so the order is total and Previous/Next are stable. */
export function compareArticles(
  a: { publishedAt: string; id: string },
  b: { publishedAt: string; id: string },
): number {
  const diff = epoch(b.publishedAt) - epoch(a.publishedAt);
  if (diff !== 0) return diff;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function mergeNewestFirst<T extends { publishedAt: string; id: string }>(...lists: T[][]): T[] {
  return lists.flat().sort(compareArticles);
}

export interface ListFilters {
  category?: BlogCategory;
  /** Lower-case tag. */
  tag?: string | null;
}

function builtInMatching(
  builtIns: readonly Article[],
  filters: ListFilters & { topic?: HeadlineTopic },
) {
  return builtIns.filter(
    (article) =>
      article.status === "published" &&
      (!filters.category || filters.category === "all" || article.category === filters.category) &&
      (!filters.tag || article.tags.some((tag) => tag.toLowerCase() === filters.tag)) &&
      (!filters.topic || articleMatchesTopic(article, filters.topic)),
  );
}

function curatedWhere(filters: ListFilters & { topic?: HeadlineTopic }): SQL | undefined {
  // Visitors see published articles only, everywhere.
  const conditions: SQL[] = [eq(newsArticles.status, "published")];
  if (filters.category && filters.category !== "all")
    conditions.push(eq(newsArticles.category, filters.category));
  if (filters.tag) {
    conditions.push(
      inArray(
        newsArticles.id,
        sql`(select ${newsArticleTags.articleId} from ${newsArticleTags} where ${newsArticleTags.tag} = ${filters.tag})`,
      ),
    );
  }
  if (filters.topic && filters.topic !== "all") {
    const byTag = inArray(
      newsArticles.id,
      sql`(select ${newsArticleTags.articleId} from ${newsArticleTags} where ${inArray(newsArticleTags.tag, [...TOPIC_TAGS[filters.topic]])})`,
    );
    conditions.push(
      filters.topic === "Product"
        ? (or(byTag, eq(newsArticles.category, "Product Updates")) as SQL)
        : byTag,
    );
  }
  return and(...conditions);
}

async function curatedCards(
  q: Handle,
  where: SQL | undefined,
  limit: number,
): Promise<ArticleCard[]> {
  const rows = await q
    .select(cardColumns)
    .from(newsArticles)
    .where(where)
    .orderBy(desc(newsArticles.publishedAt), asc(newsArticles.id))
    .limit(limit);
  return rows.map(rowToCard);
}

/** `read(q)` in one read of the store, or `none` when curated articles are unavailable. */
function readCurated<T>(store: Store | null, none: T, read: (q: Handle) => Promise<T>): Promise<T> {
  return store ? store.read(read) : Promise.resolve(none);
}

/**
 * Latest Headlines: the newest published articles under a topic. Drafts are not shown to visitors
 * anywhere (issue 11 item 15; spec section 4 had them badged "Unpublished" here, with a link that
 * only led back to /blog): operators see them on /admin/ingest.
 */
export async function latestHeadlines(
  store: Store | null,
  topic: HeadlineTopic,
  builtIns: readonly Article[] = builtInArticles,
  limit = HEADLINES_LIMIT,
): Promise<ArticleCard[]> {
  const filters = { topic };
  return mergeNewestFirst(
    await readCurated(store, [], (q) => curatedCards(q, curatedWhere(filters), limit)),
    builtInMatching(builtIns, filters).map(toCard),
  ).slice(0, limit);
}

/** One page of published articles under the category and tag filters. */
export async function listPublishedArticles(
  store: Store | null,
  filters: ListFilters & { page?: number },
  builtIns: readonly Article[] = builtInArticles,
): Promise<{ articles: ArticleCard[]; total: number; page: number; pageCount: number }> {
  const where = curatedWhere(filters);
  const builtInList = builtInMatching(builtIns, filters).map(toCard);
  const pageOf = (curatedTotal: number) => {
    const total = curatedTotal + builtInList.length;
    const pageCount = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
    const page = Math.min(Math.max(1, Math.floor(filters.page ?? 1)), pageCount);
    return { total, pageCount, page, end: page * BLOG_PAGE_SIZE };
  };
  const { curated, paging } = await readCurated(
    store,
    { curated: [] as ArticleCard[], paging: pageOf(0) },
    async (q) => {
      const counted = await first(
        q.select({ n: count() }).from(newsArticles).where(where).limit(1),
      );
      const paging = pageOf(counted?.n ?? 0);
      return { curated: await curatedCards(q, where, paging.end), paging };
    },
  );
  const { total, pageCount, page, end } = paging;
  const merged = mergeNewestFirst(curated, builtInList);
  return { articles: merged.slice(end - BLOG_PAGE_SIZE, end), total, page, pageCount };
}

/** The newest published News articles, for the sidebar. */
export async function latestNews(
  store: Store | null,
  builtIns: readonly Article[] = builtInArticles,
  limit = SIDEBAR_LIMIT,
): Promise<ArticleCard[]> {
  const filters = { category: "News" as const };
  return mergeNewestFirst(
    await readCurated(store, [], (q) => curatedCards(q, curatedWhere(filters), limit)),
    builtInMatching(builtIns, filters).map(toCard),
  ).slice(0, limit);
}

/** Every tag on a published article, lower-case, alphabetical (the tag filter's options). */
export async function publishedTags(
  store: Store | null,
  builtIns: readonly Article[] = builtInArticles,
): Promise<string[]> {
  const stored = await readCurated(store, [], async (q) => {
    const rows = await q
      .selectDistinct({ tag: newsArticleTags.tag })
      .from(newsArticleTags)
      .innerJoin(newsArticles, eq(newsArticles.id, newsArticleTags.articleId))
      .where(eq(newsArticles.status, "published"));
    return rows.map((row) => row.tag);
  });
  const builtIn = builtIns
    .filter((a) => a.status === "published")
    .flatMap((a) => a.tags.map((tag) => tag.toLowerCase()));
  return [...new Set([...stored, ...builtIn])].sort();
}

/** Any article with this slug, published or not. */
export async function findArticleBySlug(
  store: Store | null,
  slug: string,
  builtIns: readonly Article[] = builtInArticles,
): Promise<Article | null> {
  const builtIn = builtIns.find((article) => article.slug === slug);
  if (builtIn || !store) return builtIn ?? null;
  const row = await store.read((q) =>
    first(q.select().from(newsArticles).where(eq(newsArticles.slug, slug)).limit(1)),
  );
  return row ? rowToArticle(row) : null;
}

/**
 * A published article with its neighbours among published articles: `previous` is the next-older
 * one, `next` the next-newer one. Null for an unknown or unpublished slug.
 */
export async function getPublishedArticle(
  store: Store | null,
  slug: string,
  builtIns: readonly Article[] = builtInArticles,
): Promise<{ article: Article; previous: ArticleCard | null; next: ArticleCard | null } | null> {
  const article = await findArticleBySlug(store, slug, builtIns);
  if (!article || article.status !== "published") return null;
  const { olderDb, newerDb } = await readCurated(store, { olderDb: [], newerDb: [] }, async (q) => {
    const at = epoch(article.publishedAt);
    const published = eq(newsArticles.status, "published");
    const older = await curatedCards(
      q,
      and(
        published,
        or(
          lt(newsArticles.publishedAt, at),
          and(eq(newsArticles.publishedAt, at), gt(newsArticles.id, article.id)),
        ),
      ),
      1,
    );
    const newer = await q
      .select(cardColumns)
      .from(newsArticles)
      .where(
        and(
          published,
          or(
            gt(newsArticles.publishedAt, at),
            and(eq(newsArticles.publishedAt, at), lt(newsArticles.id, article.id)),
          ),
        ),
      )
      .orderBy(asc(newsArticles.publishedAt), desc(newsArticles.id))
      .limit(1);
    return { olderDb: older, newerDb: newer.map(rowToCard) };
  });
  const others = builtIns
    .filter((a) => a.status === "published" && a.id !== article.id)
    .map(toCard);
  const older =
    mergeNewestFirst(
      olderDb,
      others.filter((a) => compareArticles(article, a) < 0),
    )[0] ?? null;
  const newer =
    mergeNewestFirst(
      newerDb,
      others.filter((a) => compareArticles(article, a) > 0),
    ).at(-1) ?? null;
  return { article, previous: older, next: newer };
}

/** Paths of every published article, for /sitemap.xml. */
export async function listPublishedArticlePaths(
  store: Store,
  builtIns: readonly Article[] = builtInArticles,
): Promise<string[]> {
  const rows = await store.read((q) =>
    q
      .select({
        slug: newsArticles.slug,
        publishedAt: newsArticles.publishedAt,
        id: newsArticles.id,
      })
      .from(newsArticles)
      .where(eq(newsArticles.status, "published")),
  );
  const stored = rows.map((row) => ({
    slug: row.slug,
    id: row.id,
    publishedAt: iso(row.publishedAt),
  }));
  const builtIn = builtIns
    .filter((a) => a.status === "published")
    .map((a) => ({ slug: a.slug, id: a.id, publishedAt: a.publishedAt }));
  return mergeNewestFirst(stored, builtIn).map((a) => paths.blogArticle(a.slug));
}

// ---------------------------------------------------------------------------------------------
// Curated articles for operators and the JSON endpoint

/**
 * The newest curated articles, drafts included for operators; `publishedOnly` for anything a
 * visitor can read (the public JSON endpoint).
 */
export async function listCuratedArticles(
  store: Store,
  limit = 20,
  options: { publishedOnly?: boolean } = {},
): Promise<CuratedArticleSummary[]> {
  const rows = await store.read((q) =>
    q
      .select({
        id: newsArticles.id,
        slug: newsArticles.slug,
        title: newsArticles.title,
        sourceName: newsArticles.sourceName,
        sourceUrl: newsArticles.sourceUrl,
        publishedAt: newsArticles.publishedAt,
        tags: newsArticles.tags,
        status: newsArticles.status,
        matchedTopics: newsArticles.matchedTopics,
        createdAt: newsArticles.createdAt,
      })
      .from(newsArticles)
      .where(options.publishedOnly ? eq(newsArticles.status, "published") : undefined)
      .orderBy(desc(newsArticles.createdAt), desc(newsArticles.publishedAt), asc(newsArticles.id))
      .limit(limit),
  );
  return rows.map((row) => ({
    ...row,
    publishedAt: iso(row.publishedAt),
    tags: parseList(row.tags),
    matchedTopics: parseList(row.matchedTopics),
  }));
}

export async function getCuratedArticle(store: Store, id: string): Promise<Article | null> {
  const row = await store.read((q) =>
    first(q.select().from(newsArticles).where(eq(newsArticles.id, id)).limit(1)),
  );
  return row ? rowToArticle(row) : null;
}

/** Publish or unpublish a curated article. False when there is no such article. */
export async function setArticleStatus(
  q: Handle,
  id: string,
  status: "published" | "draft",
  actorId: string | null,
  now: number,
): Promise<boolean> {
  const updated = await q
    .update(newsArticles)
    .set({ status, statusChangedAt: now, statusChangedBy: actorId })
    .where(eq(newsArticles.id, id))
    .returning({ id: newsArticles.id });
  return updated.length === 1;
}

export type { Article, ArticleCategory };
