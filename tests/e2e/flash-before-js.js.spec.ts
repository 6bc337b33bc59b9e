/**
 * A JavaScript-enabled browser on a slow network: the message must be on the page before the
 * bundle arrives (here it never does). JS project only (*.js.spec.ts).
 */
import { expect, test } from "@playwright/test";
import { DEMO_MERCHANT } from "./auth";

test("before the JavaScript has loaded, the message is already on the page", async ({ page }) => {
  await page.route(/\/build\//, (route) => route.abort());
  await page.goto("/merchant-signin");
  await page.getByLabel("Merchant ID").fill(DEMO_MERCHANT.merchantId);
  await page.getByLabel("Username").fill(DEMO_MERCHANT.username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  const banner = page.getByRole("alert").filter({ hasText: "Sign In Failed" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(
    "Invalid credentials. Please check your Merchant ID, Username, and Password.",
  );
});
