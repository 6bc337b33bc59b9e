/**
 * Team members (issue 12): an owner invites a Cashier by e-mail, the invitee accepts through the
 * one-time link (read from the outbox), signs in, creates a payment, and is refused the team page
 * ("Access denied", 403) and the settlement settings; the navigation hides both. The link works
 * once. Runs with JavaScript on and off (projects "js" and "no-js").
 */
import { expect, test } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant, withE2eDatabase } from "./db";
import { expectJsState, expectToast, unique } from "./helpers";

/** The invitation link e-mailed to `email` (path only). */
function invitationPathFor(email: string): string {
  const row = withE2eDatabase(
    (db) =>
      db
        .prepare(
          "select body_text from outbound_emails where to_address = ? order by id desc limit 1",
        )
        .get(email) as { body_text: string } | undefined,
  );
  const match = row && /\/merchant\/invitations\/[A-Za-z0-9_-]{43}/.exec(row.body_text);
  if (!match) throw new Error(`No invitation e-mail to ${email}`);
  return match[0];
}

test("an owner invites a Cashier, who joins and can do only what a Cashier may", async ({
  page,
}, testInfo) => {
  const owner = await createTestMerchant();
  await signInAsMerchant(page, owner);
  // A sign-in counts as a fresh confirmation for five minutes; the test says so explicitly, so
  // it never depends on how long sign-in took (the confirm page is covered by its own spec).
  withE2eDatabase((db) =>
    db
      .prepare(
        "update sessions set stepped_up_at = ? where merchant_user_id in (select id from merchant_users where merchant_id = ?)",
      )
      .run(Date.now(), owner.merchantId),
  );

  const nav = page.getByRole("navigation", { name: "Merchant" });
  await nav.getByRole("link", { name: "Team", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  const email = `${unique(testInfo, "cashier")}@e2e.example`.toLowerCase();
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Their role").selectOption("cashier");
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expectToast(page, testInfo, "Invitation sent");
  await expect(page.getByRole("table", { name: "Pending invitations" })).toContainText(email);

  // The invitee, in a browser that is not signed in.
  await page.context().clearCookies();
  const link = invitationPathFor(email);
  await page.goto(link);
  await expectJsState(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Join E2E Traders");
  await expect(page.getByText("You are invited as Cashier")).toBeVisible();
  const cashier = {
    merchantId: owner.merchantId,
    username: "till.one",
    password: "green mango till drawer 7",
  };
  await page.getByLabel("Username").fill(cashier.username);
  await page.getByLabel(/^New password/).fill(cashier.password);
  await page.getByLabel("Confirm new password").fill(cashier.password);
  await page.getByRole("button", { name: "Join the Team" }).click();
  await expect(page).toHaveURL(/\/merchant-signin\?merchantId=/);
  await expectToast(page, testInfo, "Welcome to the team");
  await expect(page.getByLabel("Merchant ID")).toHaveValue(owner.merchantId);

  // The link works once.
  await page.goto(link);
  await expect(
    page.getByRole("heading", { level: 1, name: "This invitation has already been used" }),
  ).toBeVisible();

  await signInAsMerchant(page, cashier);
  await expect(nav.getByRole("link", { name: "Payments", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Security", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Team", exact: true })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Settings", exact: true })).toHaveCount(0);

  // A Cashier creates payments.
  const reference = `TILL-${testInfo.project.name}-${Date.now()}`;
  await page.goto("/merchant/payments/new");
  await page.getByLabel("Amount (KES)").fill("1500");
  await page.getByLabel("Your reference").fill(reference);
  await page.getByRole("radio", { name: "USDT" }).check();
  await page.getByRole("button", { name: "Review" }).click();
  await page.getByRole("button", { name: "Create Payment" }).click();
  await expectToast(page, testInfo, "Payment created");
  await expect(page.getByRole("heading", { level: 1, name: `Payment ${reference}` })).toBeVisible();

  // ...but not exports, the team or where the merchant is paid.
  await page.goto("/merchant/payments");
  await expect(page.getByRole("link", { name: "Create Payment" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
  const team = await page.goto("/merchant/team");
  expect(team?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
  await expect(page.getByLabel("E-mail address")).toHaveCount(0);
  const settings = await page.goto("/merchant/settings");
  expect(settings?.status()).toBe(403);
  await expect(page.getByLabel("M-Pesa number")).toHaveCount(0);
});
