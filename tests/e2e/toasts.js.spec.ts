/**
 * Toasts read clearly (issue 30, item 11): the text of every kind of toast passes axe's contrast
 * check on its tinted background. JavaScript draws toasts: "js" project only.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { DEMO_MERCHANT } from "./auth";

test("the toast of each kind passes axe's contrast check", async ({ page }) => {
  // No fade: the toast is checked at its final colours.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/merchant-signin");
  await page.getByLabel("Merchant ID").fill(DEMO_MERCHANT.merchantId);
  await page.getByLabel("Username").fill(DEMO_MERCHANT.username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Sign In Failed" });
  await expect(toast).toBeVisible();
  for (const type of ["error", "success", "warning", "info"] as const) {
    await toast.evaluate((element, kind) => element.setAttribute("data-type", kind), type);
    const results = await new AxeBuilder({ page })
      .include("[data-sonner-toast]")
      .withRules(["color-contrast"])
      .analyze();
    expect(results.violations.map((v) => `${type}: ${v.id}`)).toEqual([]);
  }
});
