/**
 * The team page and the invitation page through their loaders and actions (issue 12, items 1-3):
 * a Cashier posting to an owner-only action gets 403 and an audit row; an owner without a recent
 * step-up is sent to confirm first; an owner invites, the invitee accepts once and is sent to sign
 * in with the merchant ID filled in; the layout hands the role's permissions to the navigation.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  auditLog,
  merchantInvitations,
  merchants,
  merchantUsers,
  outboundEmails,
  securityEvents,
  sessions,
} from "../../drizzle/schema";
import { merchantNavFor } from "~/content/app-navigation";
import type { TeamRole } from "~/core/accounts/permissions";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { loader as layoutLoader } from "./merchant";
import { action as settingsAction, loader as settingsLoader } from "./merchant.settings";
import { action as teamAction, loader as teamLoader } from "./merchant.team";
import { action as acceptAction, loader as acceptLoader } from "./merchant_.invitations.$token";

const { db, close } = installTestDatabase();
afterAll(close);

let counter = 0;
const merchantId = "MRC-TEAM01";
db.insert(merchants)
  .values({ id: merchantId, businessName: "Duka Team Ltd", contactEmail: "o@x.test", createdAt: 0 })
  .run();

async function signedIn(role: TeamRole, options: { steppedUp?: boolean } = {}) {
  const id = `usr_route_${++counter}`;
  db.insert(merchantUsers)
    .values({ id, merchantId, username: `${role}${counter}`, role, createdAt: counter })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  if (options.steppedUp === false)
    db.update(sessions).set({ steppedUpAt: null }).where(eq(sessions.merchantUserId, id)).run();
  return {
    id,
    cookie: cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } })),
  };
}

const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});

describe("the team page", () => {
  it("a Cashier gets 403 on the page and on its actions, and the refusal is audited", async () => {
    const cashier = await signedIn("cashier");
    const page = await respond(() => teamLoader(args(get("/merchant/team", cashier))));
    expect(page.status).toBe(403);
    const post = await respond(() =>
      teamAction(
        args(
          formPost(
            "/merchant/team",
            { intent: "invite", email: "x@example.co.ke", role: "owner" },
            cashier,
          ),
        ),
      ),
    );
    expect(post.status).toBe(403);
    const denials = db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "permission.denied"), eq(auditLog.actorId, cashier.id)))
      .all();
    expect(denials.map((d) => JSON.parse(d.details!) as { method: string })).toEqual([
      expect.objectContaining({ method: "GET", permission: "team:manage" }),
      expect.objectContaining({ method: "POST", permission: "team:manage" }),
    ]);
    expect(db.select().from(merchantInvitations).all()).toEqual([]);
  });

  it("an owner without a recent confirmation is sent to confirm first; nothing changes", async () => {
    const owner = await signedIn("owner", { steppedUp: false });
    const response = await respond(() =>
      teamAction(
        args(
          formPost(
            "/merchant/team",
            { intent: "invite", email: "late@example.co.ke", role: "viewer" },
            owner,
          ),
        ),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      "/merchant/confirm?redirectTo=%2Fmerchant%2Fteam",
    );
    expect(db.select().from(merchantInvitations).all()).toEqual([]);
  });

  it("an owner invites a Cashier, who accepts once and is sent to sign in", async () => {
    const owner = await signedIn("owner");
    const invited = await respond(() =>
      teamAction(
        args(
          formPost(
            "/merchant/team",
            { intent: "invite", email: "Wanjiru@Example.co.ke", role: "cashier" },
            owner,
          ),
        ),
      ),
    );
    expect(invited.status).toBe(302);
    expect((await toastOf(invited))?.message).toBe("Invitation sent");
    const mail = db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, "wanjiru@example.co.ke"))
      .get()!;
    const token = /\/merchant\/invitations\/([A-Za-z0-9_-]{43})/.exec(mail.bodyText)![1]!;
    expect(
      db.select().from(securityEvents).where(eq(securityEvents.subjectId, owner.id)).all(),
    ).toEqual([expect.objectContaining({ type: "member_invited" })]);

    const list = (await (
      await respond(() => teamLoader(args(get("/merchant/team", owner))))
    ).json()) as { invitations: { email: string; role: string }[] };
    expect(list.invitations).toEqual([
      expect.objectContaining({ email: "wanjiru@example.co.ke", role: "cashier" }),
    ]);

    const page = await respond(() =>
      acceptLoader(args(get(`/merchant/invitations/${token}`), { token })),
    );
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({
      invitation: { businessName: "Duka Team Ltd", roleLabel: "Cashier" },
    });

    const fields = {
      fullName: "Wanjiru Kamau",
      username: "wanjiru",
      password: "mango tree riverside 42",
      confirmPassword: "mango tree riverside 42",
    };
    const accepted = await respond(() =>
      acceptAction(args(formPost(`/merchant/invitations/${token}`, fields), { token })),
    );
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe(`/merchant-signin?merchantId=${merchantId}`);
    expect((await toastOf(accepted))?.message).toBe("Welcome to the team");
    const member = db
      .select()
      .from(merchantUsers)
      .where(and(eq(merchantUsers.merchantId, merchantId), eq(merchantUsers.username, "wanjiru")))
      .get()!;
    expect(member).toMatchObject({
      role: "cashier",
      status: "active",
      invitedBy: owner.id,
      fullName: "Wanjiru Kamau",
    });

    const reused = await respond(() =>
      acceptAction(
        args(formPost(`/merchant/invitations/${token}`, { ...fields, username: "other" }), {
          token,
        }),
      ),
    );
    expect(reused.status).toBe(410);
    expect(await reused.json()).toMatchObject({ unusable: "used" });
    const again = await respond(() =>
      acceptLoader(args(get(`/merchant/invitations/${token}`), { token })),
    );
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ unusable: "used" });
  });

  it("the last owner cannot remove themselves through the page", async () => {
    const lone = "MRC-TEAM02";
    db.insert(merchants)
      .values({ id: lone, businessName: "Lone Ltd", contactEmail: "l@x.test", createdAt: 0 })
      .run();
    const owner = await signedIn("owner");
    db.update(merchantUsers).set({ merchantId: lone }).where(eq(merchantUsers.id, owner.id)).run();
    const response = await respond(() =>
      teamAction(args(formPost("/merchant/team", { intent: "remove", memberId: owner.id }, owner))),
    );
    expect((await toastOf(response))?.description).toMatch(/at least one active owner/);
    expect(
      db.select().from(merchantUsers).where(eq(merchantUsers.id, owner.id)).get()?.status,
    ).toBe("active");
  });
});

describe("settings and navigation by role", () => {
  it("a Cashier cannot open settings; a Viewer sees the number but no form; an Admin cannot change it", async () => {
    const cashier = await signedIn("cashier");
    expect(
      (await respond(() => settingsLoader(args(get("/merchant/settings", cashier))))).status,
    ).toBe(403);
    const viewer = await signedIn("viewer");
    const viewed = await respond(() => settingsLoader(args(get("/merchant/settings", viewer))));
    expect(await viewed.json()).toMatchObject({ canChange: false });
    const admin = await signedIn("admin");
    const posted = await respond(() =>
      settingsAction(
        args(formPost("/merchant/settings", { phone: "0712345678", password: "x" }, admin)),
      ),
    );
    expect(posted.status).toBe(403);
  });

  it("the layout hands the role's permissions to the navigation", async () => {
    const labelsFor = async (role: TeamRole) => {
      const member = await signedIn(role);
      const shell = (await (
        await respond(() => layoutLoader(args(get("/merchant/dashboard", member))))
      ).json()) as { member: { permissions: string[] } };
      return merchantNavFor(shell.member.permissions).map((item) => item.label);
    };
    expect(await labelsFor("cashier")).toEqual([
      "Dashboard",
      "Payments",
      "Till",
      "Payment links",
      "Security",
    ]);
    expect(await labelsFor("owner")).toEqual([
      "Dashboard",
      "Payments",
      "Till",
      "Statements",
      "Payouts",
      "Payment links",
      "Balances and settlement",
      "Settings",
      "Team",
      "Developers",
      "Security",
    ]);
    expect(await labelsFor("admin")).not.toContain("Team");
    // Statements: Finance and above only.
    expect(await labelsFor("finance")).toContain("Statements");
    expect(await labelsFor("viewer")).not.toContain("Statements");
    // The till: the roles that may create payments only (issue 32, item 5).
    expect(await labelsFor("viewer")).not.toContain("Till");
    // Payouts: those who make them (Finance and above).
    expect(await labelsFor("finance")).toContain("Payouts");
    expect(await labelsFor("cashier")).not.toContain("Payouts");
  });
});
