/** The blog's read side over a real migrated database: built-in and curated articles merged. */
import { describe, expect, it } from "vitest";
import { newsArticles, newsArticleTags } from "../../../drizzle/schema";
import { freshTestDbPerTest, testStore } from "../../../tests/setup/db";
import { builtInArticles } from "~/content/articles";
import type { Article } from "~/content/articles/types";
import type { Db } from "~/db/sqlite-connection.server";
import {
  compareArticles,
  findArticleBySlug,
  getPublishedArticle,
  latestHeadlines,
  latestNews,
  listPublishedArticlePaths,
  listPublishedArticles,
  publishedTags,
  setArticleStatus,
} from "./articles.server";
import { newsCuratedResponse } from "./api.server";

let db: Db;
freshTestDbPerTest((fresh) => {
  db = fresh;
});

let counter = 0;
function insertCurated(input: {
  slug: string;
  publishedAt: string;
  status?: "published" | "draft";
  tags?: string[];
  category?: "News" | "Explainers" | "Product Updates";
  kenyaImpact?: string;
  merchantTakeaways?: string[];
  id?: string;
}) {
  counter += 1;
  const id = input.id ?? `art_test_${String(counter).padStart(4, "0")}`;
  const tags = input.tags ?? ["stablecoins"];
  db.insert(newsArticles)
    .values({
      id,
      slug: input.slug,
      title: `Title of ${input.slug}`,
      tldr: `Summary of ${input.slug}.`,
      body: `Body of ${input.slug}.\n\n## A heading\n\n- a bullet`,
      tags: JSON.stringify(tags),
      category: input.category ?? "News",
      publishedAt: Date.parse(input.publishedAt),
      sourceName: "Outlet",
      sourceUrl: `https://outlet.example/${input.slug}`,
      authorName: "Reporter",
      authorBio: "Reports.",
      authorAvatar: "data:image/svg+xml,x",
      status: input.status ?? "published",
      readingTime: 1,
      kenyaImpact: input.kenyaImpact ?? null,
      merchantTakeaways: input.merchantTakeaways ? JSON.stringify(input.merchantTakeaways) : null,
      originalUrl: `https://outlet.example/${input.slug}?utm_source=rss`,
      canonicalUrl: `https://outlet.example/${input.slug}`,
      canonicalKey: `outlet.example/${input.slug}`,
      normalizedTitle: `title of ${input.slug}`,
      fetchedAt: Date.parse(input.publishedAt),
      matchedTopics: '["stablecoin"]',
      curationReason: "Matched required topics: stablecoin.",
      createdAt: counter,
    })
    .run();
  if (tags.length > 0)
    db.insert(newsArticleTags)
      .values(tags.map((tag) => ({ articleId: id, tag })))
      .run();
  return id;
}

const newestBuiltIn = [...builtInArticles].sort(compareArticles)[0] as Article;

describe("the merged list", () => {
  it("has the 11 built-in articles, newest first, when nothing is curated", async () => {
    const { articles, total, pageCount } = await listPublishedArticles(testStore(db), {});
    expect(total).toBe(11);
    expect(pageCount).toBe(1);
    const dates = articles.map((article) => Date.parse(article.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(articles[0]?.slug).toBe(newestBuiltIn.slug);
  });

  it("merges published curated articles by date and leaves drafts out", async () => {
    insertCurated({ slug: "newest-curated", publishedAt: "2026-11-20T08:00:00Z" });
    insertCurated({ slug: "middle-curated", publishedAt: "2025-08-01T08:00:00Z" });
    insertCurated({ slug: "draft-curated", publishedAt: "2026-11-21T08:00:00Z", status: "draft" });
    const { articles, total } = await listPublishedArticles(testStore(db), {});
    expect(total).toBe(13);
    expect(articles[0]?.slug).toBe("newest-curated");
    expect(articles.map((article) => article.slug)).not.toContain("draft-curated");
    const middle = articles.findIndex((article) => article.slug === "middle-curated");
    expect(Date.parse(articles[middle - 1]?.publishedAt ?? "")).toBeGreaterThan(
      Date.parse("2025-08-01T08:00:00Z"),
    );
    expect(Date.parse(articles[middle + 1]?.publishedAt ?? "")).toBeLessThan(
      Date.parse("2025-08-01T08:00:00Z"),
    );
  });

  it("filters by category and by tag", async () => {
    insertCurated({
      slug: "kenyan-story",
      publishedAt: "2026-11-19T08:00:00Z",
      tags: ["kenya", "settlement"],
    });
    const product = await listPublishedArticles(testStore(db), { category: "Product Updates" });
    expect(product.total).toBe(
      builtInArticles.filter((a) => a.category === "Product Updates").length,
    );
    expect(product.articles.every((article) => article.category === "Product Updates")).toBe(true);
    expect((await listPublishedArticles(testStore(db), { category: "Explainers" })).total).toBe(0);
    const kenya = await listPublishedArticles(testStore(db), { tag: "kenya" });
    expect(kenya.articles[0]?.slug).toBe("kenyan-story");
    expect(kenya.total).toBe(1 + builtInArticles.filter((a) => a.tags.includes("kenya")).length);
    expect(
      (
        await listPublishedArticles(testStore(db), { tag: "kenya", category: "Product Updates" })
      ).articles.every((a) => a.tags.includes("kenya")),
    ).toBe(true);
  });

  it("pages through 12 at a time without gaps or repeats", async () => {
    for (let i = 0; i < 20; i++)
      insertCurated({
        slug: `bulk-${i}`,
        publishedAt: new Date(Date.UTC(2026, 5, 1 + i)).toISOString(),
      });
    const first = await listPublishedArticles(testStore(db), { page: 1 });
    const second = await listPublishedArticles(testStore(db), { page: 2 });
    const third = await listPublishedArticles(testStore(db), { page: 3 });
    expect(first.pageCount).toBe(3);
    const all = [...first.articles, ...second.articles, ...third.articles].map(
      (article) => article.slug,
    );
    expect(all).toHaveLength(31);
    expect(new Set(all).size).toBe(31);
    expect((await listPublishedArticles(testStore(db), { page: 99 })).page).toBe(3);
  });
});

describe("when curated articles cannot be read", () => {
  it("the built-in articles remain (db = null)", async () => {
    expect((await listPublishedArticles(null, {})).total).toBe(11);
    expect(await latestHeadlines(null, "all")).toHaveLength(11);
    expect((await latestNews(null)).length).toBeGreaterThan(0);
    expect(await publishedTags(null)).toContain("stablecoins");
    expect((await getPublishedArticle(null, newestBuiltIn.slug))?.article.title).toBe(
      newestBuiltIn.title,
    );
    expect(await getPublishedArticle(null, "a-curated-one")).toBeNull();
  });
});

describe("the Latest Headlines block", () => {
  it("shows up to 12 of the newest published articles under a topic", async () => {
    insertCurated({
      slug: "kenya-story",
      publishedAt: "2026-11-21T07:00:00Z",
      tags: ["kenya"],
    });
    insertCurated({
      slug: "usdt-story",
      publishedAt: "2026-11-20T08:00:00Z",
      tags: ["stablecoins"],
    });
    const all = await latestHeadlines(testStore(db), "all");
    expect(all).toHaveLength(12);
    expect(all[0]).toMatchObject({ slug: "kenya-story", status: "published" });
    const kenya = await latestHeadlines(testStore(db), "Kenya");
    expect(kenya[0]?.slug).toBe("kenya-story");
    expect(kenya.map((a) => a.slug)).not.toContain("usdt-story");
    expect(
      kenya.every((a) => a.tags.some((tag) => ["kenya", "m-pesa", "vasp-act"].includes(tag))),
    ).toBe(true);
    const product = await latestHeadlines(testStore(db), "Product");
    expect(product.length).toBeGreaterThan(0);
    expect(
      product.every((a) => a.category === "Product Updates" || a.tags.includes("product")),
    ).toBe(true);
  });

  it("never shows a visitor an unpublished draft, under any topic", async () => {
    insertCurated({
      slug: "draft-kenya",
      publishedAt: "2026-11-21T08:00:00Z",
      status: "draft",
      tags: ["kenya", "stablecoins", "product"],
    });
    for (const topic of ["all", "Kenya", "Stablecoins", "Product"] as const) {
      const headlines = await latestHeadlines(testStore(db), topic);
      expect(headlines.map((a) => a.slug)).not.toContain("draft-kenya");
      expect(headlines.every((a) => a.status === "published")).toBe(true);
    }
    expect(await latestHeadlines(testStore(db), "all")).toHaveLength(builtInArticles.length);
  });
});

describe("the sidebar and the tag options", () => {
  it("lists the 5 newest published News articles", async () => {
    insertCurated({ slug: "news-1", publishedAt: "2026-11-20T08:00:00Z" });
    insertCurated({
      slug: "product-1",
      publishedAt: "2026-11-21T08:00:00Z",
      category: "Product Updates",
    });
    insertCurated({ slug: "draft-news", publishedAt: "2026-11-21T09:00:00Z", status: "draft" });
    const sidebar = await latestNews(testStore(db));
    expect(sidebar).toHaveLength(5);
    expect(sidebar[0]?.slug).toBe("news-1");
    expect(
      sidebar.every((article) => article.category === "News" && article.status === "published"),
    ).toBe(true);
  });

  it("offers every tag of a published article, once, in order", async () => {
    insertCurated({ slug: "a", publishedAt: "2026-11-20T08:00:00Z", tags: ["on-ramp"] });
    insertCurated({
      slug: "b",
      publishedAt: "2026-11-20T08:00:00Z",
      tags: ["off-ramp"],
      status: "draft",
    });
    const tags = await publishedTags(testStore(db));
    expect(tags).toContain("on-ramp");
    expect(tags).not.toContain("off-ramp");
    expect(tags).toContain("stablecoins");
    expect(tags).toEqual([...new Set(tags)].sort());
  });
});

describe("an article page", () => {
  it("links Previous to the next-older and Next to the next-newer published article", async () => {
    insertCurated({ slug: "older", publishedAt: "2026-11-15T08:00:00Z" });
    insertCurated({ slug: "hidden-draft", publishedAt: "2026-11-16T08:00:00Z", status: "draft" });
    insertCurated({ slug: "middle", publishedAt: "2026-11-17T08:00:00Z" });
    insertCurated({ slug: "newer", publishedAt: "2026-11-18T08:00:00Z" });
    const middle = await getPublishedArticle(testStore(db), "middle");
    expect(middle?.previous?.slug).toBe("older");
    expect(middle?.next?.slug).toBe("newer");
    const older = await getPublishedArticle(testStore(db), "older");
    expect(older?.next?.slug).toBe("middle");
    expect(older?.previous?.slug).toBe(newestBuiltIn.slug);
    expect((await getPublishedArticle(testStore(db), "newer"))?.next).toBeNull();
    const builtIn = await getPublishedArticle(testStore(db), newestBuiltIn.slug);
    expect(builtIn?.next?.slug).toBe("older");
  });

  it("walks the whole list with Previous, in the list's order", async () => {
    insertCurated({ slug: "tie-a", publishedAt: "2026-11-15T08:00:00Z", id: "art_tie_a" });
    insertCurated({ slug: "tie-b", publishedAt: "2026-11-15T08:00:00Z", id: "art_tie_b" });
    const list = (await listPublishedArticlePaths(testStore(db))).map((path) =>
      path.replace("/blog/", ""),
    );
    expect(list).toHaveLength(13);
    const walked: string[] = [list[0] ?? ""];
    for (let slug = list[0]; slug;) {
      slug = (await getPublishedArticle(testStore(db), slug))?.previous?.slug;
      if (slug) walked.push(slug);
    }
    expect(walked).toEqual(list);
    expect((await getPublishedArticle(testStore(db), "tie-a"))?.previous?.slug).toBe("tie-b");
    expect((await getPublishedArticle(testStore(db), "tie-b"))?.next?.slug).toBe("tie-a");
  });

  it("is not found for an unknown or unpublished slug", async () => {
    insertCurated({ slug: "a-draft", publishedAt: "2026-11-16T08:00:00Z", status: "draft" });
    expect(await getPublishedArticle(testStore(db), "a-draft")).toBeNull();
    expect(await getPublishedArticle(testStore(db), "no-such-article")).toBeNull();
    expect((await findArticleBySlug(testStore(db), "a-draft"))?.status).toBe("draft");
  });

  it("carries the Kenya Impact and Merchant Takeaways of a curated article", async () => {
    insertCurated({
      slug: "boxes",
      publishedAt: "2026-11-16T08:00:00Z",
      kenyaImpact: "Shillings settle faster.",
      merchantTakeaways: ["Price in KES", "Check limits"],
    });
    const article = (await getPublishedArticle(testStore(db), "boxes"))?.article;
    expect(article?.kenyaImpact).toBe("Shillings settle faster.");
    expect(article?.merchantTakeaways).toEqual(["Price in KES", "Check limits"]);
    expect(article?.tags).toEqual(["stablecoins"]);
    expect(
      builtInArticles.every(
        (a) => a.kenyaImpact === undefined && a.merchantTakeaways === undefined,
      ),
    ).toBe(true);
  });
});

describe("publishing", () => {
  it("moves a curated article between draft and published, and into the sitemap paths", async () => {
    const id = insertCurated({
      slug: "to-publish",
      publishedAt: "2026-11-16T08:00:00Z",
      status: "draft",
    });
    expect(await listPublishedArticlePaths(testStore(db))).not.toContain("/blog/to-publish");
    expect(
      await testStore(db).write((q) => setArticleStatus(q, id, "published", "op_1", 1000)),
    ).toBe(true);
    expect(await listPublishedArticlePaths(testStore(db))).toContain("/blog/to-publish");
    expect(await getPublishedArticle(testStore(db), "to-publish")).not.toBeNull();
    expect(
      await testStore(db).write((q) =>
        setArticleStatus(q, "art_missing", "published", "op_1", 1000),
      ),
    ).toBe(false);
    const paths = await listPublishedArticlePaths(testStore(db));
    expect(paths).toHaveLength(12);
    expect(paths).toContain(`/blog/${newestBuiltIn.slug}`);
  });
});

describe("GET /functions/v1/news-curated body", () => {
  it("is success, null stats before any run, and the published curated articles with the spec's fields", async () => {
    insertCurated({
      slug: "api-draft",
      publishedAt: "2026-11-17T08:00:00Z",
      status: "draft",
      tags: ["kenya"],
    });
    insertCurated({
      slug: "api-published",
      publishedAt: "2026-11-16T08:00:00Z",
      tags: ["kenya"],
    });
    const body = await newsCuratedResponse(testStore(db));
    expect(body).toEqual({
      success: true,
      stats: null,
      error: null,
      articles: [
        {
          id: expect.any(String),
          slug: "api-published",
          title: "Title of api-published",
          source_name: "Outlet",
          published_at: "2026-11-16T08:00:00.000Z",
          tags: ["kenya"],
          status: "published",
        },
      ],
    });
  });
});
