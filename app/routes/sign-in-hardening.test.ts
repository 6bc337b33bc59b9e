/**
 * Sign-in under attack (issue #10 items 8 and 13), through the real actions: throttling keyed on
 * the client's address (not the User-Agent), 429 with Retry-After when refused, and no open
 * redirect after a correct password on /merchant-signin and /admin/signin.
 */
import { afterAll, describe, expect, it } from "vitest";
import { merchants, merchantUsers, rateLimits } from "../../drizzle/schema";
import { signInRefusal } from "~/content/sign-in";
import { createOperator } from "~/core/operators.server";
import { hashPassword, PASSWORD_QUEUE, passwordHashSlots } from "~/core/passwords.server";
import { REMOTE_ADDRESS_HEADER } from "~/utils/remote-address";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { REDIRECT_BYPASSES } from "../../tests/fixtures/redirect-bypasses";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { action as adminSignIn, loader as adminSignInLoader } from "./admin_.signin";
import { action as merchantSignIn, loader as merchantSignInLoader } from "./merchant-signin";

const { db, close } = installTestDatabase();
afterAll(close);

const password = "a long enough secret";
db.insert(merchants)
  .values({
    id: "MRC-HARD22",
    businessName: "Hard Shop",
    contactEmail: "h@shop.example",
    createdAt: 0,
  })
  .run();
db.insert(merchantUsers)
  .values({
    id: "usr_h",
    merchantId: "MRC-HARD22",
    username: "owner",
    passwordHash: await hashPassword(password),
    createdAt: 0,
  })
  .run();
const credentials = { merchantId: "MRC-HARD22", username: "owner", password };
const operatorPassword = "operator password 1";
await createOperator(testStore(db), {
  email: "admin@onehop.test",
  name: "Admin",
  role: "admin",
  password: operatorPassword,
});

/** A form post as server.mjs hands it to Remix: the socket's address in x-onehop-remote-address. */
function post(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Request {
  const request = formPost(path, fields);
  const merged = new Headers(request.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  return new Request(request, { headers: merged });
}
const signInMerchant = (fields: Record<string, string>, headers?: Record<string, string>) =>
  respond(() =>
    merchantSignIn({ request: post("/merchant-signin", fields, headers), params: {}, context: {} }),
  );
const signInOperator = (fields: Record<string, string>, headers?: Record<string, string>) =>
  respond(() =>
    adminSignIn({ request: post("/admin/signin", fields, headers), params: {}, context: {} }),
  );

describe("sign-in throttling keys on the client's address", () => {
  it("a changed User-Agent (or a forged X-Forwarded-For) does not evade the limit; another address is not locked out", async () => {
    db.delete(rateLimits).run();
    const attacker = "203.0.113.5";
    for (let i = 0; i < 20; i++) {
      const response = await signInMerchant(
        { ...credentials, username: `guess${i}`, password: `wrong ${i}` },
        {
          [REMOTE_ADDRESS_HEADER]: attacker,
          "User-Agent": `Mozilla/5.0 Chrome/131.0.${i}`,
          "X-Forwarded-For": `10.0.0.${i}`,
        },
      );
      expect(response.status, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await signInMerchant(credentials, {
      [REMOTE_ADDRESS_HEADER]: attacker,
      "User-Agent": "a brand new browser",
      "X-Forwarded-For": "192.0.2.1",
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(60);
    expect((await toastOf(refused))?.description).toMatch(
      /^Too many failed sign-in attempts\. Please wait \d+ minutes and try again\.$/,
    );

    // The same browser on another machine signs in.
    const other = await signInMerchant(credentials, {
      [REMOTE_ADDRESS_HEADER]: "198.51.100.7",
      "User-Agent": "Mozilla/5.0 Chrome/131.0.0",
    });
    expect(other.status).toBe(302);
    expect(other.headers.get("Location")).toBe("/merchant/dashboard");
    db.delete(rateLimits).run();
  });

  it("operator sign-in answers 429 with Retry-After once an address is over its limit", async () => {
    db.delete(rateLimits).run();
    for (let i = 0; i < 5; i++) {
      const response = await signInOperator(
        { email: `nobody${i}@onehop.test`, password: "wrong password" },
        { [REMOTE_ADDRESS_HEADER]: "203.0.113.9", "User-Agent": `agent ${i}` },
      );
      expect(response.status).toBe(401);
    }
    const refused = await signInOperator(
      { email: "admin@onehop.test", password: operatorPassword },
      { [REMOTE_ADDRESS_HEADER]: "203.0.113.9" },
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(60);
    expect(
      (
        await signInOperator(
          { email: "admin@onehop.test", password: operatorPassword },
          { [REMOTE_ADDRESS_HEADER]: "203.0.113.10" },
        )
      ).status,
    ).toBe(302);
    db.delete(rateLimits).run();
  });
});

describe("a full password-hashing queue", () => {
  it("answers 429 at once with Retry-After and a clear message, on both sign-in pages", async () => {
    const releases: (() => void)[] = [];
    const blocked: Promise<unknown>[] = [];
    const block = (priority: "high" | "normal") =>
      blocked.push(
        passwordHashSlots(() => new Promise<void>((resolve) => releases.push(resolve)), {
          priority,
        }),
      );
    block("normal");
    for (let i = 0; i < PASSWORD_QUEUE.waitingPerLane; i++) {
      block("high");
      block("normal");
    }

    const merchant = await signInMerchant(credentials, {
      [REMOTE_ADDRESS_HEADER]: "198.51.100.30",
    });
    expect(merchant.status).toBe(429);
    expect(merchant.headers.get("Retry-After")).toBe(String(PASSWORD_QUEUE.retryAfterMs / 1000));
    expect(await toastOf(merchant)).toEqual({
      type: "error",
      message: "Sign In Failed",
      description: signInRefusal.busy,
    });
    expect(merchant.headers.getSetCookie().some((c) => c.startsWith("onehop_session="))).toBe(
      false,
    );

    const operator = await signInOperator(
      { email: "admin@onehop.test", password: operatorPassword },
      { [REMOTE_ADDRESS_HEADER]: "198.51.100.31" },
    );
    expect(operator.status).toBe(429);
    expect(operator.headers.get("Retry-After")).toBe(String(PASSWORD_QUEUE.retryAfterMs / 1000));
    expect((await toastOf(operator))?.description).toBe(signInRefusal.busy);

    while (releases.length > 0 || passwordHashSlots.stats.running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(blocked);
    // Nothing was counted against the merchant: it signs in as soon as the queue has room.
    expect(
      (await signInMerchant(credentials, { [REMOTE_ADDRESS_HEADER]: "198.51.100.30" })).status,
    ).toBe(302);
  });
});

/** The probe's bypasses and one of each other kind (the full list is in safe-redirect.test.ts). */
const BYPASSES = [
  "/.//evil.com",
  "/..//evil.com",
  "/%2e//evil.com",
  "/./\\evil.com",
  "/\t/evil.com",
  "/%5Cevil.com",
  "//evil.com",
  "/\\evil.com",
  "https://evil.com",
  "javascript:alert(1)",
  "/\n/evil.com",
  "/%2F%2Fevil.com",
  "/%252e%252e//evil.com",
  "/a/../..//evil.com",
] as const;

describe("no open redirect after a correct password", () => {
  it("the bypass list used here is part of the full list", () => {
    for (const value of BYPASSES) expect(REDIRECT_BYPASSES as readonly string[]).toContain(value);
  });

  it("/merchant-signin sends each bypass to the dashboard", async () => {
    db.delete(rateLimits).run();
    for (const redirectTo of BYPASSES) {
      const response = await signInMerchant(
        { ...credentials, redirectTo },
        { [REMOTE_ADDRESS_HEADER]: "198.51.100.40" },
      );
      expect(response.status, JSON.stringify(redirectTo)).toBe(302);
      expect(response.headers.get("Location"), JSON.stringify(redirectTo)).toBe(
        "/merchant/dashboard",
      );
    }
    const kept = await signInMerchant(
      { ...credentials, redirectTo: "/merchant/payments?status=settled" },
      { [REMOTE_ADDRESS_HEADER]: "198.51.100.40" },
    );
    expect(kept.headers.get("Location")).toBe("/merchant/payments?status=settled");
  });

  it("/admin/signin sends each bypass to the operator's home", async () => {
    db.delete(rateLimits).run();
    for (const redirectTo of BYPASSES) {
      const response = await signInOperator(
        { email: "admin@onehop.test", password: operatorPassword, redirectTo },
        { [REMOTE_ADDRESS_HEADER]: "198.51.100.41" },
      );
      expect(response.status, JSON.stringify(redirectTo)).toBe(302);
      expect(response.headers.get("Location"), JSON.stringify(redirectTo)).toBe(
        "/admin/applications",
      );
    }
  });

  it("the signed-in visitor's shortcut on both sign-in pages is safe too", async () => {
    const merchantCookie = cookiesFrom(
      await signInMerchant(credentials, { [REMOTE_ADDRESS_HEADER]: "198.51.100.42" }),
    );
    const operatorCookie = cookiesFrom(
      await signInOperator(
        { email: "admin@onehop.test", password: operatorPassword },
        { [REMOTE_ADDRESS_HEADER]: "198.51.100.42" },
      ),
    );
    for (const redirectTo of BYPASSES) {
      const query = `?redirectTo=${encodeURIComponent(redirectTo)}`;
      const merchant = await respond(() =>
        merchantSignInLoader({
          request: get(`/merchant-signin${query}`, { cookie: merchantCookie }),
          params: {},
          context: {},
        }),
      );
      expect(merchant.headers.get("Location"), JSON.stringify(redirectTo)).toBe(
        "/merchant/dashboard",
      );
      const operator = await respond(() =>
        adminSignInLoader({
          request: get(`/admin/signin${query}`, { cookie: operatorCookie }),
          params: {},
          context: {},
        }),
      );
      expect(operator.headers.get("Location"), JSON.stringify(redirectTo)).toBe(
        "/admin/applications",
      );
    }
  });
});
