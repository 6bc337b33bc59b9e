/**
 * Password recovery and change, as a merchant member does it (JS on and off: both projects):
 * "Forgot password?" -> the link from the outbox -> a new password -> the device that was signed in
 * is signed out -> sign in with the new password -> change it again in the app's security pages.
 * Uses its own merchant: the demo user's password is used by other specs.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant, withE2eDatabase } from "./db";

const SAME_ANSWER =
  "If an account matches, we have sent a link to its e-mail address. It works for 1 hour.";

async function merchantWithEmail() {
  const credentials = await createTestMerchant(null);
  const email = `reset-${credentials.merchantId.toLowerCase()}@e2e.example`;
  withE2eDatabase((db) =>
    db
      .prepare("update merchant_users set email = ? where merchant_id = ?")
      .run(email, credentials.merchantId),
  );
  return { ...credentials, email };
}

/** The path of the newest reset link e-mailed to `email`. */
function resetLinkFor(email: string): string {
  const row = withE2eDatabase(
    (db) =>
      db
        .prepare(
          "select body_text from outbound_emails where to_address = ? order by id desc limit 1",
        )
        .get(email) as { body_text: string } | undefined,
  );
  const path = /\/reset-password\/[A-Za-z0-9_-]{43}/.exec(row?.body_text ?? "")?.[0];
  if (!path) throw new Error(`no reset link e-mailed to ${email}`);
  return path;
}

async function askForLink(page: Page, merchantId: string, username: string) {
  await page.goto("/merchant-signin");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Forgot your password?" }),
  ).toBeVisible();
  await page.getByLabel("Merchant ID").fill(merchantId);
  await page.getByLabel("Username").fill(username);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("status").filter({ hasText: SAME_ANSWER })).toBeVisible();
}

test("forgot password: e-mailed link, new password, other devices signed out", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const merchant = await merchantWithEmail();
  // A device that is signed in before the reset.
  const other = await browser.newPage({ baseURL, javaScriptEnabled });
  await signInAsMerchant(other, merchant);

  // An unknown account gets the very same answer.
  await askForLink(page, merchant.merchantId, "nobody-here");
  await askForLink(page, merchant.merchantId, merchant.username);

  const link = resetLinkFor(merchant.email);
  await page.goto(link);
  await expect(
    page.getByRole("heading", { level: 1, name: "Choose a new password" }),
  ).toBeVisible();
  const newPassword = "jacaranda season in nairobi";
  await page.getByRole("textbox", { name: "New password", exact: true }).fill("qwerty123456");
  await page.getByLabel("Confirm new password").fill("qwerty123456");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByText("This password is too common.")).toBeVisible();
  await page.getByRole("textbox", { name: "New password", exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Merchant Sign In" })).toBeVisible();
  await expect(page.getByText("Password changed").first()).toBeVisible();

  // The link works once.
  const used = await page.request.get(link);
  expect(used.status()).toBe(410);

  // The device signed in before is signed out.
  await other.goto("/merchant/dashboard");
  await expect(other.getByRole("heading", { level: 1, name: "Merchant Sign In" })).toBeVisible();
  await other.close();

  await signInAsMerchant(page, { ...merchant, password: newPassword });
});

test("change password in the app keeps this device signed in", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const merchant = await merchantWithEmail();
  await signInAsMerchant(page, merchant);
  const other = await browser.newPage({ baseURL, javaScriptEnabled });
  await signInAsMerchant(other, merchant);

  await page.goto("/merchant/security/password");
  await expect(page.getByRole("heading", { level: 1, name: "Change password" })).toBeVisible();
  const newPassword = "baobab shade at noon";
  await page.getByLabel("Current password").fill("not my password at all");
  await page.getByRole("textbox", { name: "New password", exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("That is not your current password.")).toBeVisible();

  await page.getByLabel("Current password").fill(merchant.password);
  await page.getByRole("textbox", { name: "New password", exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("1 other device was signed out").first()).toBeVisible();

  // Still signed in here; the other device is not.
  await page.goto("/merchant/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Merchant Dashboard" })).toBeVisible();
  await other.goto("/merchant/dashboard");
  await expect(other.getByRole("heading", { level: 1, name: "Merchant Sign In" })).toBeVisible();
  await signInAsMerchant(other, { ...merchant, password: newPassword });
  await other.close();
});
