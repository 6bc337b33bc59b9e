/**
 * API keys as the Developers page and `npm run apikey:create` manage them (issue 13, item 1), on
 * top of keys.server.ts: each creation or revocation is one transaction with its audit row
 * ("api_key.created" / "api_key.revoked") and, for a team member, a security event on their
 * account. The secret is returned to the caller once and never logged or stored.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { apiKeys, merchants, merchantUsers } from "../../../drizzle/schema";
import { isTeamRole, type TeamRole } from "~/core/accounts/permissions";
import { recordAudit } from "~/core/audit.server";
import { recordSecurityEvent, type RequestOrigin } from "~/core/accounts/security-events.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { scopesBeyondRole } from "./key-rules";
import { createApiKey, parseScopes, revokeApiKey, type ApiKeyRow } from "./keys.server";
import type { ApiMode, ApiScope } from "./vocabulary";

/** A signed-in member acting on their merchant's keys (the route checked developers:manage). */
/** The refusal of a key whose scopes go beyond its member's role, or null when they do not. */
function beyondRole(role: TeamRole, scopes: readonly ApiScope[]): KeyRefusal | null {
  const beyond = scopesBeyondRole(role, scopes);
  return beyond.length > 0 ? { ok: false, reason: "beyond_role", role, scopes: beyond } : null;
}

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
  /** The member the key belongs to (their username), null when none is left. */
  member: string | null;
  /** Scopes given to the key that its member's current role no longer holds (not usable). */
  withheldScopes: ApiScope[];
}

export function apiKeyStatus(
  row: Pick<ApiKeyRow, "revokedAt" | "expiresAt">,
  now: number,
  memberActive = true,
): ApiKeyStatus {
  if (row.revokedAt !== null && row.revokedAt <= now) return "revoked";
  // A key stops with its member (suspended or removed): it reads as revoked.
  if (!memberActive) return "revoked";
  if (row.expiresAt !== null && row.expiresAt <= now) return "expired";
  return "active";
}

/** The merchant's keys with their members, newest first, at most `limit` (the page lists 200). */
export async function apiKeyListItems(
  store: Store,
  merchantId: string,
  now: number,
  limit = 200,
): Promise<ApiKeyListItem[]> {
  const rows = await store.read((q) =>
    q
      .select({
        row: apiKeys,
        member: merchantUsers.username,
        role: merchantUsers.role,
        memberStatus: merchantUsers.status,
      })
      .from(apiKeys)
      .leftJoin(merchantUsers, eq(merchantUsers.id, apiKeys.createdBy))
      .where(eq(apiKeys.merchantId, merchantId))
      .orderBy(desc(apiKeys.createdAt))
      .limit(limit),
  );
  return rows.map(({ row, member, role, memberStatus }) => {
    const scopes = parseScopes(row.scopes);
    return {
      id: row.id,
      name: row.name,
      mode: row.mode,
      prefix: row.prefix,
      scopes,
      createdAt: row.createdAt,
      lastUsedAt: row.lastUsedAt,
      expiresAt: row.expiresAt,
      revokedAt: row.revokedAt,
      status: apiKeyStatus(row, now, memberStatus === "active"),
      member,
      withheldScopes: role ? scopesBeyondRole(role, scopes) : scopes,
    };
  });
}

/**
 * A member as a key's owner: their role and status now, read (and locked: the check of a "check
 * then write") in the key's write.
 */
function memberOf(store: Store, q: Handle, merchantId: string, userId: string) {
  return first(
    store.forUpdate(
      q
        .select({ id: merchantUsers.id, role: merchantUsers.role, status: merchantUsers.status })
        .from(merchantUsers)
        .where(and(eq(merchantUsers.id, userId), eq(merchantUsers.merchantId, merchantId)))
        .limit(1),
    ),
  );
}

/** Why a key was not made. */
export type KeyRefusal =
  | { ok: false; reason: "beyond_role"; role: TeamRole; scopes: ApiScope[] }
  | { ok: false; reason: "no_member" };

export interface NewKeyRequest {
  name: string;
  mode: ApiMode;
  scopes: readonly ApiScope[];
  expiresAt: number | null;
}

/**
 * A member creates a key: the row, the audit row and their security event in one transaction,
 * with the check that the scopes are within the member's role as it is now (ADR 0038).
 */
export function createKeyForMember(
  store: Store,
  actor: KeyActor,
  input: NewKeyRequest,
  now = Date.now(),
): Promise<({ ok: true } & { key: ApiKeyRow; secret: string }) | KeyRefusal> {
  return store.write(async (q) => {
    const member = await memberOf(store, q, actor.merchantId, actor.userId);
    if (!member || member.status !== "active" || !isTeamRole(member.role))
      return { ok: false as const, reason: "no_member" as const };
    const refused = beyondRole(member.role, input.scopes);
    if (refused) return refused;
    const made = await createApiKey(q, {
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
    await recordAudit(
      q,
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
    await recordSecurityEvent(
      q,
      {
        subject: { type: "merchant_user", id: actor.userId },
        type: "api_key_created",
        origin: actor.origin,
        details,
      },
      now,
    );
    return { ok: true as const, ...made };
  });
}

/** Revoke at once. False when the key is not this merchant's or was already revoked. */
export function revokeKeyForMember(
  store: Store,
  actor: KeyActor,
  keyId: string,
  now = Date.now(),
): Promise<{ ok: true; name: string } | { ok: false }> {
  return store.write(async (q) => {
    if (
      !(await revokeApiKey(q, {
        merchantId: actor.merchantId,
        keyId,
        revokedBy: actor.userId,
        now,
      }))
    )
      return { ok: false as const };
    const row = (await first(
      q
        .select({ name: apiKeys.name, mode: apiKeys.mode, prefix: apiKeys.prefix })
        .from(apiKeys)
        .where(eq(apiKeys.id, keyId))
        .limit(1),
    ))!;
    const details = { keyId, name: row.name, mode: row.mode, prefix: row.prefix };
    await recordAudit(
      q,
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
    await recordSecurityEvent(
      q,
      {
        subject: { type: "merchant_user", id: actor.userId },
        type: "api_key_revoked",
        origin: actor.origin,
        details,
      },
      now,
    );
    return { ok: true as const, name: row.name };
  });
}

/**
 * `npm run apikey:create`: a key made by an operator at the command line for a member of the
 * merchant (by username; the first active owner when none is named). The audit row's actor is
 * "system"; the key is the member's and never does more than their role. Refusals: no such merchant
 * or member, or scopes beyond the member's role. One write (scripts/apikey-create.ts and the bench
 * hand it the store on their database).
 */
export function createKeyFromCommandLine(
  store: Store,
  merchantId: string,
  input: NewKeyRequest & { member?: string },
  now = Date.now(),
): Promise<
  | ({ ok: true } & { key: ApiKeyRow; secret: string; member: string })
  | KeyRefusal
  | { ok: false; reason: "no_merchant" }
> {
  return store.write(async (q) => {
    const merchant = await first(
      q.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).limit(1),
    );
    if (!merchant) return { ok: false as const, reason: "no_merchant" as const };
    const member = await first(
      store.forUpdate(
        q
          .select({
            id: merchantUsers.id,
            username: merchantUsers.username,
            role: merchantUsers.role,
          })
          .from(merchantUsers)
          .where(
            and(
              eq(merchantUsers.merchantId, merchantId),
              eq(merchantUsers.status, "active"),
              input.member === undefined
                ? eq(merchantUsers.role, "owner")
                : eq(merchantUsers.username, input.member),
            ),
          )
          .orderBy(asc(merchantUsers.createdAt))
          .limit(1),
      ),
    );
    if (!member) return { ok: false as const, reason: "no_member" as const };
    const refused = beyondRole(member.role, input.scopes);
    if (refused) return refused;
    const { member: _named, ...request } = input;
    const made = await createApiKey(q, { merchantId, createdBy: member.id, now, ...request });
    await recordAudit(
      q,
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
          member: member.id,
          via: "apikey:create",
        },
      },
      now,
    );
    return { ok: true as const, ...made, member: member.username };
  });
}
