/**
 * Team members (issue 12, item 1): the permission matrix (generated from `rolePermissions`, through
 * `can` and through `requirePermission` on real requests with real sessions), the last-owner rule
 * (also when two owners demote each other at once), invitations (one use, expiry, revocation, a
 * suspended merchant), and a removed or suspended member's old session cookie.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  merchantInvitations,
  merchants,
  merchantUsers,
  outboundEmails,
  securityEvents,
  sessions,
} from "../../../drizzle/schema";
import { requireMerchant, requirePermission } from "~/utils/auth.server";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, openTestDatabase, testStore } from "../../../tests/setup/db";
import { cookiesFrom, get, respond } from "../../../tests/setup/requests";
import { can, permissions, rolePermissions, teamRoles, type TeamRole } from "./permissions";
import {
  acceptInvitation,
  changeMemberRole,
  INVITATION_TTL_MS,
  inviteMember,
  listPendingInvitations,
  lookupInvitation,
  reactivateMember,
  removeMember,
  revokeInvitation,
  suspendMember,
  teamMembers,
  type TeamActor,
} from "./team.server";

const { db, close } = installTestDatabase();
const store = testStore(db);
afterAll(close);

let counter = 0;
const PASSWORD = "a long unusual passphrase 77";

function addMerchant(status: "active" | "suspended" = "active") {
  const id = `MRC-T${String(++counter).padStart(5, "0")}`;
  db.insert(merchants)
    .values({
      id,
      businessName: `Team Traders ${counter}`,
      contactEmail: "c@x.test",
      status,
      createdAt: 0,
    })
    .run();
  return id;
}

function addMember(merchantId: string, role: TeamRole, status: "active" | "suspended" = "active") {
  const id = `usr_team_${++counter}`;
  db.insert(merchantUsers)
    .values({ id, merchantId, username: `${role}${counter}`, role, status, createdAt: counter })
    .run();
  return id;
}

async function sessionCookie(userId: string) {
  const setCookie = await startSession(
    testStore(db),
    "merchant",
    { merchantUserId: userId },
    get("/"),
  );
  return cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
}

const actorOf = (merchantId: string, userId: string): TeamActor => ({ merchantId, userId });
const member = (id: string) =>
  db.select().from(merchantUsers).where(eq(merchantUsers.id, id)).get()!;
const url = (token: string) => `http://localhost:3000/merchant/invitations/${token}`;

describe("the permission matrix, generated from rolePermissions", () => {
  const merchantId = addMerchant();
  const cookies = new Map<TeamRole, string>();
  const users = new Map<TeamRole, string>();
  beforeEach(async () => {
    if (cookies.size) return;
    for (const role of teamRoles) {
      const userId = addMember(merchantId, role);
      users.set(role, userId);
      cookies.set(role, await sessionCookie(userId));
    }
  });

  for (const role of teamRoles) {
    for (const permission of permissions) {
      const allowed = rolePermissions[role].includes(permission);
      it(`${role} ${allowed ? "may" : "may not"} ${permission}`, async () => {
        expect(can(role, permission)).toBe(allowed);
        const request = get("/merchant/somewhere", { cookie: cookies.get(role)! });
        const response = await respond(() => requirePermission(request, permission, store));
        if (allowed) {
          expect(response.status).toBe(200);
          expect(((await response.json()) as { role: string }).role).toBe(role);
        } else {
          expect(response.status).toBe(403);
          const denial = db
            .select()
            .from(auditLog)
            .where(
              and(eq(auditLog.action, "permission.denied"), eq(auditLog.actorId, users.get(role)!)),
            )
            .all()
            .map((row) => JSON.parse(row.details ?? "{}") as { permission: string });
          expect(denial.map((d) => d.permission)).toContain(permission);
        }
      });
    }
  }

  it("an unknown role may do nothing", () => {
    for (const permission of permissions) expect(can("superuser", permission)).toBe(false);
  });
});

describe("the last active owner", () => {
  it("cannot be demoted, suspended or removed; another owner can", async () => {
    const merchantId = addMerchant();
    const owner = addMember(merchantId, "owner");
    const actor = actorOf(merchantId, owner);
    expect(await changeMemberRole(store, actor, owner, "admin")).toEqual({
      ok: false,
      reason: "last_owner",
    });
    expect(await suspendMember(store, actor, owner)).toEqual({ ok: false, reason: "last_owner" });
    expect(await removeMember(store, actor, owner)).toEqual({ ok: false, reason: "last_owner" });
    expect(member(owner)).toMatchObject({ role: "owner", status: "active" });

    const second = addMember(merchantId, "owner");
    expect((await changeMemberRole(store, actor, second, "finance")).ok).toBe(true);
    expect(member(second).role).toBe("finance");
    // A suspended owner does not count as the merchant's owner.
    const suspendedOwner = addMember(merchantId, "owner", "suspended");
    expect(await removeMember(store, actor, owner)).toEqual({ ok: false, reason: "last_owner" });
    expect(member(suspendedOwner).status).toBe("suspended");
  });

  it("two owners demoting each other at the same moment: exactly one succeeds", async () => {
    const merchantId = addMerchant();
    const a = addMember(merchantId, "owner");
    const b = addMember(merchantId, "owner");
    const results = await Promise.all([
      Promise.resolve().then(() => changeMemberRole(store, actorOf(merchantId, a), b, "admin")),
      Promise.resolve().then(() => changeMemberRole(store, actorOf(merchantId, b), a, "viewer")),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "last_owner" }]);
    const owners = [member(a), member(b)].filter((m) => m.role === "owner");
    expect(owners).toHaveLength(1);
  });

  it("two owners removing each other through separate connections: one owner remains", async () => {
    const merchantId = addMerchant();
    const a = addMember(merchantId, "owner");
    const b = addMember(merchantId, "owner");
    const other = openTestDatabase(db.$client.name);
    try {
      const results = await Promise.all([
        removeMember(store, actorOf(merchantId, a), b),
        suspendMember(testStore(other), actorOf(merchantId, b), a),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const active = [member(a), member(b)].filter((m) => m.status === "active");
      expect(active).toHaveLength(1);
      expect(active[0]!.role).toBe("owner");
    } finally {
      other.$client.close();
    }
  });
});

describe("member changes", () => {
  it("suspending ends the member's sessions; their old cookie is refused", async () => {
    const merchantId = addMerchant();
    const owner = addMember(merchantId, "owner");
    const cashier = addMember(merchantId, "cashier");
    const cookie = await sessionCookie(cashier);
    await expect(
      requireMerchant(get("/merchant/dashboard", { cookie }), store),
    ).resolves.toMatchObject({
      role: "cashier",
    });
    expect((await suspendMember(store, actorOf(merchantId, owner), cashier)).ok).toBe(true);
    expect(db.select().from(sessions).where(eq(sessions.merchantUserId, cashier)).all()).toEqual(
      [],
    );
    const refused = await respond(() =>
      requireMerchant(get("/merchant/dashboard", { cookie }), store),
    );
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toMatch(/^\/merchant-signin/);

    expect((await reactivateMember(store, actorOf(merchantId, owner), cashier)).ok).toBe(true);
    expect(member(cashier).status).toBe("active");
    const events = db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.subjectId, owner))
      .all()
      .map((e) => e.type);
    expect(events).toContain("member_suspended");
  });

  it("a removed member keeps their row, leaves the list, and their cookie no longer works", async () => {
    const merchantId = addMerchant();
    const owner = addMember(merchantId, "owner");
    const viewer = addMember(merchantId, "viewer");
    const cookie = await sessionCookie(viewer);
    // Even a session row that survived (say, started a moment later) is refused for a removed
    // member: requireMerchant checks the member's status on every request.
    expect((await removeMember(store, actorOf(merchantId, owner), viewer)).ok).toBe(true);
    const lateCookie = await sessionCookie(viewer);
    for (const c of [cookie, lateCookie]) {
      const refused = await respond(() =>
        requireMerchant(get("/merchant/payments", { cookie: c }), store),
      );
      expect(refused.status).toBe(302);
    }
    expect(member(viewer).status).toBe("removed");
    expect((await teamMembers(store, merchantId)).map((m) => m.id)).toEqual([owner]);
    // Removed stays removed.
    expect(await reactivateMember(store, actorOf(merchantId, owner), viewer)).toEqual({
      ok: false,
      reason: "not_found",
    });
    const audit = db.select().from(auditLog).where(eq(auditLog.targetId, viewer)).all();
    expect(audit.map((a) => a.action)).toContain("team.member_removed");
    expect(audit.find((a) => a.action === "team.member_removed")?.actorId).toBe(owner);
  });

  it("a member of another merchant cannot be changed", async () => {
    const merchantId = addMerchant();
    const owner = addMember(merchantId, "owner");
    const stranger = addMember(addMerchant(), "cashier");
    expect(await removeMember(store, actorOf(merchantId, owner), stranger)).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(member(stranger).status).toBe("active");
  });
});

describe("invitations", () => {
  async function invited(role: TeamRole = "cashier", now = Date.now()) {
    const merchantId = addMerchant();
    const owner = addMember(merchantId, "owner");
    const email = `person${++counter}@example.co.ke`;
    const result = await inviteMember(
      store,
      actorOf(merchantId, owner),
      { email: email.toUpperCase(), role, invitationUrl: url },
      now,
    );
    if (!result.ok) throw new Error("invite failed");
    return { merchantId, owner, email, token: result.token, invitationId: result.invitationId };
  }

  it("stores only the token's hash, e-mails the link, and is accepted once", async () => {
    const { merchantId, owner, email, token, invitationId } = await invited("finance");
    const row = db
      .select()
      .from(merchantInvitations)
      .where(eq(merchantInvitations.id, invitationId))
      .get()!;
    expect(row.tokenHash).not.toContain(token);
    expect(row.email).toBe(email);
    expect(row.expiresAt - row.createdAt).toBe(INVITATION_TTL_MS);
    const mail = db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, email)).get()!;
    expect(mail.bodyText).toContain(url(token));
    expect(await lookupInvitation(store, token)).toMatchObject({
      status: "valid",
      role: "finance",
    });

    const accepted = await acceptInvitation(store, {
      fullName: "Amina Otieno",
      token,
      username: "Amina.K",
      password: PASSWORD,
    });
    expect(accepted).toMatchObject({ ok: true, merchantId, username: "amina.k" });
    const user = db
      .select()
      .from(merchantUsers)
      .where(and(eq(merchantUsers.merchantId, merchantId), eq(merchantUsers.username, "amina.k")))
      .get()!;
    expect(user).toMatchObject({ role: "finance", email, status: "active", invitedBy: owner });
    expect(user.passwordHash).toBeTruthy();

    // Reused: nothing changes.
    expect(await lookupInvitation(store, token)).toEqual({ status: "used" });
    const again = await acceptInvitation(store, {
      fullName: "Amina Otieno",
      token,
      username: "other.one",
      password: PASSWORD,
    });
    expect(again).toEqual({ ok: false, reason: "used" });
    expect(await teamMembers(store, merchantId)).toHaveLength(2);
    expect(await listPendingInvitations(store, merchantId)).toEqual([]);
  });

  it("an expired link changes nothing", async () => {
    const { merchantId, token } = await invited("viewer", Date.now() - INVITATION_TTL_MS - 1);
    expect(await lookupInvitation(store, token)).toEqual({ status: "expired" });
    expect(
      await acceptInvitation(store, {
        fullName: "Amina Otieno",
        token,
        username: "late.one",
        password: PASSWORD,
      }),
    ).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await teamMembers(store, merchantId)).toHaveLength(1);
  });

  it("a revoked link changes nothing; inviting the same address again replaces the link", async () => {
    const { merchantId, owner, email, token, invitationId } = await invited();
    const again = await inviteMember(store, actorOf(merchantId, owner), {
      email,
      role: "viewer",
      invitationUrl: url,
    });
    expect(again.ok).toBe(true);
    expect(await lookupInvitation(store, token)).toEqual({ status: "revoked" });
    expect((await revokeInvitation(store, actorOf(merchantId, owner), invitationId)).ok).toBe(
      false,
    );
    if (!again.ok) return;
    expect((await revokeInvitation(store, actorOf(merchantId, owner), again.invitationId)).ok).toBe(
      true,
    );
    expect(
      await acceptInvitation(store, {
        fullName: "Amina Otieno",
        token: again.token,
        username: "nope",
        password: PASSWORD,
      }),
    ).toEqual({
      ok: false,
      reason: "revoked",
    });
    expect(await teamMembers(store, merchantId)).toHaveLength(1);
  });

  it("a link of a suspended merchant changes nothing", async () => {
    const { merchantId, token } = await invited();
    db.update(merchants).set({ status: "suspended" }).where(eq(merchants.id, merchantId)).run();
    expect(await lookupInvitation(store, token)).toEqual({ status: "unavailable" });
    expect(
      await acceptInvitation(store, {
        fullName: "Amina Otieno",
        token,
        username: "blocked",
        password: PASSWORD,
      }),
    ).toEqual({
      ok: false,
      reason: "unavailable",
    });
    expect(await teamMembers(store, merchantId)).toHaveLength(1);
  });

  it("usernames are unique within the merchant (a removed member's too); weak passwords are refused", async () => {
    const { merchantId, owner, token } = await invited();
    const removed = addMember(merchantId, "viewer");
    await removeMember(store, actorOf(merchantId, owner), removed);
    const taken = member(removed).username;
    expect(
      await acceptInvitation(store, {
        fullName: "Amina Otieno",
        token,
        username: taken,
        password: PASSWORD,
      }),
    ).toEqual({
      ok: false,
      reason: "username_taken",
    });
    const weak = await acceptInvitation(store, {
      fullName: "Amina Otieno",
      token,
      username: "fresh.name",
      password: "password",
    });
    expect(weak).toMatchObject({ ok: false, reason: "weak_password" });
    expect((await lookupInvitation(store, token)).status).toBe("valid");
  });

  it("an address already on the team is not invited again", async () => {
    const merchantId = addMerchant();
    const owner = addMember(merchantId, "owner");
    db.update(merchantUsers)
      .set({ email: "boss@example.co.ke" })
      .where(eq(merchantUsers.id, owner))
      .run();
    expect(
      await inviteMember(store, actorOf(merchantId, owner), {
        email: "Boss@Example.co.ke",
        role: "owner",
        invitationUrl: url,
      }),
    ).toEqual({ ok: false, reason: "already_member" });
  });
});
