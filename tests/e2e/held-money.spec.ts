/**
 * The held-money queue in a browser, with and without JavaScript: a payment is paid with M-Pesa
 * Express, then the customer also sends the crypto (custody simulator). The operator finds the
 * payment in the "Held money" queue, sees the held USDT on its page (axe-clean, JavaScript project)
 * and flags it for refund with a plain form.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInAsMerchant, signInAsOperator } from "./auth";
import { createTestMerchant } from "./db";
import { expectAccessible, expectPageUpdates, expectToast } from "./helpers";

async function createPayment(page: Page, testInfo: TestInfo) {
  await signInAsMerchant(page, await createTestMerchant());
  await page.goto("/merchant/payments/new");
  await page.getByLabel("Amount (KES)").fill("2500");
  const reference = `HELD-${testInfo.project.name}-${Date.now()}`;
  await page.getByLabel("Your reference").fill(reference);
  await page.getByRole("radio", { name: "USDT" }).check();
  await page.getByRole("button", { name: "Review" }).click();
  await page.getByRole("button", { name: "Create Payment" }).click();
  await expectToast(page, testInfo, "Payment created");
  const id = /\/merchant\/payments\/(pay_[a-z0-9]{12})$/.exec(new URL(page.url()).pathname)?.[1];
  expect(id, "the payment page's address carries the payment id").toBeTruthy();
  return { id: id!, reference };
}

test("crypto sent after an M-Pesa payment is held, queued and flagged for refund", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { id, reference } = await createPayment(page, testInfo);

  // The test wallet's form carries the deposit address and the amount asked, while it is payable.
  await page.goto(`/pay/${id}`);
  const wallet = page.locator("form", {
    has: page.getByRole("button", { name: "Pay with the test wallet (simulator)" }),
  });
  const address = (await wallet.locator('input[name="address"]').getAttribute("value"))!;
  const amount = (await wallet.locator('input[name="amount"]').getAttribute("value"))!;

  const mpesa = page.getByRole("region", { name: "Pay with M-Pesa" });
  await mpesa.getByLabel("M-Pesa number").fill("0712 345 678");
  await mpesa.getByRole("button", { name: "Pay with M-Pesa" }).click();
  await expectPageUpdates(page, testInfo, "Thank you: your payment is confirmed.");

  // The customer sends the crypto too (the simulator's operator page), fully confirmed.
  await signInAsOperator(page);
  await page.goto(`/simulator/custody/?${new URLSearchParams({ address, amount })}`);
  // The asset left as "The address's asset".
  await page.getByRole("button", { name: "Send payment" }).click();
  await expect(page.getByText(`to ${address}`).first()).toBeVisible();
  // This payment's transaction (other tests' may be listed too).
  for (let i = 0; i < 2; i++) {
    await page.goto("/simulator/custody/");
    await page
      .getByRole("row")
      .filter({ hasText: address })
      .getByRole("button", { name: /^Add confirmation/ })
      .click();
  }

  // In the queue (the webhook arrives asynchronously: reload until it did).
  await expect(async () => {
    await page.goto("/admin/payments?status=held");
    await expect(page.getByRole("link", { name: reference })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("link", { name: "Held money", exact: true })).toBeVisible();

  await page.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Payment ${id}` })).toBeVisible();
  const card = page
    .locator("div", { has: page.getByRole("heading", { name: "Held money" }) })
    .last();
  await expect(card).toContainText(
    /USDT sent to the deposit address after the payment was paid with M-Pesa, held on/,
  );
  // The visible label, and the amount for screen readers (several buttons can share a page).
  const flag = card.getByRole("button", { name: /^Flag for refund of [\d.,]+ USDT$/ });
  await expect(flag).toBeVisible();
  await expectAccessible(page, testInfo);

  await flag.click();
  await expectToast(page, testInfo, "Flagged for refund");
  await expect(card).toContainText("Flagged for refund on");
  await expect(card.getByRole("button", { name: /Flag for refund/ })).toHaveCount(0);
  await page.goto("/admin/payments?status=held");
  await expect(page.getByRole("link", { name: reference })).toHaveCount(0);
});
