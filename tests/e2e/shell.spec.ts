import { expect, test } from "@playwright/test";
import { tickerStats } from "../../app/content/ticker";
import { eatYear } from "../../app/utils/format";
import { expectJsState, expectNoSidewaysScroll } from "./helpers";

/** The header's links, in order: the spec's five and the three that were only in the footer. */
const headerLinks = [
  ["About", "/about"],
  ["Features", "/features"],
  ["Solutions", "/solutions"],
  ["Pricing", "/tariff-schedule"],
  ["Exchange Rates", "/exchange-rates"],
  ["Security", "/security"],
  ["API Docs", "/docs"],
  ["Blog", "/blog"],
] as const;

test.describe("shared layout", () => {
  test("header links, footer details and the ticker render on every page", async ({
    page,
  }, testInfo) => {
    await page.goto("/terms");
    await expectJsState(page, testInfo);
    const header = page.getByRole("banner");
    const main = header.getByRole("navigation", { name: "Main" });
    for (const [label, href] of headerLinks) {
      await expect(main.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "href",
        href,
      );
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

  test("the mobile menu opens, lists every header link, and navigates", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/terms");
    await expectJsState(page, testInfo);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeHidden();
    await page.getByText("Menu", { exact: true }).click();
    await expect(mobileNav).toBeVisible();
    await expect(mobileNav.getByRole("link")).toHaveText(headerLinks.map(([label]) => label));
    for (const [label, href] of headerLinks) {
      const link = mobileNav.getByRole("link", { name: label, exact: true });
      await expect(link).toHaveAttribute("href", href);
      // Inside the phone's width, nothing cut off.
      const box = (await link.boundingBox())!;
      expect(box.x, label).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, label).toBeLessThanOrEqual(390);
    }
    await expectNoSidewaysScroll(page);
    await mobileNav.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/tariff-schedule$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tariff Schedule" })).toBeVisible();
  });

  for (const width of [1024, 1280]) {
    test(`on a ${width} px laptop every header link and both buttons sit on one line`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/about");
      await expectJsState(page, testInfo);
      const header = page.getByRole("banner");
      await expect(header.getByText("Menu", { exact: true })).toBeHidden();
      const main = header.getByRole("navigation", { name: "Main" });
      await expect(main.getByRole("link")).toHaveText(headerLinks.map(([label]) => label));
      const controls = [
        header.getByRole("link", { name: "OneHop home" }),
        ...headerLinks.map(([label]) => main.getByRole("link", { name: label, exact: true })),
        header.getByRole("link", { name: "Sign In" }),
        header.getByRole("link", { name: "Get Started" }),
      ];
      const boxes: { name: string; x: number; y: number; width: number; height: number }[] = [];
      for (const control of controls) {
        await expect(control).toBeVisible();
        boxes.push({
          name: (await control.textContent()) ?? "",
          ...(await control.boundingBox())!,
        });
      }
      const bar = (await header.boundingBox())!;
      let before: (typeof boxes)[number] | undefined;
      for (const box of boxes) {
        const name = box.name;
        // Inside the 64 px bar and the window, one line each, left to right without overlap.
        expect(box.y, name).toBeGreaterThanOrEqual(bar.y);
        expect(box.y + box.height, name).toBeLessThanOrEqual(bar.y + 64);
        expect(box.height, `${name} wraps`).toBeLessThan(48);
        expect(box.x + box.width, name).toBeLessThanOrEqual(width);
        if (before) {
          expect(box.x, `${name} overlaps ${before.name}`).toBeGreaterThanOrEqual(
            before.x + before.width - 0.5,
          );
        }
        before = box;
      }
      await expectNoSidewaysScroll(page);
    });
  }

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
