/**
 * Operator actions: each write lands with its audit entry; the seed fills an empty feed list once.
 */
import { describe, expect, it } from "vitest";
import { newsArticles, newsFeeds } from "../../../drizzle/schema";
import { freshTestDbPerTest, testStore } from "../../../tests/setup/db";
import { seedNews } from "../../../scripts/seed-news";
import { auditTrail } from "~/core/audit.server";
import type { Db } from "~/db/sqlite-connection.server";
import { ingestActionSchema } from "./admin-schema";
import { addFeedAudited, changeArticleStatus, changeFeed, changeSetting } from "./admin.server";
import { DEFAULT_FEEDS } from "./default-feeds";
import { listFeeds } from "./feeds.server";
import { getNewsSettings } from "./settings.server";

let db: Db;
freshTestDbPerTest((fresh) => {
  db = fresh;
});

const actor = { operatorId: "op_test", now: 1_700_000_000_000 };

describe("operator actions", () => {
  it("adds a feed once, refuses a duplicate or a non-web address, and audits the addition", async () => {
    const added = await addFeedAudited(testStore(db), {
      ...actor,
      name: "TechCabal",
      url: "https://techcabal.com/feed/#x",
    });
    expect(added).toMatchObject({
      ok: true,
      feed: { url: "https://techcabal.com/feed/", enabled: true },
    });
    expect(
      await addFeedAudited(testStore(db), {
        ...actor,
        name: "Again",
        url: "https://techcabal.com/feed/",
      }),
    ).toEqual({ ok: false, error: "duplicate" });
    expect(
      await addFeedAudited(testStore(db), { ...actor, name: "Bad", url: "javascript:alert(1)" }),
    ).toEqual({
      ok: false,
      error: "invalid_url",
    });
    const id = added.ok ? added.feed.id : "";
    expect((await auditTrail(testStore(db), "news_feed", id)).map((entry) => entry.action)).toEqual(
      ["news.feed.added"],
    );
  });

  it("disables, enables and removes a feed, each audited", async () => {
    const added = await addFeedAudited(testStore(db), {
      ...actor,
      name: "Decrypt",
      url: "https://decrypt.co/feed",
    });
    const id = added.ok ? added.feed.id : "";
    expect(await changeFeed(testStore(db), { ...actor, feedId: id, change: "disable" })).toEqual({
      ok: true,
      name: "Decrypt",
    });
    expect((await listFeeds(testStore(db)))[0]?.enabled).toBe(false);
    await changeFeed(testStore(db), { ...actor, feedId: id, change: "enable" });
    expect((await listFeeds(testStore(db)))[0]?.enabled).toBe(true);
    await changeFeed(testStore(db), { ...actor, feedId: id, change: "remove" });
    expect(await listFeeds(testStore(db))).toEqual([]);
    expect(await changeFeed(testStore(db), { ...actor, feedId: id, change: "remove" })).toEqual({
      ok: false,
    });
    expect(
      (await auditTrail(testStore(db), "news_feed", id)).map((entry) => entry.action).sort(),
    ).toEqual(
      ["news.feed.added", "news.feed.disabled", "news.feed.enabled", "news.feed.removed"].sort(),
    );
  });

  it("stores the switches and audits them", async () => {
    await changeSetting(testStore(db), { ...actor, setting: "autoIngest", enabled: true });
    await changeSetting(testStore(db), { ...actor, setting: "autoPublish", enabled: true });
    await changeSetting(testStore(db), { ...actor, setting: "autoPublish", enabled: false });
    expect(await getNewsSettings(testStore(db))).toMatchObject({
      autoIngest: true,
      autoPublish: false,
      updatedAt: actor.now,
    });
    expect(await auditTrail(testStore(db), "news_settings", "1")).toHaveLength(3);
  });

  it("publishes and unpublishes a curated article, audited; an unknown id changes nothing", async () => {
    db.insert(newsArticles)
      .values({
        id: "art_1",
        slug: "s",
        title: "T",
        tldr: "x",
        body: "x",
        category: "News",
        publishedAt: 1,
        sourceName: "S",
        sourceUrl: "https://s.example/",
        authorName: "A",
        authorBio: "B",
        authorAvatar: "C",
        readingTime: 1,
        originalUrl: "https://s.example/",
        canonicalUrl: "https://s.example/",
        canonicalKey: "s.example/",
        normalizedTitle: "t",
        fetchedAt: 1,
        curationReason: "r",
        createdAt: 1,
      })
      .run();
    expect(
      await changeArticleStatus(testStore(db), {
        ...actor,
        articleId: "art_1",
        status: "published",
      }),
    ).toEqual({
      ok: true,
      title: "T",
    });
    expect(db.select().from(newsArticles).get()).toMatchObject({
      status: "published",
      statusChangedBy: "op_test",
      statusChangedAt: actor.now,
    });
    await changeArticleStatus(testStore(db), { ...actor, articleId: "art_1", status: "draft" });
    expect(db.select().from(newsArticles).get()?.status).toBe("draft");
    expect(
      await changeArticleStatus(testStore(db), {
        ...actor,
        articleId: "art_nope",
        status: "published",
      }),
    ).toEqual({ ok: false });
    expect(
      (await auditTrail(testStore(db), "news_article", "art_1"))
        .map((entry) => entry.action)
        .sort(),
    ).toEqual(["news.article.published", "news.article.unpublished"]);
  });
});

describe("what the admin forms may post", () => {
  it("accepts the known intents and nothing else", async () => {
    expect(ingestActionSchema.safeParse({ intent: "fetch" }).success).toBe(true);
    expect(ingestActionSchema.safeParse({ intent: "auto-ingest", enabled: "on" }).success).toBe(
      true,
    );
    expect(ingestActionSchema.safeParse({ intent: "auto-ingest", enabled: "maybe" }).success).toBe(
      false,
    );
    expect(ingestActionSchema.safeParse({ intent: "publish" }).success).toBe(false);
    expect(ingestActionSchema.safeParse({ intent: "delete-everything" }).success).toBe(false);
    expect(
      ingestActionSchema.safeParse({ intent: "add-feed", name: "X", url: "https://x.example/feed" })
        .success,
    ).toBe(false);
    expect(
      ingestActionSchema.safeParse({
        intent: "add-feed",
        name: "Outlet",
        url: "ftp://x.example/feed",
      }).success,
    ).toBe(false);
    expect(
      ingestActionSchema.safeParse({
        intent: "add-feed",
        name: "Outlet",
        url: "https://x.example/feed",
      }).success,
    ).toBe(true);
  });
});

describe("the news seed", () => {
  it("fills an empty feed list with the outlets of protocols.md section 5, once", async () => {
    expect(await seedNews(testStore(db), actor.now)).toEqual([
      `news feeds: seeded ${DEFAULT_FEEDS.length}`,
      "news settings: auto-ingest off, auto-publish off",
    ]);
    const feeds = await listFeeds(testStore(db));
    expect(feeds).toHaveLength(12);
    expect(
      feeds
        .filter((feed) => !feed.enabled)
        .map((feed) => feed.name)
        .sort(),
    ).toEqual(["Business Daily Africa", "Nation Africa (Kenya)"]);
    expect(await seedNews(testStore(db), actor.now)).toEqual([]);
    expect(db.select().from(newsFeeds).all()).toHaveLength(12);
  });

  it("does not bring back a feed an operator removed", async () => {
    await seedNews(testStore(db), actor.now);
    const first = (await listFeeds(testStore(db)))[0];
    await changeFeed(testStore(db), { ...actor, feedId: first?.id ?? "", change: "remove" });
    await seedNews(testStore(db), actor.now);
    expect(await listFeeds(testStore(db))).toHaveLength(11);
  });
});
