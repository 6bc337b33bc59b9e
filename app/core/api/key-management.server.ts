/**
 * API keys as the Developers page and `npm run apikey:create` manage them (issue 13, item 1), on
 * top of keys.server.ts: each creation or revocation is one transaction with its audit row
 * ("api_key.created" / "api_key.revoked") and, for a team member, a security event on their
 * account. The secret is returned to the caller once and never logged or stored.
 */
import { eq } from "drizzle-orm";
import { apiKeys, merchants } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { recordSecurityEvent, type RequestOrigin } from "~/core/accounts/security-events.server";
import type { Db } from "~/utils/db.server";
import {
  createApiKey,
  listApiKeys,
  parseScopes,
  revokeApiKey,
  type ApiKeyRow,
} from "./keys.server";
import type { ApiMode, ApiScope } from "./vocabulary";

/** A signed-in member acting on their merchant's keys (the route checked developers:manage). */
export interface KeyActor {
  merchantId: string;
  userId: string;
  origin?: RequestOrigin;
}

export type ApiKeyStatus = "active" | "revoked" | "expired";

/** One key as the list shows it: never the secret, nor its hash. */
export interface ApiKeyListItem {
  id: string;
  name: string;
  mode: ApiMode;
  prefix: string;
  scopes: ApiScope[];
  createdAt: number;
  lastUsedAt: number | null;
  expiresAt: number | null;
  revokedAt: number | null;
  status: ApiKeyStatus;
}

export function apiKeyStatus(
  row: Pick<ApiKeyRow, "revokedAt" | "expiresAt">,
  now: number,
): ApiKeyStatus {
  if (row.revokedAt !== null && row.revokedAt <= now) return "revoked";
  if (row.expiresAt !== null && row.expiresAt <= now) return "expired";
  return "active";
}

/** The merchant's keys, newest first, at most `limit` (the page lists 200). */
export function apiKeyListItems(
  db: Db,
  merchantId: string,
  now: number,
  limit = 200,
): ApiKeyListItem[] {
  return listApiKeys(db, merchantId)
    .slice(0, limit)
    .map((row) => ({
      id: row.id,
      name: row.name,
      mode: row.mode,
      prefix: row.prefix,
      scopes: parseScopes(row.scopes),
      createdAt: row.createdAt,
      lastUsedAt: row.lastUsedAt,
      expiresAt: row.expiresAt,
      revokedAt: row.revokedAt,
      status: apiKeyStatus(row, now),
    }));
}

export interface NewKeyRequest {
  name: string;
  mode: ApiMode;
  scopes: readonly ApiScope[];
  expiresAt: number | null;
}

/** A member creates a key: the row, the audit row and their security event in one transaction. */
export function createKeyForMember(
  db: Db,
  actor: KeyActor,
  input: NewKeyRequest,
  now = Date.now(),
): { key: ApiKeyRow; secret: string } {
  return db.transaction(
    (tx) => {
      const made = createApiKey(tx, {
        merchantId: actor.merchantId,
        createdBy: actor.userId,
        now,
        ...input,
      });
      const details = {
        keyId: made.key.id,
        name: input.name,
        mode: input.mode,
        prefix: made.key.prefix,
      };
      recordAudit(
        tx,
        {
          actorType: "merchant_user",
          actorId: actor.userId,
          action: "api_key.created",
          targetType: "api_key",
          targetId: made.key.id,
          details: { merchantId: actor.merchantId, scopes: input.scopes, ...details },
        },
        now,
      );
      recordSecurityEvent(
        tx,
        {
          subject: { type: "merchant_user", id: actor.userId },
          type: "api_key_created",
          origin: actor.origin,
          details,
        },
        now,
      );
      return made;
    },
    { behavior: "immediate" },
  );
}

/** Revoke at once. False when the key is not this merchant's or was already revoked. */
export function revokeKeyForMember(
  db: Db,
  actor: KeyActor,
  keyId: string,
  now = Date.now(),
): { ok: true; name: string } | { ok: false } {
  return db.transaction(
    (tx) => {
      if (!revokeApiKey(tx, { merchantId: actor.merchantId, keyId, revokedBy: actor.userId, now }))
        return { ok: false as const };
      const row = tx
        .select({ name: apiKeys.name, mode: apiKeys.mode, prefix: apiKeys.prefix })
        .from(apiKeys)
        .where(eq(apiKeys.id, keyId))
        .get()!;
      const details = { keyId, name: row.name, mode: row.mode, prefix: row.prefix };
      recordAudit(
        tx,
        {
          actorType: "merchant_user",
          actorId: actor.userId,
          action: "api_key.revoked",
          targetType: "api_key",
          targetId: keyId,
          details: { merchantId: actor.merchantId, ...details },
        },
        now,
      );
      recordSecurityEvent(
        tx,
        {
          subject: { type: "merchant_user", id: actor.userId },
          type: "api_key_revoked",
          origin: actor.origin,
          details,
        },
        now,
      );
      return { ok: true as const, name: row.name };
    },
    { behavior: "immediate" },
  );
}

/**
 * `npm run apikey:create`: a key made by an operator at the command line (no team member: the
 * audit row's actor is "system"). Undefined when the merchant does not exist.
 */
export function createKeyFromCommandLine(
  db: Db,
  merchantId: string,
  input: NewKeyRequest,
  now = Date.now(),
): { key: ApiKeyRow; secret: string } | undefined {
  return db.transaction(
    (tx) => {
      const merchant = tx
        .select({ id: merchants.id })
        .from(merchants)
        .where(eq(merchants.id, merchantId))
        .get();
      if (!merchant) return undefined;
      const made = createApiKey(tx, { merchantId, createdBy: null, now, ...input });
      recordAudit(
        tx,
        {
          actorType: "system",
          action: "api_key.created",
          targetType: "api_key",
          targetId: made.key.id,
          details: {
            merchantId,
            keyId: made.key.id,
            name: input.name,
            mode: input.mode,
            prefix: made.key.prefix,
            scopes: input.scopes,
            via: "apikey:create",
          },
        },
        now,
      );
      return made;
    },
    { behavior: "immediate" },
  );
}
