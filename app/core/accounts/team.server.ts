/**
 * A merchant's team (issue 12, item 1): members, invitations by e-mail with a role, role changes,
 * suspending, reactivating and removing (a removed member's row stays, for the audit). The last
 * active owner can never be removed, suspended or demoted: the check and the write are one
 * store write (the owners are read through `forUpdate`), so two owners demoting each other at the
 * same moment cannot leave the merchant without one. Every change is
 * audited ("team.*") and recorded as a security event on the acting member's account. Sessions of
 * a suspended, removed or re-roled member end at once.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { merchantInvitations, merchants, merchantUsers, sessions } from "../../../drizzle/schema";
import { revokeMemberKeys } from "~/core/api/keys.server";
import { recordAudit } from "~/core/audit.server";
import { queueEmail } from "~/core/email.server";
import { newId, newSecretToken } from "~/core/ids.server";
import { hashPassword } from "~/core/passwords.server";
import type { Handle, Store } from "~/db/store";
import { first } from "~/db/sql";
import { memberEmailMessages } from "~/i18n/catalogs/member-emails";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import type { MemberStatus, TeamRole } from "./permissions";
import { checkNewPassword } from "./password-policy.server";
import { recordSecurityEvent, type RequestOrigin } from "./security-events.server";
import type { SecurityEventType } from "./vocabulary";

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Who acts: a signed-in member of `merchantId` (the route checked team:manage and step-up). */
export interface TeamActor {
  merchantId: string;
  userId: string;
  origin?: RequestOrigin;
}

// ---------------------------------------------------------------------------------------------
// Reading

const memberColumns = {
  id: merchantUsers.id,
  username: merchantUsers.username,
  fullName: merchantUsers.fullName,
  email: merchantUsers.email,
  role: merchantUsers.role,
  status: merchantUsers.status,
  createdAt: merchantUsers.createdAt,
  totpEnabledAt: merchantUsers.totpEnabledAt,
};
const currentMembers = (merchantId: string) =>
  and(eq(merchantUsers.merchantId, merchantId), ne(merchantUsers.status, "removed"));
const memberOrder = [asc(merchantUsers.createdAt), asc(merchantUsers.username)];

/** The members (not removed), oldest first. */
export function teamMembers(store: Store, merchantId: string) {
  return store.read((q) =>
    q
      .select(memberColumns)
      .from(merchantUsers)
      .where(currentMembers(merchantId))
      .orderBy(...memberOrder),
  );
}

/** Invitations not yet accepted, revoked or expired. */
export function listPendingInvitations(store: Store, merchantId: string, now = Date.now()) {
  return store.read((q) =>
    q
      .select({
        id: merchantInvitations.id,
        email: merchantInvitations.email,
        role: merchantInvitations.role,
        createdAt: merchantInvitations.createdAt,
        expiresAt: merchantInvitations.expiresAt,
      })
      .from(merchantInvitations)
      .where(pending(merchantId, now))
      .orderBy(asc(merchantInvitations.createdAt)),
  );
}

const pending = (merchantId: string, now: number) =>
  and(
    eq(merchantInvitations.merchantId, merchantId),
    isNull(merchantInvitations.acceptedAt),
    isNull(merchantInvitations.revokedAt),
    gt(merchantInvitations.expiresAt, now),
  );

// ---------------------------------------------------------------------------------------------
// Inviting

export type InviteResult =
  | { ok: true; invitationId: string; token: string; expiresAt: number }
  | { ok: false; reason: "already_member" };

/**
 * Invite `email` with `role`: a one-time link (only its SHA-256 is stored) valid 7 days, e-mailed
 * through the outbox. An earlier pending invitation of the same address is revoked: one link per
 * person.
 */
export function inviteMember(
  store: Store,
  actor: TeamActor,
  input: {
    email: string;
    role: TeamRole;
    invitationUrl: (token: string) => string;
    /** The invitation's language; by default the inviting member's (issue 33). */
    locale?: Locale;
  },
  now = Date.now(),
): Promise<InviteResult> {
  const email = input.email.trim().toLowerCase();
  return store.write(async (q): Promise<InviteResult> => {
    const member = await first(
      store.forUpdate(
        q
          .select({ id: merchantUsers.id })
          .from(merchantUsers)
          .where(
            and(
              eq(merchantUsers.merchantId, actor.merchantId),
              sql`lower(${merchantUsers.email}) = ${email}`,
              ne(merchantUsers.status, "removed"),
            ),
          )
          .limit(1),
      ),
    );
    if (member) return { ok: false, reason: "already_member" } as const;
    await q
      .update(merchantInvitations)
      .set({ revokedAt: now })
      .where(and(pending(actor.merchantId, now), eq(merchantInvitations.email, email)));
    const business = await first(
      q
        .select({ name: merchants.businessName })
        .from(merchants)
        .where(eq(merchants.id, actor.merchantId))
        .limit(1),
    );
    // The invitee is not a member yet: the invitation speaks the inviting member's language (their
    // choice, else English), unless the caller names one.
    const locale =
      input.locale ??
      (
        await first(
          q
            .select({ locale: merchantUsers.locale })
            .from(merchantUsers)
            .where(eq(merchantUsers.id, actor.userId))
            .limit(1),
        )
      )?.locale ??
      DEFAULT_LOCALE;
    const m = inLocale(memberEmailMessages, locale);
    const token = newSecretToken();
    const invitationId = newId("inv");
    const expiresAt = now + INVITATION_TTL_MS;
    await q.insert(merchantInvitations).values({
      id: invitationId,
      merchantId: actor.merchantId,
      email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: actor.userId,
      createdAt: now,
      expiresAt,
    });
    const roleInfo = m.roles[input.role];
    const businessName = business?.name ?? m.invitation.aMerchant;
    await queueEmail(
      q,
      {
        to: email,
        subject: m.invitation.subject(businessName),
        text: [
          m.hello,
          "",
          m.invitation.lead(businessName, roleInfo.label, roleInfo.summary),
          "",
          m.invitation.link,
          input.invitationUrl(token),
          "",
          m.invitation.ignore,
          "",
          m.signature,
        ].join("\n"),
      },
      now,
    );
    await record(q, actor, "team.member_invited", "merchant_invitation", invitationId, now, {
      email,
      role: input.role,
    });
    await securityEvent(q, actor, "member_invited", now, { email, role: input.role });
    return { ok: true, invitationId, token, expiresAt } as const;
  });
}

export function revokeInvitation(
  store: Store,
  actor: TeamActor,
  invitationId: string,
  now = Date.now(),
): Promise<{ ok: boolean }> {
  return store.write(async (q) => {
    const changed = await q
      .update(merchantInvitations)
      .set({ revokedAt: now })
      .where(and(pending(actor.merchantId, now), eq(merchantInvitations.id, invitationId)))
      .returning({ id: merchantInvitations.id });
    if (changed.length === 0) return { ok: false };
    await record(q, actor, "team.invitation_revoked", "merchant_invitation", invitationId, now);
    return { ok: true };
  });
}

// ---------------------------------------------------------------------------------------------
// Changing members

export type MemberChangeResult =
  { ok: true; username: string } | { ok: false; reason: "not_found" | "last_owner" | "unchanged" };

type MemberChange = { kind: "role"; role: TeamRole } | { kind: "status"; status: MemberStatus };

const changeAudit: Record<MemberStatus, string> = {
  active: "team.member_reactivated",
  suspended: "team.member_suspended",
  removed: "team.member_removed",
};
const changeEvent: Record<MemberStatus, SecurityEventType | null> = {
  active: null,
  suspended: "member_suspended",
  removed: "member_removed",
};

/**
 * Change one member's role or status, refusing to leave the merchant without an active owner. The
 * member's sessions end (all of them; `keepSessionIdHash` keeps the acting browser's own when a
 * member changes their own role).
 */
function changeMember(
  store: Store,
  actor: TeamActor,
  memberId: string,
  change: MemberChange,
  options: { now?: number; keepSessionIdHash?: string | null } = {},
): Promise<MemberChangeResult> {
  const now = options.now ?? Date.now();
  return store.write(async (q): Promise<MemberChangeResult> => {
    const member = await first(
      store.forUpdate(
        q
          .select({
            id: merchantUsers.id,
            username: merchantUsers.username,
            role: merchantUsers.role,
            status: merchantUsers.status,
          })
          .from(merchantUsers)
          .where(
            and(eq(merchantUsers.id, memberId), eq(merchantUsers.merchantId, actor.merchantId)),
          )
          .limit(1),
      ),
    );
    // A removed member stays removed: they would need a new invitation.
    if (!member || member.status === "removed") return { ok: false, reason: "not_found" };
    const next = {
      role: change.kind === "role" ? change.role : member.role,
      status: change.kind === "status" ? change.status : member.status,
    };
    if (next.role === member.role && next.status === member.status)
      return { ok: false, reason: "unchanged" };
    const wasActiveOwner = member.role === "owner" && member.status === "active";
    const staysActiveOwner = next.role === "owner" && next.status === "active";
    if (
      wasActiveOwner &&
      !staysActiveOwner &&
      (await otherActiveOwners(store, q, actor.merchantId, memberId)) === 0
    )
      return { ok: false, reason: "last_owner" };
    await q.update(merchantUsers).set(next).where(eq(merchantUsers.id, memberId));
    const keep = memberId === actor.userId ? (options.keepSessionIdHash ?? null) : null;
    // Only an active member keeps a session; a new role also starts from a fresh sign-in.
    await endSessions(q, memberId, next.status === "active" ? keep : null);
    // Their API keys stop with them, for good (a reactivated member makes new ones).
    const keysRevoked =
      next.status === "active"
        ? 0
        : await revokeMemberKeys(q, { memberId, revokedBy: actor.userId, now });
    if (change.kind === "role") {
      await record(q, actor, "team.member_role_changed", "merchant_user", memberId, now, {
        username: member.username,
        from: member.role,
        to: change.role,
      });
      await securityEvent(q, actor, "member_role_changed", now, {
        username: member.username,
        from: member.role,
        to: change.role,
      });
    } else {
      await record(q, actor, changeAudit[change.status], "merchant_user", memberId, now, {
        username: member.username,
        from: member.status,
        ...(keysRevoked > 0 ? { apiKeysRevoked: keysRevoked } : {}),
      });
      const event = changeEvent[change.status];
      if (event) await securityEvent(q, actor, event, now, { username: member.username });
    }
    return { ok: true, username: member.username };
  });
}

/**
 * How many other active owners the merchant has. Their rows are read (not counted in SQL) so that
 * `forUpdate` can lock them: PostgreSQL refuses FOR UPDATE on an aggregate.
 */
async function otherActiveOwners(
  store: Store,
  q: Handle,
  merchantId: string,
  exceptId: string,
): Promise<number> {
  const owners = await store.forUpdate(
    q
      .select({ id: merchantUsers.id })
      .from(merchantUsers)
      .where(
        and(
          eq(merchantUsers.merchantId, merchantId),
          eq(merchantUsers.role, "owner"),
          eq(merchantUsers.status, "active"),
          ne(merchantUsers.id, exceptId),
        ),
      ),
  );
  return owners.length;
}

async function endSessions(q: Handle, memberId: string, keepIdHash: string | null) {
  const owner = eq(sessions.merchantUserId, memberId);
  await q.delete(sessions).where(keepIdHash ? and(owner, ne(sessions.idHash, keepIdHash)) : owner);
}

type ChangeOptions = { now?: number; keepSessionIdHash?: string | null };

export const changeMemberRole = (
  store: Store,
  actor: TeamActor,
  memberId: string,
  role: TeamRole,
  options?: ChangeOptions,
) => changeMember(store, actor, memberId, { kind: "role", role }, options);

export const suspendMember = (
  store: Store,
  actor: TeamActor,
  memberId: string,
  options?: ChangeOptions,
) => changeMember(store, actor, memberId, { kind: "status", status: "suspended" }, options);

export const reactivateMember = (
  store: Store,
  actor: TeamActor,
  memberId: string,
  options?: ChangeOptions,
) => changeMember(store, actor, memberId, { kind: "status", status: "active" }, options);

/** Remove: the row stays (status "removed") so the audit keeps naming who did what. */
export const removeMember = (
  store: Store,
  actor: TeamActor,
  memberId: string,
  options?: ChangeOptions,
) => changeMember(store, actor, memberId, { kind: "status", status: "removed" }, options);

/** The owner's "require two-factor sign-in for the whole team" switch. */
export async function setRequireTwoFactor(
  store: Store,
  actor: TeamActor,
  required: boolean,
  now = Date.now(),
): Promise<void> {
  await store.write(async (q) => {
    await q
      .update(merchants)
      .set({ requireTwoFactor: required })
      .where(eq(merchants.id, actor.merchantId));
    await record(
      q,
      actor,
      required ? "team.two_factor_required" : "team.two_factor_optional",
      "merchant",
      actor.merchantId,
      now,
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Accepting an invitation

export type InvitationState =
  | {
      status: "valid";
      invitationId: string;
      merchantId: string;
      businessName: string;
      email: string;
      role: TeamRole;
      expiresAt: number;
    }
  | { status: "unknown" | "used" | "expired" | "revoked" | "unavailable" };

/** The invitation of `token`; `lock` is the store's `forUpdate` when a write acts on it. */
async function readInvitation(
  q: Handle,
  token: string,
  now: number,
  lock: <Q>(query: Q) => Q = (query) => query,
): Promise<InvitationState> {
  if (!TOKEN_SHAPE.test(token)) return { status: "unknown" };
  const query = q
    .select({
      invitationId: merchantInvitations.id,
      merchantId: merchantInvitations.merchantId,
      email: merchantInvitations.email,
      role: merchantInvitations.role,
      expiresAt: merchantInvitations.expiresAt,
      acceptedAt: merchantInvitations.acceptedAt,
      revokedAt: merchantInvitations.revokedAt,
      businessName: merchants.businessName,
      merchantStatus: merchants.status,
    })
    .from(merchantInvitations)
    .innerJoin(merchants, eq(merchants.id, merchantInvitations.merchantId))
    .where(eq(merchantInvitations.tokenHash, hashToken(token)))
    .limit(1);
  const row = await first(lock(query));
  if (!row) return { status: "unknown" };
  if (row.acceptedAt !== null) return { status: "used" };
  if (row.revokedAt !== null) return { status: "revoked" };
  if (row.expiresAt <= now) return { status: "expired" };
  if (row.merchantStatus !== "active") return { status: "unavailable" };
  return {
    status: "valid",
    invitationId: row.invitationId,
    merchantId: row.merchantId,
    businessName: row.businessName,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt,
  };
}

export function lookupInvitation(
  store: Store,
  token: string,
  now = Date.now(),
): Promise<InvitationState> {
  return store.read((q) => readInvitation(q, token, now));
}

export type AcceptResult =
  | { ok: true; merchantId: string; username: string; userId: string }
  | { ok: false; reason: "username_taken" }
  /** The new-password policy refused it (core/accounts/password-policy): say why. */
  | { ok: false; reason: "weak_password"; message: string }
  | { ok: false; reason: Exclude<InvitationState["status"], "valid"> };

/**
 * Create the member (role, e-mail, active, invited_by) and burn the invitation, in one transaction;
 * a used, expired or revoked link, or one for a suspended merchant, changes nothing.
 */
export async function acceptInvitation(
  store: Store,
  input: { token: string; fullName: string; username: string; password: string },
  now = Date.now(),
): Promise<AcceptResult> {
  const username = input.username.trim().toLowerCase();
  const before = await store.read((q) => readInvitation(q, input.token, now));
  if (before.status !== "valid") return { ok: false, reason: before.status };
  const policy = checkNewPassword(input.password, {
    username,
    email: before.email,
    businessName: before.businessName,
  });
  if (!policy.ok) return { ok: false, reason: "weak_password", message: policy.message };
  const passwordHash = await hashPassword(input.password);
  // Checked again inside the transaction: the link may have been used while we hashed.
  return store.write(async (q): Promise<AcceptResult> => {
    const state = await readInvitation(q, input.token, now, (query) => store.forUpdate(query));
    if (state.status !== "valid") return { ok: false, reason: state.status };
    const taken = await first(
      store.forUpdate(
        q
          .select({ id: merchantUsers.id })
          .from(merchantUsers)
          .where(
            and(
              eq(merchantUsers.merchantId, state.merchantId),
              eq(merchantUsers.username, username),
            ),
          )
          .limit(1),
      ),
    );
    if (taken) return { ok: false, reason: "username_taken" };
    const invitedBy = (
      await first(
        q
          .select({ invitedBy: merchantInvitations.invitedBy })
          .from(merchantInvitations)
          .where(eq(merchantInvitations.id, state.invitationId))
          .limit(1),
      )
    )?.invitedBy;
    const userId = newId("usr");
    await q.insert(merchantUsers).values({
      id: userId,
      merchantId: state.merchantId,
      username,
      fullName: input.fullName.trim(),
      role: state.role,
      email: state.email,
      status: "active",
      passwordHash,
      passwordSetAt: now,
      invitedBy: invitedBy ?? null,
      createdAt: now,
    });
    const burned = await q
      .update(merchantInvitations)
      .set({ acceptedAt: now, acceptedUserId: userId })
      .where(
        and(eq(merchantInvitations.id, state.invitationId), isNull(merchantInvitations.acceptedAt)),
      )
      .returning({ id: merchantInvitations.id });
    if (burned.length !== 1) throw new Error("Invitation accepted twice");
    await recordAudit(
      q,
      {
        actorType: "merchant_user",
        actorId: userId,
        action: "team.invitation_accepted",
        targetType: "merchant_invitation",
        targetId: state.invitationId,
        details: { username, role: state.role, merchantId: state.merchantId },
      },
      now,
    );
    return { ok: true, merchantId: state.merchantId, username, userId };
  });
}

// ---------------------------------------------------------------------------------------------

/** The audit row of a team change, in the caller's transaction. */
async function record(
  q: Handle,
  actor: TeamActor,
  action: string,
  targetType: string,
  targetId: string,
  now: number,
  details?: Record<string, unknown>,
): Promise<void> {
  await recordAudit(
    q,
    {
      actorType: "merchant_user",
      actorId: actor.userId,
      action,
      targetType,
      targetId,
      details: { merchantId: actor.merchantId, ...details },
    },
    now,
  );
}

async function securityEvent(
  q: Handle,
  actor: TeamActor,
  type: SecurityEventType,
  now: number,
  details: Record<string, unknown>,
): Promise<void> {
  await recordSecurityEvent(
    q,
    { subject: { type: "merchant_user", id: actor.userId }, type, origin: actor.origin, details },
    now,
  );
}
