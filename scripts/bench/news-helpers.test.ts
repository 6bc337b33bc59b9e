/** The bench helpers work (their timing is measured by `npm run bench`, not here). */
import { describe, expect, it } from "vitest";
import { freshTestDbPerTest, testStore } from "../../tests/setup/db";
import type { Db } from "~/db/sqlite-connection.server";
import { listPublishedArticles, getPublishedArticle } from "~/core/news/articles.server";
import { benchIngest, seedBenchArticles } from "./news-helpers";

let db: Db;
freshTestDbPerTest((fresh) => {
  db = fresh;
});

describe("bench helpers", () => {
  it("ingest N local feeds of M items each through the whole pipeline", async () => {
    const now = Date.UTC(2026, 10, 21, 12, 0, 0);
    const result = await benchIngest(db, { feeds: 3, itemsPerFeed: 20, now, store: testStore(db) });
    expect(result.run.status).toBe("succeeded");
    expect(result.run.feeds).toHaveLength(3);
    expect(result.run.feeds.every((feed) => feed.outcome === "ok" && feed.items === 20)).toBe(true);
    expect(result.run.totalFetched).toBe(60);
    expect(result.run.totalCurated).toBeGreaterThan(0);
    expect(result.run.totalCurated + result.run.totalExcluded).toBe(60);
    expect(result.durationMs).toBeGreaterThan(0);
  });

  it("store a large archive of published articles", async () => {
    const { middleSlug } = seedBenchArticles(db, 300, Date.UTC(2026, 10, 21));
    expect((await listPublishedArticles(testStore(db), {})).total).toBe(311);
    expect((await getPublishedArticle(testStore(db), middleSlug))?.article.slug).toBe(
      "bench-article-150",
    );
  });
});
