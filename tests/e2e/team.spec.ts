/**
 * Team members (issue 12): an owner invites a Cashier by e-mail, the invitee accepts through the
 * one-time link (read from the outbox), signs in, creates a payment, and is refused the team page
 * ("Access denied", 403) and the settlement settings; the navigation hides both. The link works
 * once. Then the same with two-factor sign-in required for the whole team: the owner turns it on
 * from the team page, a Finance invitee is made to set it up at first sign-in (the test reads the
 * key and makes codes like an authenticator app), works within the role, and next time signs in
 * with password and second factor. Runs with JavaScript on and off (projects "js" and "no-js").
 */
import { expect, test, type Page } from "@playwright/test";
import { generateTotp } from "../../app/core/accounts/totp.server";
import { signInAsMerchant } from "./auth";
import { createTestMerchant, markSteppedUp, withE2eDatabase } from "./db";
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

/** What a member of a business that requires two-factor sign-in reads until they set it up. */
const requiredNotice = "Your business asks every team member to use two-factor sign-in.";

test("an owner invites a Cashier, who joins and can do only what a Cashier may", async ({
  page,
}, testInfo) => {
  // A long journey across two members' sign-ins (each a deliberate scrypt hash): about 20 s quiet.
  test.setTimeout(60_000);
  const owner = await createTestMerchant();
  await signInAsMerchant(page, owner);
  markSteppedUp(owner.merchantId);

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
  await page.getByLabel("Full name").fill("Achieng Till Odhiambo");
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

/** A code for `secret` now, as an authenticator app shows it (one step of drift is allowed). */
const totpCode = (secret: string) => generateTotp({ secret });

/**
 * Set up two-factor sign-in on the open set-up page like a member with an authenticator app: read
 * the key from the page, confirm with a code made from it, and keep the recovery codes shown once.
 */
async function setUpTwoFactorFromPage(page: Page): Promise<{ recoveryCodes: string[] }> {
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("Code from your app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn On" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  const recoveryCodes = await page
    .getByRole("list", { name: "Recovery codes" })
    .locator("li")
    .allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await page.getByRole("link", { name: "I have saved them" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in is on" })).toBeVisible();
  return { recoveryCodes };
}

/** The password step of the merchant sign-in page (where it leads is for the caller to check). */
async function signInWithPassword(
  page: Page,
  credentials: { merchantId: string; username: string; password: string },
) {
  await page.goto("/merchant-signin");
  await page.getByLabel("Merchant ID").fill(credentials.merchantId);
  await page.getByLabel("Username").fill(credentials.username);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("when the owner requires two-factor sign-in, a new Finance member sets it up, then signs in with it", async ({
  page,
}, testInfo) => {
  // A long journey across two members' sign-ins (each a deliberate scrypt hash): about 20 s quiet.
  test.setTimeout(60_000);
  // Its own merchant: the requirement never reaches the demo merchant or another spec's merchant.
  const owner = await createTestMerchant();
  await signInAsMerchant(page, owner);
  markSteppedUp(owner.merchantId);

  // The owner requires it for the whole team, through the team page's own form...
  await page.goto("/merchant/team");
  const teamTwoFactor = page.getByRole("region", { name: "Two-factor sign-in for the whole team" });
  await expect(teamTwoFactor).toContainText("Optional: each member chooses");
  await teamTwoFactor.getByRole("button", { name: "Require Two-Factor Sign-In" }).click();
  // ...and, as a member without it, is the first to be sent to set it up.
  await expect(page).toHaveURL(/\/merchant\/security\/two-factor$/);
  await expect(page.getByText(requiredNotice)).toBeVisible();
  await page.goto("/merchant/dashboard");
  await expect(page).toHaveURL(/\/merchant\/security\/two-factor$/);
  await setUpTwoFactorFromPage(page);
  await page.goto("/merchant/team");
  await expect(teamTwoFactor).toContainText("Required: every member must use a second factor");
  await expect(teamTwoFactor.getByRole("button", { name: "Make It Optional" })).toBeVisible();

  // The owner invites a Finance member.
  const email = `${unique(testInfo, "finance")}@e2e.example`.toLowerCase();
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Their role").selectOption("finance");
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expectToast(page, testInfo, "Invitation sent");
  await expect(page.getByRole("table", { name: "Pending invitations" })).toContainText(email);

  // The invitee, in a browser that is not signed in, accepts the link from the outbox.
  await page.context().clearCookies();
  await page.goto(invitationPathFor(email));
  await expectJsState(page, testInfo);
  await expect(page.getByText("You are invited as Finance")).toBeVisible();
  const member = {
    merchantId: owner.merchantId,
    username: "books.one",
    password: "blue ledger sunrise 42 ok",
  };
  await page.getByLabel("Full name").fill("Kamau Books Njoroge");
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel(/^New password/).fill(member.password);
  await page.getByLabel("Confirm new password").fill(member.password);
  await page.getByRole("button", { name: "Join the Team" }).click();
  await expectToast(page, testInfo, "Welcome to the team");

  // The password is not enough: the business requires a second factor, set up before anything else.
  await signInWithPassword(page, member);
  await expect(page).toHaveURL(/\/merchant\/security\/two-factor$/);
  await expect(page.getByText(requiredNotice)).toBeVisible();
  await page.goto("/merchant/payments");
  await expect(page).toHaveURL(/\/merchant\/security\/two-factor$/);
  const { recoveryCodes } = await setUpTwoFactorFromPage(page);
  await expect(page.getByText(requiredNotice)).toHaveCount(0);

  // Now the member works within the Finance role: payments and exports, not the team.
  const nav = page.getByRole("navigation", { name: "Merchant" });
  await nav.getByRole("link", { name: "Payments", exact: true }).click();
  await expect(page).toHaveURL(/\/merchant\/payments$/);
  await expect(page.getByRole("link", { name: "Export CSV" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Team", exact: true })).toHaveCount(0);
  const team = await page.goto("/merchant/team");
  expect(team?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
  await expect(page.getByLabel("E-mail address")).toHaveCount(0);

  // Next time: password, then the second step (a recovery code: no waiting for the next code).
  await page.goto("/merchant/dashboard");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expectToast(page, testInfo, "Signed Out");
  await signInWithPassword(page, member);
  await expect(page.getByRole("heading", { level: 1, name: "Two-Factor Sign In" })).toBeVisible();
  await page.getByLabel("Authentication code").fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Merchant Dashboard" })).toBeVisible();
  await expect(page).toHaveURL(/\/merchant\/dashboard$/);
});
