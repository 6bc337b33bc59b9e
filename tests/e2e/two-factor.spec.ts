/**
 * Two-factor sign-in (issue 12), with JavaScript and without: a merchant member sets it up from the
 * page (the test reads the key and makes codes like an authenticator app), signs out, signs in with
 * password and code; a replayed code is refused and a recovery code works once. An operator
 * without it is made to set it up before any console page.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { generateTotp } from "../../app/core/accounts/totp.server";
import { createTestMerchant, withE2eDatabase } from "./db";

/** A code for `secret` `steps` steps from now (the server accepts one step either side). */
const codeFor = (secret: string, steps = 0) =>
  generateTotp({ secret, now: new Date(Date.now() + steps * 30_000) });

async function readSecret(page: Page): Promise<string> {
  const text = await page.getByTestId("totp-secret").textContent();
  return (text ?? "").replace(/\s+/g, "");
}

async function expectNoSeriousAxeViolations(page: Page) {
  // axe runs inside the page: only with JavaScript.
  if (test.info().project.name !== "js") return;
  await page.waitForLoadState("networkidle");
  // The "Signed Out" toast may still be fading in or out (opacity): axe then misreads its contrast.
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  const blocking = results.violations.filter((v) => ["serious", "critical"].includes(v.impact!));
  expect(
    blocking.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}

/** Sign out and wait for the home page: a sign-in started before that would find us signed in. */
async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function passwordStep(page: Page, credentials: Record<string, string>) {
  await page.goto("/merchant-signin");
  await page.getByLabel("Merchant ID").fill(credentials.merchantId!);
  await page.getByLabel("Username").fill(credentials.username!);
  await page.getByLabel("Password").fill(credentials.password!);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function setUpTwoFactor(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = await readSecret(page);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("Code from your app").fill("123");
  await page.getByRole("button", { name: "Turn On" }).click();
  await expect(page.getByText("Enter the 6 digits your authenticator app shows.")).toBeVisible();
  await page.getByLabel("Code from your app").fill(codeFor(secret));
  await page.getByRole("button", { name: "Turn On" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  const recoveryCodes = await page
    .getByRole("list", { name: "Recovery codes" })
    .locator("li")
    .allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes };
}

test("a member sets up two-factor sign-in, then signs in with password and code; replays are refused", async ({
  page,
}) => {
  // A long journey (several password sign-ins, each a deliberate scrypt hash, and axe runs): it
  // takes about 25 s on a quiet machine, too close to the 30 s default under CI's load.
  test.setTimeout(90_000);
  const credentials = await createTestMerchant();
  await passwordStep(page, credentials);
  await expect(page.getByRole("heading", { level: 1, name: "Merchant Dashboard" })).toBeVisible();

  // Step-up asks for the password while two-factor sign-in is off.
  await page.goto("/merchant/confirm?redirectTo=%2Fmerchant%2Fsettings");
  await expect(page.getByRole("heading", { level: 1, name: "Confirm it is you" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto("/merchant/security/two-factor");
  await expectNoSeriousAxeViolations(page);
  const { secret, recoveryCodes } = await setUpTwoFactor(page);
  await page.getByRole("link", { name: "I have saved them" }).click();
  await expect(page.getByText("Two-factor sign-in is on")).toBeVisible();
  await expect(page.getByText("Recovery codes left: 10 of 10.")).toBeVisible();

  await signOut(page);
  await passwordStep(page, credentials);
  await expect(page.getByRole("heading", { level: 1, name: "Two-Factor Sign In" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // The pending session opens nothing else.
  await page.goto("/merchant/dashboard");
  await expect(page).toHaveURL(/\/merchant-signin\/verify$/);
  // The enrolment used this step's code: the next step's code (within the allowed drift) is new.
  const code = codeFor(secret, 1);
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Merchant Dashboard" })).toBeVisible();

  // Someone who saw that code and knows the password cannot use it again.
  await signOut(page);
  await passwordStep(page, credentials);
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code was already used.")).toBeVisible();
  // A recovery code works, once.
  await page.getByLabel("Authentication code").fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Merchant Dashboard" })).toBeVisible();
  await signOut(page);
  await passwordStep(page, credentials);
  await page.getByLabel("Authentication code").fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That recovery code was already used.")).toBeVisible();
});

test("an operator without two-factor sign-in must set it up before any console page", async ({
  page,
}) => {
  const { hashPassword } = await import("../../app/core/passwords.server");
  const email = `op-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@onehop.test`;
  const password = "new operator password 1";
  const passwordHash = await hashPassword(password);
  withE2eDatabase((db) => {
    db.prepare(
      "insert into operators (id, email, name, role, password_hash, created_at) values (?, ?, 'New Operator', 'admin', ?, ?)",
    ).run(`op_${email.slice(3, 20)}`, email, passwordHash, Date.now());
  });
  await page.goto("/admin/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await expect(page.getByText("Operators must use two-factor sign-in.")).toBeVisible();
  await page.goto("/admin/payments");
  await expect(page).toHaveURL(/\/admin\/two-factor$/);

  await setUpTwoFactor(page);
  await page.goto("/admin/payments");
  await expect(page).toHaveURL(/\/admin\/payments$/);
  await expect(page.getByRole("navigation", { name: "Operator console" })).toBeVisible();
});
