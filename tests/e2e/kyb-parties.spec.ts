/**
 * Issue 31, item 6: an application names its directors and beneficial owners ("Add another
 * person" re-renders the form on the server without JavaScript, in the browser with it); the
 * merchant keeps them in Settings > Directors and owners (add, remove). Both projects.
 */
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signInAsMerchant, signInAsOperator } from "./auth";
import { withE2eDatabase } from "./db";
import { expectAccessible, expectJsState, expectToast, isJsProject, unique } from "./helpers";
import { fillPerson } from "./parties-form";

function forgetApplicationThrottle() {
  withE2eDatabase((db) => db.prepare("delete from rate_limits where key like 'apply:%'").run());
}

test.beforeEach(forgetApplicationThrottle);
test.afterEach(forgetApplicationThrottle);

test("apply with a director and an owner", async ({ page }, testInfo) => {
  const email = `${unique(testInfo, "parties")}@parties.example.co.ke`;
  await page.goto("/get-started");
  await expectJsState(page, testInfo);
  await page.getByLabel("Business Name").fill("Kahawa Roasters");
  await page.getByLabel("Business Type").selectOption("retail");
  await page.getByLabel("Registration Number").fill("PVT-KA1234RS");
  await page.getByLabel("Contact Name").fill("Achieng Otieno");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Phone Number").fill("0712 345 678");
  await page.getByLabel("Country of Operation").selectOption("KE");
  if (!isJsProject(testInfo)) await page.getByRole("button", { name: "Show cities" }).click();
  await page.getByRole("combobox", { name: /^City/ }).selectOption("Nairobi");
  await fillPerson(page, 1, {
    fullName: "Achieng Otieno",
    idNumber: "23456789",
    dateOfBirth: "1986-04-12",
  });
  // Without JavaScript the server sends the form back with a second person, what was typed kept.
  await page.getByRole("button", { name: "Add another person" }).click();
  const second = page.getByRole("group", { name: "Person 2", exact: true });
  await expect(second).toBeVisible();
  await expect(
    page.getByRole("group", { name: "Person 1", exact: true }).getByLabel("Full name"),
  ).toHaveValue("Achieng Otieno");
  await expect(page.getByLabel("Email Address")).toHaveValue(email);
  await fillPerson(page, 2, {
    role: "owner",
    fullName: "Baraka Mwangi",
    idNumber: "A1234567",
    dateOfBirth: "1979-09-30",
    sharePercent: "60",
  });
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your application reference is" }),
  ).toBeVisible();

  const stored = withE2eDatabase(
    (db) =>
      db
        .prepare(
          `select p.role, p.full_name as name, p.ownership_bps as bps from business_parties p
           join merchant_applications a on a.id = p.application_id where a.email = ?
           order by p.role`,
        )
        .all(email) as { role: string; name: string; bps: number | null }[],
  );
  expect(stored).toEqual([
    { role: "director", name: "Achieng Otieno", bps: null },
    { role: "owner", name: "Baraka Mwangi", bps: 6000 },
  ]);
});

test("an owner's share under 25% is refused beside the field", async ({ page }, testInfo) => {
  await page.goto("/get-started");
  await expectJsState(page, testInfo);
  await fillPerson(page, 1, {
    role: "owner",
    fullName: "Baraka Mwangi",
    idNumber: "A1234567",
    dateOfBirth: "1979-09-30",
    sharePercent: "10",
  });
  await page.getByRole("button", { name: "Submit Application" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "with your application" });
  await expect(summary.getByRole("link", { name: "Add at least one director" })).toBeVisible();
  await expect(
    summary.getByRole("link", { name: "Person 1: An owner's share is between 25% and 100%" }),
  ).toBeVisible();
});

test("Settings: an owner adds a director and removes them", async ({ page }, testInfo) => {
  const name = `Wanjiru Kamau ${unique(testInfo, "s").replace(/[^a-z]/gi, "")}`.slice(0, 60);
  await signInAsMerchant(page);
  await page.goto("/merchant/settings");
  await page.getByRole("link", { name: "Directors and owners" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Directors and owners" })).toBeVisible();
  await expectJsState(page, testInfo);
  const form = page.getByRole("region", { name: "Add a director or owner" });
  await form.getByLabel("Role").selectOption("director");
  await form.getByLabel("Full name").fill(name);
  await form.getByLabel("Nationality").selectOption("KE");
  await form.getByLabel("ID or passport number").fill("12345678");
  await form.getByLabel("Date of birth").fill("1980-01-31");
  await form.getByRole("button", { name: "Add person" }).click();
  await expectToast(page, testInfo, "Person added");
  const listed = page.getByRole("list", { name: "Directors and owners" });
  await expect(listed.getByRole("heading", { name })).toBeVisible();
  await expect(listed.getByRole("listitem").filter({ hasText: name })).toContainText("•••• 5678");

  // A second director first, so that the business keeps one.
  await form.getByLabel("Full name").fill("Otieno Ouma");
  await form.getByLabel("Nationality").selectOption("KE");
  await form.getByLabel("ID or passport number").fill("87654321");
  await form.getByLabel("Date of birth").fill("1975-06-15");
  await form.getByRole("button", { name: "Add person" }).click();
  await expectToast(page, testInfo, "Person added");

  await page.getByRole("button", { name: `Remove ${name}` }).click();
  await expectToast(page, testInfo, "Person removed");
  await expect(listed.getByRole("heading", { name })).toHaveCount(0);
  const kept = withE2eDatabase(
    (db) =>
      db.prepare("select removed_at from business_parties where full_name = ?").get(name) as {
        removed_at: number | null;
      },
  );
  expect(kept.removed_at).not.toBeNull();
});

test("the operator sees the people, dates a document, approves and sets the tier", async ({
  page,
  browser,
}, testInfo) => {
  const email = `${unique(testInfo, "tier")}@tier.example.co.ke`;
  await page.goto("/get-started");
  await page.getByLabel("Business Name").fill(`Tier Traders ${unique(testInfo, "t")}`);
  await page.getByLabel("Business Type").selectOption("retail");
  await page.getByLabel("Registration Number").fill("PVT-TI1234ER");
  await page.getByLabel("Contact Name").fill("Zawadi Njeri");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Phone Number").fill("0712 345 678");
  await page.getByLabel("Country of Operation").selectOption("KE");
  if (!isJsProject(testInfo)) await page.getByRole("button", { name: "Show cities" }).click();
  await page.getByRole("combobox", { name: /^City/ }).selectOption("Nakuru");
  await fillPerson(page, 1, {
    fullName: "Zawadi Njeri",
    idNumber: "34567890",
    dateOfBirth: "1991-07-04",
  });
  await page
    .getByLabel("Business Registration Documents")
    .setInputFiles(path.resolve("tests/fixtures/kyb-certificate.pdf"));
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Submit Application" }).click();
  const status = page.getByRole("status").filter({ hasText: "Your application reference is" });
  await expect(status).toBeVisible();
  const reference = (await status.locator("strong").textContent())?.trim() ?? "";

  const context = await browser.newContext({ javaScriptEnabled: isJsProject(testInfo) });
  const operator = await context.newPage();
  await signInAsOperator(operator);
  await operator.goto("/admin/applications?status=submitted");
  await operator.getByRole("link", { name: reference, exact: true }).click();
  const people = operator.getByRole("list", { name: "Directors and owners" });
  await expect(people).toContainText("Zawadi Njeri");
  await expect(people).toContainText("Director");

  const expires = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  await operator
    .getByLabel("Type of kyb-certificate.pdf")
    .selectOption("certificate_of_incorporation");
  await operator.getByLabel("Expires on").fill(expires);
  await operator.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(operator, testInfo, "Document saved");
  await expect(operator.getByLabel("Expires on")).toHaveValue(expires);

  await operator.getByRole("button", { name: "Approve and create merchant" }).click();
  await expectToast(operator, testInfo, "Application approved");
  await operator.reload();
  await expect(operator.getByText("Now Standard: KES 10,000,000 a day.")).toBeVisible();
  await operator.getByLabel("Tier").selectOption("basic");
  await operator.getByRole("button", { name: "Save tier" }).click();
  await expectToast(operator, testInfo, "Tier saved");
  await operator.reload();
  await expect(operator.getByText("Now Basic: KES 1,000,000 a day.")).toBeVisible();
  await expectAccessible(operator, testInfo);
  await context.close();
});
