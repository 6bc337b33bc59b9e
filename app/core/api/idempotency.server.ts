/**
 * Idempotency keys (issue 13, item 3). A POST with `Idempotency-Key` first claims the key for its
 * merchant and mode: a new key is claimed (running), a finished one replays its stored response,
 * the same key with another request is a mismatch (422), one still running is in use (409). The
 * handler stores its response with `completeIdempotency` in the same transaction as its effect,
 * so a crash leaves either both or neither. A claim whose request died lapses after `CLAIM_MS`;
 * records are kept 24 hours.
 */
import { createHash } from "node:crypto";
import { and, eq, lte } from "drizzle-orm";
import { idempotencyKeys } from "../../../drizzle/schema";
import type { Db, DbOrTx } from "~/utils/db.server";
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
  | { kind: "in_progress" };

export function claimIdempotencyKey(
  db: Db,
  scope: IdempotencyScope,
  requestHash: string,
  now: number,
): Claim {
  return db.transaction(
    (tx): Claim => {
      const where = and(
        eq(idempotencyKeys.merchantId, scope.merchantId),
        eq(idempotencyKeys.mode, scope.mode),
        eq(idempotencyKeys.key, scope.key),
      );
      const row = tx.select().from(idempotencyKeys).where(where).get();
      if (row && row.expiresAt > now) {
        if (row.requestHash !== requestHash) return { kind: "mismatch" };
        if (row.state === "done")
          return { kind: "replay", status: row.responseStatus!, body: row.responseBody! };
        if ((row.lockedUntil ?? 0) > now) return { kind: "in_progress" };
        // The first request died with its claim: this retry takes it over.
        tx.update(idempotencyKeys)
          .set({ lockedUntil: now + CLAIM_MS })
          .where(where)
          .run();
        return { kind: "claimed" };
      }
      if (row) tx.delete(idempotencyKeys).where(where).run();
      tx.insert(idempotencyKeys)
        .values({
          ...scope,
          requestHash,
          state: "running",
          lockedUntil: now + CLAIM_MS,
          createdAt: now,
          expiresAt: now + IDEMPOTENCY_TTL_MS,
        })
        .run();
      return { kind: "claimed" };
    },
    { behavior: "immediate" },
  );
}

/** Store the response of a claimed key (call it inside the transaction of the effect). */
export function completeIdempotency(
  db: DbOrTx,
  scope: IdempotencyScope,
  response: { status: number; body: string },
): void {
  db.update(idempotencyKeys)
    .set({
      state: "done",
      lockedUntil: null,
      responseStatus: response.status,
      responseBody: response.body,
    })
    .where(
      and(
        eq(idempotencyKeys.merchantId, scope.merchantId),
        eq(idempotencyKeys.mode, scope.mode),
        eq(idempotencyKeys.key, scope.key),
      ),
    )
    .run();
}

/** Give a claim back (the request failed with nothing done: a retry may run it again). */
export function releaseIdempotencyKey(db: DbOrTx, scope: IdempotencyScope): void {
  db.delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.merchantId, scope.merchantId),
        eq(idempotencyKeys.mode, scope.mode),
        eq(idempotencyKeys.key, scope.key),
        eq(idempotencyKeys.state, "running"),
      ),
    )
    .run();
}

/** Drop records past their 24 hours. Returns how many. */
export function pruneIdempotencyKeys(db: DbOrTx, now: number): number {
  return db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now)).run().changes;
}
