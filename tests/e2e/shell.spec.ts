import { expect, test } from "@playwright/test";
import { tickerStats } from "../../app/content/ticker";
import { eatYear } from "../../app/utils/format";
import { expectJsState } from "./helpers";

test.describe("shared layout", () => {
  test("header links, footer details and the ticker render on every page", async ({
    page,
  }, testInfo) => {
    await page.goto("/terms");
    await expectJsState(page, testInfo);
    const header = page.getByRole("banner");
    const main = header.getByRole("navigation", { name: "Main" });
    for (const label of ["About", "Features", "Security", "Blog"]) {
      await expect(main.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(main.getByRole("link", { name: "API Docs", exact: true })).toHaveAttribute(
      "href",
      "/docs",
    );
    await expect(header.getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/merchant-signin",
    );
    await expect(header.getByRole("link", { name: "Get Started" })).toHaveAttribute(
      "href",
      "/get-started",
    );

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(
      "Powering businesses with instant crypto payments and settlement since 2020.",
    );
    // This year in Nairobi, not a year typed into the code (issue 30, item 10).
    await expect(footer).toContainText(`© ${eatYear(Date.now())} OneHop Payments Limited`);
    await expect(footer.getByRole("img", { name: "M-Pesa" })).toBeVisible();
    await expect(footer.getByRole("img", { name: "Airtel Money" })).toBeVisible();
    await expect(footer.getByRole("img", { name: "T-kash" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "support@onehop.co.ke" })).toHaveAttribute(
      "href",
      "mailto:support@onehop.co.ke",
    );
    for (const [label, href] of [
      ["About", "/about"],
      ["How It Works", "/features"],
      ["Security", "/security"],
      ["Blog", "/blog"],
      ["Exchange Rates", "/exchange-rates"],
      ["Privacy Policy", "/privacy"],
      ["Terms and Conditions", "/terms"],
    ] as const) {
      await expect(footer.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "href",
        href,
      );
    }
    await expect(footer.getByRole("link", { name: "API Documentation" })).toHaveAttribute(
      "href",
      "/docs",
    );

    const ticker = page.getByRole("region", { name: "Market statistics" });
    for (const stat of tickerStats) {
      // Each statistic is exposed once to assistive technology (the loop's copy is aria-hidden).
      await expect(ticker.getByRole("listitem").filter({ hasText: stat.label })).toHaveCount(1);
      await expect(ticker).toContainText(`Source: ${stat.source}`);
    }
  });

  test("the ticker loops every 30 seconds and stands still for reduced motion", async ({
    page,
  }) => {
    await page.goto("/about");
    const track = page.locator(".ticker-track");
    await expect(track).toHaveCSS("animation-duration", "30s");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(track).toHaveCSS("animation-name", "none");
  });

  test("the mobile menu opens and navigates", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/terms");
    await expectJsState(page, testInfo);
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeHidden();
    await page.getByText("Menu", { exact: true }).click();
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole("link", { name: "Security" }).click();
    await expect(page).toHaveURL(/\/security$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("an unknown path answers 404 with the spec's text", async ({ page }, testInfo) => {
    const response = await page.goto("/definitely/not/here");
    expect(response?.status()).toBe(404);
    await expectJsState(page, testInfo);
    await expect(
      page.getByRole("heading", { level: 1, name: "Oops! Page not found" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
