/**
 * The blog's read side: built-in articles (app/content/articles) and curated ones (SQLite) merged
 * into one list, newest `publishedAt` first (ties by id), plus the curated-article operations
 * operators use. Queries are bounded (limits, indexes), so a page costs the same with 11 articles
 * or 5,000. The blog's read functions accept `db = null` for "curated articles unavailable": the
 * built-in ones remain (spec section 7: a failure is only logged and built-in articles remain).
 */
import { and, asc, count, desc, eq, gt, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { newsArticles, newsArticleTags } from "../../../drizzle/schema";
import { builtInArticles } from "~/content/articles";
import type { Article, ArticleCategory } from "~/content/articles/types";
import type { Db } from "~/utils/db.server";
import { paths } from "~/utils/paths";
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

function curatedCards(db: Db | null, where: SQL | undefined, limit: number): ArticleCard[] {
  if (!db) return [];
  return db
    .select(cardColumns)
    .from(newsArticles)
    .where(where)
    .orderBy(desc(newsArticles.publishedAt), asc(newsArticles.id))
    .limit(limit)
    .all()
    .map(rowToCard);
}

/**
 * Latest Headlines: the newest published articles under a topic. Drafts are not shown to visitors
 * anywhere (issue 11 item 15; spec section 4 had them badged "Unpublished" here, with a link that
 * only led back to /blog): operators see them on /admin/ingest.
 */
export function latestHeadlines(
  db: Db | null,
  topic: HeadlineTopic,
  builtIns: readonly Article[] = builtInArticles,
  limit = HEADLINES_LIMIT,
): ArticleCard[] {
  const filters = { topic };
  return mergeNewestFirst(
    curatedCards(db, curatedWhere(filters), limit),
    builtInMatching(builtIns, filters).map(toCard),
  ).slice(0, limit);
}

/** One page of published articles under the category and tag filters. */
export function listPublishedArticles(
  db: Db | null,
  filters: ListFilters & { page?: number },
  builtIns: readonly Article[] = builtInArticles,
): { articles: ArticleCard[]; total: number; page: number; pageCount: number } {
  const where = curatedWhere(filters);
  const builtInList = builtInMatching(builtIns, filters).map(toCard);
  const curatedTotal = db
    ? (db.select({ n: count() }).from(newsArticles).where(where).get()?.n ?? 0)
    : 0;
  const total = curatedTotal + builtInList.length;
  const pageCount = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(filters.page ?? 1)), pageCount);
  const end = page * BLOG_PAGE_SIZE;
  const merged = mergeNewestFirst(curatedCards(db, where, end), builtInList);
  return { articles: merged.slice(end - BLOG_PAGE_SIZE, end), total, page, pageCount };
}

/** The newest published News articles, for the sidebar. */
export function latestNews(
  db: Db | null,
  builtIns: readonly Article[] = builtInArticles,
  limit = SIDEBAR_LIMIT,
): ArticleCard[] {
  const filters = { category: "News" as const };
  return mergeNewestFirst(
    curatedCards(db, curatedWhere(filters), limit),
    builtInMatching(builtIns, filters).map(toCard),
  ).slice(0, limit);
}

/** Every tag on a published article, lower-case, alphabetical (the tag filter's options). */
export function publishedTags(
  db: Db | null,
  builtIns: readonly Article[] = builtInArticles,
): string[] {
  const stored = !db
    ? []
    : db
        .selectDistinct({ tag: newsArticleTags.tag })
        .from(newsArticleTags)
        .innerJoin(newsArticles, eq(newsArticles.id, newsArticleTags.articleId))
        .where(eq(newsArticles.status, "published"))
        .all()
        .map((row) => row.tag);
  const builtIn = builtIns
    .filter((a) => a.status === "published")
    .flatMap((a) => a.tags.map((tag) => tag.toLowerCase()));
  return [...new Set([...stored, ...builtIn])].sort();
}

/** Any article with this slug, published or not. */
export function findArticleBySlug(
  db: Db | null,
  slug: string,
  builtIns: readonly Article[] = builtInArticles,
): Article | null {
  const builtIn = builtIns.find((article) => article.slug === slug);
  if (builtIn || !db) return builtIn ?? null;
  const row = db.select().from(newsArticles).where(eq(newsArticles.slug, slug)).get();
  return row ? rowToArticle(row) : null;
}

/**
 * A published article with its neighbours among published articles: `previous` is the next-older
 * one, `next` the next-newer one. Null for an unknown or unpublished slug.
 */
export function getPublishedArticle(
  db: Db | null,
  slug: string,
  builtIns: readonly Article[] = builtInArticles,
): { article: Article; previous: ArticleCard | null; next: ArticleCard | null } | null {
  const article = findArticleBySlug(db, slug, builtIns);
  if (!article || article.status !== "published") return null;
  const at = epoch(article.publishedAt);
  const published = eq(newsArticles.status, "published");
  const olderDb = curatedCards(
    db,
    and(
      published,
      or(
        lt(newsArticles.publishedAt, at),
        and(eq(newsArticles.publishedAt, at), gt(newsArticles.id, article.id)),
      ),
    ),
    1,
  );
  const newerDb = !db
    ? []
    : db
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
        .limit(1)
        .all()
        .map(rowToCard);
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
export function listPublishedArticlePaths(
  db: Db,
  builtIns: readonly Article[] = builtInArticles,
): string[] {
  const stored = db
    .select({ slug: newsArticles.slug, publishedAt: newsArticles.publishedAt, id: newsArticles.id })
    .from(newsArticles)
    .where(eq(newsArticles.status, "published"))
    .all()
    .map((row) => ({ slug: row.slug, id: row.id, publishedAt: iso(row.publishedAt) }));
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
export function listCuratedArticles(
  db: Db,
  limit = 20,
  options: { publishedOnly?: boolean } = {},
): CuratedArticleSummary[] {
  return db
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
    .limit(limit)
    .all()
    .map((row) => ({
      ...row,
      publishedAt: iso(row.publishedAt),
      tags: parseList(row.tags),
      matchedTopics: parseList(row.matchedTopics),
    }));
}

export function getCuratedArticle(db: Db, id: string): Article | null {
  const row = db.select().from(newsArticles).where(eq(newsArticles.id, id)).get();
  return row ? rowToArticle(row) : null;
}

/** Publish or unpublish a curated article. False when there is no such article. */
export function setArticleStatus(
  db: Pick<Db, "update">,
  id: string,
  status: "published" | "draft",
  actorId: string | null,
  now: number,
): boolean {
  return (
    db
      .update(newsArticles)
      .set({ status, statusChangedAt: now, statusChangedBy: actorId })
      .where(eq(newsArticles.id, id))
      .run().changes === 1
  );
}

export type { Article, ArticleCategory };
