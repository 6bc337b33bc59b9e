/**
 * Topping up the payout balance (issue 30) in a browser, with JavaScript (project "js") and
 * without (project "no-js"): an owner goes from Payouts to Top up, reads the Pay Bill and bank
 * instructions, pays the Pay Bill from a test phone and sends a bank transfer on the simulators,
 * and sees the balance rise and both top-ups listed; an STK prompt with a bad number is refused at
 * its field. axe checks the page in the "js" project.
 */
import { expect, test } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant } from "./db";
import { expectAccessible, expectJsState, expectToast } from "./helpers";

test("an owner tops up through the Pay Bill and a bank transfer and sees the balance rise", async ({
  page,
}, testInfo) => {
  const merchant = await createTestMerchant();
  await signInAsMerchant(page, merchant);
  await page.goto("/merchant/payouts");
  await page.getByRole("link", { name: "Top up" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Top up your balance" })).toBeVisible();
  await expectJsState(page, testInfo);
  const available = page.getByTestId("available");
  await expect(available).toHaveText("KES 0.00");
  await expect(page.getByText("No top-ups yet.")).toBeVisible();

  // The instructions: our Pay Bill with the merchant id as account, the bank reference.
  const paybill = page.getByRole("region", { name: "Pay Bill from M-Pesa" });
  await expect(paybill).toContainText("Business number:174379");
  await expect(paybill).toContainText(`Account number:${merchant.merchantId}`);
  const bank = page.getByRole("region", { name: "Bank transfer" });
  await expect(bank).toContainText(`Reference:OH${merchant.merchantId.slice(4)}`);
  await expectAccessible(page, testInfo);

  // A test phone pays the Pay Bill.
  await paybill.getByLabel("Test amount (KES)").fill("2500");
  await paybill
    .getByRole("button", { name: "Pay the Paybill from a test phone (simulator)" })
    .click();
  await expectToast(page, testInfo, "A test phone paid KES 2,500.00 to the Pay Bill");
  await expect(available).toHaveText("KES 2,500.00");
  const recent = page.getByRole("region", { name: "Recent top-ups" });
  await expect(recent.getByText("M-Pesa Pay Bill").locator("visible=true").first()).toBeVisible();

  // A bank transfer quoting the reference.
  await bank.getByLabel("Test amount (KES)").fill("10000");
  await bank.getByRole("button", { name: "Send a bank transfer (simulator)" }).click();
  await expectToast(page, testInfo, "A simulated bank transfer of KES 10,000.00 arrived");
  await expect(available).toHaveText("KES 12,500.00");
  await expect(recent.getByText("Bank transfer").locator("visible=true").first()).toBeVisible();
  await expect(
    recent.getByText("Added to your balance").locator("visible=true").first(),
  ).toBeVisible();
  await expectAccessible(page, testInfo);

  // The payouts page shows the same balance.
  await page.getByRole("link", { name: "Back to payouts" }).click();
  await expect(page.getByText("KES 12,500.00")).toBeVisible();
});

test("a prompt to a number that is not Safaricom's is refused at its field", async ({
  page,
}, testInfo) => {
  const merchant = await createTestMerchant();
  await signInAsMerchant(page, merchant);
  await page.goto("/merchant/payouts/top-up");
  await expectJsState(page, testInfo);
  const stk = page.getByRole("region", { name: "Send a prompt to a phone" });
  // The merchant's own number is filled in.
  await expect(stk.getByLabel("M-Pesa number")).toHaveValue("+254 712 345 678");
  await stk.getByLabel("Amount (KES)").fill("500");
  await stk.getByLabel("M-Pesa number").fill("0733 123 456");
  await stk.getByRole("button", { name: "Send the prompt" }).click();
  const phone = stk.getByLabel("M-Pesa number");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/Enter a Safaricom \(M-Pesa\) number/);
  await expectAccessible(page, testInfo);

  // A Safaricom number: the prompt is sent and the top-up waits for the PIN or is added.
  await phone.fill("0712 345 678");
  await stk.getByRole("button", { name: "Send the prompt" }).click();
  await expectToast(page, testInfo, "Check the phone: enter the M-Pesa PIN to top up KES 500.00.");
  await expect(
    page
      .getByRole("region", { name: "Recent top-ups" })
      .getByText("M-Pesa prompt")
      .locator("visible=true")
      .first(),
  ).toBeVisible();
});
