/**
 * Payment links (issue 13, item 6), with JavaScript on and off: a merchant creates a link (the
 * customer enters the amount) from the navigation, sees its address and its "Pay with OneHop"
 * button HTML; a visitor opens the link, is told next to the field when the amount is too small
 * (keeping what they typed), enters an amount, and lands on the checkout of a fresh payment, which
 * offers the way back to the merchant's site.
 */
import { expect, test } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant } from "./db";
import { expectJsState, expectToast } from "./helpers";

test("a merchant creates a payment link and a visitor pays through it", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const owner = await createTestMerchant();
  await signInAsMerchant(page, owner);
  await page.getByRole("link", { name: "Payment links" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment links" })).toBeVisible();
  await expectJsState(page, testInfo);

  await page.getByLabel("Title (what the customer pays for)").fill("Roasted beans, any size");
  await page.getByLabel("Description (shown to the customer)").fill("Pay what your order says");
  await page
    .getByLabel("Return address if the customer cancels")
    .fill("https://shop.example.co.ke/cart");
  await page.getByRole("button", { name: "Create payment link" }).click();
  await expectToast(page, testInfo, "Payment link created");

  const card = page.getByRole("listitem").filter({ hasText: "Roasted beans, any size" });
  await expect(card).toContainText("Customer enters the amount");
  await expect(card).toContainText("Customer chooses");
  const url = (await card.locator("code[id^='link-url-']").textContent())!;
  expect(url).toMatch(/^http:\/\/localhost:\d+\/pay\/link\/lnk_[2-9a-hjkmnp-tv-z]{12}$/);
  await card.getByText('"Pay with OneHop" button for your website').click();
  await expect(card.locator("pre code")).toContainText(`<a href="${url}" style="`);
  await expect(card.getByRole("link", { name: "Pay with OneHop" })).toHaveAttribute("href", url);

  // The visitor: no session.
  await page.context().clearCookies();
  await page.goto(url);
  await expect(
    page.getByRole("heading", { level: 1, name: "Roasted beans, any size" }),
  ).toBeVisible();
  await expect(page.getByText(`E2E Traders ${owner.merchantId.slice(4)}`)).toBeVisible();
  await expectJsState(page, testInfo);
  await page.getByLabel("Amount (KES)").fill("400");
  await page.getByRole("radio", { name: "USDT" }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("The minimum payment is KES 500.")).toBeVisible();
  await expect(page.getByLabel("Amount (KES)")).toHaveValue("400");

  await page.getByLabel("Amount (KES)").fill("1500");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/pay\/pay_[a-z0-9]{12}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pay KES 1,500.00" })).toBeVisible();
  await expect(page.getByText("Send exactly")).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Cancel and return to shop.example.co.ke" }),
  ).toHaveAttribute("href", "https://shop.example.co.ke/cart");
});

test("an unknown payment link is a friendly 404 page", async ({ page }) => {
  const response = await page.goto("/pay/link/lnk_zzzzzzzzzzzz");
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "Payment link not found" }),
  ).toBeVisible();
});
