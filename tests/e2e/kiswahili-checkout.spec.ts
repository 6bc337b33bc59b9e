/**
 * Issue 33: a customer whose browser asks for Kiswahili pays at the checkout in Kiswahili (the
 * page, its M-Pesa form's errors, the live status, the receipt and its printable page), can switch
 * to English and back on the page itself, with and without JavaScript, axe clean, `lang` right.
 */
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant } from "./db";
import { expectAccessible, expectPageUpdates, isJsProject } from "./helpers";
import { confirmOnChain, createPayment, customerPays } from "./payment-flow";

/** A customer's phone browser in Kiswahili (Accept-Language: sw-KE), JavaScript as the project. */
async function kiswahiliCustomer(
  browser: Browser,
  testInfo: TestInfo,
  baseURL: string | undefined,
): Promise<Page> {
  const context = await browser.newContext({
    locale: "sw-KE",
    javaScriptEnabled: isJsProject(testInfo),
    viewport: { width: 390, height: 844 },
    baseURL,
  });
  return context.newPage();
}

test("a customer pays in Kiswahili: checkout, M-Pesa errors, live status, receipt", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAsMerchant(page, await createTestMerchant());
  const reference = `SW-${testInfo.project.name}-${Date.now()}`;
  await createPayment(page, testInfo, "2500", reference);
  const checkoutPath = await page
    .getByRole("link", { name: "Open checkout page" })
    .getAttribute("href");
  expect(checkoutPath).toMatch(/^\/pay\/pay_[a-z0-9]{12}$/);

  const customer = await kiswahiliCustomer(browser, testInfo, baseURL);
  const response = await customer.goto(checkoutPath!);
  expect(response?.headers()["content-language"]).toBe("sw-KE");
  await expect(customer.locator("html")).toHaveAttribute("lang", "sw-KE");
  await expect(customer).toHaveTitle(/^Lipa E2E Traders /);
  await expect(
    customer.getByRole("heading", { level: 1, name: "Lipa KES 2,500.00" }),
  ).toBeVisible();
  await expect(customer.getByText("Malipo kwa", { exact: true })).toBeVisible();
  await expect(customer.getByText(`Kumbukumbu ${reference}`)).toBeVisible();
  await expect(
    customer.getByText(
      "Tuma kwenye Tron (TRC-20) pekee. Sarafu zikitumwa kwenye mtandao mwingine zinaweza kupotea.",
    ),
  ).toBeVisible();
  await expect(customer.getByText("Tuma kiasi hiki hasa")).toBeVisible();
  await expect(customer.getByText("Inasubiri malipo", { exact: true })).toBeVisible();
  await expect(customer.getByText("Imelindwa na OneHop")).toBeVisible();
  // The countdown: minutes from the server, minutes:seconds once the script runs.
  await expect(
    customer.getByText(isJsProject(testInfo) ? /^Zimebaki \d+:\d\d$/ : /^Zimebaki dakika \d+$/),
  ).toBeVisible();
  await expectAccessible(customer, testInfo);

  // M-Pesa's form answers in Kiswahili, from the browser's check (JS) or the server's (no JS).
  const mpesa = customer.getByRole("region", { name: "Lipa kwa M-Pesa" });
  await mpesa.getByLabel("Nambari ya M-Pesa").fill("0733 123 456");
  await mpesa.getByRole("button", { name: "Lipa kwa M-Pesa" }).click();
  await expect(
    customer.getByText("Weka nambari ya Safaricom (M-Pesa), kama 0712 345 678."),
  ).toBeVisible();
  await expect(customer.getByLabel("Nambari ya M-Pesa")).toHaveAttribute("aria-invalid", "true");

  // The switch on the page: English, the same page, then back.
  const language = customer.getByRole("form", { name: "Lugha" });
  await language.getByRole("button", { name: "English" }).click();
  await expect(customer.getByRole("heading", { level: 1, name: "Pay KES 2,500.00" })).toBeVisible();
  await expect(customer.locator("html")).toHaveAttribute("lang", "en-KE");
  expect(new URL(customer.url()).pathname).toBe(checkoutPath);
  await customer
    .getByRole("form", { name: "Language" })
    .getByRole("button", { name: "Kiswahili" })
    .click();
  await expect(
    customer.getByRole("heading", { level: 1, name: "Lipa KES 2,500.00" }),
  ).toBeVisible();
  await expect(customer.locator("html")).toHaveAttribute("lang", "sw-KE");

  // The customer pays; the checkout follows (by itself with JavaScript, by refreshing without).
  const address = (await customer.locator("#pay-address").textContent())!.trim();
  const amount = (await customer.locator("#pay-amount").textContent())!.trim();
  const txId = await customerPays(address, amount);
  await expectPageUpdates(customer, testInfo, "Inathibitishwa", {
    exact: true,
    refreshLabel: "Sasisha hali",
  });
  await expect(customer.getByText("Malipo yamepokelewa", { exact: true })).toBeVisible();
  await confirmOnChain(txId, 2);
  await expectPageUpdates(customer, testInfo, "Imelipwa", {
    exact: true,
    refreshLabel: "Sasisha hali",
  });

  // The receipt, in Kiswahili: the day in Kiswahili words, the WhatsApp message too.
  await expect(customer.getByRole("heading", { level: 1, name: "Imelipwa" })).toBeVisible();
  await expect(customer.getByText("Asante: malipo yako yamethibitishwa.")).toBeVisible();
  const receipt = customer.getByRole("region", { name: "Risiti" });
  await expect(receipt.getByText(`${amount} USDT kwenye Tron (TRC-20)`)).toBeVisible();
  await expect(
    receipt.getByText(
      /^\d{1,2} (Jan|Feb|Mac|Apr|Mei|Jun|Jul|Ago|Sep|Okt|Nov|Des) \d{4}, \d\d:\d\d EAT$/,
    ),
  ).toBeVisible();
  await expect(receipt.getByRole("link", { name: /^Shiriki kwenye WhatsApp/ })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\?text=Risiti%3A%20KES%202%2C500\.00%20zimelipwa%20kwa%20/,
  );
  await expectAccessible(customer, testInfo);

  await receipt.getByRole("link", { name: "Risiti ya kuchapisha" }).click();
  await expect(customer).toHaveURL(new RegExp(`${checkoutPath}/receipt$`));
  await expect(customer.getByRole("heading", { level: 1, name: "Risiti" })).toBeVisible();
  await expect(customer.getByRole("link", { name: "Rudi kwenye malipo" })).toBeVisible();
  await expect(customer.locator("html")).toHaveAttribute("lang", "sw-KE");
  await expectAccessible(customer, testInfo);
  await customer.context().close();
});
