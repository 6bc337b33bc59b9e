/** axe on the pages behind sign-in and on the forms, which the public list does not cover. */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signInAsMerchant, signInAsOperator } from "./auth";

async function expectAccessible(page: Page, path: string) {
  // A page that renders on the server but breaks once React takes over is not accessible either.
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${path}: ${error.message}`));
  await page.goto(path);
  // The checkout (/pay/:id) runs without the React bundle: nothing to wait for there.
  if ((await page.locator('link[rel="modulepreload"]').count()) > 0)
    await page.waitForFunction(
      () => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined,
    );
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
  await expect(page.locator("h1")).toHaveCount(1);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    blocking.map(
      (v) => `${path} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}

// One test per page: a slow page fails alone, and no test outgrows its time limit.
for (const path of [
  "/get-started",
  "/merchant-signin",
  "/admin/signin",
  "/merchant/set-password?token=unknown",
  "/merchant-signin/forgot",
  "/admin/signin/forgot",
  "/reset-password/unknown",
  "/merchant/invitations/unknown",
]) {
  test(`form or sign-in page ${path}`, async ({ page }) => {
    await expectAccessible(page, path);
  });
}

for (const path of [
  "/merchant/dashboard",
  "/merchant/payments",
  "/merchant/payments/new",
  "/merchant/till",
  "/merchant/settings",
  "/merchant/settings/data",
  "/merchant/settings/business-owners",
  "/merchant/security",
  "/merchant/security/password",
  "/merchant/team",
  "/merchant/developers",
  "/merchant/developers/webhooks",
  "/merchant/payment-links",
  "/merchant/payment-links?mode=test",
  "/merchant/statements",
  "/merchant/statements/print",
  "/merchant/security/two-factor",
  "/merchant/confirm?redirectTo=%2Fmerchant%2Fsettings",
]) {
  test(`merchant page ${path}`, async ({ page }) => {
    await signInAsMerchant(page);
    await expectAccessible(page, path);
  });
}

for (const path of [
  "/admin/applications",
  "/admin/applications?status=approved",
  "/admin/payments",
  "/admin/rails",
  "/admin/reconciliation",
  "/admin/compliance/sanctions",
  "/admin/compliance/cases",
  "/admin/compliance/monitoring",
  "/admin/compliance/reports",
  "/admin/compliance/kyb-reviews",
  "/admin/ingest",
  "/admin/security",
  "/admin/security/password",
  "/admin/two-factor",
]) {
  test(`operator page ${path}`, async ({ page }) => {
    await signInAsOperator(page);
    await expectAccessible(page, path);
  });
}

test("a merchant's payment and its checkout", async ({ page }) => {
  await signInAsMerchant(page);
  await page.goto("/merchant/payments");
  const first = page.getByRole("table").getByRole("link").first();
  if ((await first.count()) > 0) {
    const href = await first.getAttribute("href");
    await expectAccessible(page, href!);
    await page.goto(href!);
    await page.getByRole("link", { name: "Open checkout page" }).click();
    await expectAccessible(page, new URL(page.url()).pathname);
  }
});

test("a webhook endpoint's page", async ({ page }) => {
  await signInAsMerchant(page);
  await page.goto("/merchant/developers/webhooks");
  await page.getByLabel("Endpoint URL").fill("http://127.0.0.1:9/a11y");
  await page.getByRole("button", { name: "Add Endpoint" }).click();
  const link = page.getByRole("link", { name: "http://127.0.0.1:9/a11y" }).first();
  const href = (await link.getAttribute("href"))!;
  // With a delivery in its log (port 9 refuses: an attempt and a retry).
  await page.goto(href);
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText("Test event sent").first()).toBeVisible();
  await expectAccessible(page, href);
});
