import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  auditLog,
  merchantApplications,
  merchants,
  merchantUsers,
  outboundEmails,
} from "../../drizzle/schema";
import { submitApplication } from "~/core/merchants/applications.server";
import {
  lookupSetPasswordToken,
  setPasswordWithToken,
} from "~/core/merchants/passwords-links.server";
import { validApplication } from "../../tests/fixtures/application";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { signedInOperator } from "../../tests/setup/operator-session";
import { formPost, get, respond } from "../../tests/setup/requests";
import { action as reviewAction, loader as reviewLoader } from "./admin.applications.$id";
import { loader as listLoader } from "./admin.applications._index";

const { db, close } = installTestDatabase();
afterAll(close);

const operatorCookie = (role: "admin" | "reviewer" | "curator") => signedInOperator(db, role);

async function newApplication(email: string) {
  const result = await submitApplication(
    testStore(db),
    { ...validApplication, email, businessType: "retail", agreedToTerms: true } as never,
    {},
  );
  if (!result.ok) throw new Error("could not submit");
  return result.id;
}

const review = (id: string, fields: Record<string, string>, cookie: string) =>
  respond(() =>
    reviewAction({
      request: formPost(`/admin/applications/${id}`, fields, { cookie }),
      params: { id },
      context: {},
    }),
  );

describe("operator review of applications", () => {
  it("approve creates the merchant and its owner, a one-time link, an e-mail and an audit entry", async () => {
    const { operator, cookie } = await operatorCookie("reviewer");
    const id = await newApplication("approve-me@shop.example");
    const response = await review(id, { intent: "approve", username: "Achieng" }, cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      approval: { merchantId: string; username: string; link: string };
    };
    expect(body.approval.merchantId).toMatch(/^MRC-[2-9A-HJKMNP-TV-Z]{6}$/);
    expect(body.approval.username).toBe("achieng");

    const application = db
      .select()
      .from(merchantApplications)
      .where(eq(merchantApplications.id, id))
      .get();
    expect(application).toMatchObject({
      status: "approved",
      reviewedBy: operator.id,
      merchantId: body.approval.merchantId,
    });
    expect(
      db.select().from(merchants).where(eq(merchants.id, body.approval.merchantId)).get()
        ?.businessName,
    ).toBe(validApplication.businessName);
    const user = db
      .select()
      .from(merchantUsers)
      .where(eq(merchantUsers.merchantId, body.approval.merchantId))
      .get();
    expect(user).toMatchObject({ username: "achieng", role: "owner", passwordHash: null });

    const token = new URL(body.approval.link).searchParams.get("token")!;
    const email = db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, "approve-me@shop.example"))
      .get();
    expect(email?.bodyText).toContain(body.approval.link);
    expect(email?.bodyText).toContain(body.approval.merchantId);

    const audit = db.select().from(auditLog).where(eq(auditLog.targetId, id)).all();
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ["application.approved", operator.id],
    ]);

    // The link works once.
    expect((await lookupSetPasswordToken(testStore(db), token))?.merchantId).toBe(
      body.approval.merchantId,
    );
    expect(await setPasswordWithToken(testStore(db), token, "a brand new password")).toMatchObject({
      merchantId: body.approval.merchantId,
    });
    expect(await setPasswordWithToken(testStore(db), token, "another new password")).toBeNull();

    // Reviewing twice is refused.
    const again = await review(id, { intent: "reject", reason: "Changed my mind" }, cookie);
    expect(again.status).toBe(409);
  });

  it("reject needs a reason, records it, tells the applicant and audits it", async () => {
    const { cookie } = await operatorCookie("admin");
    const id = await newApplication("reject-me@shop.example");
    expect((await review(id, { intent: "reject", reason: "" }, cookie)).status).toBe(400);
    const response = await review(
      id,
      { intent: "reject", reason: "We could not verify the business registration." },
      cookie,
    );
    expect(response.status).toBe(200);
    expect(
      db.select().from(merchantApplications).where(eq(merchantApplications.id, id)).get(),
    ).toMatchObject({
      status: "rejected",
      decisionReason: "We could not verify the business registration.",
    });
    expect(
      db
        .select()
        .from(outboundEmails)
        .where(eq(outboundEmails.toAddress, "reject-me@shop.example"))
        .get()?.bodyText,
    ).toContain("We could not verify the business registration.");
    expect(
      db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, id))
        .all()
        .map((a) => a.action),
    ).toEqual(["application.rejected"]);
  });

  it("lists applications by status", async () => {
    const { cookie } = await operatorCookie("reviewer");
    await newApplication("listed@shop.example");
    const response = await respond(() =>
      listLoader({
        request: get("/admin/applications?status=submitted", { cookie }),
        params: {},
        context: {},
      }),
    );
    const body = (await response.json()) as {
      applications: { email: string; status: string }[];
      counts: Record<string, number>;
    };
    expect(body.applications.every((a) => a.status === "submitted")).toBe(true);
    expect(body.applications.map((a) => a.email)).toContain("listed@shop.example");
    expect(body.counts.submitted).toBeGreaterThanOrEqual(1);
  });

  it("checks the role on the server: a curator may not review", async () => {
    const { cookie } = await operatorCookie("curator");
    const id = await newApplication("curator-try@shop.example");
    expect(
      (
        await respond(() =>
          reviewLoader({
            request: get(`/admin/applications/${id}`, { cookie }),
            params: { id },
            context: {},
          }),
        )
      ).status,
    ).toBe(403);
    expect((await review(id, { intent: "approve", username: "owner" }, cookie)).status).toBe(403);
    expect(
      db.select().from(merchantApplications).where(eq(merchantApplications.id, id)).get()?.status,
    ).toBe("submitted");
  });

  it("signed out: to the operator sign-in; unknown application: 404", async () => {
    const signedOut = await respond(() =>
      listLoader({ request: get("/admin/applications"), params: {}, context: {} }),
    );
    expect(signedOut.headers.get("Location")).toBe(
      "/admin/signin?redirectTo=%2Fadmin%2Fapplications",
    );
    const { cookie } = await operatorCookie("reviewer");
    const missing = await respond(() =>
      reviewLoader({
        request: get("/admin/applications/app_nope", { cookie }),
        params: { id: "app_nope" },
        context: {},
      }),
    );
    expect(missing.status).toBe(404);
  });
});
