/**
 * Seeds the news feed list (protocols.md section 5) and the default news settings. Idempotent, and
 * it respects operators: the feeds are seeded only into an empty list, so a feed an operator
 * removed does not come back at the next start.
 */
import { count } from "drizzle-orm";
import { newsFeeds, newsSettings } from "../drizzle/schema";
import { DEFAULT_FEEDS } from "../app/core/news/default-feeds";
import { addFeed } from "../app/core/news/feeds.server";
import { sqliteStore } from "../app/db/sqlite-store.server";
import type { Db } from "../app/db/sqlite-connection.server";

export async function seedNews(db: Db, now = Date.now()): Promise<string[]> {
  const report: string[] = [];
  const existing = db.select({ n: count() }).from(newsFeeds).get()?.n ?? 0;
  if (existing === 0) {
    const store = sqliteStore(db);
    let added = 0;
    for (const feed of DEFAULT_FEEDS) {
      if ((await store.write((q) => addFeed(q, feed, now))).ok) added += 1;
    }
    report.push(`news feeds: seeded ${added}`);
  }
  const inserted = db
    .insert(newsSettings)
    .values({ id: 1, autoIngest: false, autoPublish: false, updatedAt: now })
    .onConflictDoNothing()
    .run();
  if (inserted.changes === 1) report.push("news settings: auto-ingest off, auto-publish off");
  return report;
}
