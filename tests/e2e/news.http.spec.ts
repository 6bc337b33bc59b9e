/**
 * The curated-news JSON endpoint and the blog's HTTP behaviour: headers, redirects, guards (run
 * once).
 */
import { expect, test } from "@playwright/test";
import { withE2eDatabase } from "./db";

const runCount = () =>
  withE2eDatabase(
    (db) => (db.prepare("select count(*) as n from news_ingest_runs").get() as { n: number }).n,
  );

test.describe("GET /functions/v1/news-curated", () => {
  test("answers { success, stats, articles, error } as JSON and never starts a run", async ({
    request,
  }) => {
    const runsBefore = runCount();
    const response = await request.get("/functions/v1/news-curated", {
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(response.headers()["set-cookie"]).toBeUndefined();
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["articles", "error", "stats", "success"]);
    expect(body.success).toBe(true);
    expect(body.error).toBeNull();
    if (body.stats !== null) {
      expect(Object.keys(body.stats).sort()).toEqual([
        "time_window",
        "total_curated",
        "total_excluded",
        "total_fetched",
      ]);
      expect(body.stats.time_window).toMatch(/^\d{4}-\d\d-\d\dT.+Z\/\d{4}-\d\d-\d\dT.+Z$/);
    }
    expect(Array.isArray(body.articles)).toBe(true);
    for (const article of body.articles) {
      expect(Object.keys(article).sort()).toEqual([
        "id",
        "published_at",
        "slug",
        "source_name",
        "status",
        "tags",
        "title",
      ]);
      expect(["published", "draft"]).toContain(article.status);
      expect(Number.isNaN(Date.parse(article.published_at))).toBe(false);
    }
    const again = await (await request.get("/functions/v1/news-curated")).json();
    expect(again.stats).toEqual(body.stats);
    expect(runCount()).toBe(runsBefore);
  });

  test("lists published articles only: a draft's title reaches no visitor, here or in the blog's headlines", async ({
    request,
  }) => {
    const title = "Draft only: central bank weighs stablecoin settlement caps for merchants";
    const now = Date.now();
    withE2eDatabase((db) => {
      db.prepare(
        `insert or ignore into news_articles (id, slug, title, tldr, body, tags, category, published_at, source_name,
          source_url, author_name, author_bio, author_avatar, status, reading_time, original_url, canonical_url,
          canonical_key, normalized_title, fetched_at, curation_reason, created_at)
         values ('art_http_api_draft', 'http-spec-api-draft', @title, 'x', 'x', '["kenya","stablecoins"]', 'News', @now,
          'S', 'https://s.example/api-draft', 'A', 'B', '/favicon.svg', 'draft', 1, 'https://s.example/api-draft',
          'https://s.example/api-draft', 's.example/api-draft', 'draft only http spec api draft', @now,
          'r', @now)`,
      ).run({ title, now });
      db.prepare(
        "insert or ignore into news_article_tags (article_id, tag) values ('art_http_api_draft', 'kenya')",
      ).run();
    });
    // Fresh URLs, so no copy cached before the draft existed can answer.
    const body = await (await request.get(`/functions/v1/news-curated?fresh=${now}`)).json();
    expect(body.success).toBe(true);
    expect(body.articles.map((article: { status: string }) => article.status)).not.toContain(
      "draft",
    );
    expect(JSON.stringify(body)).not.toContain(title);
    for (const path of [`/blog?fresh=${now}`, `/blog?topic=Kenya&fresh=${now}`]) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain(title);
      expect(html, path).not.toContain("Unpublished");
    }
  });

  test("is read-only: other methods are refused and start nothing", async ({ request }) => {
    const runsBefore = runCount();
    const response = await request.post("/functions/v1/news-curated", { data: {} });
    expect(response.status()).toBe(405);
    expect(runCount()).toBe(runsBefore);
  });
});

test.describe("the blog over HTTP", () => {
  test("the list and article pages are CDN-cacheable and set no cookie", async ({ request }) => {
    for (const path of [
      "/blog",
      "/blog?category=News&tag=kenya",
      "/blog/stablecoins-for-kenyan-merchants",
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toMatch(/public.*s-maxage=\d+/);
      expect(response.headers()["set-cookie"], path).toBeUndefined();
    }
  });

  test("an article page has Open Graph tags of type article, a canonical URL and one h1", async ({
    request,
    baseURL,
  }) => {
    const html = await (
      await request.get("/blog/vasp-act-2025-what-it-means-for-merchants")
    ).text();
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain(
      `<link rel="canonical" href="${baseURL}/blog/vasp-act-2025-what-it-means-for-merchants"/>`,
    );
    expect(html).toMatch(
      /<meta property="og:title" content="Kenya&#x27;s VASP Act 2025: what it means for merchants who accept crypto \| OneHop"\/>/,
    );
    expect(html).toContain(
      '<meta property="article:published_time" content="2025-11-12T06:00:00.000Z"/>',
    );
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain("12 Nov 2025");
  });

  test("an unknown or unpublished slug redirects to /blog", async ({ request }) => {
    withE2eDatabase((db) => {
      db.prepare(
        `insert or ignore into news_articles (id, slug, title, tldr, body, category, published_at, source_name, source_url,
          author_name, author_bio, author_avatar, status, reading_time, original_url, canonical_url, canonical_key,
          normalized_title, fetched_at, curation_reason, created_at)
         values ('art_http_draft', 'http-spec-draft', 'A draft', 'x', 'x', 'News', 1, 'S', 'https://s.example/d', 'A', 'B',
          '/favicon.svg', 'draft', 1, 'https://s.example/d', 'https://s.example/d', 's.example/d', 'a draft http spec', 1, 'r', 1)`,
      ).run();
    });
    for (const path of ["/blog/http-spec-draft", "/blog/no-such-article"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()["location"], path).toBe("/blog");
    }
    expect((await request.get("/blog/disclaimer")).status()).toBe(200);
  });

  test("the admin page is guarded: signed out it redirects, and a cross-site POST is refused", async ({
    request,
  }) => {
    const page = await request.get("/admin/ingest", { maxRedirects: 0 });
    expect(page.status()).toBe(302);
    expect(page.headers()["location"]).toMatch(/^\/admin\/signin/);
    const runsBefore = runCount();
    const post = await request.post("/admin/ingest", {
      form: { intent: "fetch" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    // Refused before the action runs (Remix's own origin check answers before our guard's 403).
    expect([403, 500]).toContain(post.status());
    expect(runCount()).toBe(runsBefore);
  });
});
