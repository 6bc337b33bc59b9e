/**
 * Developers › API keys (issue 13, item 1): an owner opens Developers from the navigation, creates
 * a test key (confirming their password first, then coming back to the form as they filled it),
 * sees the key once, and revokes it; the database then holds only the key's hash, revoked. And the
 * dashboard's "Live data | Test data" switch with its banner. Runs with JavaScript on and off
 * (projects "js" and "no-js").
 */
import { createHash } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant, withE2eDatabase } from "./db";
import { expectJsState, expectToast, isJsProject } from "./helpers";

interface KeyRow {
  name: string;
  mode: string;
  revoked_at: number | null;
}

const keyRow = (secret: string) =>
  withE2eDatabase(
    (db) =>
      db
        .prepare("select name, mode, revoked_at from api_keys where secret_hash = ?")
        .get(createHash("sha256").update(secret).digest("hex")) as KeyRow | undefined,
  );

test("an owner creates a test API key, sees it once, and revokes it", async ({
  page,
}, testInfo) => {
  // Sign-in, the confirm page, two creates, axe and a revoke: more page loads than most tests.
  test.setTimeout(60_000);
  const owner = await createTestMerchant();
  await signInAsMerchant(page, owner);
  // No recent confirmation: creating a key must ask for one.
  withE2eDatabase((db) =>
    db
      .prepare(
        "update sessions set stepped_up_at = null where merchant_user_id in (select id from merchant_users where merchant_id = ?)",
      )
      .run(owner.merchantId),
  );

  await page
    .getByRole("navigation", { name: "Merchant" })
    .getByRole("link", { name: "Developers", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Developers" })).toBeVisible();
  await expectJsState(page, testInfo);
  await expect(
    page.getByRole("navigation", { name: "Developers" }).getByRole("link", { name: "API keys" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No API keys yet.")).toBeVisible();

  await page.getByLabel("Name").fill("Duka online");
  await expect(page.getByRole("radio", { name: "Test" })).toBeChecked();
  await page.getByRole("checkbox", { name: /Read payments, events and rates/ }).check();
  await page.getByRole("checkbox", { name: /Create and cancel payments/ }).check();
  await page.getByLabel("Expires").selectOption("90");
  await page.getByRole("button", { name: "Create API Key" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Confirm it is you" })).toBeVisible();
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Confirm" }).click();

  // Back on the page with the form as it was filled in.
  await expect(page.getByRole("heading", { level: 1, name: "Developers" })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Duka online");
  await expect(page.getByRole("checkbox", { name: /Create and cancel payments/ })).toBeChecked();
  await expect(page.getByLabel("Expires")).toHaveValue("90");
  await page.getByRole("button", { name: "Create API Key" }).click();

  // The panel in the page (the toast repeats the words while it shows).
  await expect(
    page.locator("#main").getByText("Copy it now: you will not see it again.", { exact: true }),
  ).toBeVisible();
  const field = page.getByRole("textbox", { name: "API key" });
  await expect(field).toHaveValue(/^oh_test_[0-9A-Za-z]{32}$/);
  await expect(field).toHaveAttribute("readonly", "");
  const secret = await field.inputValue();
  await expect(page.getByRole("button", { name: "Copy key" })).toHaveCount(
    isJsProject(testInfo) ? 1 : 0,
  );
  await expectToast(page, testInfo, "API key created");
  const table = page.getByRole("table", { name: "Your API keys, newest first" });
  const row = table.getByRole("row").filter({ hasText: "Duka online" });
  await expect(row).toContainText("Test");
  await expect(row).toContainText(`${secret.slice(0, 12)}…`);
  await expect(row).toContainText("payments:write");
  await expect(row).toContainText("Active");
  expect(keyRow(secret)).toEqual({ name: "Duka online", mode: "test", revoked_at: null });
  if (isJsProject(testInfo)) {
    // The new key's panel and the list (the signed-in a11y spec sees the empty page only).
    const { violations } = await new AxeBuilder({ page })
      .exclude("[data-sonner-toaster]") // the toast fading in, checked by its own spec
      .analyze();
    expect(
      violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
  }

  // Shown once: the page opened again does not have it.
  await page.goto("/merchant/developers");
  await expect(row).toContainText("Active");
  expect(await page.content()).not.toContain(secret);

  await row.getByRole("button", { name: "Revoke Duka online" }).click();
  await expectToast(page, testInfo, "API key revoked");
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button")).toHaveCount(0);
  expect(keyRow(secret)?.revoked_at).not.toBeNull();
});

test("the dashboard shows live data unless test data is chosen, with a banner", async ({
  page,
}, testInfo) => {
  await signInAsMerchant(page, await createTestMerchant());
  await expectJsState(page, testInfo);
  const choice = page.getByRole("navigation", { name: "Live or test data" });
  await expect(choice.getByRole("link", { name: "Live data" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByText("no real money moved")).toHaveCount(0);
  await choice.getByRole("link", { name: "Test data" }).click();
  await expect(page).toHaveURL(/\/merchant\/dashboard\?mode=test$/);
  await expect(page.getByRole("note")).toContainText("Test data.");
  await expect(page.getByRole("note")).toContainText("no real money moved");
  await page
    .getByRole("navigation", { name: "Merchant" })
    .getByRole("link", { name: "Payments", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await expect(page.getByRole("note")).toHaveCount(0);
});
