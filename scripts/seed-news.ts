/**
 * Seeds the news feed list (protocols.md section 5) and the default news settings. Idempotent, and
 * it respects operators: the feeds are seeded only into an empty list, so a feed an operator
 * removed does not come back at the next start.
 */
import { count } from "drizzle-orm";
import { newsFeeds, newsSettings } from "../drizzle/schema";
import { DEFAULT_FEEDS } from "../app/core/news/default-feeds";
import { addFeed } from "../app/core/news/feeds.server";
import type { Store } from "../app/db/store";

export async function seedNews(store: Store, now = Date.now()): Promise<string[]> {
  return store.write(async (q) => {
    const report: string[] = [];
    const [existing] = await q.select({ n: count() }).from(newsFeeds);
    if ((existing?.n ?? 0) === 0) {
      let added = 0;
      for (const feed of DEFAULT_FEEDS) if ((await addFeed(q, feed, now)).ok) added += 1;
      report.push(`news feeds: seeded ${added}`);
    }
    const inserted = await q
      .insert(newsSettings)
      .values({ id: 1, autoIngest: false, autoPublish: false, updatedAt: now })
      .onConflictDoNothing();
    if (inserted.changes === 1) report.push("news settings: auto-ingest off, auto-publish off");
    return report;
  });
}
