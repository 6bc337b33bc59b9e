/**
 * Issue 33: a merchant works in Kiswahili. The switch in the app's own menu turns the app into
 * Kiswahili on the same page; the merchant's first payment is created in Kiswahili (the form, its
 * summary, the toast, the payment's page); every page of the navigation answers in Kiswahili,
 * `lang` right and axe clean; the choice is the member's, so signing in on another browser opens
 * the app in Kiswahili. With and without JavaScript.
 */
import { expect, test } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant } from "./db";
import { expectAccessible, expectToast, isJsProject } from "./helpers";

/** The navigation's pages in Kiswahili: the link's name and the page's heading. */
const PAGES = [
  { link: "Malipo", heading: "Malipo" },
  { link: "Till", heading: "Till" },
  { link: "Taarifa za akaunti", heading: "Taarifa za akaunti" },
  { link: "Malipo yaliyotumwa", heading: "Malipo yaliyotumwa" },
  { link: "Viungo vya malipo", heading: "Viungo vya malipo" },
  { link: "Mipangilio", heading: "Mipangilio ya ulipaji" },
  { link: "Timu", heading: "Timu" },
  { link: "Wasanidi programu", heading: "Wasanidi programu" },
  { link: "Usalama", heading: "Usalama" },
] as const;

test("a merchant switches the app to Kiswahili and makes a first payment in it", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const merchant = await createTestMerchant();
  await signInAsMerchant(page, merchant);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-KE");

  // The switch in the app's menu: the same page, now in Kiswahili.
  await page
    .getByRole("form", { name: "Language" })
    .getByRole("button", { name: "Kiswahili" })
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Dashibodi ya mfanyabiashara" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/merchant\/dashboard$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "sw-KE");
  const nav = page.getByRole("navigation", { name: "Mfanyabiashara" });
  await expect(nav.getByRole("link", { name: "Dashibodi" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Toka" })).toBeVisible();
  await expectAccessible(page, testInfo);

  // The first payment, in Kiswahili from the form to its page.
  const reference = `SW-${testInfo.project.name}-${Date.now()}`;
  await page.getByRole("link", { name: "Unda malipo" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Unda malipo" })).toBeVisible();
  await page.getByLabel("Kiasi (KES)").fill("2500");
  await page.getByLabel("Kumbukumbu yako").fill(reference);
  await page.getByRole("radio", { name: "USDT" }).check();
  await page.getByRole("button", { name: "Kagua" }).click();
  const summary = page
    .locator("div", { has: page.getByRole("heading", { name: "Muhtasari" }) })
    .last();
  await expect(summary).toContainText("Ada ya makusanyo (1%)");
  await expectAccessible(page, testInfo);
  await page.getByRole("button", { name: "Unda malipo" }).click();
  await expectToast(page, testInfo, "Malipo yameundwa");
  await expect(page.getByRole("heading", { level: 1, name: `Malipo ${reference}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Fungua ukurasa wa malipo" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Shiriki na mteja wako" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Shiriki kwenye WhatsApp/ })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\?text=Tafadhali%20lipa%20KES%202%2C500/,
  );
  await expect(page.locator("html")).toHaveAttribute("lang", "sw-KE");
  await expectAccessible(page, testInfo);

  // Every page of the navigation, in Kiswahili.
  for (const { link, heading } of PAGES) {
    await nav.getByRole("link", { name: link, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "sw-KE");
    await expectAccessible(page, testInfo);
  }

  // The choice is the member's: another browser (asking for English) signs in to Kiswahili.
  const other = await browser.newContext({
    locale: "en-KE",
    javaScriptEnabled: isJsProject(testInfo),
    baseURL,
  });
  const second = await other.newPage();
  await second.goto("/merchant-signin");
  await second.getByLabel("Merchant ID").fill(merchant.merchantId);
  await second.getByLabel("Username").fill(merchant.username);
  await second.getByLabel("Password").fill(merchant.password);
  await second.getByRole("button", { name: "Sign In" }).click();
  await expect(
    second.getByRole("heading", { level: 1, name: "Dashibodi ya mfanyabiashara" }),
  ).toBeVisible();
  await expect(second.locator("html")).toHaveAttribute("lang", "sw-KE");
  await other.close();

  // And back to English, on the same page.
  await page.getByRole("form", { name: "Lugha" }).getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-KE");
});
