/**
 * What operators do on /admin/ingest, each write in one transaction with its audit entry. The route
 * guards, validates and calls these; they never touch the network (fetching is ingest.server.ts).
 */
import { recordAudit } from "~/core/audit.server";
import type { Store } from "~/db/store";
import { getCuratedArticle, setArticleStatus } from "./articles.server";
import { addFeed, getFeed, removeFeed, setFeedEnabled, type AddFeedResult } from "./feeds.server";
import { updateNewsSettings } from "./settings.server";
import type { IngestRunSummary } from "./types";

type Actor = { operatorId: string; now: number };

export async function changeArticleStatus(
  store: Store,
  input: Actor & { articleId: string; status: "published" | "draft" },
): Promise<{ ok: true; title: string } | { ok: false }> {
  const article = await getCuratedArticle(store, input.articleId);
  if (!article) return { ok: false };
  await store.write(async (q) => {
    await setArticleStatus(q, input.articleId, input.status, input.operatorId, input.now);
    await recordAudit(
      q,
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

export async function changeSetting(
  store: Store,
  input: Actor & { setting: "autoIngest" | "autoPublish"; enabled: boolean },
): Promise<void> {
  await store.write(async (q) => {
    await updateNewsSettings(q, { [input.setting]: input.enabled }, input.operatorId, input.now);
    await recordAudit(
      q,
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
  store: Store,
  input: Actor & { name: string; url: string },
): Promise<AddFeedResult> {
  return store.write(async (q) => {
    const result = await addFeed(q, { name: input.name, url: input.url }, input.now);
    if (result.ok) {
      await recordAudit(
        q,
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

export async function changeFeed(
  store: Store,
  input: Actor & { feedId: string; change: "enable" | "disable" | "remove" },
): Promise<{ ok: true; name: string } | { ok: false }> {
  const feed = await getFeed(store, input.feedId);
  if (!feed) return { ok: false };
  await store.write(async (q) => {
    if (input.change === "remove") await removeFeed(q, input.feedId);
    else await setFeedEnabled(q, input.feedId, input.change === "enable", input.now);
    await recordAudit(
      q,
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

export async function auditIngestRun(
  store: Store,
  input: Actor & { result: IngestRunSummary | "busy" },
): Promise<void> {
  const result = input.result;
  await store.write(async (q) => {
    await recordAudit(
      q,
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
  });
}
