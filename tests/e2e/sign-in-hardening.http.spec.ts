/**
 * Issue 10 items 8 and 13 against the production server (server.mjs): throttling keys on the
 * socket's address (each test posts from its own loopback address, 127.0.3.x), a refused sign-in is
 * a readable 429 page with Retry-After, and no redirectTo bypass leaves our origin after a correct
 * password.
 */
import { expect, test } from "@playwright/test";
import { DEMO_MERCHANT, E2E_ADMIN, ensureOperatorTwoFactor } from "./auth";
import { postForm as postFormTo } from "./form-post";

const port = Number(process.env.E2E_PORT);

const postForm = (
  path: string,
  fields: Record<string, string>,
  localAddress: string,
  headers?: Record<string, string>,
) => postFormTo(port, path, fields, localAddress, headers);

test("a refused sign-in is a readable 429 page with Retry-After, keyed on the address, not the User-Agent", async () => {
  const address = "127.0.3.1";
  // The client's limit (20 failures), each try for another account, with another User-Agent and a
  // forged X-Forwarded-For: none of that makes it another client.
  for (let i = 0; i < 20; i++) {
    const answer = await postForm(
      "/merchant-signin",
      { merchantId: "MRC-NOPE22", username: `someone${i}`, password: `wrong ${i}` },
      address,
      { "User-Agent": `agent ${i}`, "X-Forwarded-For": `198.51.100.${i}` },
    );
    expect(answer.status).toBe(401);
  }
  const refused = await postForm("/merchant-signin", DEMO_MERCHANT, address, {
    "User-Agent": "a brand new browser",
  });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers["retry-after"])).toBeGreaterThan(60);
  expect(refused.headers["content-type"]).toMatch(/text\/html/);
  // The sign-in page itself, with the reason in the server's HTML.
  expect(refused.body).toContain("Merchant Sign In");
  expect(refused.body).toMatch(
    /Too many failed sign-in attempts\. Please wait \d+ minutes and try again\./,
  );

  // The same merchant from another address is not locked out by that.
  const other = await postForm("/merchant-signin", DEMO_MERCHANT, "127.0.3.2");
  expect(other.status).toBe(302);
});

test("no redirectTo bypass leaves our origin after a correct password", async () => {
  await ensureOperatorTwoFactor();
  for (const redirectTo of [
    "/.//evil.com",
    "/..//evil.com",
    "/%2e//evil.com",
    "/./\\evil.com",
    "/\t/evil.com",
    "/%5Cevil.com",
  ]) {
    const merchant = await postForm(
      "/merchant-signin",
      { ...DEMO_MERCHANT, redirectTo },
      "127.0.3.3",
    );
    expect(merchant.status, JSON.stringify(redirectTo)).toBe(302);
    expect(merchant.headers.location, JSON.stringify(redirectTo)).toBe("/merchant/dashboard");
    const operator = await postForm("/admin/signin", { ...E2E_ADMIN, redirectTo }, "127.0.3.4");
    expect(operator.status, JSON.stringify(redirectTo)).toBe(302);
    // The e2e admin has two-factor sign-in: the password leads to the second step, then home.
    expect(operator.headers.location, JSON.stringify(redirectTo)).toBe(
      "/admin/signin/verify?redirectTo=%2Fadmin%2Fapplications",
    );
  }
});
