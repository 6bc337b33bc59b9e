/**
 * Exchange rates behaviour that needs JavaScript: auto-refresh every 60 seconds, the skeleton, the
 * background-failure toast. Runs in the "js" project only.
 */
import { expect, test } from "@playwright/test";
import { expectJsState } from "./helpers";
import { expectLiveCards, market, rateCards } from "./rates-support";

test.afterEach(async () => {
  await market({ mode: "normal", fxMode: "normal" });
});

test.describe("Exchange rates auto-refresh", () => {
  test("with JavaScript, the page re-reads the rates every 60 seconds, showing the 4-card skeleton meanwhile", async ({
    page,
  }, testInfo) => {
    await market({ mode: "normal", ageSeconds: 600 });
    await page.clock.install();
    await page.goto("/exchange-rates");
    await expectJsState(page, testInfo);
    await expect(rateCards(page).getByText(/^Stale/)).toHaveCount(4);

    // The background refresh stores new rates (here: a refresh made by another visitor).
    expect((await page.request.post("/exchange-rates")).ok()).toBe(true);

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/exchange-rates.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.clock.runFor(60_000);
    const skeleton = page.getByRole("list", { name: "Loading exchange rates" });
    await expect(skeleton.getByRole("listitem")).toHaveCount(4);
    await expect(page.getByRole("button", { name: "Updating..." })).toBeDisabled();
    release();
    await expectLiveCards(page);
    await expect(skeleton).toHaveCount(0);
  });

  test("with JavaScript, a background refresh that failed is toasted when the page re-reads the rates", async ({
    page,
  }, testInfo) => {
    await market({ mode: "normal", ageSeconds: 600 });
    expect((await page.request.post("/exchange-rates")).ok()).toBe(true);
    await page.clock.install();
    await page.goto("/exchange-rates");
    await expectJsState(page, testInfo);
    await expectLiveCards(page);
    const toasts = page.locator("[data-sonner-toast]").filter({ hasText: "Unable to fetch rates" });
    await expect(toasts).toHaveCount(0);

    // A minute later the provider is down and the background refresh fails.
    await market({ mode: "500", ageSeconds: 60 });
    await page.request.post("/exchange-rates");
    await page.clock.runFor(60_000);
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toContainText("We're experiencing connectivity issues. Trying again...");
    // The rates shown are still the last good ones, not yet stale.
    await expect(rateCards(page).getByText("Live", { exact: true })).toHaveCount(4);
  });
});
