/**
 * Issue 30, item 5: a shop in Thika or a town not on the list can apply truthfully; an empty
 * submit shows one summary of every problem, each linked to its field; after success the
 * confirmation replaces the form. With JavaScript and without, on a 390 px phone.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { withE2eDatabase } from "./db";
import { expectAccessible, expectJsState, expectToast, isJsProject, unique } from "./helpers";
import { fillDirector } from "./parties-form";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/**
 * Every e2e application comes from 127.0.0.1, and the form takes 5 an hour per client: this spec's
 * applications must not use up the other specs' allowance (setup, not what is tested).
 */
function forgetApplicationThrottle() {
  withE2eDatabase((db) => db.prepare("delete from rate_limits where key like 'apply:%'").run());
}
test.beforeEach(forgetApplicationThrottle);
test.afterEach(forgetApplicationThrottle);

const storedCities = (email: string) =>
  withE2eDatabase(
    (db) =>
      db.prepare("select city, country from merchant_applications where email = ?").all(email) as {
        city: string;
        country: string;
      }[],
  );

async function fillBusinessAndContact(page: Page, email: string) {
  await page.getByLabel("Business Name").fill("Mugo Hardware");
  await page.getByLabel("Business Type").selectOption("retail");
  await page.getByLabel("Registration Number").fill("BN-AB1234CD");
  await page.getByLabel("Contact Name").fill("Mugo Kariuki");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Phone Number").fill("0722 123 456");
  await fillDirector(page, "Mugo Kariuki");
}

async function chooseKenya(page: Page, testInfo: TestInfo) {
  await page.getByLabel("Country of Operation").selectOption("KE");
  if (!isJsProject(testInfo)) await page.getByRole("button", { name: "Show cities" }).click();
}

const citySelect = (page: Page) => page.getByRole("combobox", { name: /^City \/ town/ });

async function expectConfirmationInPlace(page: Page, testInfo: TestInfo) {
  await expectToast(
    page,
    testInfo,
    "Application Submitted!",
    "We'll review your application and get back to you within 24 hours.",
  );
  const confirmation = page
    .getByRole("status")
    .filter({ hasText: "Your application reference is" });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByRole("heading", { name: "Application Submitted!" })).toBeVisible();
  await expect(confirmation).toContainText("What happens next");
  // The address we will write to, mostly hidden (anyone with the link may see the page).
  await expect(confirmation).toContainText(/m•+@duka\.example\.co\.ke/);
  // No blank form inviting a second application.
  await expect(page.getByRole("button", { name: "Submit Application" })).toHaveCount(0);
  await expect(page.getByLabel("Business Name")).toHaveCount(0);
  if (isJsProject(testInfo))
    await expect(
      confirmation.getByRole("heading", { name: "Application Submitted!" }),
    ).toBeFocused();
  await expectAccessible(page, testInfo);
  const reference = (await confirmation.locator("strong").textContent())?.trim() ?? "";
  expect(reference).toMatch(/^APP-[A-Z0-9]{8}$/);
  return reference;
}

test("a shop in Thika applies by choosing Thika under Kiambu County", async ({
  page,
}, testInfo) => {
  const email = `${unique(testInfo, "mugo-thika")}@duka.example.co.ke`;
  await page.goto("/get-started");
  await expectJsState(page, testInfo);
  await fillBusinessAndContact(page, email);
  await chooseKenya(page, testInfo);
  const city = citySelect(page);
  await expect(city).toBeEnabled();
  // All 47 counties, each a group of its towns, then "Other (not listed)".
  await expect(city.locator("optgroup")).toHaveCount(47);
  await expect(city.locator('optgroup[label="Kiambu County"] option')).toContainText([
    "Kiambu",
    "Thika",
    "Ruiru",
  ]);
  await expect(city.locator('optgroup[label="Nyeri County"] option').first()).toHaveText("Nyeri");
  await expect(city.locator("option").last()).toHaveText("Other (not listed)");
  await city.selectOption("Thika");
  await page
    .getByLabel("Monthly Volume (KES)")
    .selectOption({ label: "KES 100,000 to KES 1,000,000" });
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expectConfirmationInPlace(page, testInfo);
  expect(storedCities(email)).toEqual([{ city: "Thika, Kiambu County", country: "KE" }]);

  // Reloading shows the confirmation again and sends nothing a second time.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Application Submitted!" })).toBeVisible();
  expect(storedCities(email)).toHaveLength(1);
  await page.getByRole("link", { name: "Submit another application" }).click();
  await expect(page.getByRole("button", { name: "Submit Application" })).toBeVisible();
});

test("a shop in a town not on the list applies with Other and the town's name", async ({
  page,
}, testInfo) => {
  const email = `${unique(testInfo, "mugo-other")}@duka.example.co.ke`;
  await page.goto("/get-started");
  await expectJsState(page, testInfo);
  await fillBusinessAndContact(page, email);
  await chooseKenya(page, testInfo);
  const town = page.getByLabel("Town or city not listed");
  // With JavaScript the field shows only for "Other"; without, it is always there.
  if (isJsProject(testInfo)) await expect(town).toHaveCount(0);
  await citySelect(page).selectOption("other");
  await expect(town).toBeVisible();
  await page.getByLabel(/I agree to the/).check();

  // "Other" without the town's name: one problem, linked to the field.
  await page.getByRole("button", { name: "Submit Application" }).click();
  const summary = page
    .getByRole("alert")
    .filter({ hasText: "There is a problem with your application" });
  await expect(summary).toBeVisible();
  const link = summary.getByRole("link", { name: "Type the name of your town or city" });
  await expect(link).toHaveAttribute("href", "#merchant-application-otherCity");
  await link.click();
  if (isJsProject(testInfo)) await expect(town).toBeFocused();
  else await expect(page).toHaveURL(/#merchant-application-otherCity$/);
  await expect(town).toBeInViewport();

  await town.fill("Kangari");
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expectConfirmationInPlace(page, testInfo);
  expect(storedCities(email)).toEqual([{ city: "Kangari", country: "KE" }]);
});

test("an empty submit: one summary at the top listing every problem, each a link to its field", async ({
  page,
}, testInfo) => {
  await page.goto("/get-started");
  await expectJsState(page, testInfo);
  await page.getByRole("button", { name: "Submit Application" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "problems with your application" });
  const heading = summary.getByRole("heading", {
    name: "There are 13 problems with your application",
  });
  await expect(heading).toBeVisible();
  await expect(summary.getByRole("link")).toHaveText([
    "Business name is required",
    "Choose your business type",
    "Registration number is required",
    "Contact name is required",
    "Email address is required",
    "Phone number is required",
    "Person 1: Full name is required",
    "Person 1: Choose a nationality",
    "Person 1: ID or passport number is required",
    "Person 1: Date of birth is required",
    "Country of operation is required",
    "Choose a city or town",
    "Please agree to the terms and conditions to continue.",
  ]);
  // Each field says its own problem too.
  await expect(page.getByLabel("Phone Number")).toHaveAttribute("aria-invalid", "true");
  if (isJsProject(testInfo)) {
    await expect(heading).toBeFocused();
    // With JavaScript the spec's toast shows as well.
    await expectToast(page, testInfo, "Terms Required");
  } else {
    // Without it the summary is the one message at the top.
    await expect(page.getByText("Terms Required")).toHaveCount(0);
  }
  await summary
    .getByRole("link", { name: "Please agree to the terms and conditions to continue." })
    .click();
  const terms = page.getByLabel(/I agree to the/);
  if (isJsProject(testInfo)) await expect(terms).toBeFocused();
  else await expect(page).toHaveURL(/#merchant-application-agreedToTerms$/);
  await expect(terms).toBeInViewport();

  // axe on the summary (JavaScript project: axe runs in the page).
  await expectAccessible(page, testInfo);
});
