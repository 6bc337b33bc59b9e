/**
 * The signed-in shells (issue 11, items 1, 2 and 7; issue 16, item 6): the merchant app and the
 * operator console draw their own navigation instead of the marketing header, ticker and footer;
 * their pages fail inside the shell; a merchant without a settlement number is told where to add
 * one. With JavaScript on and off, on a laptop and on a phone.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInAsMerchant, signInAsOperator } from "./auth";
import { createTestMerchant } from "./db";
import { expectJsState, expectToast, isJsProject } from "./helpers";

/** A fresh merchant, signed in; its business name is "E2E Traders <code>". */
async function signInFreshMerchant(page: Page, settlementPhone?: string | null) {
  const merchant = await createTestMerchant(settlementPhone);
  await signInAsMerchant(page, merchant);
  return { ...merchant, businessName: `E2E Traders ${merchant.merchantId.slice(4)}` };
}

async function expectNoMarketingChrome(page: Page) {
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Market statistics" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Get Started" })).toHaveCount(0);
  await expect(page.locator("main")).toHaveCount(1);
}

test.describe("merchant app shell on a laptop", () => {
  test("navigation, business name and merchant ID, no marketing chrome, Sign Out", async ({
    page,
  }, testInfo) => {
    const merchant = await signInFreshMerchant(page);
    await expectJsState(page, testInfo);
    await expectNoMarketingChrome(page);

    const nav = page.getByRole("navigation", { name: "Merchant" });
    await expect(nav).toBeVisible();
    for (const [label, href] of [
      ["Dashboard", "/merchant/dashboard"],
      ["Payments", "/merchant/payments"],
      ["Balances and settlement", "/merchant/dashboard#balances"],
      ["Settings", "/merchant/settings"],
    ] as const) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "href",
        href,
      );
    }
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const sidebar = page.getByRole("complementary");
    await expect(sidebar).toContainText(merchant.businessName);
    await expect(sidebar).toContainText(`Merchant ID ${merchant.merchantId}`);

    // "Balances and settlement" is the dashboard's section of that name.
    await nav.getByRole("link", { name: "Balances and settlement" }).click();
    await expect(page.getByRole("heading", { name: "Balances and settlement" })).toBeVisible();
    await expect(page.locator("#balances")).toContainText("Available");
    await expect(page.locator("#balances")).toContainText("+254 712 345 678");

    await nav.getByRole("link", { name: "Payments" }).click();
    await expect(page).toHaveURL(/\/merchant\/payments$/);
    await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Payments" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
    await expectNoMarketingChrome(page);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, testInfo, "Signed Out");
    await page.goto("/merchant/payments");
    await expect(page).toHaveURL(/\/merchant-signin\?redirectTo=%2Fmerchant%2Fpayments/);
  });

  test("a payment that does not exist is 'not found' inside the shell", async ({
    page,
  }, testInfo) => {
    await signInFreshMerchant(page);
    for (const path of ["/merchant/payments/pay_doesnotexist", "/merchant/no-such-page"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expectJsState(page, testInfo);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Merchant" })).toBeVisible();
      await expectNoMarketingChrome(page);
    }
    await page.getByRole("link", { name: "Back to the dashboard" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Merchant Dashboard" })).toBeVisible();
  });

  test("sign-in and set-password pages stay outside the app shell", async ({ page }) => {
    for (const path of ["/merchant-signin", "/merchant/set-password?token=unknown"]) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Merchant" })).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    }
  });

  test("a merchant without a settlement number is asked to add one", async ({ page }) => {
    await signInFreshMerchant(page, null);
    const cta = page.getByRole("link", { name: "Add your settlement number" });
    // On the dashboard, the first step of "Get started".
    await expect(
      page.getByRole("region", { name: "Get started" }).getByRole("listitem").first(),
    ).toContainText("Add your settlement number To do");
    await expect(cta).toHaveAttribute("href", "/merchant/settings");

    await page.goto("/merchant/payments/new");
    await expect(page.getByRole("heading", { level: 1, name: "Create Payment" })).toBeVisible();
    await expect(cta).toBeVisible();
    await cta.click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Settlement settings" }),
    ).toBeVisible();
    await expect(
      page.getByText("No settlement number yet: payments wait until you add one."),
    ).toBeVisible();
  });

  test("a merchant with a settlement number sees no such call to action", async ({ page }) => {
    await signInFreshMerchant(page);
    // The step is done: said in words, and no longer a link.
    await expect(
      page.getByRole("region", { name: "Get started" }).getByRole("listitem").first(),
    ).toContainText("Add your settlement number Done");
    await expect(page.getByRole("link", { name: "Add your settlement number" })).toHaveCount(0);
    await page.goto("/merchant/payments/new");
    await expect(page.getByRole("heading", { level: 1, name: "Create Payment" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add your settlement number" })).toHaveCount(0);
  });
});

test.describe("operator console shell", () => {
  test("navigation by role, the operator's name and role, Sign Out", async ({ page }, testInfo) => {
    await signInAsOperator(page);
    await expectJsState(page, testInfo);
    await expectNoMarketingChrome(page);
    const nav = page.getByRole("navigation", { name: "Operator console" });
    for (const [label, href] of [
      ["Applications", "/admin/applications"],
      ["Payments", "/admin/payments"],
      ["Exceptions", "/admin/payments?status=exceptions"],
      ["Review", "/admin/payments?status=review"],
      ["Rails", "/admin/rails"],
      ["Top-ups", "/admin/top-ups"],
      ["Reconciliation", "/admin/reconciliation"],
      ["News", "/admin/ingest"],
    ] as const) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "href",
        href,
      );
    }
    await expect(nav.getByRole("link", { name: "Applications" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const sidebar = page.getByRole("complementary");
    await expect(sidebar).toContainText("E2E Admin");
    await expect(sidebar).toContainText("Administrator");

    await nav.getByRole("link", { name: "Exceptions" }).click();
    await expect(page).toHaveURL(/\/admin\/payments\?status=exceptions$/);
    await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Exceptions" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("link", { name: "Payments", exact: true })).not.toHaveAttribute(
      "aria-current",
    );

    const missing = await page.goto("/admin/payments/pay_doesnotexist");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(nav).toBeVisible();

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/admin\/signin$/);
    await expectToast(page, testInfo, "Signed Out");
    await page.goto("/admin/payments");
    await expect(page).toHaveURL(/\/admin\/signin\?redirectTo=%2Fadmin%2Fpayments/);
  });
});

test.describe("merchant app shell on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the menu opens, shows who is signed in, navigates and signs out", async ({
    page,
  }, testInfo) => {
    const merchant = await signInFreshMerchant(page);
    await expectJsState(page, testInfo);
    await expectNoMarketingChrome(page);
    await expect(page.getByRole("complementary")).toHaveCount(0);

    const nav = page.getByRole("navigation", { name: "Merchant" });
    await expect(nav).toBeHidden();
    await page.getByText("Menu", { exact: true }).click();
    await expect(nav).toBeVisible();
    const banner = page.getByRole("banner");
    await expect(banner).toContainText(merchant.businessName);
    await expect(banner).toContainText(`Merchant ID ${merchant.merchantId}`);

    await nav.getByRole("link", { name: "Payments" }).click();
    await expect(page).toHaveURL(/\/merchant\/payments$/);
    await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
    // After a navigation the menu is closed again (a new page without JavaScript, closed by
    // script with it).
    await expect(nav).toBeHidden();
    if (isJsProject(testInfo)) {
      await page.getByText("Menu", { exact: true }).click();
      await expect(nav).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(nav).toBeHidden();
    }

    await page.getByText("Menu", { exact: true }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, testInfo, "Signed Out");
  });
});
