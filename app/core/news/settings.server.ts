/**
 * The operator's news switches (auto-ingest, auto-publish): one stored row, defaults when absent.
 */
import { eq } from "drizzle-orm";
import { newsSettings } from "../../../drizzle/schema";
import type { Db } from "~/utils/db.server";
import type { NewsSettings } from "./types";

export const DEFAULT_NEWS_SETTINGS: NewsSettings = {
  autoIngest: false,
  autoPublish: false,
  updatedAt: null,
};

export function getNewsSettings(db: Db): NewsSettings {
  const row = db.select().from(newsSettings).where(eq(newsSettings.id, 1)).get();
  if (!row) return DEFAULT_NEWS_SETTINGS;
  return { autoIngest: row.autoIngest, autoPublish: row.autoPublish, updatedAt: row.updatedAt };
}

export function updateNewsSettings(
  db: Pick<Db, "insert">,
  patch: Partial<Pick<NewsSettings, "autoIngest" | "autoPublish">>,
  actorId: string | null,
  now: number,
): void {
  db.insert(newsSettings)
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
    })
    .run();
}
