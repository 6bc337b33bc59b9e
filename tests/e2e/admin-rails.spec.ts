/**
 * Issue 14, item 6: operators see each payout rail's health, float and today's volume, on a laptop
 * and on a phone, with and without JavaScript. On this server (simulators) all four rails run, each
 * with its opening float.
 */
import { expect, test } from "@playwright/test";
import { signInAsOperator } from "./auth";
import { expectJsState } from "./helpers";

for (const device of [
  { name: "laptop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
]) {
  test(`the rails page on a ${device.name}`, async ({ page }, testInfo) => {
    await page.setViewportSize(device.viewport);
    await signInAsOperator(page, undefined, { waitFor: "url" });
    await page.goto("/admin/rails");
    await expectJsState(page, testInfo);
    await expect(page.getByRole("heading", { level: 1, name: "Payout rails" })).toBeVisible();
    // The page holds a table for wide screens and cards for phones: count what is shown.
    const shown = (text: string | RegExp) =>
      page.getByText(text, { exact: true }).filter({ visible: true });
    await expect(shown(/^(M-Pesa|Airtel Money|T-Kash|PesaLink)$/)).toHaveCount(4);
    await expect(shown("Configured")).toHaveCount(4);
    await expect(shown("Not configured here")).toHaveCount(0);
    // Float, in flight and volume in Kenyan shillings with cents (other specs move the amounts).
    await expect(shown(/^KES [\d,]+\.\d{2}$/).first()).toBeVisible();
    await expect(shown(/^\d+ transfers?, KES [\d,]+\.\d{2}$/)).toHaveCount(4);
  });
}
