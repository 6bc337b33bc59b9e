/**
 * Messages are part of the server's page (not only a toast, never only in <noscript>); one submit
 * shows one toast; a signed-in merchant's public header says "Dashboard".
 */
import { expect, test, type Page } from "@playwright/test";
import { DEMO_MERCHANT, signInAsMerchant } from "./auth";
import { expectJsState, isJsProject } from "./helpers";

async function failSignIn(page: Page) {
  await page.getByLabel("Merchant ID").fill(DEMO_MERCHANT.merchantId);
  await page.getByLabel("Username").fill(DEMO_MERCHANT.username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
}

test.describe("flash messages", () => {
  test("a message is shown once: in the page without JavaScript, as a toast with it", async ({
    page,
  }, testInfo) => {
    await page.goto("/merchant-signin");
    await expectJsState(page, testInfo);
    await failSignIn(page);
    const shown = page.getByText("Sign In Failed", { exact: true });
    if (isJsProject(testInfo)) {
      await expect(
        page.locator("[data-sonner-toast]").filter({ hasText: "Sign In Failed" }),
      ).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(page.locator("[data-flash-banner]")).toHaveCount(0);
    } else {
      await expect(page.getByRole("alert").filter({ hasText: "Sign In Failed" })).toBeVisible();
    }
    await expect(shown).toHaveCount(1);
  });

  test("one submit of the application without Terms shows one toast", async ({
    page,
  }, testInfo) => {
    // Every toast element sonner ever adds, kept after it is dismissed.
    await page.addInitScript(() => {
      const seen: Element[] = [];
      Object.assign(window, { __toastsSeen: seen });
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll("[data-sonner-toast]"))
          if (!seen.includes(toast)) seen.push(toast);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/get-started");
    await expectJsState(page, testInfo);
    // Typing and leaving fields validates them (with JavaScript): none of that may toast.
    await page.getByLabel("Business Name").fill("Duka la Mama");
    await page.getByLabel("Business Type").selectOption("ecommerce");
    await page.getByLabel("Website").fill("https://duka.example.co.ke");
    await page.getByLabel("Contact Name").fill("Achieng Otieno");
    await page.getByLabel("Email Address").fill("achieng@duka.example.co.ke");
    await page.getByLabel("Phone Number").fill("0712 345 678");
    await page.getByLabel("Monthly Volume (KES)").selectOption("kes-100k-1m");
    await page.getByLabel("Preferred Integration").focus();
    await page.getByRole("button", { name: "Submit Application" }).click();
    if (isJsProject(testInfo)) {
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Terms Required" });
      await expect(toast).toBeVisible();
      await page.waitForLoadState("networkidle");
      const termsToasts = await page.evaluate(
        () =>
          (window as unknown as { __toastsSeen: Element[] }).__toastsSeen.filter((toast) =>
            toast.textContent?.includes("Terms Required"),
          ).length,
      );
      expect(termsToasts).toBe(1);
    } else {
      // Without JavaScript the one message at the top is the summary of every problem.
      await expect(page.getByText("Terms Required")).toHaveCount(0);
      await expect(
        page.getByRole("alert").filter({ hasText: "problems with your application" }),
      ).toHaveCount(1);
    }
  });
});

test.describe("public header", () => {
  test("a signed-in merchant sees Dashboard; the page is not shared", async ({ page, browser }) => {
    // Warm the shared page cache with the anonymous home page first.
    const anonymous = await browser.newPage();
    const first = await anonymous.goto("/");
    expect(first?.headers()["cache-control"]).toContain("public");
    await expect(anonymous.getByRole("link", { name: "Sign In" }).first()).toBeAttached();
    await anonymous.close();

    await signInAsMerchant(page);
    const response = await page.goto("/");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Dashboard" }).first()).toHaveAttribute(
      "href",
      "/merchant/dashboard",
    );
    await expect(header.getByRole("link", { name: "Sign In" })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Get Started" })).toHaveCount(0);
  });
});
