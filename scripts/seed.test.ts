/**
 * The seed run by `npm run db:setup` (scripts/seed.ts) on the store of either engine (ADR 0046):
 * each step says what it did, and a second run (or two at once, as two processes starting on one
 * PostgreSQL database) adds nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { merchants, merchantUsers, newsFeeds, newsSettings } from "../drizzle/schema";
import { DEFAULT_FEEDS } from "../app/core/news/default-feeds";
import { createTestDb, testStore } from "../tests/setup/db";
import { DEMO_MERCHANT, DEMO_TEAM, seedDemoMerchant, seedDemoTeam } from "./seed";
import { seedNews } from "./seed-news";

const { db, close } = createTestDb();
afterAll(close);
const store = testStore(db);
const now = 1_700_000_000_000;

describe("the seed", () => {
  it("seeds the news feeds and settings once", async () => {
    expect(await seedNews(store, now)).toEqual([
      `news feeds: seeded ${DEFAULT_FEEDS.length}`,
      "news settings: auto-ingest off, auto-publish off",
    ]);
    expect(await seedNews(store, now)).toEqual([]);
    expect(db.select().from(newsFeeds).all()).toHaveLength(DEFAULT_FEEDS.length);
    expect(db.select().from(newsSettings).all()).toMatchObject([
      { id: 1, autoIngest: false, autoPublish: false },
    ]);
  });

  it("adds the demo merchant and its team once, even when two runs start together", async () => {
    const [first, second] = await Promise.all([
      seedDemoMerchant(store, now),
      seedDemoMerchant(store, now),
    ]);
    expect(first).toContain(`Merchant ID ${DEMO_MERCHANT.merchantId}`);
    expect(second).toBe(first);
    expect(
      db.select().from(merchants).where(eq(merchants.id, DEMO_MERCHANT.merchantId)).all(),
    ).toHaveLength(1);

    const team = await seedDemoTeam(store, now);
    expect(team).toContain("demo-viewer (Viewer)");
    await seedDemoTeam(store, now);
    const members = db
      .select({ username: merchantUsers.username, role: merchantUsers.role })
      .from(merchantUsers)
      .where(eq(merchantUsers.merchantId, DEMO_MERCHANT.merchantId))
      .all();
    expect(members).toHaveLength(1 + DEMO_TEAM.length);
    expect(members).toEqual(
      expect.arrayContaining([
        { username: DEMO_MERCHANT.username, role: "owner" },
        ...DEMO_TEAM.map((member) => ({ username: member.username, role: member.role })),
      ]),
    );
  });
});
