/**
 * Marketing pages: home, features ("How It Works") and solutions. The Playwright config runs this
 * spec with JavaScript on ("js") and off ("no-js"); the solutions tabs are links without JavaScript
 * and ARIA tabs with it, and both must show the chosen flow.
 */
import { expect, test, type Locator } from "@playwright/test";
import { cryptocurrencies } from "../../app/content/cryptocurrencies";
import { expectJsState, isJsProject } from "./helpers";

test.describe("Home page", () => {
  test("shows the money flow with its captions and every section's cards", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Get Started" }).first()).toHaveAttribute(
      "href",
      "/get-started",
    );

    const flow = page.getByRole("list", { name: "How the money moves" });
    await expect(flow.locator(":scope > li")).toHaveCount(5);
    for (const caption of [
      "quote locked in KES",
      "on-chain confirmed",
      "auto-settle to your rail",
    ]) {
      await expect(flow.getByText(caption, { exact: true })).toBeVisible();
    }

    for (const title of [
      "Transparent Pricing",
      "Easy Integration",
      "Local Rails",
      "Accept Crypto",
      "Lock Rate",
      "Settle to Rails",
      "Lightning Settlement",
      "Military-Grade Security",
      "Best-in-Class Rates",
      "Global Reach with Local Settlement",
      "Institutional-Grade Custody",
      "Trusted by Leading Merchants",
      "White-Glove Support",
    ]) {
      await expect(page.getByRole("heading", { level: 3, name: title, exact: true })).toBeVisible();
    }
  });

  test("the Best-in-Class Rates card links to /exchange-rates", async ({ page }) => {
    await page.goto("/");
    const card = page.getByRole("listitem").filter({
      has: page.getByRole("heading", { level: 3, name: "Best-in-Class Rates", exact: true }),
    });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("link")).toHaveAttribute("href", "/exchange-rates");
  });

  test("closing call to action: live rates, integration and an external demo link", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "View Live Rates" })).toHaveAttribute(
      "href",
      "/exchange-rates",
    );
    await expect(page.getByRole("link", { name: "Start Integration" })).toHaveAttribute(
      "href",
      "/get-started",
    );
    const demo = page.getByRole("link", { name: /Schedule Demo/ });
    await expect(demo).toHaveAttribute("target", "_blank");
    await expect(demo).toHaveAttribute("href", /^https?:\/\//);
  });
});

test.describe("Features page", () => {
  test("has one h1 and covers the offering, pricing and settlement", async ({ page }) => {
    await page.goto("/features");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    for (const title of [
      "Collections",
      "Disbursements",
      "B2B Transfers",
      "Fiat On/Off Ramp",
      "Cross-Border Payments",
      "Treasury",
    ]) {
      await expect(page.getByRole("heading", { level: 3, name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { level: 2, name: "Pricing" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Settlement times" })).toBeVisible();
  });
});

/**
 * Scroll a control below the fold on screen, as a reader would, before clicking it. Sections rise
 * in with a scroll-driven animation (`.reveal`, animation-timeline: view()), and Chromium samples
 * that timeline once per frame: right after click()'s own scroll the control's box can still carry
 * the pre-scroll translateY(2rem), so click() aims 32px below where the control is painted a frame
 * later and hits the gap under the tab list. Once the control is on screen (which takes a rendered
 * frame), click() finds it already in view, does not scroll, and aims at where it is.
 */
async function scrollIntoSight(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeInViewport({ ratio: 1 });
}

test.describe("Solutions page", () => {
  test("Collections is selected by default", async ({ page }, testInfo) => {
    await page.goto("/solutions");
    await expectJsState(page, testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.locator("#solutions")).toBeVisible();
    if (isJsProject(testInfo)) {
      await expect(page.getByRole("tab", { name: "Collections" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await expect(page.getByRole("tabpanel")).toHaveCount(1);
    } else {
      await expect(page.getByRole("link", { name: "Collections", exact: true })).toHaveAttribute(
        "aria-current",
        "true",
      );
    }
    await expect(page.getByRole("heading", { level: 3, name: /^Collections:/ })).toBeVisible();
    await expect(page.locator("#how-it-works").getByText("5M+", { exact: true })).toBeVisible();
  });

  test("choosing Disbursements shows its content", async ({ page }, testInfo) => {
    await page.goto("/solutions");
    await expectJsState(page, testInfo);
    const section = page.locator("#how-it-works");
    if (isJsProject(testInfo)) {
      const tab = page.getByRole("tab", { name: "Disbursements" });
      await scrollIntoSight(tab);
      await tab.click();
      await expect(tab).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tab", { name: "Collections" })).toHaveAttribute(
        "aria-selected",
        "false",
      );
      const panel = page.getByRole("tabpanel");
      await expect(panel).toHaveCount(1);
      await expect(panel).toHaveAttribute("aria-labelledby", (await tab.getAttribute("id")) ?? "");
      await expect(panel.getByRole("heading", { level: 3, name: /^Disbursements:/ })).toBeVisible();
      await expect(panel.getByText("3M", { exact: true })).toBeVisible();
      await expect(panel.getByText("Payroll", { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/[?&]flow=disbursements/);

      // Arrow keys move focus and selection; Home goes back to the first tab.
      await tab.press("ArrowRight");
      const b2b = page.getByRole("tab", { name: "B2B Payments" });
      await expect(b2b).toBeFocused();
      await expect(b2b).toHaveAttribute("aria-selected", "true");
      await expect(b2b).toHaveAttribute("tabindex", "0");
      await expect(tab).toHaveAttribute("tabindex", "-1");
      await b2b.press("ArrowRight");
      await expect(page.getByRole("tab", { name: "Collections" })).toBeFocused();
      await page.keyboard.press("End");
      await expect(b2b).toBeFocused();
      await page.keyboard.press("Home");
      await expect(page.getByRole("tab", { name: "Collections" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await page.keyboard.press("ArrowLeft");
      await expect(b2b).toHaveAttribute("aria-selected", "true");
      await expect(
        page.getByRole("tabpanel").getByRole("heading", { level: 3, name: /^B2B Payments:/ }),
      ).toBeVisible();
      await expect(page).toHaveURL(/[?&]flow=b2b-payments/);
    } else {
      const link = section.getByRole("link", { name: "Disbursements", exact: true });
      await scrollIntoSight(link);
      await link.click();
      await expect(page).toHaveURL(/\/solutions\?flow=disbursements#how-it-works$/);
      await expect(
        section.getByRole("link", { name: "Disbursements", exact: true }),
      ).toHaveAttribute("aria-current", "true");
      await expect(
        section.getByRole("heading", { level: 3, name: /^Disbursements:/ }),
      ).toBeVisible();
      await expect(section.getByText("3M", { exact: true })).toBeVisible();
      await expect(section.getByText("Payroll", { exact: true })).toBeVisible();
    }
  });

  test("?flow=b2b-payments renders the B2B panel on the server", async ({
    page,
    request,
  }, testInfo) => {
    const response = await request.get("/solutions?flow=b2b-payments");
    expect(response.ok()).toBe(true);
    // What the server rendered (the page's copy also travels as loader data after it).
    const html = await response.text();
    const rendered = html.slice(0, html.indexOf("window.__remixContext"));
    expect(rendered).toContain("B2B Payments: settle with other businesses");
    expect(rendered).toContain("1M+");
    expect(rendered).not.toContain("Collections: get paid in crypto");

    await page.goto("/solutions?flow=b2b-payments");
    await expectJsState(page, testInfo);
    const section = page.locator("#how-it-works");
    await expect(section.getByRole("heading", { level: 3, name: /^B2B Payments:/ })).toBeVisible();
    await expect(section.getByText("1M+", { exact: true })).toBeVisible();
    if (isJsProject(testInfo)) {
      await expect(page.getByRole("tab", { name: "B2B Payments" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
    }
  });

  test("an unknown flow falls back to Collections", async ({ page }) => {
    await page.goto("/solutions?flow=nonsense");
    await expect(
      page.locator("#how-it-works").getByRole("heading", { level: 3, name: /^Collections:/ }),
    ).toBeVisible();
  });

  test("calls to action and documentation links", async ({ page }) => {
    await page.goto("/solutions");
    await expect(page.getByRole("link", { name: "Start Integration" }).first()).toHaveAttribute(
      "href",
      "/get-started",
    );
    await expect(
      page.getByRole("link", { name: "Start Your Payment Journey" }).first(),
    ).toHaveAttribute("href", "/onboarding");
    const docs = page.locator("#solutions").getByRole("link");
    expect(await docs.count()).toBeGreaterThan(0);
    for (const link of await docs.all()) {
      await expect(link).toHaveAttribute("href", "/docs");
    }
  });

  test("lists the cryptocurrencies accepted at checkout apart from those shown for reference", async ({
    page,
  }) => {
    await page.goto("/solutions");
    const payable = page.getByRole("list", { name: "Accepted at checkout" }).getByRole("listitem");
    await expect(payable).toHaveText([/Bitcoin/, /Ethereum/, /Tether/, /USD Coin/]);
    const reference = page
      .getByRole("list", { name: "Rates shown for reference" })
      .getByRole("listitem");
    await expect(reference).toHaveCount(cryptocurrencies.length - 4);
    await expect(page.locator("#supported-coins")).toContainText(
      "Bitcoin, Ethereum, USDT and USDC are accepted at checkout",
    );
    await expect(page.getByText(/Binance USD|BUSD/)).toHaveCount(0);
  });
});
