/**
 * The whole merchant journey, with JavaScript and without: apply (Terms error first), an operator
 * approves, the merchant sets a password from the one-time link, signs in, sees the dashboard,
 * signs out.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInAsOperator } from "./auth";
import { expectJsState, expectNoToast, expectToast, isJsProject, unique } from "./helpers";
import { fillDirector } from "./parties-form";

async function fillApplication(
  page: Page,
  testInfo: TestInfo,
  email: string,
  businessName: string,
) {
  await page.getByLabel("Business Name").fill(businessName);
  await page.getByLabel("Business Type").selectOption("ecommerce");
  await page.getByLabel("Website").fill("https://shop.example.co.ke");
  await page.getByLabel("Registration Number").fill("PVT-AB1234CD");
  await page.getByLabel("Contact Name").fill("Wanjiku Kamau");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Dialling code").selectOption("+254");
  await page.getByLabel("Phone Number").fill("0712 345 678");
  await fillDirector(page, "Wanjiku Kamau");
  const city = page.getByRole("combobox", { name: /^City \/ town/ });
  await expect(city).toBeDisabled();
  await expect(city.locator("option").first()).toHaveText("Select country first");
  await page.getByLabel("Country of Operation").selectOption("KE");
  if (!isJsProject(testInfo)) {
    // Without JavaScript the server fills the city list and keeps what was typed.
    await page.getByRole("button", { name: "Show cities" }).click();
    await expect(page.getByLabel("Business Name")).toHaveValue(businessName);
    await expect(page.getByLabel("Country of Operation")).toHaveValue("KE");
  }
  await expect(city).toBeEnabled();
  await expect(city.locator("option").first()).toHaveText("Select city");
  // Kenya's towns grouped by county (47), then "Other (not listed)".
  await expect(city.locator("optgroup")).toHaveCount(47);
  await expect(city.locator('optgroup[label="Nairobi City County"] option')).toHaveText([
    "Nairobi",
  ]);
  await expect(city.locator("option").last()).toHaveText("Other (not listed)");
  await city.selectOption("Nairobi");
  await page.getByLabel("Monthly Volume (KES)").selectOption("kes-100k-1m");
  await page.getByLabel("Preferred Integration").selectOption("api");
}

test("apply, get approved, set a password, sign in, see the dashboard, sign out", async ({
  page,
  browser,
}, testInfo) => {
  // A long journey (apply, approve, set a password, sign in): about 18 s on a quiet machine.
  test.setTimeout(60_000);
  const email = `${unique(testInfo, "owner")}@shop.example.co.ke`;
  const businessName = `Jua Kali Traders ${unique(testInfo, "b")}`;

  await page.goto("/get-started");
  await expectJsState(page, testInfo);
  await expect(page.getByRole("heading", { name: "Merchant Application" })).toBeVisible();
  await fillApplication(page, testInfo, email, businessName);

  // Terms not agreed: nothing saved, the typed values kept; the summary names the problem (with
  // JavaScript the destructive toast shows too).
  await page.getByRole("button", { name: "Submit Application" }).click();
  if (isJsProject(testInfo)) {
    await expectToast(
      page,
      testInfo,
      "Terms Required",
      "Please agree to the terms and conditions to continue.",
    );
  }
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "There is a problem with your application" })
      .getByRole("link", { name: "Please agree to the terms and conditions to continue." }),
  ).toBeVisible();
  await expect(page.getByLabel("Business Name")).toHaveValue(businessName);

  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expectToast(
    page,
    testInfo,
    "Application Submitted!",
    "We'll review your application and get back to you within 24 hours.",
  );
  const status = page.getByRole("status").filter({ hasText: "Your application reference is" });
  const reference = (await status.locator("strong").textContent())?.trim() ?? "";
  expect(reference).toMatch(/^APP-[A-Z0-9]{8}$/);
  // The confirmation stands in place of the form: no blank form inviting a second application.
  await expect(page.getByLabel("Business Name")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Submit Application" })).toHaveCount(0);

  // The operator reviews and approves it (in a separate browser session).
  const operatorContext = await browser.newContext({ javaScriptEnabled: isJsProject(testInfo) });
  const operator = await operatorContext.newPage();
  await signInAsOperator(operator);
  await operator.goto("/admin/applications?status=submitted");
  // Exactly: a possible duplicate elsewhere on the queue links to "application APP-…" too.
  await operator.getByRole("link", { name: reference, exact: true }).click();
  await expect(
    operator.getByRole("heading", { level: 1, name: `Application ${reference}` }),
  ).toBeVisible();
  await expect(operator.getByText(businessName)).toBeVisible();
  await operator.getByLabel("Owner username").fill("wanjiku");
  await operator.getByRole("button", { name: "Approve and create merchant" }).click();
  const linkElement = operator.getByTestId("set-password-link");
  await expect(linkElement).toBeVisible();
  const link = (await linkElement.textContent())?.trim() ?? "";
  const merchantId =
    (await operator.getByRole("heading", { name: /^Merchant MRC-/ }).textContent())?.match(
      /MRC-[A-Z0-9]{6}/,
    )?.[0] ?? "";
  expect(merchantId).toMatch(/^MRC-[A-Z0-9]{6}$/);
  await operator.reload();
  await expect(operator.getByText("application.approved")).toBeVisible();
  await operatorContext.close();

  // The merchant sets a password from the one-time link.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await page.getByRole("textbox", { name: "New password", exact: true }).fill("short");
  await page.getByLabel("Confirm new password").fill("short");
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page.getByText("Use at least 12 characters")).toBeVisible();
  await page.getByRole("textbox", { name: "New password", exact: true }).fill("kahawa-chungu-2024");
  await page.getByLabel("Confirm new password").fill("kahawa-chungu-2024");
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page).toHaveURL(/\/merchant-signin/);
  await expectToast(page, testInfo, "Password Set");
  await expect(page.getByLabel("Merchant ID")).toHaveValue(merchantId);

  // The link works once.
  const reused = await page.request.get(new URL(link).pathname + new URL(link).search);
  expect(reused.status()).toBe(410);

  // Sign in and see the dashboard.
  await page.getByLabel("Username").fill("wanjiku");
  await page.getByLabel("Password").fill("kahawa-chungu-2024");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/merchant\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Merchant Dashboard" })).toBeVisible();
  // A first visit: no "Welcome back", and the "Password Set" of the sign-in page stays there.
  await expect(page.getByText(`Welcome, ${businessName}`)).toBeVisible();
  await expect(page.getByText("Welcome back")).toHaveCount(0);
  await expectNoToast(page, testInfo, "Password Set");
  const account = page.locator("dl", { hasText: "Contact Email" });
  await expect(account).toContainText(merchantId);
  await expect(account).toContainText("wanjiku");
  await expect(account).toContainText(email);
  // What to do first instead of figures of zeros.
  const checklist = page.getByRole("region", { name: "Get started" });
  await expect(checklist).toContainText("0 of 5 done");
  await expect(checklist.getByRole("link", { name: "Take your first payment" })).toBeVisible();
  await expect(page.getByText("No payments yet")).toBeVisible();
  for (const untrue of ["+0%", "Success Rate", "coming soon", "View Analytics"])
    await expect(page.getByText(untrue)).toHaveCount(0);

  // Sign out: back home with "Signed Out"; the dashboard now asks to sign in.
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, testInfo, "Signed Out");
  await page.goto("/merchant/dashboard");
  await expect(page).toHaveURL(/\/merchant-signin\?redirectTo=%2Fmerchant%2Fdashboard/);

  // Signing in later: welcomed back, and no "Password Set" anywhere.
  await expectNoToast(page, testInfo, "Password Set");
  await page.getByLabel("Merchant ID").fill(merchantId);
  await page.getByLabel("Username").fill("wanjiku");
  await page.getByLabel("Password").fill("kahawa-chungu-2024");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/merchant\/dashboard$/);
  await expect(page.getByText(`Welcome back, ${businessName}`)).toBeVisible();
  await expectNoToast(page, testInfo, "Password Set");
});

test("wrong credentials give the same message whatever was wrong", async ({ page }, testInfo) => {
  const attempts = [
    { merchantId: "MRC-NOPE99", username: "demo", password: "onehop-demo-2024" },
    { merchantId: "MRC-K3NYA2", username: "nobody", password: "onehop-demo-2024" },
  ];
  for (const attempt of attempts) {
    await page.goto("/merchant-signin");
    await page.getByLabel("Merchant ID").fill(attempt.merchantId);
    await page.getByLabel("Username").fill(attempt.username);
    await page.getByLabel("Password").fill(attempt.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(
      page,
      testInfo,
      "Sign In Failed",
      "Invalid credentials. Please check your Merchant ID, Username, and Password.",
    );
    await expect(page).toHaveURL(/\/merchant-signin/);
  }
});

test("required fields are enforced on sign in", async ({ page }) => {
  await page.goto("/merchant-signin");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Merchant ID is required")).toBeVisible();
  await expect(page.getByText("Username is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await expect(page.getByRole("link", { name: "Apply now" })).toHaveAttribute(
    "href",
    "/get-started",
  );
});
