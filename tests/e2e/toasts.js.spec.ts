/**
 * Toasts read clearly and stay out of the way (issue 30, item 11): the text of every kind of toast
 * passes axe's contrast check on its tinted background; in the merchant app on a laptop a toast
 * covers none of the page's controls, and on the public site it stays bottom-right. JavaScript
 * draws toasts: "js" project only.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { DEMO_MERCHANT, signInAsMerchant } from "./auth";
import { createTestMerchant } from "./db";

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
  // The pointer on the toast keeps it open (sonner pauses its 4 s timer) for the four checks,
  // which can take longer than that on a busy machine.
  await toast.hover();
  for (const type of ["error", "success", "warning", "info"] as const) {
    await toast.evaluate((element, kind) => element.setAttribute("data-type", kind), type);
    const results = await new AxeBuilder({ page })
      .include("[data-sonner-toast]")
      .withRules(["color-contrast"])
      .analyze();
    expect(results.violations.map((v) => `${type}: ${v.id}`)).toEqual([]);
  }
});

test("a toast's text is never drawn faint: it slides in at full opacity, it does not fade", async ({
  page,
}) => {
  // Issue 30, item 11: axe on a payout batch page caught a toast's title (`div[data-title=""]`)
  // mid-fade, its text too faint. Every frame from now on: each toast title's opacity as drawn.
  await page.goto("/merchant-signin");
  await page.evaluate(() => {
    const seen: number[] = [];
    Object.assign(window, { toastTitleOpacities: seen });
    const sample = () => {
      for (const title of document.querySelectorAll("[data-sonner-toast] [data-title]")) {
        let opacity = 1;
        for (let el: Element | null = title; el; el = el.parentElement)
          opacity *= Number(getComputedStyle(el).opacity);
        seen.push(opacity);
      }
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.getByLabel("Merchant ID").fill(DEMO_MERCHANT.merchantId);
  await page.getByLabel("Username").fill(DEMO_MERCHANT.username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Sign In Failed" }),
  ).toBeVisible();
  const opacities = () =>
    page.evaluate(
      () => (window as unknown as { toastTitleOpacities: number[] }).toastTitleOpacities,
    );
  // Frames covering the first 400 ms a fade would take (at 60 frames a second, 30 are 500 ms).
  await expect.poll(async () => (await opacities()).length).toBeGreaterThan(30);
  expect(Math.min(...(await opacities()))).toBe(1);
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("on a laptop, the merchant app's toast covers none of the page's controls: a new API key's Revoke stays clear", async ({
  page,
}) => {
  // Issue 30, item 11: "API key created" sat bottom-right over the new key's Revoke button.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await signInAsMerchant(page, await createTestMerchant());
  await page.goto("/merchant/developers");
  await page.getByLabel("Name").fill("Duka till");
  await page.getByRole("checkbox", { name: /Read payments, events and rates/ }).check();
  await page.getByRole("button", { name: "Create API Key" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "API key created" });
  await expect(toast).toBeVisible();

  // The table's last row, its actions in the window's bottom-right corner (where toasts were).
  const revoke = page
    .getByRole("table", { name: "Your API keys, newest first" })
    .getByRole("row")
    .last()
    .getByRole("button", { name: "Revoke Duka till" });
  await expect(revoke).toBeInViewport();
  const toastBox = (await toast.boundingBox())!;
  expect(overlaps(toastBox, (await revoke.boundingBox())!)).toBe(false);

  // Nor any other link, button or field of the page in the window.
  const controls = page.locator("#main").locator("a, button, input, select, textarea, summary");
  for (const control of await controls.all()) {
    if (!(await control.isVisible()) || !(await control.evaluate((el) => el.checkVisibility())))
      continue;
    const box = await control.boundingBox();
    if (!box || box.y > 720) continue;
    const name = (await control.getAttribute("aria-label")) ?? (await control.textContent());
    expect(overlaps(toastBox, box), `the toast covers "${name?.trim()}"`).toBe(false);
  }
});

test("on the public site the toast stays bottom-right, as the spec says", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/merchant-signin");
  await page.getByLabel("Merchant ID").fill(DEMO_MERCHANT.merchantId);
  await page.getByLabel("Username").fill(DEMO_MERCHANT.username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Sign In Failed" });
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.x).toBeGreaterThan(1280 / 2);
  expect(box.y).toBeGreaterThan(720 / 2);
});
