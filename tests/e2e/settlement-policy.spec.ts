/**
 * The payout schedule (issue 30, item 1): an owner keeps 20% of each payment in the OneHop balance
 * for payouts; a KES 2,500 payment then pays KES 1,971 to M-Pesa (plus its KES 9 charge) and KES
 * 495 waits on the Payouts page as "Available to pay out"; a daily payout at a chosen time is
 * saved and described; an impossible percentage gets its field's message and saves nothing. With
 * JavaScript on and off, on a phone for the form; axe on the settings page.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant, markSteppedUp, withE2eDatabase } from "./db";
import { expectAccessible, expectNoSidewaysScroll, expectToast } from "./helpers";
import { createPayment, expectTransferPaid, payOnCheckout } from "./payment-flow";

function storedSchedule(merchantId: string) {
  return withE2eDatabase(
    (db) =>
      db
        .prepare(
          "select schedule, keep, keep_percent from settlement_policies where merchant_id = ?",
        )
        .get(merchantId) as { schedule: string; keep: string; keep_percent: number } | undefined,
  );
}

/** The settings page's "When you are paid" section. */
const schedule = (page: Page) => page.getByRole("region", { name: "When you are paid" });

async function openSettings(page: Page) {
  const owner = await createTestMerchant();
  await signInAsMerchant(page, owner);
  markSteppedUp(owner.merchantId);
  await page.goto("/merchant/settings");
  await expect(page.getByRole("heading", { level: 2, name: "When you are paid" })).toBeVisible();
  return owner;
}

test("keeping 20% of each payment funds payouts: the rest goes to M-Pesa", async ({
  page,
}, testInfo) => {
  const owner = await openSettings(page);
  await expect(
    page.getByText("Each payment is paid out as soon as it is confirmed."),
  ).toBeVisible();
  await page.getByRole("radio", { name: "Keep a percentage of each payment" }).check();
  await page.getByLabel("Percentage of each payment to keep").fill("20");
  await page.getByRole("button", { name: "Save payout schedule" }).click();
  await expectToast(page, testInfo, "Payout schedule saved");
  await expect(
    schedule(page).getByText(
      "Each payment is paid out as soon as it is confirmed; 20% of each payment stays in your OneHop balance for payouts.",
    ),
  ).toBeVisible();
  expect(storedSchedule(owner.merchantId)).toEqual({
    schedule: "instant",
    keep: "percent",
    keep_percent: 20,
  });

  const reference = `KEEP-${testInfo.project.name}-${Date.now()}`;
  // The review says what the schedule does with the payment, not the at-once estimate.
  await createPayment(
    page,
    testInfo,
    "2500",
    reference,
    "KES 2,472.50 after the 1% fee plus 10% excise duty. Each payment is paid out as soon as it is confirmed; 20% of each payment stays in your OneHop balance for payouts.",
  );
  const detailUrl = page.url();
  // So does the payment's page, before it is paid.
  await expect(
    page.getByText(
      "KES 2,472.50 after the 1% fee plus 10% excise duty. Each payment is paid out as soon as it is confirmed; 20% of each payment stays in your OneHop balance for payouts.",
    ),
  ).toBeVisible();
  await payOnCheckout(page);
  await page.goto(detailUrl);
  await expectTransferPaid(page);
  await expect(page.getByText("Kept in your balance")).toBeVisible();
  await expect(
    page.getByText("KES 494.50 stays in your OneHop balance for payouts", { exact: false }),
  ).toBeVisible();
  await expect(
    page
      .getByRole("table", { name: "Transfers to your payout destination" })
      .getByRole("cell", { name: "KES 1,969.00", exact: true }),
  ).toBeVisible();
  await page.goto("/merchant/payouts");
  await expect(page.locator("dl").filter({ hasText: "Available to pay out" })).toContainText(
    "KES 494.50",
  );
});

test("a daily payout at 18:30 is saved; an impossible percentage is refused", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await openSettings(page);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo);

  await page.getByRole("radio", { name: "Keep a percentage of each payment" }).check();
  await page.getByLabel("Percentage of each payment to keep").fill("150");
  await page.getByRole("button", { name: "Save payout schedule" }).click();
  await expect(page.getByText("Enter a whole percentage from 1 to 100")).toBeVisible();
  expect(storedSchedule(owner.merchantId)).toBeUndefined();

  await page.getByRole("radio", { name: "Pay out once a day" }).check();
  await page.getByLabel("Time of the daily payout (Nairobi time)").selectOption("18:30");
  await page.getByRole("radio", { name: "Keep nothing: pay out all of it" }).check();
  await page.getByRole("button", { name: "Save payout schedule" }).click();
  await expectToast(page, testInfo, "Payout schedule saved");
  await expect(
    schedule(page).getByText(
      "Your payments are paid out once a day at 18:30 (Nairobi time), in one transfer.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("radio", { name: "Pay out once a day" })).toBeChecked();
  await expectAccessible(page, testInfo);
});
