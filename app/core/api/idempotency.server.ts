/**
 * Idempotency keys (issue 13, item 3). A POST with `Idempotency-Key` first claims the key for its
 * merchant and mode: a new key is claimed (running), a finished one replays its stored response,
 * the same key with another request is a mismatch (422), one still running is in use (409). The
 * handler stores its response with `completeIdempotency` in the same transaction as its effect,
 * so a crash leaves either both or neither. A claim whose request died lapses after `CLAIM_MS`;
 * records are kept 24 hours.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { idempotencyKeys } from "../../../drizzle/schema";
import { first } from "~/db/sql";
import { THIS_PROCESS } from "~/db/process-name.server";
import { processGone } from "~/utils/server-process.server";
import type { Handle, Store, WriteOptions } from "~/db/store";
import type { ApiMode } from "./vocabulary";

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** Longer than any request (the custody call's timeout included). */
export const CLAIM_MS = 5 * 60_000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** Printable ASCII without spaces at the ends. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;

export interface IdempotencyScope {
  merchantId: string;
  mode: ApiMode;
  key: string;
}

/** The request's fingerprint: method, path and the raw body bytes. */
export function requestFingerprint(method: string, path: string, body: string): string {
  return createHash("sha256").update(`${method} ${path}\n`).update(body).digest("hex");
}

export type Claim =
  | { kind: "claimed" }
  | { kind: "replay"; status: number; body: string }
  | { kind: "mismatch" }
  /** `holder`: the server process answering it (ADR 0047). */
  | { kind: "in_progress"; holder: string | null };

/**
 * Claim the key, in a write of its own. Pass `{ wait: "applied" }` to answer (or run the effect)
 * before the claim is on disk, then `store.durable()` before answering the client. `takeOverFrom`:
 * a holder known to be gone (`processGone`), whose running claim this request takes over.
 */
export function claimIdempotencyKey(
  store: Store,
  scope: IdempotencyScope,
  requestHash: string,
  now: number,
  options?: WriteOptions & { takeOverFrom?: string },
): Promise<Claim> {
  return store.write(async (q): Promise<Claim> => {
    const where = and(
      eq(idempotencyKeys.merchantId, scope.merchantId),
      eq(idempotencyKeys.mode, scope.mode),
      eq(idempotencyKeys.key, scope.key),
    );
    const row = await first(
      store.forUpdate(q.select().from(idempotencyKeys).where(where).limit(1)),
    );
    if (row && row.expiresAt > now) {
      if (row.requestHash !== requestHash) return { kind: "mismatch" };
      if (row.state === "done")
        return { kind: "replay", status: row.responseStatus!, body: row.responseBody! };
      const holderGone = row.holder !== null && row.holder === options?.takeOverFrom;
      if ((row.lockedUntil ?? 0) > now && !holderGone)
        return { kind: "in_progress", holder: row.holder };
      // The first request died with its claim (or its process did): this retry takes it over.
      await q
        .update(idempotencyKeys)
        .set({ lockedUntil: now + CLAIM_MS, holder: THIS_PROCESS })
        .where(where);
      return { kind: "claimed" };
    }
    if (row) await q.delete(idempotencyKeys).where(where);
    await q.insert(idempotencyKeys).values({
      ...scope,
      requestHash,
      state: "running",
      lockedUntil: now + CLAIM_MS,
      holder: THIS_PROCESS,
      createdAt: now,
      expiresAt: now + IDEMPOTENCY_TTL_MS,
    });
    return { kind: "claimed" };
  }, options);
}

/** Store the response of a claimed key, inside the caller's write (the effect's, or its own). */
export async function completeIdempotency(
  q: Handle,
  scope: IdempotencyScope,
  response: { status: number; body: string },
): Promise<void> {
  await q
    .update(idempotencyKeys)
    .set({
      state: "done",
      lockedUntil: null,
      holder: null,
      responseStatus: response.status,
      responseBody: response.body,
    })
    .where(
      and(
        eq(idempotencyKeys.merchantId, scope.merchantId),
        eq(idempotencyKeys.mode, scope.mode),
        eq(idempotencyKeys.key, scope.key),
      ),
    );
}

/** Give a claim back (the request failed with nothing done: a retry may run it again). */
export async function releaseIdempotencyKey(q: Handle, scope: IdempotencyScope): Promise<void> {
  await q
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.merchantId, scope.merchantId),
        eq(idempotencyKeys.mode, scope.mode),
        eq(idempotencyKeys.key, scope.key),
        eq(idempotencyKeys.state, "running"),
      ),
    );
}

/**
 * Free the claims still "running" whose request died with its process (a kill -9 after the claim
 * was on disk and before its effect was): those of processes of this machine that no longer run,
 * and those that name no process (written before claims named one). A retry then takes the claim
 * over at once instead of being refused as in use for up to `CLAIM_MS`. A claim of a process that
 * runs, here or on another machine, is left alone (ADR 0047). Returns how many.
 */
export async function releaseClaimsOfDeadRequests(store: Store): Promise<number> {
  const running = await store.read((q) =>
    q
      .selectDistinct({ holder: idempotencyKeys.holder })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.state, "running")),
  );
  const dead = running
    .map((row) => row.holder)
    .filter((holder) => holder === null || processGone(holder));
  if (dead.length === 0) return 0;
  const holders = dead.filter((holder): holder is string => holder !== null);
  const released = await store.write((q) =>
    q
      .update(idempotencyKeys)
      .set({ lockedUntil: null })
      .where(
        and(
          eq(idempotencyKeys.state, "running"),
          or(
            dead.includes(null) ? isNull(idempotencyKeys.holder) : undefined,
            holders.length > 0 ? inArray(idempotencyKeys.holder, holders) : undefined,
          ),
        ),
      )
      .returning({ key: idempotencyKeys.key }),
  );
  return released.length;
}

/** Drop records past their 24 hours. Returns how many. */
export async function pruneIdempotencyKeys(store: Store, now: number): Promise<number> {
  const dropped = await store.write((q) =>
    q
      .delete(idempotencyKeys)
      .where(lte(idempotencyKeys.expiresAt, now))
      .returning({ key: idempotencyKeys.key }),
  );
  return dropped.length;
}
