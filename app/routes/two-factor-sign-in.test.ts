/**
 * Two-factor sign-in through the routes (issue 12): the pending session, the second step, replay,
 * operators made to set it up, a business that requires it, suspended members, step-up.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { merchants, merchantUsers, sessions } from "../../drizzle/schema";
import { generateTotp } from "~/core/accounts/totp.server";
import { createOperator } from "~/core/operators.server";
import { hashPassword } from "~/core/passwords.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { cookiesFrom, formPost, get, respond } from "../../tests/setup/requests";
import { turnOnTwoFactorForTest } from "../../tests/setup/two-factor";
import { loader as consoleLoader } from "./admin";
import { loader as adminTwoFactorLoader } from "./admin.two-factor";
import { action as adminSignIn } from "./admin_.signin";
import { action as confirmAction } from "./merchant.confirm";
import { loader as dashboardLoader } from "./merchant.dashboard";
import { loader as twoFactorPageLoader } from "./merchant.security_.two-factor";
import { action as signIn } from "./merchant-signin";
import { action as verify, loader as verifyLoader } from "./merchant-signin_.verify";

const { db, close } = installTestDatabase();
afterAll(close);
const PASSWORD = "a long enough secret";
const passwordHash = await hashPassword(PASSWORD);
db.insert(merchants)
  .values({
    id: "MRC-TFRT22",
    businessName: "TF Shop",
    contactEmail: "tf@shop.example",
    createdAt: 0,
  })
  .run();
let count = 0;
function member(status: "active" | "suspended" = "active") {
  const username = `m${++count}`;
  const id = `usr_tfr${count}`;
  db.insert(merchantUsers)
    .values({ id, merchantId: "MRC-TFRT22", username, passwordHash, status, createdAt: 0 })
    .run();
  return { id, credentials: { merchantId: "MRC-TFRT22", username, password: PASSWORD } };
}

const call = <A>(fn: (args: A) => unknown, request: Request) =>
  respond(() => fn({ request, params: {}, context: {} } as A));
const passwordStep = (credentials: Record<string, string>, address = "192.0.2.10") =>
  call(signIn, formPost("/merchant-signin", credentials, { remoteAddress: address }));
const secondStep = (cookie: string, code: string) =>
  call(
    verify,
    formPost("/merchant-signin/verify", { code, redirectTo: "/merchant/payments" }, { cookie }),
  );
const dashboard = (cookie: string) => call(dashboardLoader, get("/merchant/dashboard", { cookie }));

describe("merchant sign-in with two-factor", () => {
  it("the password opens only the second step; a code opens the rest; a replayed code is refused", async () => {
    const { id, credentials } = member();
    const secret = turnOnTwoFactorForTest(db, { merchantUserId: id });
    const first = await passwordStep({ ...credentials, redirectTo: "/merchant/payments" });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(
      "/merchant-signin/verify?redirectTo=%2Fmerchant%2Fpayments",
    );
    const pending = cookiesFrom(first);
    // The pending session opens nothing else: the dashboard sends it to the second step.
    const blocked = await dashboard(pending);
    expect(blocked.status).toBe(302);
    expect(blocked.headers.get("Location")).toBe("/merchant-signin/verify");
    expect(
      (await call(verifyLoader, get("/merchant-signin/verify", { cookie: pending }))).status,
    ).toBe(200);

    const wrong = await secondStep(pending, "000000");
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(await wrong.json())).toContain("That code is not right");

    const code = generateTotp({ secret });
    const done = await secondStep(pending, code);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/merchant/payments");
    const full = cookiesFrom(done, pending);
    expect(full).not.toBe(pending);
    expect((await dashboard(full)).status).toBe(200);
    // The pending id no longer works (rotated), and the full session counts as stepped up.
    expect((await dashboard(pending)).status).toBe(302);
    const row = db.select().from(sessions).where(eq(sessions.merchantUserId, id)).get()!;
    expect(row.pendingSecondFactor).toBe(false);
    expect(row.steppedUpAt).not.toBeNull();

    // Someone who saw the code signs in with the password and tries it again: refused.
    const again = cookiesFrom(await passwordStep(credentials, "192.0.2.11"));
    const replay = await secondStep(again, code);
    expect(replay.status).toBe(401);
    expect(JSON.stringify(await replay.json())).toContain("already used");
  });

  it("after five wrong codes the second step answers 429 with Retry-After, even for the right code", async () => {
    const { id, credentials } = member();
    const secret = turnOnTwoFactorForTest(db, { merchantUserId: id });
    const pending = cookiesFrom(await passwordStep(credentials, "192.0.2.16"));
    for (let i = 0; i < 5; i++) expect((await secondStep(pending, "000000")).status).toBe(401);
    const refused = await secondStep(pending, generateTotp({ secret }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(60);
    expect(JSON.stringify(await refused.json())).toContain("Too many wrong codes");
    expect((await dashboard(pending)).status).toBe(302);
  });

  it("a member without two-factor signs in with the password alone, stepped up", async () => {
    const { id, credentials } = member();
    const response = await passwordStep(credentials);
    expect(response.headers.get("Location")).toBe("/merchant/dashboard");
    const row = db.select().from(sessions).where(eq(sessions.merchantUserId, id)).get()!;
    expect(row.pendingSecondFactor).toBe(false);
    expect(row.steppedUpAt).not.toBeNull();
  });

  it("a suspended member cannot sign in, even with the right password", async () => {
    const { credentials } = member("suspended");
    const response = await passwordStep(credentials, "192.0.2.12");
    expect(response.status).toBe(401);
  });

  it("a business that requires two-factor sends a member without it to set it up first", async () => {
    db.update(merchants)
      .set({ requireTwoFactor: true })
      .where(eq(merchants.id, "MRC-TFRT22"))
      .run();
    try {
      const { credentials } = member();
      const cookie = cookiesFrom(await passwordStep(credentials, "192.0.2.13"));
      const response = await dashboard(cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/merchant/security/two-factor");
      const page = await call(
        twoFactorPageLoader,
        get("/merchant/security/two-factor", { cookie }),
      );
      expect(page.status).toBe(200);
      const data = (await page.json()) as { required: boolean; setup: { secretGroups: string[] } };
      expect(data.required).toBe(true);
      expect(data.setup.secretGroups.join("")).toMatch(/^[A-Z2-7]{32}$/);
    } finally {
      db.update(merchants)
        .set({ requireTwoFactor: false })
        .where(eq(merchants.id, "MRC-TFRT22"))
        .run();
    }
  });
});

describe("step-up", () => {
  it("a code from the app sets stepped_up_at and goes back to a safe redirectTo only", async () => {
    const { id, credentials } = member();
    const secret = turnOnTwoFactorForTest(
      db,
      { merchantUserId: id },
      undefined,
      Date.now() - 120_000,
    );
    const pending = cookiesFrom(await passwordStep(credentials, "192.0.2.14"));
    const cookie = cookiesFrom(
      await secondStep(pending, generateTotp({ secret, now: new Date(Date.now() - 30_000) })),
      pending,
    );
    db.update(sessions).set({ steppedUpAt: 0 }).where(eq(sessions.merchantUserId, id)).run();
    const confirm = (code: string, redirectTo: string) =>
      call(confirmAction, formPost("/merchant/confirm", { code, redirectTo }, { cookie }));
    expect((await confirm("000000", "/merchant/settings")).status).toBe(401);
    const response = await confirm(generateTotp({ secret }), "//evil.example/x");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/merchant/dashboard");
    const row = db.select().from(sessions).where(eq(sessions.merchantUserId, id)).get()!;
    expect(Date.now() - row.steppedUpAt!).toBeLessThan(5_000);
  });

  it("without two-factor the password confirms", async () => {
    const { id, credentials } = member();
    const cookie = cookiesFrom(await passwordStep(credentials, "192.0.2.15"));
    db.update(sessions).set({ steppedUpAt: 0 }).where(eq(sessions.merchantUserId, id)).run();
    const response = await call(
      confirmAction,
      formPost(
        "/merchant/confirm",
        { password: PASSWORD, redirectTo: "/merchant/settings" },
        { cookie },
      ),
    );
    expect(response.headers.get("Location")).toBe("/merchant/settings");
    const row = db.select().from(sessions).where(eq(sessions.merchantUserId, id)).get()!;
    expect(row.steppedUpAt).toBeGreaterThan(0);
  });
});

describe("operators", () => {
  it("an operator without two-factor is sent to set it up before any console page", async () => {
    await createOperator(testStore(db), {
      email: "new-op@onehop.test",
      name: "New op",
      role: "admin",
      password: "operator password 1",
    });
    const signedIn = await call(
      adminSignIn,
      formPost("/admin/signin", { email: "new-op@onehop.test", password: "operator password 1" }),
    );
    expect(signedIn.status).toBe(302);
    const cookie = cookiesFrom(signedIn);
    const console = await call(consoleLoader, get("/admin/applications", { cookie }));
    expect(console.status).toBe(302);
    expect(console.headers.get("Location")).toBe("/admin/two-factor");
    const setUp = await call(adminTwoFactorLoader, get("/admin/two-factor", { cookie }));
    expect(setUp.status).toBe(200);
  });

  it("an operator with two-factor gets a pending session that the console refuses", async () => {
    const operator = await createOperator(testStore(db), {
      email: "tf-op@onehop.test",
      name: "TF op",
      role: "admin",
      password: "operator password 1",
    });
    turnOnTwoFactorForTest(db, { operatorId: operator.id });
    const signedIn = await call(
      adminSignIn,
      formPost("/admin/signin", { email: "tf-op@onehop.test", password: "operator password 1" }),
    );
    expect(signedIn.headers.get("Location")).toBe(
      "/admin/signin/verify?redirectTo=%2Fadmin%2Fapplications",
    );
    const console = await call(
      consoleLoader,
      get("/admin/applications", { cookie: cookiesFrom(signedIn) }),
    );
    expect(console.headers.get("Location")).toBe("/admin/signin/verify");
  });
});
