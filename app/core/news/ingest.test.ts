/**
 * The ingest run end to end: a real migrated SQLite file, the feed simulator on 127.0.0.1 serving
 * the recorded and crafted fixtures (plus the bad-input cases), and the page component that renders
 * what was stored. Fixture feeds are from December 2025, so the clock is fixed at 2025-12-13 12:00
 * UTC.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  newsArticles,
  newsArticleTags,
  newsFeeds,
  newsIngestRuns,
  newsRejectedItems,
} from "../../../drizzle/schema";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { LastRun } from "~/components/admin/ingest/LastRun";
import { ArticleContent } from "~/components/blog/ArticleContent";
import type { Db } from "~/db/sqlite-connection.server";
import { acquireLease, releaseLease } from "~/utils/jobs.server";
import { findArticleBySlug, listCuratedArticles } from "./articles.server";
import { addFeed } from "./feeds.server";
import {
  getLatestRun,
  listRejections,
  NEWS_INGEST_JOB,
  runIngest,
  runIngestLeased,
  slugFor,
  type IngestOptions,
} from "./ingest.server";
import { updateNewsSettings } from "./settings.server";
import { MAX_ITEMS_PER_FEED } from "./parse";
import { startFeedSimulator, type FeedSimulator } from "../../../tests/support/simulators";

const FIXTURES = path.resolve("tests/fixtures/feeds");
const NOW = Date.UTC(2025, 11, 13, 12, 0, 0);
const MB = 1024 * 1024;

function hugeFeed(bytes: number) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { "Content-Type": "application/rss+xml" });
    let written = 0;
    let n = 0;
    const pump = () => {
      if (n === 0)
        response.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title>');
      while (written < bytes && !response.destroyed) {
        const chunk = `<item><title>Stablecoin settlement note number ${n}</title><link>https://huge.example/notes/${n}</link><pubDate>Fri, 12 Dec 2025 08:00:00 GMT</pubDate><description>${"Merchants get stablecoin settlement to M-Pesa in minutes. ".repeat(30)}</description></item>\n`;
        n += 1;
        written += chunk.length;
        if (!response.write(chunk)) {
          response.once("drain", pump);
          return;
        }
      }
      if (!response.destroyed) response.end("</channel></rss>");
    };
    pump();
  };
}

let simulator: FeedSimulator;
let testDb: ReturnType<typeof createTestDb>;
let db: Db;

beforeAll(async () => {
  simulator = await startFeedSimulator({
    dir: FIXTURES,
    routes: {
      "cointelegraph.example/rss": "cointelegraph-rss.xml",
      "theblock.example/rss.xml": "theblock-rss.xml",
      "wire.example/feed": "crafted-quirks-rss.xml",
      "bom.example/feed": "crafted-bom-invalid-chars-rss.xml",
      "hostile.example/feed": "crafted-hostile-content-rss.xml",
      "outlet-a.example/rss": "crafted-outlet-a-rss.xml",
      "outlet-b.example/rss": "crafted-outlet-b-atom.xml",
      "outlet-c.example/rss": "crafted-outlet-c-rss.xml",
      "breakers.example/rss": "crafted-rule-breakers-rss.xml",
      "heise.example/developer/rss": "heise-developer-atom-2016.xml",
      "down.example/rss": { status: 500 },
      "blocked.example/rss": { status: 403 },
      "silent.example/rss": { hang: true },
      "huge.example/rss": { handler: hugeFeed(30 * MB) },
    },
  });
});

afterAll(async () => {
  await simulator.close();
});

beforeEach(() => {
  testDb = createTestDb();
  db = testDb.db;
});

afterEach(() => {
  testDb.close();
});

const options = (overrides: Partial<IngestOptions> = {}): IngestOptions => ({
  trigger: "manual",
  now: () => NOW,
  fetch: { baseUrl: simulator.baseUrl, timeoutMs: 1_000 },
  ...overrides,
});

async function feeds(entries: Record<string, string>) {
  for (const [name, url] of Object.entries(entries)) {
    const result = await testStore(db).write((q) => addFeed(q, { name, url }, NOW));
    if (!result.ok) throw new Error(result.error);
  }
}

const CRAFTED = {
  "Quirky Wire": "https://wire.example/feed",
  "BOM Times": "https://bom.example/feed",
  "Hostile Ledger": "https://hostile.example/feed",
  "Outlet A": "https://outlet-a.example/rss",
  "Outlet B": "https://outlet-b.example/rss",
  "Rule Breakers": "https://breakers.example/rss",
};

const articleCount = () => db.select().from(newsArticles).all().length;

describe("an ingest run", () => {
  it("curates the crafted feeds: drafts with tags, every rejected item with its reason, a run record", async () => {
    await feeds(CRAFTED);
    const run = await runIngest(testStore(db), options());
    expect(run.status).toBe("succeeded");
    expect(run.timeWindow).toBe("2025-12-06T12:00:00.000Z/2025-12-13T12:00:00.000Z");
    expect(run.totalFetched).toBe(16);
    expect(run.totalCurated + run.totalExcluded).toBe(16);

    const titles = db
      .select({ title: newsArticles.title, status: newsArticles.status })
      .from(newsArticles)
      .all();
    expect(titles.map((row) => row.title).sort()).toEqual(
      [
        "Central Bank Sets Stablecoin Settlement Rules for Payment Processors!",
        "Merchant payments in USDC grow as settlement times fall",
        "Off-ramp providers add weekend settlement for merchants across East Africa",
        "Regulators publish on-ramp compliance checklist – what exchanges must do",
        "Stablecoin payouts reach mobile money wallets",
        "Stablecoin settlement for merchants 🚀🇰🇪 arrives in Mombasa",
        "Stablecoin settlement reaches Kenyan merchants & wholesalers",
      ].sort(),
    );
    expect(run.totalCurated).toBe(7);
    expect(titles.every((row) => row.status === "draft")).toBe(true);

    const reasons = (await listRejections(testStore(db), run.id))
      .map((line) => `${line.feedName}: ${line.reason}`)
      .sort();
    expect(reasons).toEqual(
      [
        "Hostile Ledger: unsafe_link",
        "Outlet A: duplicate_url",
        "Quirky Wire: missing_link",
        "Rule Breakers: all_caps_title",
        "Rule Breakers: excluded_topic",
        "Rule Breakers: no_required_topic",
        "Rule Breakers: outside_window",
        "Rule Breakers: too_many_emojis",
        "Rule Breakers: too_short",
      ].sort(),
    );
    expect(run.totalExcluded).toBe(9);

    const outcome = (name: string) => run.feeds.find((feed) => feed.feedName === name);
    expect(outcome("Outlet B")).toMatchObject({
      outcome: "ok",
      format: "atom",
      items: 1,
      curated: 1,
      excluded: 0,
      httpStatus: 200,
    });
    expect(outcome("Rule Breakers")).toMatchObject({
      outcome: "ok",
      format: "rss",
      items: 7,
      curated: 1,
      excluded: 6,
    });
    expect((await getLatestRun(testStore(db)))?.id).toBe(run.id);
  });

  it("stores the curation record: canonical URL, feed, topics, tags, fetch time", async () => {
    await feeds(CRAFTED);
    await runIngest(testStore(db), options({ now: () => NOW }));
    const row = db
      .select()
      .from(newsArticles)
      .where(eq(newsArticles.title, "Stablecoin settlement reaches Kenyan merchants & wholesalers"))
      .get();
    expect(row).toMatchObject({
      originalUrl:
        "https://wire.example.org/news/2025/12/stablecoin-settlement-kenyan-merchants?utm_source=rss&utm_medium=feed",
      canonicalUrl: "https://wire.example.org/news/2025/12/stablecoin-settlement-kenyan-merchants",
      sourceUrl: "https://wire.example.org/news/2025/12/stablecoin-settlement-kenyan-merchants",
      sourceName: "Quirky Wire",
      category: "News",
      publishedAt: Date.parse("2025-12-12T06:30:00Z"),
      fetchedAt: NOW,
      authorName: "Achieng Odhiambo",
      normalizedTitle: "stablecoin settlement reaches kenyan merchants wholesalers",
    });
    expect(JSON.parse(row?.matchedTopics ?? "[]")).toEqual(["stablecoin", "settlement"]);
    expect(JSON.parse(row?.tags ?? "[]")).toEqual(["stablecoins", "settlement", "kenya"]);
    const tagRows = db
      .select()
      .from(newsArticleTags)
      .where(eq(newsArticleTags.articleId, row?.id ?? ""))
      .all();
    expect(tagRows.map((tag) => tag.tag).sort()).toEqual(["kenya", "settlement", "stablecoins"]);
    expect(row?.slug).toBe(slugFor(row?.title ?? "", row?.canonicalKey ?? ""));
    expect(row?.slug).toMatch(
      /^stablecoin-settlement-reaches-kenyan-merchants-wholesalers-[0-9a-z]{7}$/,
    );
    expect(row?.tldr).toMatch(/^Wholesalers in Nairobi/);
    // The feed's whole text is the tl;dr: the tl;dr box shows it, the body does not repeat it.
    expect(row?.body).toBe("");
    expect(row?.readingTime).toBe(1);

    const undated = db
      .select()
      .from(newsArticles)
      .where(
        eq(
          newsArticles.title,
          "Off-ramp providers add weekend settlement for merchants across East Africa",
        ),
      )
      .get();
    expect(undated?.publishedAt).toBe(NOW);
  });

  it("keeps scripts and javascript: URLs from ever reaching a page", async () => {
    await feeds({ "Hostile Ledger": "https://hostile.example/feed" });
    const run = await runIngest(testStore(db), options());
    expect(run.totalCurated).toBe(1);
    const [stored] = await listCuratedArticles(testStore(db));
    const article = await findArticleBySlug(testStore(db), stored?.slug ?? "");
    expect(article).not.toBeNull();
    if (!article) return;
    const html = renderToStaticMarkup(
      ArticleContent({ article, siteUrl: "https://onehop.example" }),
    );
    expect(html).toContain("Stablecoin payouts now reach mobile money wallets within minutes");
    expect(html).not.toMatch(
      /<script|javascript:|onerror|onclick|<iframe|document\.cookie|alert\(["']/i,
    );
    for (const href of html.matchAll(/href="([^"]*)"/g))
      expect(href[1]).toMatch(/^(https:\/\/|\/blog\?tag=)/);
    const rejected = await listRejections(testStore(db), run.id);
    expect(rejected).toEqual([
      expect.objectContaining({ reason: "unsafe_link", url: "javascript:alert('item-link')" }),
    ]);
  });

  it("adds nothing when the same ingest runs twice, with or without conditional GET", async () => {
    await feeds({ ...CRAFTED, Cointelegraph: "https://cointelegraph.example/rss" });
    const first = await runIngest(testStore(db), options());
    expect(first.totalCurated).toBeGreaterThan(7);
    const afterFirst = articleCount();

    const second = await runIngest(testStore(db), options());
    expect(
      second.feeds.every((feed) => feed.outcome === "not_modified" && feed.httpStatus === 304),
    ).toBe(true);
    expect(
      simulator.requests.some(
        (request) => request.path === "/cointelegraph.example/rss" && request.ifNoneMatch !== null,
      ),
    ).toBe(true);
    expect(second).toMatchObject({
      status: "succeeded",
      totalFetched: 0,
      totalCurated: 0,
      totalExcluded: 0,
    });

    // An outlet that ignores conditional requests sends everything again: the duplicate rules catch
    // it.
    db.update(newsFeeds).set({ etag: null, lastModified: null }).run();
    const third = await runIngest(testStore(db), options());
    expect(third.totalFetched).toBe(first.totalFetched);
    expect(third.totalCurated).toBe(0);
    expect(articleCount()).toBe(afterFirst);
    const reasons = new Set(
      (await listRejections(testStore(db), third.id)).map((line) => line.reason),
    );
    expect(reasons.has("duplicate_url")).toBe(true);
  });

  it("never fails because one feed fails: 403, 404, 500 and a feed that never answers are outcomes", async () => {
    await feeds({
      Cointelegraph: "https://cointelegraph.example/rss",
      Blocked: "https://blocked.example/rss",
      Down: "https://down.example/rss",
      Missing: "https://missing.example/rss",
      Silent: "https://silent.example/rss",
    });
    const run = await runIngest(
      testStore(db),
      options({ fetch: { baseUrl: simulator.baseUrl, timeoutMs: 300 } }),
    );
    expect(run.status).toBe("partial");
    expect(run.error).toBe(
      "4 of 5 feeds failed: Blocked (HTTP 403), Down (HTTP 500), Missing (HTTP 404), Silent (Timed out after 300 ms).",
    );
    expect(run.totalCurated).toBeGreaterThan(0);
    const byName = Object.fromEntries(run.feeds.map((feed) => [feed.feedName, feed]));
    expect(byName.Cointelegraph).toMatchObject({ outcome: "ok", httpStatus: 200, items: 30 });
    expect(byName.Blocked).toMatchObject({ outcome: "failed", httpStatus: 403, error: "HTTP 403" });
    expect(byName.Down).toMatchObject({ outcome: "failed", httpStatus: 500, error: "HTTP 500" });
    expect(byName.Missing).toMatchObject({ outcome: "failed", httpStatus: 404 });
    expect(byName.Silent).toMatchObject({
      outcome: "failed",
      httpStatus: null,
      error: "Timed out after 300 ms",
    });
    const stored = db.select().from(newsFeeds).where(eq(newsFeeds.name, "Down")).get();
    expect(stored).toMatchObject({
      lastOutcome: "failed",
      lastError: "HTTP 500",
      lastFetchedAt: NOW,
      etag: null,
    });
  });

  it("is a partial run, naming the failing feeds, when 6 of 10 feeds answer 404", async () => {
    const missing = Object.fromEntries(
      [1, 2, 3, 4, 5, 6].map((n) => [`Gone ${n}`, `https://gone-${n}.example/feed`]),
    );
    await feeds({
      Cointelegraph: "https://cointelegraph.example/rss",
      "The Block": "https://theblock.example/rss.xml",
      "Outlet A": "https://outlet-a.example/rss",
      "Outlet B": "https://outlet-b.example/rss",
      ...missing,
    });
    const run = await runIngest(testStore(db), options());
    expect(run.status).toBe("partial");
    expect(run.totalCurated).toBeGreaterThan(0);
    expect(run.error).toMatch(/^6 of 10 feeds failed: /);
    for (const name of Object.keys(missing)) expect(run.error).toContain(`${name} (HTTP 404)`);
    for (const name of ["Cointelegraph", "The Block", "Outlet A", "Outlet B"])
      expect(run.error).not.toContain(name);

    // Stored on the run, and what the admin page's last-run panel reads.
    const row = db.select().from(newsIngestRuns).where(eq(newsIngestRuns.id, run.id)).get();
    expect(row).toMatchObject({ status: "partial", error: run.error });
    const latest = await getLatestRun(testStore(db));
    expect(latest).toMatchObject({ id: run.id, status: "partial" });
    const html = renderToStaticMarkup(LastRun({ run: latest, rejections: [] }));
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("Partial");
    expect(text).not.toMatch(/\bsucceeded\b/i);
    expect(text).toContain("6 of 10 feeds failed; the others were curated.");
    for (const name of Object.keys(missing)) expect(text).toContain(`${name} : HTTP 404`);
  });

  it("is a failed run when every feed fails, or there is no enabled feed", async () => {
    expect(await runIngest(testStore(db), options())).toMatchObject({
      status: "failed",
      error: "No enabled feeds.",
    });
    await feeds({ Down: "https://down.example/rss", Blocked: "https://blocked.example/rss" });
    const run = await runIngest(testStore(db), options());
    expect(run).toMatchObject({ status: "failed", error: "Every feed failed.", totalCurated: 0 });
    expect(run.feeds).toHaveLength(2);
    const rows = db.select().from(newsIngestRuns).all();
    expect(rows.map((row) => row.status)).toEqual(["failed", "failed"]);
    expect(rows.every((row) => row.finishedAt === NOW)).toBe(true);
  });

  it("does not read disabled feeds", async () => {
    await feeds({
      Cointelegraph: "https://cointelegraph.example/rss",
      "Outlet A": "https://outlet-a.example/rss",
    });
    db.update(newsFeeds).set({ enabled: false }).where(eq(newsFeeds.name, "Cointelegraph")).run();
    const run = await runIngest(testStore(db), options());
    expect(run.feeds.map((feed) => feed.feedName)).toEqual(["Outlet A"]);
  });

  it("cuts a 30 MB feed at the size cap, reads the items that arrived whole and asks again in full next time", async () => {
    await feeds({ Huge: "https://huge.example/rss" });
    const run = await runIngest(
      testStore(db),
      options({ fetch: { baseUrl: simulator.baseUrl, timeoutMs: 10_000 } }),
    );
    const [outcome] = run.feeds;
    expect(outcome).toMatchObject({ outcome: "ok", truncated: true, bytes: 5 * MB });
    expect(outcome?.items).toBe(MAX_ITEMS_PER_FEED);
    expect(outcome?.error).toMatch(
      /^Cut off at 5242880 bytes \(size cap\); read the items that arrived whole\. Read the first 200 of \d{4} items\.$/,
    );
    expect(run.totalCurated).toBe(outcome?.items);
    expect(db.select().from(newsFeeds).get()?.etag).toBeNull();
  });

  it("reads an Atom feed served at an 'rss' URL", async () => {
    await feeds({ Heise: "https://heise.example/developer/rss" });
    const run = await runIngest(testStore(db), options());
    expect(run.feeds[0]).toMatchObject({
      outcome: "ok",
      format: "atom",
      items: 15,
      curated: 0,
      excluded: 15,
    });
    expect(
      new Set((await listRejections(testStore(db), run.id)).map((line) => line.reason)),
    ).toEqual(new Set(["outside_window"]));
  });

  it("publishes at once when auto-publish is on", async () => {
    await testStore(db).write((q) => updateNewsSettings(q, { autoPublish: true }, "op_1", NOW));
    await feeds({ "Outlet A": "https://outlet-a.example/rss" });
    await runIngest(testStore(db), options());
    expect(
      db
        .select()
        .from(newsArticles)
        .all()
        .map((row) => [row.status, row.statusChangedAt]),
    ).toEqual([["published", NOW]]);
  });

  it("curates the recorded Cointelegraph and The Block feeds on their publication day", async () => {
    await feeds({
      Cointelegraph: "https://cointelegraph.example/rss",
      "The Block": "https://theblock.example/rss.xml",
    });
    const run = await runIngest(testStore(db), options());
    expect(run.totalFetched).toBe(49);
    expect(run.totalCurated).toBeGreaterThan(5);
    const rejections = await listRejections(testStore(db), run.id);
    expect(
      rejections.some((line) => line.reason === "excluded_topic" && /airdrop/i.test(line.title)),
    ).toBe(true);
    expect(rejections.every((line) => line.detail.length > 0)).toBe(true);
    for (const article of await listCuratedArticles(testStore(db), 100)) {
      expect(article.tags.length).toBeGreaterThan(0);
      expect(article.sourceUrl).not.toMatch(/utm_/);
    }
    expect(db.select().from(newsRejectedItems).all()).toHaveLength(run.totalExcluded);
  });
});

describe("the same story from two outlets", () => {
  it("is curated once when a second outlet runs it under its own link with a near-identical headline", async () => {
    await feeds({
      "Outlet B": "https://outlet-b.example/rss",
      "Outlet C": "https://outlet-c.example/rss",
    });
    const run = await runIngest(testStore(db), options());
    expect(run.totalCurated).toBe(1);
    expect(await listRejections(testStore(db), run.id)).toEqual([
      expect.objectContaining({
        feedName: "Outlet B",
        reason: "duplicate_title",
        detail: expect.stringContaining("Central bank sets stablecoin settlement rules"),
      }),
    ]);
    expect(articleCount()).toBe(1);
  });

  it("is not curated again by a later run when the first copy is already stored", async () => {
    await feeds({ "Outlet B": "https://outlet-b.example/rss" });
    expect((await runIngest(testStore(db), options())).totalCurated).toBe(1);
    await feeds({ "Outlet C": "https://outlet-c.example/rss" });
    db.update(newsFeeds).set({ etag: null, lastModified: null }).run();
    const second = await runIngest(testStore(db), options());
    expect(second.totalCurated).toBe(0);
    expect(
      (await listRejections(testStore(db), second.id)).map(
        (line) => `${line.feedName}: ${line.reason}`,
      ),
    ).toEqual(expect.arrayContaining(["Outlet C: duplicate_title"]));
    expect(articleCount()).toBe(1);
  });
});

describe("a curated article's body", () => {
  it("does not repeat the tl;dr (The Block's feed carries the same paragraph as summary and content)", async () => {
    await feeds({ "The Block": "https://theblock.example/rss.xml", ...CRAFTED });
    await runIngest(testStore(db), options());
    const rows = db.select().from(newsArticles).all();
    expect(rows.length).toBeGreaterThan(5);
    const flat = (text: string) => text.replace(/\s+/g, " ").trim();
    for (const row of rows) {
      const lead = flat(row.tldr.replace(/…$/, ""));
      expect(flat(row.body).startsWith(lead), row.title).toBe(false);
      expect(flat(row.body).includes(lead), row.title).toBe(false);
    }
    const tether = rows.find((row) => row.title.includes("Juventus"));
    if (tether) expect(tether.body).toBe("");
  });
});

describe("runs under the lease", () => {
  it("answers busy while another process holds the lease, and runs once it is free", async () => {
    await feeds({ "Outlet A": "https://outlet-a.example/rss" });
    expect(await acquireLease(testStore(db), NEWS_INGEST_JOB, "other-process", 60_000, NOW)).toBe(
      true,
    );
    expect(await runIngestLeased(testStore(db), options())).toBe("busy");
    expect(db.select().from(newsIngestRuns).all()).toHaveLength(0);
    await releaseLease(testStore(db), NEWS_INGEST_JOB, "other-process");
    const run = await runIngestLeased(testStore(db), options());
    expect(run).toMatchObject({ status: "succeeded", totalCurated: 1 });
  });

  it("never overlaps itself: a second run started during the first is refused", async () => {
    await feeds({ "Outlet A": "https://outlet-a.example/rss" });
    const [first, second] = await Promise.all([
      runIngestLeased(testStore(db), options()),
      runIngestLeased(testStore(db), options()),
    ]);
    expect([first, second].filter((result) => result === "busy")).toHaveLength(1);
    expect(articleCount()).toBe(1);
  });
});
