/**
 * The operator's news switches (auto-ingest, auto-publish): one stored row, defaults when absent.
 */
import { eq } from "drizzle-orm";
import { newsSettings } from "../../../drizzle/schema";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import type { NewsSettings } from "./types";

export const DEFAULT_NEWS_SETTINGS: NewsSettings = {
  autoIngest: false,
  autoPublish: false,
  updatedAt: null,
};

export async function getNewsSettings(store: Store): Promise<NewsSettings> {
  const row = await store.read((q) =>
    first(q.select().from(newsSettings).where(eq(newsSettings.id, 1)).limit(1)),
  );
  if (!row) return DEFAULT_NEWS_SETTINGS;
  return { autoIngest: row.autoIngest, autoPublish: row.autoPublish, updatedAt: row.updatedAt };
}

export async function updateNewsSettings(
  q: Handle,
  patch: Partial<Pick<NewsSettings, "autoIngest" | "autoPublish">>,
  actorId: string | null,
  now: number,
): Promise<void> {
  await q
    .insert(newsSettings)
    .values({
      id: 1,
      autoIngest: patch.autoIngest ?? DEFAULT_NEWS_SETTINGS.autoIngest,
      autoPublish: patch.autoPublish ?? DEFAULT_NEWS_SETTINGS.autoPublish,
      updatedAt: now,
      updatedBy: actorId,
    })
    .onConflictDoUpdate({
      target: newsSettings.id,
      set: { ...patch, updatedAt: now, updatedBy: actorId },
    });
}
