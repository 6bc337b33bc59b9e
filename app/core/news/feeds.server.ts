/** The feed list: what an ingest run reads. Operators add, disable and remove feeds. */
import { asc, eq } from "drizzle-orm";
import { newsFeeds } from "../../../drizzle/schema";
import { newId } from "~/core/ids.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import type { FeedListItem } from "./types";
import { checkOutboundUrl } from "~/utils/outbound-address";

export type FeedRow = typeof newsFeeds.$inferSelect;

export type { FeedListItem } from "./types";

export function listFeeds(store: Store): Promise<FeedListItem[]> {
  return store.read((q) =>
    q
      .select({
        id: newsFeeds.id,
        name: newsFeeds.name,
        url: newsFeeds.url,
        enabled: newsFeeds.enabled,
        note: newsFeeds.note,
        lastFetchedAt: newsFeeds.lastFetchedAt,
        lastOutcome: newsFeeds.lastOutcome,
        lastError: newsFeeds.lastError,
      })
      .from(newsFeeds)
      .orderBy(asc(newsFeeds.name), asc(newsFeeds.createdAt)),
  );
}

export function listEnabledFeeds(store: Store): Promise<FeedRow[]> {
  return store.read((q) =>
    q.select().from(newsFeeds).where(eq(newsFeeds.enabled, true)).orderBy(asc(newsFeeds.name)),
  );
}

/**
 * A feed URL as we store it: http(s), no fragment, host lower-case. Null when not usable, including
 * when the outbound policy refuses it outright (a port other than 80/443, a private or loopback IP
 * literal, a local-only host name); names resolving to private addresses are refused at fetch time.
 */
export function normalizeFeedUrl(value: string): string | null {
  try {
    const check = checkOutboundUrl(value);
    if (!check.ok) return null;
    const url = new URL(check.url.href);
    url.hash = "";
    return url.toString();
  } catch {
    return null;
  }
}

export type AddFeedResult =
  { ok: true; feed: FeedListItem } | { ok: false; error: "invalid_url" | "duplicate" };

export async function addFeed(
  q: Handle,
  input: { name: string; url: string; enabled?: boolean; note?: string | null },
  now: number,
): Promise<AddFeedResult> {
  const url = normalizeFeedUrl(input.url);
  if (!url) return { ok: false, error: "invalid_url" };
  const id = newId("feed");
  const inserted = await q
    .insert(newsFeeds)
    .values({
      id,
      name: input.name.trim(),
      url,
      enabled: input.enabled ?? true,
      note: input.note ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: newsFeeds.url })
    .returning({ id: newsFeeds.id });
  if (inserted.length === 0) return { ok: false, error: "duplicate" };
  return {
    ok: true,
    feed: {
      id,
      name: input.name.trim(),
      url,
      enabled: input.enabled ?? true,
      note: input.note ?? null,
      lastFetchedAt: null,
      lastOutcome: null,
      lastError: null,
    },
  };
}

export function getFeed(store: Store, id: string): Promise<FeedRow | undefined> {
  return store.read((q) => first(q.select().from(newsFeeds).where(eq(newsFeeds.id, id)).limit(1)));
}

/** True when the feed exists. */
export async function setFeedEnabled(
  q: Handle,
  id: string,
  enabled: boolean,
  now: number,
): Promise<boolean> {
  const updated = await q
    .update(newsFeeds)
    .set({ enabled, updatedAt: now })
    .where(eq(newsFeeds.id, id))
    .returning({ id: newsFeeds.id });
  return updated.length === 1;
}

/**
 * Remove a feed. Articles and reports taken from it keep their source name; their feed link is
 * cleared.
 */
export async function removeFeed(q: Handle, id: string): Promise<boolean> {
  const removed = await q
    .delete(newsFeeds)
    .where(eq(newsFeeds.id, id))
    .returning({ id: newsFeeds.id });
  return removed.length === 1;
}
