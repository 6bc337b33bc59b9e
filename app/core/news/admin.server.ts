/**
 * What operators do on /admin/ingest, each write in one transaction with its audit entry. The route
 * guards, validates and calls these; they never touch the network (fetching is ingest.server.ts).
 */
import { recordAudit } from "~/core/audit.server";
import type { Db } from "~/utils/db.server";
import { getCuratedArticle, setArticleStatus } from "./articles.server";
import { addFeed, getFeed, removeFeed, setFeedEnabled, type AddFeedResult } from "./feeds.server";
import { updateNewsSettings } from "./settings.server";
import type { IngestRunSummary } from "./types";

type Actor = { operatorId: string; now: number };

export function changeArticleStatus(
  db: Db,
  input: Actor & { articleId: string; status: "published" | "draft" },
): { ok: true; title: string } | { ok: false } {
  const article = getCuratedArticle(db, input.articleId);
  if (!article) return { ok: false };
  db.transaction((tx) => {
    setArticleStatus(tx, input.articleId, input.status, input.operatorId, input.now);
    recordAudit(
      tx,
      {
        actorType: "operator",
        actorId: input.operatorId,
        action:
          input.status === "published" ? "news.article.published" : "news.article.unpublished",
        targetType: "news_article",
        targetId: input.articleId,
        details: { slug: article.slug, title: article.title, from: article.status },
      },
      input.now,
    );
  });
  return { ok: true, title: article.title };
}

export function changeSetting(
  db: Db,
  input: Actor & { setting: "autoIngest" | "autoPublish"; enabled: boolean },
): void {
  db.transaction((tx) => {
    updateNewsSettings(tx, { [input.setting]: input.enabled }, input.operatorId, input.now);
    recordAudit(
      tx,
      {
        actorType: "operator",
        actorId: input.operatorId,
        action:
          input.setting === "autoIngest"
            ? "news.settings.auto_ingest"
            : "news.settings.auto_publish",
        targetType: "news_settings",
        targetId: "1",
        details: { enabled: input.enabled },
      },
      input.now,
    );
  });
}

export function addFeedAudited(
  db: Db,
  input: Actor & { name: string; url: string },
): AddFeedResult {
  return db.transaction((tx) => {
    const result = addFeed(tx, { name: input.name, url: input.url }, input.now);
    if (result.ok) {
      recordAudit(
        tx,
        {
          actorType: "operator",
          actorId: input.operatorId,
          action: "news.feed.added",
          targetType: "news_feed",
          targetId: result.feed.id,
          details: { name: result.feed.name, url: result.feed.url },
        },
        input.now,
      );
    }
    return result;
  });
}

export function changeFeed(
  db: Db,
  input: Actor & { feedId: string; change: "enable" | "disable" | "remove" },
): { ok: true; name: string } | { ok: false } {
  const feed = getFeed(db, input.feedId);
  if (!feed) return { ok: false };
  db.transaction((tx) => {
    if (input.change === "remove") removeFeed(tx, input.feedId);
    else setFeedEnabled(tx, input.feedId, input.change === "enable", input.now);
    recordAudit(
      tx,
      {
        actorType: "operator",
        actorId: input.operatorId,
        action: `news.feed.${input.change === "remove" ? "removed" : input.change === "enable" ? "enabled" : "disabled"}`,
        targetType: "news_feed",
        targetId: input.feedId,
        details: { name: feed.name, url: feed.url },
      },
      input.now,
    );
  });
  return { ok: true, name: feed.name };
}

export function auditIngestRun(db: Db, input: Actor & { result: IngestRunSummary | "busy" }): void {
  const result = input.result;
  recordAudit(
    db,
    {
      actorType: "operator",
      actorId: input.operatorId,
      action: "news.ingest.run",
      targetType: "news_ingest_run",
      targetId: result === "busy" ? null : result.id,
      details:
        result === "busy"
          ? { outcome: "busy" }
          : {
              status: result.status,
              fetched: result.totalFetched,
              curated: result.totalCurated,
              excluded: result.totalExcluded,
            },
    },
    input.now,
  );
}
