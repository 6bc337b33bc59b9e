/**
 * Sessions and access: expiry, tampering, forged redirects, cross-site posts, operator-only pages.
 */
import { expect, test } from "@playwright/test";
import { DEMO_MERCHANT, signInAsMerchant } from "./auth";
import { withE2eDatabase } from "./db";
import { expectToast } from "./helpers";

test("a session with less than 5 minutes left ends, and the next page says so", async ({
  page,
}, testInfo) => {
  await signInAsMerchant(page);
  // Age this browser's session: 4 minutes before expires_at.
  withE2eDatabase((db) =>
    db
      .prepare(
        "update sessions set expires_at = ? where merchant_user_id = (select id from merchant_users where merchant_id = ?) and created_at = (select max(created_at) from sessions)",
      )
      .run(Date.now() + 4 * 60_000, DEMO_MERCHANT.merchantId),
  );
  await page.goto("/merchant/dashboard");
  await expect(page).toHaveURL(/\/merchant-signin/);
  await expectToast(page, testInfo, "Session Expired", "Please sign in again for security.");
  await page.goto("/merchant/dashboard");
  await expect(page).toHaveURL(/\/merchant-signin/);
});

test("a tampered session cookie counts as signed out", async ({ page, baseURL }) => {
  await signInAsMerchant(page);
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === "onehop_session");
  expect(session).toBeTruthy();
  await page.context().clearCookies();
  await page.context().addCookies([{ ...session!, value: `${session!.value.slice(0, -4)}AAAA` }]);
  await page.goto("/merchant/dashboard");
  await expect(page).toHaveURL(/\/merchant-signin/);
  expect(baseURL).toBeTruthy();
});

test("sign-in only redirects to our own paths", async ({ page }) => {
  for (const forged of ["https://evil.example/steal", "//evil.example", "/\\evil.example"]) {
    await page.context().clearCookies();
    await page.goto(`/merchant-signin?redirectTo=${encodeURIComponent(forged)}`);
    await page.getByLabel("Merchant ID").fill(DEMO_MERCHANT.merchantId);
    await page.getByLabel("Username").fill(DEMO_MERCHANT.username);
    await page.getByLabel("Password").fill(DEMO_MERCHANT.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/merchant\/dashboard$/);
  }
});

test("a signed-in merchant sees only its own account and is forbidden from /admin", async ({
  page,
}) => {
  await signInAsMerchant(page);
  await expect(page.locator("dl", { hasText: "Contact Email" })).toContainText(
    DEMO_MERCHANT.merchantId,
  );
  expect((await page.request.get("/admin", { maxRedirects: 0 })).status()).toBe(403);
  for (const path of ["/admin/applications", "/admin/applications/app_unknown", "/admin/ingest"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
  }
});
