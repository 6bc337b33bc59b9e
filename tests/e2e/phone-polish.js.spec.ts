/**
 * The ticker's pause button once JavaScript runs: it says what it will do ("Pause ticker" /
 * "Play ticker") and the loop follows. Without JavaScript the control is a "Pause ticker"
 * checkbox (tests/e2e/phone-polish.spec.ts). Runs in the "js" project only.
 */
import { expect, test } from "@playwright/test";
import { expectJsState } from "./helpers";

for (const [device, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["laptop", { width: 1280, height: 800 }],
] as const) {
  test.describe(`the ticker on a ${device}`, () => {
    test.use({ viewport, ...(device === "phone" ? { isMobile: true, hasTouch: true } : {}) });

    test("the pause button reads Play ticker while paused and Pause ticker while playing", async ({
      page,
    }, testInfo) => {
      await page.goto("/about");
      await expectJsState(page, testInfo);
      const ticker = page.getByRole("region", { name: "Market statistics" });
      const track = ticker.locator(".ticker-track");

      await ticker.getByRole("button", { name: "Pause ticker" }).click();
      await expect(ticker.getByRole("button", { name: "Play ticker" })).toBeVisible();
      await expect(ticker.getByRole("button", { name: "Pause ticker" })).toHaveCount(0);
      await expect(track).toHaveCSS("animation-play-state", "paused");

      await ticker.getByRole("button", { name: "Play ticker" }).click();
      await expect(ticker.getByRole("button", { name: "Pause ticker" })).toBeVisible();
      await expect(track).toHaveCSS("animation-play-state", "running");
    });
  });
}
