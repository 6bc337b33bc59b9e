import { afterAll, describe, expect, it } from "vitest";
import { merchants, merchantUsers, rateLimits } from "../../drizzle/schema";
import { hashPassword } from "~/core/passwords.server";
import { installTestDatabase } from "../../tests/setup/db";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { loader as dashboardLoader } from "./merchant.dashboard";
import { action as signOut } from "./merchant_.signout";
import { action as signIn, loader as signInLoader } from "./merchant-signin";

const { db, close } = installTestDatabase();
afterAll(close);
db.insert(merchants)
  .values({
    id: "MRC-RTES22",
    businessName: "Route Shop",
    contactEmail: "r@shop.example",
    createdAt: 0,
  })
  .run();
db.insert(merchantUsers)
  .values({
    id: "usr_r",
    merchantId: "MRC-RTES22",
    username: "owner",
    passwordHash: await hashPassword("a long enough secret"),
    createdAt: 0,
  })
  .run();
db.insert(merchants)
  .values({
    id: "MRC-OTHR22",
    businessName: "Other Shop",
    contactEmail: "o@shop.example",
    createdAt: 0,
  })
  .run();

const credentials = {
  merchantId: "MRC-RTES22",
  username: "owner",
  password: "a long enough secret",
};
const post = (fields: Record<string, string>, userAgent = "vitest") =>
  respond(() =>
    signIn({
      request: formPost("/merchant-signin", fields, { userAgent }),
      params: {},
      context: {},
    }),
  );

describe("merchant sign-in, dashboard and sign-out", () => {
  it("signs in, rotates to a fresh session cookie, and goes to the dashboard", async () => {
    const response = await post(credentials);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/merchant/dashboard");
    const cookie = cookiesFrom(response);
    expect(cookie).toMatch(/onehop_session=/);
    const dashboard = await respond(() =>
      dashboardLoader({ request: get("/merchant/dashboard", { cookie }), params: {}, context: {} }),
    );
    const data = (await dashboard.json()) as {
      account: Record<string, string>;
      stats: Record<string, { value: number }>;
    };
    expect(data.account).toEqual({
      merchant_id: "MRC-RTES22",
      username: "owner",
      business_name: "Route Shop",
      contact_email: "r@shop.example",
    });
    // A new merchant: no success rate until a payment has finished (issue 30, item 6).
    expect(Object.values(data.stats).map((s) => s.value)).toEqual([0, 0, 0, null]);

    const out = await respond(() =>
      signOut({ request: formPost("/merchant/signout", {}, { cookie }), params: {}, context: {} }),
    );
    expect(out.headers.get("Location")).toBe("/");
    expect(await toastOf(out)).toMatchObject({ message: "Signed Out" });
    const after = await respond(() =>
      dashboardLoader({ request: get("/merchant/dashboard", { cookie }), params: {}, context: {} }),
    );
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe(
      "/merchant-signin?redirectTo=%2Fmerchant%2Fdashboard",
    );
  });

  it("the same 'Sign In Failed' for every wrong combination", async () => {
    for (const wrong of [
      { ...credentials, merchantId: "MRC-NOPE22" },
      { ...credentials, username: "ghost" },
      { ...credentials, password: "not the password" },
    ]) {
      const response = await post(wrong, `ua-${wrong.merchantId}-${wrong.username}`);
      expect(response.status).toBe(401);
      expect(await toastOf(response)).toEqual({
        type: "error",
        message: "Sign In Failed",
        description: "Invalid credentials. Please check your Merchant ID, Username, and Password.",
      });
      expect(response.headers.getSetCookie().some((c) => c.startsWith("onehop_session="))).toBe(
        false,
      );
    }
  });

  it("missing fields are field errors, not a sign-in attempt", async () => {
    const response = await post({ merchantId: "", username: "", password: "" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { lastResult: { error: Record<string, string[]> } };
    expect(body.lastResult.error).toEqual({
      merchantId: ["Merchant ID is required"],
      username: ["Username is required"],
      password: ["Password is required"],
    });
  });

  it("tells a throttled client how long to wait", async () => {
    db.delete(rateLimits).run();
    for (let i = 0; i < 5; i++)
      await post({ ...credentials, password: `wrong ${i}` }, "throttled-client");
    const response = await post(credentials, "throttled-client");
    expect(response.status).toBe(429);
    expect((await toastOf(response))?.description).toMatch(
      /^Too many failed sign-in attempts\. Please wait \d+ minutes and try again\.$/,
    );
    db.delete(rateLimits).run();
  });

  it("only redirects to our own paths after sign-in", async () => {
    for (const [redirectTo, expected] of [
      ["https://evil.example/x", "/merchant/dashboard"],
      ["//evil.example", "/merchant/dashboard"],
      ["/\\evil.example", "/merchant/dashboard"],
      ["/merchant/dashboard?tab=1", "/merchant/dashboard?tab=1"],
    ]) {
      const response = await post({ ...credentials, redirectTo: redirectTo! });
      expect(response.headers.get("Location"), redirectTo).toBe(expected);
    }
  });

  it("a signed-in visitor to the sign-in page goes straight to the dashboard", async () => {
    const cookie = cookiesFrom(await post(credentials));
    const response = await respond(() =>
      signInLoader({ request: get("/merchant-signin", { cookie }), params: {}, context: {} }),
    );
    expect(response.headers.get("Location")).toBe("/merchant/dashboard");
  });

  it("a cross-site sign-in post is refused", async () => {
    const request = formPost("/merchant-signin", credentials, { origin: "https://evil.example" });
    expect((await respond(() => signIn({ request, params: {}, context: {} }))).status).toBe(403);
  });
});
