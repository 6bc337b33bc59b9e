/**
 * Issue 33: a business applies in Kiswahili. A browser asking for Kiswahili gets the form in
 * Kiswahili; a form sent with a missing field answers in Kiswahili (the browser's check with
 * JavaScript, the server's without); the filled form is taken and the confirmation gives the
 * reference in Kiswahili. Axe clean, `lang` right.
 */
import { expect, test } from "@playwright/test";
import { withE2eDatabase } from "./db";
import { expectAccessible, expectJsState, isJsProject, unique } from "./helpers";

/** The form takes 5 applications an hour per client: this spec's must not use up the others'. */
function forgetApplicationThrottle() {
  withE2eDatabase((db) => db.prepare("delete from rate_limits where key like 'apply:%'").run());
}

test.use({ locale: "sw-KE" });
test.beforeEach(forgetApplicationThrottle);
test.afterEach(forgetApplicationThrottle);

test("a business applies in Kiswahili: the form, its errors and the reference", async ({
  page,
}, testInfo) => {
  const response = await page.goto("/get-started");
  expect(response?.headers()["content-language"]).toBe("sw-KE");
  await expect(page.locator("html")).toHaveAttribute("lang", "sw-KE");
  await expectJsState(page, testInfo);

  // Sent with the business name missing: the answer is in Kiswahili.
  await page.getByLabel("Jina la biashara").fill("");
  await page.getByRole("button", { name: "Tuma maombi" }).click();
  await expect(page.getByText("Weka jina la biashara").first()).toBeVisible();
  await expect(page.getByLabel("Jina la biashara")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, testInfo);

  await page.getByLabel("Jina la biashara").fill(`Duka la Pwani ${unique(testInfo, "sw")}`);
  await page.getByLabel("Aina ya biashara").selectOption("retail");
  await page.getByLabel("Nambari ya usajili").fill("bn-ab1234cd");
  await page.getByLabel("Jina la mtu wa mawasiliano").fill("Njeri Mwangi");
  await page.getByLabel("Barua pepe").fill(`${unique(testInfo, "sw-apply")}@duka.example.co.ke`);
  await page.getByLabel("Nambari ya simu").fill("0712 345 678");
  const person = page.getByRole("group", { name: "Mtu wa 1", exact: true });
  await person.getByLabel("Jukumu").selectOption("director");
  await person.getByLabel("Jina kamili").fill("Njeri Mwangi");
  await person.getByLabel("Uraia").selectOption("KE");
  await person.getByLabel("Nambari ya kitambulisho au pasipoti").fill("23456789");
  await person.getByLabel("Tarehe ya kuzaliwa").fill("1986-04-12");
  await page.getByLabel("Nchi ambako biashara inafanya kazi").selectOption("KE");
  if (!isJsProject(testInfo)) await page.getByRole("button", { name: "Onyesha miji" }).click();
  await page.getByRole("combobox", { name: /^Mji/ }).selectOption("Mombasa");
  await page.getByLabel(/^Nakubali/).check();
  await page.getByRole("button", { name: "Tuma maombi" }).click();

  const confirmation = page.getByRole("status").filter({ hasText: "Kumbukumbu ya maombi yako ni" });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.locator("strong")).toHaveText(/^APP-[A-Z0-9]{8}$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "sw-KE");
  await expectAccessible(page, testInfo);
});
