/**
 * The security page (issue 12, item 5), with JavaScript on and off: the demo merchant signed in
 * from two browsers sees both sessions, signs the other one out from the first, and the other
 * browser is signed out on its next page; notification choices save with a toast.
 */
import { expect, test, type Browser, type TestInfo } from "@playwright/test";
import { DEMO_MERCHANT, signInAsMerchant } from "./auth";
import { withE2eDatabase } from "./db";
import { expectJsState, expectToast, isJsProject } from "./helpers";

/** The second browser, one per project, so its session is recognisable in the list. */
const OTHER_BROWSER = {
  js: {
    userAgent: "Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0",
    device: "Firefox on Android",
  },
  "no-js": {
    userAgent: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
    device: "Firefox on Linux",
  },
} as const;

function otherBrowser(testInfo: TestInfo) {
  return OTHER_BROWSER[isJsProject(testInfo) ? "js" : "no-js"];
}

async function openOtherBrowser(browser: Browser, baseURL: string, testInfo: TestInfo) {
  const { userAgent } = otherBrowser(testInfo);
  // A session this spec left behind in an earlier run of the same project would be listed too.
  withE2eDatabase((db) =>
    db
      .prepare(
        "delete from sessions where user_agent = ? and merchant_user_id in (select id from merchant_users where merchant_id = ?)",
      )
      .run(userAgent, DEMO_MERCHANT.merchantId),
  );
  return browser.newContext({ baseURL, userAgent, javaScriptEnabled: isJsProject(testInfo) });
}

test("signed in from two browsers: the first signs the other out, which must sign in again", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const other = otherBrowser(testInfo);
  const context = await openOtherBrowser(browser, baseURL!, testInfo);
  const otherPage = await context.newPage();
  try {
    await signInAsMerchant(page);
    await signInAsMerchant(otherPage);

    await page.goto("/merchant/security");
    await expectJsState(page, testInfo);
    await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
    const list = page.getByRole("list", { name: "Active sessions" });
    const thisDevice = list.getByRole("listitem").filter({ hasText: "This device" });
    const theOther = list.getByRole("listitem").filter({ hasText: other.device });
    await expect(thisDevice).toHaveCount(1);
    await expect(theOther).toHaveCount(1);
    await expect(theOther).toContainText("signed in");
    await expect(theOther).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} EAT/);
    expect(await list.getByRole("listitem").count()).toBeGreaterThanOrEqual(2);
    // This session has no "Sign out" of its own (sign-out is in the menu).
    await expect(thisDevice.getByRole("button")).toHaveCount(0);

    await theOther.getByRole("button", { name: new RegExp(`^Sign out ${other.device}`) }).click();
    await expectToast(page, testInfo, "Session signed out");
    await expect(list.getByRole("listitem").filter({ hasText: other.device })).toHaveCount(0);
    await expect(list.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
    await expect(
      page.getByRole("list").filter({ hasText: "Other sessions ended" }).first(),
    ).toBeVisible();

    // The other browser is signed out on its next page; this one is not.
    await otherPage.goto("/merchant/dashboard");
    await expect(otherPage).toHaveURL(/\/merchant-signin/);
    await page.goto("/merchant/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Merchant Dashboard" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("notification choices are saved with a toast and stay chosen", async ({ page }, testInfo) => {
  await signInAsMerchant(page);
  await page.goto("/merchant/security");
  await expectJsState(page, testInfo);
  const settles = page.getByLabel("E-mail me when a payment settles");
  const daily = page.getByLabel("Daily summary e-mail");
  await expect(settles).not.toBeChecked();
  await settles.check();
  await page.getByRole("button", { name: "Save Choices" }).click();
  await expectToast(page, testInfo, "Notification choices saved");
  await page.goto("/merchant/security");
  await expect(settles).toBeChecked();
  await expect(daily).not.toBeChecked();

  // Back as it was, so the other project starts from the same place.
  await settles.uncheck();
  await page.getByRole("button", { name: "Save Choices" }).click();
  await expectToast(page, testInfo, "Notification choices saved");
  await page.goto("/merchant/security");
  await expect(settles).not.toBeChecked();
});
