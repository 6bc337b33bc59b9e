/**
 * Company pages: About, Security, Onboarding and Tariff Schedule. The Playwright config runs this
 * spec with JavaScript on and off; every assertion here must hold for server-rendered HTML alone.
 */
import { expect, test } from "@playwright/test";

test.describe("About page", () => {
  test("shows one h1, the four values and a timeline from 2020 to 2025", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

    const values = page.locator("#values");
    await expect(values.getByRole("heading", { level: 2, name: "Our values" })).toBeVisible();
    for (const value of ["Security First", "Accessibility", "Innovation", "Trust"]) {
      await expect(
        values.getByRole("heading", { level: 3, name: value, exact: true }),
      ).toBeVisible();
    }
    await expect(values.getByRole("heading", { level: 3 })).toHaveCount(4);

    const timeline = page.getByRole("list", { name: /our journey/i });
    await expect(timeline).toBeVisible();
    const entries = timeline.locator(":scope > li");
    await expect(entries).toHaveCount(6);
    for (const [index, year] of ["2020", "2021", "2022", "2023", "2024", "2025"].entries()) {
      await expect(entries.nth(index)).toContainText(year);
    }
    await expect(
      page.getByText(/founded 2020|in 2020 as a mobile value-added-services provider/i).first(),
    ).toBeVisible();
  });
});

test.describe("Security page", () => {
  test("shows the four certifications", async ({ page }) => {
    await page.goto("/security");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const certifications = page.locator("#certifications");
    for (const name of ["ISO 27001", "SOC 2 Type II", "PCI DSS", "GDPR"]) {
      await expect(
        certifications.getByRole("heading", { level: 3, name, exact: true }),
      ).toBeVisible();
    }
    await expect(certifications.getByRole("heading", { level: 3 })).toHaveCount(4);
    await expect(page.getByText("99.99%").first()).toBeVisible();
  });

  test("Schedule a Demo leads to /get-started", async ({ page }) => {
    await page.goto("/security");
    const demoLinks = page.getByRole("link", { name: /schedule a demo/i });
    await expect(demoLinks.first()).toBeVisible();
    const count = await demoLinks.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      await expect(demoLinks.nth(index)).toHaveAttribute("href", "/get-started");
    }
    await demoLinks.last().click();
    await expect(page).toHaveURL(/\/get-started$/);
  });
});

test.describe("Onboarding page", () => {
  test("is titled Start Your Payment Journey and links to the application", async ({ page }) => {
    await page.goto("/onboarding");
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1).toHaveCount(1);
    await expect(h1).toHaveText("Start Your Payment Journey");

    const steps = page.getByRole("list", { name: /from application to going live/i });
    await expect(steps.locator(":scope > li")).toHaveCount(8);
    await expect(steps).toContainText("Within 24 hours");
    await expect(page.locator('main a[href="/get-started"]').first()).toBeVisible();
    await expect(page.locator('a[href="/merchant-signin"]').first()).toBeAttached();
  });
});

test.describe("Tariff schedule page", () => {
  test("shows the five sections, the limits and the three fees", async ({ page }) => {
    await page.goto("/tariff-schedule");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

    for (const heading of [
      "Transaction Fees",
      "Mobile Money Limits",
      "Crypto Limits",
      "Supported Assets",
      "Important Notes",
    ]) {
      await expect(
        page.getByRole("heading", { level: 2, name: heading, exact: true }),
      ).toBeVisible();
    }

    const main = page.locator("main");
    for (const amount of ["KES 500", "KES 250,000", "KES 10,000,000"]) {
      await expect(main.getByRole("cell", { name: amount, exact: true }).first()).toBeVisible();
    }

    const fees = page.getByRole("table", { name: "Fees by payment flow" });
    await expect(fees).toBeVisible();
    for (const [flow, fee] of [
      [/^C2B/, "1%"],
      [/^B2C/, "1.5%"],
      [/^B2B/, "1.2%"],
    ] as const) {
      const row = fees
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: flow }) });
      // Each fee plus the 10% excise duty on it (Finance Act 2025).
      await expect(
        row.getByRole("cell", { name: `${fee} plus 10% excise duty`, exact: true }),
      ).toBeVisible();
    }

    // Settlement to the merchant's own M-Pesa: Safaricom's charge by band, passed on at cost.
    const charges = page.getByRole("table", { name: "M-Pesa charge per settlement transfer" });
    const band = charges
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "KES 1,501 to KES 5,000" }) });
    await expect(band.getByRole("cell", { name: "KES 9", exact: true })).toBeVisible();

    // Only what checkout accepts is in the table (issue 30, item 10).
    const assets = page.getByRole("table", { name: /accepted at checkout/i });
    for (const symbol of ["BTC", "ETH", "USDT", "USDC"]) {
      await expect(assets.getByRole("cell", { name: symbol, exact: true })).toBeVisible();
    }
    await expect(assets.getByRole("row")).toHaveCount(5);
  });
});
