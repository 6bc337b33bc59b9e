/**
 * Forgot password, the reset link, change password and the set-password link, through their
 * routes: what a browser (or a script probing for accounts) sees.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  merchants,
  merchantUsers,
  operators,
  outboundEmails,
  rateLimits,
  sessions,
} from "../../drizzle/schema";
import { issueSetPasswordToken } from "~/core/merchants/passwords-links.server";
import { hashPassword } from "~/core/passwords.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { action as adminForgot } from "./admin_.signin_.forgot";
import { loader as dashboardLoader } from "./merchant.dashboard";
import { action as changeAction } from "./merchant.security_.password";
import { action as merchantForgot } from "./merchant-signin_.forgot";
import { action as signIn } from "./merchant-signin";
import { action as setPasswordAction } from "./merchant_.set-password";
import { action as resetAction, loader as resetLoader } from "./reset-password.$token";

const { db, close } = installTestDatabase();
afterAll(close);

const PASSWORD = "a long enough secret";
const NEW_PASSWORD = "tilapia lanterns over Naivasha";
const passwordHash = await hashPassword(PASSWORD);
db.insert(merchants)
  .values({
    id: "MRC-FRGT22",
    businessName: "Forgetful Ltd",
    contactEmail: "f@f.example",
    createdAt: 0,
  })
  .run();
db.insert(merchantUsers)
  .values({
    id: "usr_f",
    merchantId: "MRC-FRGT22",
    username: "owner",
    email: "owner@f.example",
    passwordHash,
    createdAt: 0,
  })
  .run();
db.insert(operators)
  .values({
    id: "op_f",
    email: "ops@onehop.test",
    name: "Ops",
    role: "admin",
    passwordHash,
    createdAt: 0,
  })
  .run();

const call = <T extends (args: never) => unknown>(fn: T, request: Request, params = {}) =>
  respond(() => (fn as unknown as (args: unknown) => unknown)({ request, params, context: {} }));

const signInCookie = async (password = PASSWORD) => {
  const response = await call(
    signIn,
    formPost("/merchant-signin", { merchantId: "MRC-FRGT22", username: "owner", password }),
  );
  expect(response.status).toBe(302);
  return cookiesFrom(response);
};

const isSignedIn = async (cookie: string) => {
  const response = await call(dashboardLoader, get("/merchant/dashboard", { cookie }));
  return response.status === 200;
};

function lastLink(): string {
  const email = db.select().from(outboundEmails).all().at(-1);
  const path = /\/reset-password\/[A-Za-z0-9_-]{43}/.exec(email?.bodyText ?? "")?.[0];
  if (!path) throw new Error("no reset link in the outbox");
  return path;
}

beforeEach(() => {
  db.delete(rateLimits).run();
  db.delete(sessions).run();
});

describe("forgot password", () => {
  it("gives a merchant member the same answer whether or not the account exists", async () => {
    const answer = async (merchantId: string, username: string, address: string) => {
      const response = await call(
        merchantForgot,
        formPost("/merchant-signin/forgot", { merchantId, username }, { remoteAddress: address }),
      );
      return {
        status: response.status,
        headers: [...response.headers].filter(([name]) => name !== "date"),
        body: await response.text(),
      };
    };
    const before = db.select().from(outboundEmails).all().length;
    const real = await answer("MRC-FRGT22", "owner", "192.0.2.10");
    const unknown = await answer("MRC-FRGT22", "nobody", "192.0.2.11");
    const noMerchant = await answer("MRC-NONE22", "owner", "192.0.2.12");
    expect(unknown).toEqual(real);
    expect(noMerchant).toEqual(real);
    expect(real.status).toBe(200);
    expect(real.body).toContain('"sent":true');
    expect(db.select().from(outboundEmails).all()).toHaveLength(before + 1);
  });

  it("gives an operator the same answer whether or not the account exists", async () => {
    const answer = async (email: string) => {
      const response = await call(
        adminForgot,
        formPost("/admin/signin/forgot", { email }, { remoteAddress: "192.0.2.20" }),
      );
      return { status: response.status, body: await response.text() };
    };
    const real = await answer("ops@onehop.test");
    expect(await answer("nobody@onehop.test")).toEqual(real);
    expect(real.status).toBe(200);
    const sent = db.select().from(outboundEmails).all().at(-1)!;
    expect(sent.toAddress).toBe("ops@onehop.test");
    expect(sent.bodyText).toMatch(/^http:\/\/localhost:3000\/reset-password\/\S{43}$/m);
  });

  it("throttles per client with 429 and Retry-After, then says why", async () => {
    let response: Response | undefined;
    for (let i = 0; i < 11; i++) {
      response = await call(
        adminForgot,
        formPost(
          "/admin/signin/forgot",
          { email: `x${i}@onehop.test` },
          { remoteAddress: "192.0.2.30" },
        ),
      );
    }
    expect(response!.status).toBe(429);
    expect(response!.headers.get("Retry-After")).toBe("3600");
    expect(await response!.text()).toContain("Too many reset requests. Please wait 60 minutes");
  });
});

describe("the reset link", () => {
  it("sets a new password, signs out every device and sends the member to sign in", async () => {
    const cookie = await signInCookie();
    expect(await isSignedIn(cookie)).toBe(true);
    await call(
      merchantForgot,
      formPost("/merchant-signin/forgot", { merchantId: "MRC-FRGT22", username: "owner" }),
    );
    const path = lastLink();
    const token = path.split("/").at(-1)!;
    const page = await call(resetLoader, get(path), { token });
    expect(page.status).toBe(200);

    const tooCommon = await call(
      resetAction,
      formPost(path, { password: "qwerty123456", confirmPassword: "qwerty123456" }),
      { token },
    );
    expect(tooCommon.status).toBe(400);
    expect(await tooCommon.text()).toContain("This password is too common");

    const done = await call(
      resetAction,
      formPost(path, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      { token },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/merchant-signin?merchantId=MRC-FRGT22");
    expect(await toastOf(done)).toMatchObject({ message: "Password changed" });
    expect(await isSignedIn(cookie)).toBe(false);

    const again = await call(
      resetAction,
      formPost(path, {
        password: "another fine passphrase",
        confirmPassword: "another fine passphrase",
      }),
      { token },
    );
    expect(again.status).toBe(410);
    expect((await call(resetLoader, get(path), { token })).status).toBe(410);
    expect(await isSignedIn(await signInCookie(NEW_PASSWORD))).toBe(true);
    db.update(merchantUsers).set({ passwordHash }).where(eq(merchantUsers.id, "usr_f")).run();
  });

  it("sends an operator back to the operator sign-in page", async () => {
    await call(adminForgot, formPost("/admin/signin/forgot", { email: "ops@onehop.test" }));
    const path = lastLink();
    const done = await call(
      resetAction,
      formPost(path, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      { token: path.split("/").at(-1)! },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/signin");
    db.update(operators).set({ passwordHash }).where(eq(operators.id, "op_f")).run();
  });

  it("shows an unknown link as unusable", async () => {
    const response = await call(resetLoader, get("/reset-password/nope"), { token: "nope" });
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual({ account: null });
  });
});

describe("change password in settings", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    call(changeAction, formPost("/merchant/security/password", fields, { cookie }));

  it("refuses what the policy refuses, and a wrong current password", async () => {
    const cookie = await signInCookie();
    const policy = await post(cookie, {
      currentPassword: PASSWORD,
      password: "forgetful ltd account",
      confirmPassword: "forgetful ltd account",
    });
    expect(policy.status).toBe(400);
    expect(await policy.text()).toContain("Don't use your business name in your password.");
    const mismatch = await post(cookie, {
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: "something else entirely",
    });
    expect(await mismatch.text()).toContain("The two passwords do not match");
    const wrong = await post(cookie, {
      currentPassword: "not the password",
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That is not your current password.");
  });

  it("changes it, keeps this session and signs out the others", async () => {
    const here = await signInCookie();
    const elsewhere = await signInCookie();
    const response = await post(here, {
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/merchant/security");
    expect(await toastOf(response)).toEqual(
      expect.objectContaining({
        message: "Password changed",
        description: "You stay signed in here; 1 other device was signed out.",
      }),
    );
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
    db.update(merchantUsers).set({ passwordHash }).where(eq(merchantUsers.id, "usr_f")).run();
  });
});

describe("the set-password link applies the policy", () => {
  it("refuses a common password and the username", async () => {
    db.insert(merchantUsers)
      .values({ id: "usr_new", merchantId: "MRC-FRGT22", username: "kamau", createdAt: 0 })
      .run();
    const { token } = await testStore(db).write((q) =>
      issueSetPasswordToken(q, "usr_new", 3_600_000),
    );
    const post = (password: string) =>
      call(
        setPasswordAction,
        formPost("/merchant/set-password", { token, password, confirmPassword: password }),
      );
    const common = await post("1q2w3e4r5t6y");
    expect(common.status).toBe(400);
    expect(await common.text()).toContain("This password is too common");
    expect(await (await post("kamau kamau kamau")).text()).toContain(
      "Don't use your username in your password.",
    );
    expect(await (await post("short")).text()).toContain("Use at least 12 characters.");
    const ok = await post(NEW_PASSWORD);
    expect(ok.status).toBe(302);
  });
});
