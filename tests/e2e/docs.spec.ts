/**
 * The API documentation at /docs (issue 13, item 5): every page is server HTML that reads the same
 * with JavaScript off and on, the reference is generated from the OpenAPI document (createPayment
 * with its curl example), and the site's "API Docs" links lead there.
 */
import { expect, test } from "@playwright/test";
import { webhookEventTypes } from "../../app/core/api/vocabulary";
import { expectJsState, isJsProject } from "./helpers";

const pages = [
  { path: "/docs", nav: "Overview", h1: "OneHop API", code: true },
  { path: "/docs/quickstart", nav: "Quickstart", h1: "Quickstart", code: true },
  { path: "/docs/api", nav: "API reference", h1: "API reference", code: true },
  { path: "/docs/webhooks", nav: "Webhooks", h1: "Webhooks", code: true },
  { path: "/docs/test-mode", nav: "Test mode", h1: "Test mode", code: false },
] as const;

test.describe("API documentation", () => {
  for (const docsPage of pages) {
    test(`${docsPage.path} renders, with its side-nav entry marked current`, async ({
      page,
    }, testInfo) => {
      const response = await page.goto(docsPage.path);
      expect(response?.status()).toBe(200);
      await expectJsState(page, testInfo);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(docsPage.h1);
      const nav = page.getByRole("navigation", { name: "Documentation" });
      await expect(nav.getByRole("link", { name: docsPage.nav, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      await expect(page.getByRole("main")).toContainText("oh_test_");
      // Code examples are in the HTML; the copy button is an enhancement that needs JavaScript.
      const copy = page.getByRole("button", { name: /^Copy/ });
      if (docsPage.code) {
        await expect(page.locator("pre code").first()).toBeVisible();
        if (isJsProject(testInfo)) await expect(copy.first()).toBeVisible();
      }
      if (!isJsProject(testInfo)) await expect(copy).toHaveCount(0);
    });
  }

  test("the reference lists createPayment with its curl, Node and Python examples", async ({
    page,
    baseURL,
  }, testInfo) => {
    await page.goto("/docs/api");
    await expectJsState(page, testInfo);
    const contents = page.getByRole("navigation", { name: "Contents" });
    await contents.getByRole("link", { name: "Create a payment" }).click();
    await expect(page).toHaveURL(/\/docs\/api#createPayment$/);
    const section = page.locator("section#createPayment");
    await expect(section.getByRole("heading", { level: 3 })).toHaveText("Create a payment");
    await expect(section).toContainText("POST");
    await expect(section).toContainText("/api/v1/payments");
    await expect(section).toContainText("payments:write");
    // The request body's fields, from the zod schema through the OpenAPI document.
    const body = section.getByRole("table", { name: "Create a payment: request body" });
    for (const field of ["amount", "currency", "asset", "reference", "metadata"])
      await expect(body.getByRole("rowheader", { name: field, exact: true })).toBeVisible();
    await expect(body.getByRole("row", { name: /^amount integer required/ })).toBeVisible();
    const curl = section.getByRole("figure", { name: /^curl/ }).locator("pre code");
    await expect(curl).toContainText(`curl ${baseURL}/api/v1/payments`);
    await expect(curl).toContainText('-H "Authorization: Bearer $ONEHOP_API_KEY"');
    await expect(curl).toContainText("Idempotency-Key: createPayment-A-1042");
    await expect(curl).toContainText('"amount": 250000');
    await expect(section.getByRole("figure", { name: /^Node \(fetch\)/ })).toContainText(
      "await fetch(",
    );
    await expect(section.getByRole("figure", { name: /^Python \(requests\)/ })).toContainText(
      "requests.post(",
    );
    // Every other operation has its section too.
    for (const id of ["listPayments", "getPayment", "cancelPayment", "listEvents", "getBalance"])
      await expect(page.locator(`section#${id} pre code`).first()).toContainText("curl");
  });

  test("the webhooks page lists every event and the signature check in Node and Python", async ({
    page,
  }, testInfo) => {
    await page.goto("/docs/webhooks");
    await expectJsState(page, testInfo);
    const events = page.getByRole("table", { name: "Webhook event types" });
    for (const type of webhookEventTypes)
      await expect(events.getByRole("rowheader", { name: type, exact: true })).toBeVisible();
    await expect(page.getByRole("figure", { name: /^Node \(Express\)/ })).toContainText(
      "express.raw(",
    );
    await expect(page.getByRole("figure", { name: /^Python \(Flask\)/ })).toContainText(
      "request.get_data()",
    );
    await expect(page.locator("#signatures")).toContainText("re-serialise");
  });

  test("the header's API Docs link goes to /docs", async ({ page }, testInfo) => {
    await page.goto("/about");
    await expectJsState(page, testInfo);
    const link = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "API Docs", exact: true });
    await expect(link).toHaveAttribute("href", "/docs");
    await expect(link).not.toHaveAttribute("target", "_blank");
    await link.click();
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("OneHop API");
  });

  test("a code example is plain text without JavaScript; with it, Copy copies it", async ({
    page,
    context,
  }, testInfo) => {
    await page.goto("/docs/quickstart");
    await expectJsState(page, testInfo);
    const figure = page.getByRole("figure", { name: /^Keep it in your shell/ });
    await expect(figure.locator("pre code")).toHaveText("export ONEHOP_API_KEY=oh_test_…");
    if (!isJsProject(testInfo)) {
      await expect(figure.getByRole("button")).toHaveCount(0);
      return;
    }
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await figure.getByRole("button", { name: /^Copy/ }).click();
    await expect(figure.getByRole("button", { name: /^Copied/ })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "export ONEHOP_API_KEY=oh_test_…",
    );
  });
});
