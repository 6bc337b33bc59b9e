/**
 * News helpers for `npm run bench` (scripts/bench.ts, through core-bench.ts and seed-articles.ts):
 * ingest N local feeds of M items each through the real pipeline (HTTP to the feed simulator on
 * 127.0.0.1, parsing, curation, storage), and fill the database with published articles so /blog
 * and an article page can be measured at 5,000 articles.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseFeed } from "@rowanmanning/feed-parser";
import { newsArticles, newsArticleTags } from "../../drizzle/schema";
import type { Db } from "~/db/sqlite-connection.server";
import { addFeed } from "~/core/news/feeds.server";
import { sqliteStore } from "~/db/sqlite-store.server";
import type { Store } from "~/db/store";
import { runIngest } from "~/core/news/ingest.server";
import type { IngestRunSummary } from "~/core/news/types";
import { findFixturesDir, startFeedSimulator } from "~/simulators/news/index.server";

const RECORDED = [
  "cointelegraph-rss.xml",
  "coindesk-rss.xml",
  "decrypt-rss.xml",
  "theblock-rss.xml",
];

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (char) =>
      ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char,
  );

/** Title, description and content of every item in the recorded 2025 feeds. */
function recordedItems(dir: string) {
  return RECORDED.flatMap((file) =>
    parseFeed(readFileSync(path.join(dir, file), "utf8")).items.map((item) => ({
      title: item.title ?? "Untitled",
      description: item.description ?? "",
      content: item.content ?? "",
    })),
  );
}

/**
 * An RSS document of `items` items for bench feed `feed`: the recorded items' text, with a link per
 * feed and item, dated across the last 10 days before `now` (so some fall outside the 7-day
 * window).
 */
export function benchFeedXml(
  feed: number,
  items: number,
  now: number,
  pool: ReturnType<typeof recordedItems>,
): string {
  const entries: string[] = [];
  for (let i = 0; i < items; i++) {
    const source = pool[(feed * items + i) % pool.length] ?? {
      title: "Item",
      description: "",
      content: "",
    };
    const published = new Date(now - ((i * 37 + feed * 11) % 240) * 60 * 60 * 1000);
    entries.push(
      `<item><title>${escapeXml(`${source.title} (${feed + 1}.${i + 1})`)}</title>` +
        `<link>https://bench-${feed + 1}.example/news/${i + 1}?utm_source=rss</link>` +
        `<pubDate>${published.toUTCString()}</pubDate>` +
        `<description><![CDATA[${source.description}]]></description>` +
        (source.content ? `<content:encoded><![CDATA[${source.content}]]></content:encoded>` : "") +
        `</item>`,
    );
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">` +
    `<channel><title>Bench feed ${feed + 1}</title><link>https://bench-${feed + 1}.example/</link>${entries.join("")}</channel></rss>`
  );
}

export interface BenchIngestResult {
  feeds: number;
  itemsPerFeed: number;
  /** Wall time of the ingest run: fetch, parse, curate, store. */
  durationMs: number;
  run: IngestRunSummary;
}

/**
 * Ingest `feeds` local feeds of `itemsPerFeed` items each into `db` (which should be a fresh,
 * migrated database: the feeds are added to it). The feeds are served by the feed simulator.
 */
export async function benchIngest(
  db: Db,
  options: {
    feeds?: number;
    itemsPerFeed?: number;
    now?: number;
    fixturesDir?: string;
    /** The store on `db` (default: SQLite's). */
    store?: Store;
  } = {},
): Promise<BenchIngestResult> {
  const feeds = options.feeds ?? 20;
  const itemsPerFeed = options.itemsPerFeed ?? 50;
  const now = options.now ?? Date.now();
  const dir = findFixturesDir(options.fixturesDir ?? "tests/fixtures/feeds");
  if (!dir) throw new Error("benchIngest: tests/fixtures/feeds not found");
  const pool = recordedItems(dir);
  const store = options.store ?? sqliteStore(db);
  const routes: Record<string, { body: string }> = {};
  for (let feed = 0; feed < feeds; feed++) {
    routes[`bench-${feed + 1}.example/feed`] = {
      body: benchFeedXml(feed, itemsPerFeed, now, pool),
    };
    await store.write((q) =>
      addFeed(
        q,
        { name: `Bench feed ${feed + 1}`, url: `https://bench-${feed + 1}.example/feed` },
        now,
      ),
    );
  }
  const simulator = await startFeedSimulator({ dir, routes });
  try {
    const started = performance.now();
    const run = await runIngest(store, {
      trigger: "bench",
      now: () => now,
      fetch: { baseUrl: simulator.baseUrl },
    });
    return { feeds, itemsPerFeed, durationMs: performance.now() - started, run };
  } finally {
    await simulator.close();
  }
}

/**
 * Store `count` published curated articles (News, dated one hour apart back from `now`), for
 * measuring the blog with a large archive. Returns the slug of one in the middle, for the
 * article-page bench.
 */
export function seedBenchArticles(db: Db, count: number, now = Date.now()): { middleSlug: string } {
  const tags = [
    ["stablecoins", "settlement"],
    ["kenya", "regulation"],
    ["merchants", "cross-border"],
    ["on-ramp", "off-ramp"],
  ];
  const body = [
    "Merchants in Nairobi now receive stablecoin settlement to M-Pesa within minutes of a customer paying.",
    "## What changes",
    "- Faster settlement\n- Prices stay in shillings\n- Fewer failed payouts",
    "The change follows months of pilots with payment processors across the region.",
  ].join("\n\n");
  db.transaction((tx) => {
    for (let i = 0; i < count; i++) {
      const id = `art_bench_${String(i).padStart(6, "0")}`;
      const slug = `bench-article-${i + 1}`;
      const articleTags = tags[i % tags.length] ?? [];
      tx.insert(newsArticles)
        .values({
          id,
          slug,
          title: `Stablecoin settlement update number ${i + 1} for Kenyan merchants`,
          tldr: "Stablecoin settlement reaches more merchants, with payouts to M-Pesa in minutes.",
          body,
          tags: JSON.stringify(articleTags),
          category: "News",
          publishedAt: now - i * 60 * 60 * 1000,
          sourceName: "Bench Wire",
          sourceUrl: `https://bench.example/articles/${i + 1}`,
          authorName: "Bench Reporter",
          authorBio: "Writes bench articles.",
          authorAvatar: "/favicon.svg",
          status: "published",
          readingTime: 1,
          originalUrl: `https://bench.example/articles/${i + 1}`,
          canonicalUrl: `https://bench.example/articles/${i + 1}`,
          canonicalKey: `bench.example/articles/${i + 1}`,
          normalizedTitle: `stablecoin settlement update number ${i + 1} for kenyan merchants`,
          fetchedAt: now,
          matchedTopics: '["stablecoin","settlement"]',
          curationReason: "Bench data.",
          createdAt: now,
        })
        .onConflictDoNothing()
        .run();
      if (articleTags.length > 0) {
        tx.insert(newsArticleTags)
          .values(articleTags.map((tag) => ({ articleId: id, tag })))
          .onConflictDoNothing()
          .run();
      }
    }
  });
  return { middleSlug: `bench-article-${Math.max(1, Math.floor(count / 2))}` };
}
