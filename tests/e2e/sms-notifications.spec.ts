/**
 * SMS notifications (issue 30, item 9), with JavaScript on and off: a member gives a number and
 * opts in on the security page (a number that is not Kenyan is refused with a message), a customer
 * pays, and the page shows the "payment received" SMS delivered; the operator sees it arrive on the
 * SMS simulator's page. The page passes axe and fits a phone.
 */
import { expect, test } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant } from "./db";
import { expectAccessible, expectJsState, expectNoSidewaysScroll, expectToast } from "./helpers";
import { createPayment, payOnCheckout } from "./payment-flow";

test("a member opts in to SMS, a payment arrives, and its SMS shows as delivered", async ({
  page,
}, testInfo) => {
  await signInAsMerchant(page, await createTestMerchant());
  await page.goto("/merchant/security");
  await expectJsState(page, testInfo);
  const section = page.getByRole("region", { name: "SMS notifications" });
  await expect(section).toContainText("No SMS yet.");
  await expect(section).toContainText("At most 30 a day; you have had 0 today.");

  // A number that is not a Kenyan mobile number is refused, with the message by the field.
  const phone = section.getByLabel("Mobile number for SMS");
  await phone.fill("12345");
  await section.getByLabel("SMS me for each payment received").check();
  await section.getByRole("button", { name: "Save SMS Choices" }).click();
  await expect(
    page
      .getByRole("region", { name: "SMS notifications" })
      .getByText("Enter a Kenyan mobile number, such as 0712 345 678"),
  ).toBeVisible();

  await page.getByLabel("Mobile number for SMS").fill("0712 345 678");
  await page.getByLabel("SMS me for each payment received").check();
  await page.getByLabel("SMS me for each payout").check();
  await page.getByRole("button", { name: "Save SMS Choices" }).click();
  await expectToast(page, testInfo, "SMS choices saved", "We will text you as you chose.");
  await expect(page.getByLabel("Mobile number for SMS")).toHaveValue("+254 712 345 678");
  await expect(page.getByLabel("SMS me for each payment received")).toBeChecked();
  await expect(page.getByLabel("SMS me for each payout")).toBeChecked();

  const reference = `SMS-${testInfo.project.name}-${Date.now()}`;
  await createPayment(page, testInfo, "2500", reference);
  await payOnCheckout(page);

  // The SMS is sent by the background job and its delivery report follows: reload until it shows.
  await page.goto("/merchant/security");
  const received = page
    .getByRole("region", { name: "SMS notifications" })
    .getByRole("listitem")
    .filter({ hasText: `KES 2,500.00 received from a customer for ${reference}` });
  await expect(async () => {
    await page.reload();
    await expect(received.getByText("Delivered", { exact: true })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("region", { name: "SMS notifications" })).toContainText(
    /you have had [1-9] today/,
  );
  await expectAccessible(page, testInfo);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);

  // The operator sees it on the SMS simulator's page (payOnCheckout signed in as one).
  await page.goto("/simulator/africastalking");
  await expect(page.getByRole("heading", { level: 1, name: "SMS simulator" })).toBeVisible();
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: `received from a customer for ${reference}` })
      .filter({ hasText: "+254712345678" }),
  ).toContainText("Success");
});
