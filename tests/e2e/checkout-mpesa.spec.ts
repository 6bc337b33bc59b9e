/**
 * Issue 14, item 7 (ADR 0033): "Pay with M-Pesa" on the checkout, through the Daraja simulator's
 * M-Pesa Express. The customer enters their number, the page says to check the phone and follows
 * the prompt by itself (JavaScript) or on refresh (no JavaScript): paid, or M-Pesa's reason and the
 * form again. Run with JavaScript on and off.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant } from "./db";
import { expectPageUpdates, expectToast } from "./helpers";

async function createPayment(page: Page, testInfo: TestInfo): Promise<string> {
  await signInAsMerchant(page, await createTestMerchant());
  await page.goto("/merchant/payments/new");
  await page.getByLabel("Amount (KES)").fill("2500");
  await page.getByLabel("Your reference").fill(`MPESA-${testInfo.project.name}-${Date.now()}`);
  await page.getByRole("radio", { name: "USDT" }).check();
  await page.getByRole("button", { name: "Review" }).click();
  await page.getByRole("button", { name: "Create Payment" }).click();
  await expectToast(page, testInfo, "Payment created");
  const id = /\/merchant\/payments\/(pay_[a-z0-9]{12})$/.exec(new URL(page.url()).pathname)?.[1];
  expect(id, "the payment page's address carries the payment id").toBeTruthy();
  return id!;
}

async function payWithMpesa(page: Page, id: string, phone: string) {
  await page.goto(`/pay/${id}`);
  const section = page.getByRole("region", { name: "Pay with M-Pesa" });
  await expect(section.getByText("Pay KES 2,500 from your M-Pesa")).toBeVisible();
  await section.getByLabel("M-Pesa number").fill(phone);
  await section.getByRole("button", { name: "Pay with M-Pesa" }).click();
}

test("the customer pays with M-Pesa and the page shows the payment paid, with the receipt", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const id = await createPayment(page, testInfo);
  await payWithMpesa(page, id, "0712 345 678");
  await expect(page).toHaveURL(new RegExp(`/pay/${id}$`));
  await expectPageUpdates(page, testInfo, "Thank you: your payment is confirmed.");
  await expect(page.getByRole("heading", { level: 1, name: "Paid" })).toBeVisible();
  await expect(page.getByText("KES 2,500.00 by M-Pesa")).toBeVisible();
  await expect(page.getByText(/^M-Pesa receipt [A-Z0-9]{10}$/)).toBeVisible();
  // Never the crypto quote of a payment paid by M-Pesa.
  await expect(page.getByText(/USDT/)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Pay with M-Pesa" })).toHaveCount(0);
  // The merchant's pages say the same (issue 30, item 2).
  await page.goto(`/merchant/payments/${id}`);
  await expect(page.getByText(/^M-Pesa, receipt [A-Z0-9]{10}$/)).toBeVisible();
  await expect(page.getByText("Customer pays")).toHaveCount(0);
});

test("while the prompt is out, the page (server HTML) says to check the phone", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const id = await createPayment(page, testInfo);
  // The simulator's "silent" number: the prompt stays out (no callback comes).
  await payWithMpesa(page, id, "0700 000 015");
  await expect(page).toHaveURL(new RegExp(`/pay/${id}$`));
  const response = await page.request.get(`/pay/${id}`);
  expect(await response.text()).toContain(
    "Check your phone: enter your M-Pesa PIN to pay KES 2,500.",
  );
  await expect(
    page.getByText("Check your phone: enter your M-Pesa PIN to pay KES 2,500."),
  ).toBeVisible();
  await expect(page.getByLabel("M-Pesa number")).toHaveCount(0);
});

test("a cancelled prompt shows M-Pesa's reason and the form again", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const id = await createPayment(page, testInfo);
  await payWithMpesa(page, id, "0700 000 011");
  await expectPageUpdates(page, testInfo, "You cancelled the M-Pesa request on your phone.");
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was paid" })).toBeVisible();
  await expect(page.getByLabel("M-Pesa number")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay with M-Pesa" })).toBeVisible();
});

test("a number that is not a Safaricom mobile number is refused at the field", async ({
  page,
}, testInfo) => {
  const id = await createPayment(page, testInfo);
  await payWithMpesa(page, id, "0733 123 456");
  const field = page.getByLabel("M-Pesa number");
  await expect(page.getByText("Enter a Safaricom (M-Pesa) number")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveValue("0733 123 456");
  await field.fill("12345");
  await page.getByRole("button", { name: "Pay with M-Pesa" }).click();
  await expect(page.getByText("Enter a Kenyan mobile number, such as 0712 345 678")).toBeVisible();
});
