/**
 * Refunds (issue 15, item 5) in a browser, with JavaScript (project "js") and without ("no-js"): a
 * customer pays with M-Pesa Express; the merchant opens the payment, starts a refund, reviews it
 * (what the customer receives, M-Pesa's charge, the total), sends it, confirms it is them (step-up)
 * and comes back to the form filled in, sends it again and lands on the payment page, where the
 * refund is listed and follows M-Pesa's answer to "Refunded" with its receipt. On a phone the form
 * and the payment page never scroll sideways. axe checks the pages in the "js" project.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant, withE2eDatabase } from "./db";
import {
  expectAccessible,
  expectJsState,
  expectNoSidewaysScroll,
  expectPageUpdates,
  expectToast,
  isJsProject,
} from "./helpers";

/** Signing in counts as a fresh confirmation: take it back, so Send asks for one. */
function forgetStepUp(merchantId: string) {
  withE2eDatabase((db) =>
    db
      .prepare(
        "update sessions set stepped_up_at = null where merchant_user_id in (select id from merchant_users where merchant_id = ?)",
      )
      .run(merchantId),
  );
}

/** A KES 2,500 payment, paid by the customer with M-Pesa Express on the checkout. */
async function paidWithMpesa(page: Page, testInfo: TestInfo) {
  await page.goto("/merchant/payments/new");
  await page.getByLabel("Amount (KES)").fill("2500");
  const reference = `RFD-${testInfo.project.name}-${Date.now()}`;
  await page.getByLabel("Your reference").fill(reference);
  await page.getByRole("radio", { name: "USDT" }).check();
  await page.getByRole("button", { name: "Review" }).click();
  await page.getByRole("button", { name: "Create Payment" }).click();
  await expectToast(page, testInfo, "Payment created");
  const id = /\/merchant\/payments\/(pay_[a-z0-9]{12})$/.exec(new URL(page.url()).pathname)?.[1];
  expect(id, "the payment page's address carries the payment id").toBeTruthy();

  await page.goto(`/pay/${id}`);
  const mpesa = page.getByRole("region", { name: "Pay with M-Pesa" });
  await mpesa.getByLabel("M-Pesa number").fill("0712 345 678");
  await mpesa.getByRole("button", { name: "Pay with M-Pesa" }).click();
  await expectPageUpdates(page, testInfo, "Thank you: your payment is confirmed.");
  return { id: id!, reference };
}

test("a member refunds an M-Pesa payment to the customer's phone", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  // No payout destination: the payment's money stays in the balance to refund from.
  const merchant = await createTestMerchant(null);
  await signInAsMerchant(page, merchant);
  const { id, reference } = await paidWithMpesa(page, testInfo);

  await page.goto(`/merchant/payments/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Payment ${reference}` })).toBeVisible();
  await expectJsState(page, testInfo);
  const section = page.getByRole("region", { name: "Refunds", exact: true });
  await expect(section).toContainText("No refunds for this payment.");
  await expect(section).toContainText("Up to KES 2,500.00 can be refunded");
  await section.getByRole("link", { name: "Refund this payment" }).click();

  // The form: what remains by default, the phone the customer paid from.
  await expect(page.getByRole("heading", { level: 1, name: "Refund this payment" })).toBeVisible();
  await expectJsState(page, testInfo);
  const amount = page.getByLabel("Amount to refund (KES)");
  await expect(amount).toHaveValue("2500");
  await expect(page.getByText("+254 712 345 678")).toBeVisible();
  await expectAccessible(page, testInfo);

  // Cents are refused for M-Pesa, at the amount field (the server's message).
  await amount.fill("1000.50");
  await page.getByRole("button", { name: "Review refund" }).click();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toHaveAccessibleDescription(/M-Pesa pays whole shillings/);

  await amount.fill("1000");
  await page.getByLabel("Reason (optional)").fill("Order cancelled");
  await page.getByRole("button", { name: "Review refund" }).click();
  const review = page.getByRole("region", { name: "Review the refund" });
  await expect(review).toContainText("KES 1,000.00");
  await expect(review).toContainText("+254 712 345 678");
  await expect(review).toContainText("M-Pesa charge, at cost");
  await expect(review).toContainText("Total from your balance");
  await expectAccessible(page, testInfo);

  // Sending asks for a fresh confirmation, then comes back to the form filled in.
  forgetStepUp(merchant.merchantId);
  await review.getByRole("button", { name: "Send refund" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Confirm");
  await page.getByLabel("Password").fill(merchant.password);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Refund this payment" })).toBeVisible();
  await expect(page.getByLabel("Amount to refund (KES)")).toHaveValue("1000");
  await expect(page.getByLabel("Reason (optional)")).toHaveValue("Order cancelled");
  await page.getByRole("button", { name: "Review refund" }).click();
  await page
    .getByRole("region", { name: "Review the refund" })
    .getByRole("button", { name: "Send refund" })
    .click();

  // Back on the payment page: the toast, the refund listed, and M-Pesa's answer as it comes.
  await expect(page.getByRole("heading", { level: 1, name: `Payment ${reference}` })).toBeVisible();
  await expectToast(page, testInfo, "Refund sent", "KES 1,000.00 to M-Pesa +254 712 345 678");
  const list = page.getByRole("region", { name: "Refunds of this payment, newest first" });
  await expect(list).toContainText("KES 1,000.00");
  await expect(list).toContainText("Order cancelled");
  await expect(list).toContainText("M-Pesa +254 712 345 678");
  const refunded = list.getByText("Refunded", { exact: true });
  if (isJsProject(testInfo)) await expect(refunded).toBeVisible({ timeout: 20_000 });
  else
    await expect(async () => {
      const refresh = page.getByRole("link", { name: "Refresh status" });
      if (await refresh.count()) await refresh.first().click();
      await expect(refunded).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  await expect(list).toContainText("M-Pesa receipt");
  await expect(page.getByRole("region", { name: "Refunds", exact: true })).toContainText(
    "Up to KES 1,500.00 can be refunded",
  );
  await expectAccessible(page, testInfo);

  // On a phone: the payment page's refunds as cards, and the form, without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(
    page.getByRole("list", { name: "Refunds of this payment, newest first" }),
  ).toContainText("Refunded");
  await expectNoSidewaysScroll(page);
  await page.goto(`/merchant/payments/${id}/refund`);
  await expect(page.getByLabel("Amount to refund (KES)")).toHaveValue("1500");
  await page.getByRole("button", { name: "Review refund" }).click();
  await expect(page.getByRole("region", { name: "Review the refund" })).toContainText(
    "KES 1,500.00",
  );
  await expectNoSidewaysScroll(page);
});
