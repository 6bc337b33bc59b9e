/** Requests a browser would refuse to make for a user, tried directly. */
import { expect, test } from "@playwright/test";
import { withE2eDatabase } from "./db";

test("cross-site form posts are refused before any action runs", async ({ request }) => {
  const email = `csrf-${Date.now()}@evil.example`;
  for (const path of ["/merchant-signin", "/get-started", "/admin/signin", "/merchant/signout"]) {
    const response = await request.post(path, {
      headers: { Origin: "https://evil.example" },
      form: {
        merchantId: "MRC-K3NYA2",
        username: "demo",
        password: "x",
        businessName: "Evil Co",
        businessType: "other",
        contactName: "Eve",
        email,
        countryCode: "+254",
        phone: "712345678",
        country: "KE",
        city: "Nairobi",
        agreedToTerms: "on",
      },
      maxRedirects: 0,
    });
    // The server refuses it before Remix runs (utils/front-door.server.ts).
    expect(response.status(), path).toBe(403);
    expect(await response.text(), path).toBe("Cross-site request rejected");
    expect(response.headers()["set-cookie"] ?? "", path).not.toContain("onehop_session=");
  }
  const stored = withE2eDatabase(
    (db) =>
      db.prepare("select count(*) as n from merchant_applications where email = ?").get(email) as {
        n: number;
      },
  );
  expect(stored.n).toBe(0);
});

test("operator pages need an operator session", async ({ request }) => {
  const response = await request.get("/admin/applications", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toContain(
    "/admin/signin?redirectTo=%2Fadmin%2Fapplications",
  );
});

test("sign-in and dashboard pages are never cached", async ({ request }) => {
  const response = await request.get("/merchant-signin");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
});
