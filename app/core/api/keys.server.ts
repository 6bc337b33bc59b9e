/**
 * API keys (issue 13, item 1): `oh_test_…` / `oh_live_…` followed by 32 random base62 characters
 * (190 bits). Only the SHA-256 of the whole key is stored (a fast hash is right for a long random
 * secret: there is nothing to guess), with a visible prefix for lists. A key is shown once, when it
 * is made. Last-used time is written at most once a minute per key, so a busy integration does not
 * turn every read into a write.
 *
 * On the store (ADR 0041): a key is made or revoked inside the caller's write (`q`); a request's
 * key is looked up in one read, and its last-used time written in a write of its own.
 */
import { createHash, randomInt } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { apiKeys, merchantUsers } from "../../../drizzle/schema";
import { isTeamRole, type TeamRole } from "~/core/accounts/permissions";
import { newId } from "~/core/ids.server";
import { prepared } from "~/db/prepared";
import type { Handle, Store } from "~/db/store";
import { roleHoldsScope } from "./key-rules";
import { apiKeyPrefixes, apiScopes, type ApiMode, type ApiScope } from "./vocabulary";
import { CURRENT_API_VERSION } from "./versions";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SECRET_LENGTH = 32;
/** How much of the key lists show: the mode prefix and 4 characters. */
const VISIBLE = 4;
const LAST_USED_EVERY_MS = 60_000;

/** The shape of a key, checked before any lookup. */
export const API_KEY_PATTERN = /^oh_(test|live)_[0-9A-Za-z]{32}$/;

export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

function newSecret(mode: ApiMode): string {
  let body = "";
  for (let i = 0; i < SECRET_LENGTH; i++) body += BASE62[randomInt(BASE62.length)];
  return apiKeyPrefixes[mode] + body;
}

export function parseScopes(stored: string): ApiScope[] {
  const list = JSON.parse(stored) as unknown;
  return Array.isArray(list)
    ? list.filter((scope): scope is ApiScope => (apiScopes as readonly unknown[]).includes(scope))
    : [];
}

export interface NewApiKey {
  merchantId: string;
  mode: ApiMode;
  name: string;
  scopes: readonly ApiScope[];
  /**
   * The team member whose key it is (who made it, or for whom `npm run apikey:create` made it):
   * the key never does more than their current role, and stops when they are suspended or removed.
   */
  createdBy: string;
  expiresAt?: number | null;
  now: number;
}

/**
 * A new key's row and its secret, not yet stored (`createApiKey` stores it): the only time the
 * secret exists in the clear.
 */
export function newApiKey(input: NewApiKey): { key: ApiKeyRow; secret: string } {
  const secret = newSecret(input.mode);
  const key: ApiKeyRow = {
    id: newId("key"),
    merchantId: input.merchantId,
    mode: input.mode,
    name: input.name,
    prefix: secret.slice(0, apiKeyPrefixes[input.mode].length + VISIBLE),
    secretHash: hashApiKey(secret),
    scopes: JSON.stringify([...new Set(input.scopes)]),
    createdBy: input.createdBy,
    createdAt: input.now,
    lastUsedAt: null,
    expiresAt: input.expiresAt ?? null,
    revokedAt: null,
    revokedBy: null,
    apiVersion: CURRENT_API_VERSION,
  };
  return { key, secret };
}

/** Make a key, inside the caller's write. Returns the row and the secret (shown once). */
export async function createApiKey(
  q: Handle,
  input: NewApiKey,
): Promise<{ key: ApiKeyRow; secret: string }> {
  const made = newApiKey(input);
  await q.insert(apiKeys).values(made.key);
  return made;
}

export interface ApiKeyAuth {
  keyId: string;
  merchantId: string;
  mode: ApiMode;
  /** What the key may do now: the scopes it was given that its member's current role holds. */
  scopes: ApiScope[];
  /** Given to the key, but beyond its member's current role (refused, saying so). */
  withheldScopes: ApiScope[];
  /** The member the key belongs to: whatever it does is theirs (the audit keeps the key too). */
  memberId: string;
  role: TeamRole;
  /** The dated API version the key is pinned to. */
  apiVersion: string;
}

export type ApiKeyRefusal = "malformed" | "unknown" | "revoked" | "expired";

const lastUsedWritten = new Map<string, number>();

/** Every API request looks its key up, with its member's role and status (built once). */
const keyByHashQuery = prepared("api.keyByHash", (q) =>
  q
    .select({
      key: apiKeys,
      memberRole: merchantUsers.role,
      memberStatus: merchantUsers.status,
    })
    .from(apiKeys)
    .leftJoin(merchantUsers, eq(merchantUsers.id, apiKeys.createdBy))
    .where(eq(apiKeys.secretHash, sql.placeholder("hash")))
    .limit(1),
);
const keyByHash = (q: Handle, hash: string) => keyByHashQuery(q).get({ hash });

/**
 * The key a bearer secret names, if it may be used now. Refusals say why (the API answers 401 with
 * a message for each). Marks the key used (at most once a minute), in a write of its own after the
 * read.
 */
export async function authenticateApiKey(
  store: Store,
  secret: string,
  now: number,
): Promise<{ ok: true; key: ApiKeyAuth } | { ok: false; reason: ApiKeyRefusal }> {
  if (!API_KEY_PATTERN.test(secret)) return { ok: false, reason: "malformed" };
  const hash = hashApiKey(secret);
  const found = await store.readOne((q) => keyByHash(q, hash));
  if (!found) return { ok: false, reason: "unknown" };
  const { key: row, memberRole, memberStatus } = found;
  if (row.revokedAt !== null && row.revokedAt <= now) return { ok: false, reason: "revoked" };
  // A key stops with its member: suspended or removed (their keys are also revoked then).
  if (!row.createdBy || memberStatus !== "active" || !isTeamRole(memberRole))
    return { ok: false, reason: "revoked" };
  if (row.expiresAt !== null && row.expiresAt <= now) return { ok: false, reason: "expired" };
  const written = lastUsedWritten.get(row.id) ?? row.lastUsedAt ?? 0;
  if (now - written >= LAST_USED_EVERY_MS) {
    lastUsedWritten.set(row.id, now);
    await store.write(async (q) => {
      await q.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
    });
  }
  const given = parseScopes(row.scopes);
  return {
    ok: true,
    key: {
      keyId: row.id,
      merchantId: row.merchantId,
      mode: row.mode,
      scopes: given.filter((scope) => roleHoldsScope(memberRole, scope)),
      withheldScopes: given.filter((scope) => !roleHoldsScope(memberRole, scope)),
      memberId: row.createdBy,
      role: memberRole,
      apiVersion: row.apiVersion,
    },
  };
}

/**
 * Revoke every active key of a member (suspended or removed), in the caller's transaction: the
 * Developers page shows them revoked, by the member who made the change. Returns how many.
 */
export async function revokeMemberKeys(
  q: Handle,
  input: { memberId: string; revokedBy: string; now: number },
): Promise<number> {
  const revoked = await q
    .update(apiKeys)
    .set({ revokedAt: input.now, revokedBy: input.revokedBy })
    .where(and(eq(apiKeys.createdBy, input.memberId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length;
}

/**
 * Revoke at once, inside the caller's write. False when the key is not the merchant's or was
 * already revoked.
 */
export async function revokeApiKey(
  q: Handle,
  input: { merchantId: string; keyId: string; revokedBy: string; now: number },
): Promise<boolean> {
  const revoked = await q
    .update(apiKeys)
    .set({ revokedAt: input.now, revokedBy: input.revokedBy })
    .where(
      and(
        eq(apiKeys.id, input.keyId),
        eq(apiKeys.merchantId, input.merchantId),
        isNull(apiKeys.revokedAt),
      ),
    )
    .returning({ id: apiKeys.id });
  return revoked.length === 1;
}
