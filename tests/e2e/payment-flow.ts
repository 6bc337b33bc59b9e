/**
 * A payment as a merchant and its customer make it in the browser: created from the dashboard,
 * paid on the checkout through the custody simulator. For the specs that need a paid payment.
 */
import { expect, type Page, type TestInfo } from "@playwright/test";
import { operatorApi, signInAsOperator } from "./auth";
import { expectToast } from "./helpers";

/** Create a USDT payment from the dashboard; ends on its page. */
export async function createPayment(
  page: Page,
  testInfo: TestInfo,
  amount: string,
  reference: string,
  youReceive?: string,
) {
  await page.goto("/merchant/dashboard");
  await page.getByRole("link", { name: "Create Payment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create Payment" })).toBeVisible();
  await page.getByLabel("Amount (KES)").fill(amount);
  await page.getByLabel("Your reference").fill(reference);
  await page.getByRole("radio", { name: "USDT" }).check();
  await page.getByRole("button", { name: "Review" }).click();
  const summary = page
    .locator("div", { has: page.getByRole("heading", { name: "Summary" }) })
    .last();
  await expect(summary).toContainText("Collection fee (1%)");
  if (youReceive) await expect(summary).toContainText(youReceive);
  await page.getByRole("button", { name: "Create Payment" }).click();
  await expectToast(page, testInfo, "Payment created");
  await expect(page.getByRole("heading", { level: 1, name: `Payment ${reference}` })).toBeVisible();
}

/**
 * From a payment's page: pay it on the checkout through the custody simulator (the customer's test
 * wallet, then two confirmations as an operator), ending on the checkout showing "Paid".
 */
export async function payOnCheckout(page: Page) {
  await page.getByRole("link", { name: "Open checkout page" }).click();
  await expect(page.getByText("Send exactly")).toBeVisible();
  await expect(
    page.getByRole("img", { name: /QR code of the USDT deposit address/ }),
  ).toBeVisible();
  const checkoutUrl = page.url();
  // The customer's test wallet needs no operator session: it pays this payment's address only.
  // A button that reads as one (the app's button style), not a line of text.
  const wallet = page.getByRole("button", { name: "Pay with the test wallet (simulator)" });
  await expect(wallet).toHaveClass(/\bring-brand-700\b/);
  await wallet.click();
  await expect(page.getByRole("heading", { level: 1, name: "Custody simulator" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Deposit addresses" })).toHaveCount(0);
  await page.getByRole("button", { name: "Send payment" }).click();
  await expect(page).toHaveURL(checkoutUrl);
  await expect(page.getByText("Confirming", { exact: true })).toBeVisible();
  // The simulator's control page is for operators (a merchant's session is refused).
  expect((await page.goto("/simulator/custody/"))?.status()).toBe(403);
  await signInAsOperator(page);
  // Two confirmations (USDT) from the simulator's page.
  for (let i = 0; i < 2; i++) {
    await page.goto("/simulator/custody/");
    await page
      .getByRole("button", { name: /^Add confirmation/ })
      .first()
      .click();
  }
  await page.goto(checkoutUrl);
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
}

/**
 * On a payment's page: the M-Pesa result arrives asynchronously, so reload until a transfer shows
 * "Paid".
 */
export async function expectTransferPaid(page: Page) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("cell", { name: "Paid", exact: true }).first()).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
}

/** The customer's wallet pays (simulator controls, as an operator would): returns the tx id. */
export async function customerPays(address: string, amount: string): Promise<string> {
  const response = await (
    await operatorApi()
  ).post("/simulator/custody/payments", {
    data: { address, amount },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

export async function confirmOnChain(txId: string, add: number) {
  const response = await (
    await operatorApi()
  ).post(`/simulator/custody/transactions/${encodeURIComponent(txId)}/confirmations`, {
    data: { add },
  });
  expect(response.status(), await response.text()).toBe(200);
}
