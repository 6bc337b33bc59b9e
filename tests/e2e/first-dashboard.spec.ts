/**
 * The first dashboard (issue 30, item 6), with JavaScript and without: a new merchant sees what to
 * do first, not figures of zeros; a Cashier ("creates payments and sees their status") sees no
 * revenue nor balances, while the owner of the same shop does.
 */
import { expect, test } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { addTeamMember, createTestMerchant, postTestCollection } from "./db";
import { expectAccessible, expectJsState } from "./helpers";

test("a new merchant's dashboard: a checklist of first steps, nothing untrue", async ({
  page,
}, testInfo) => {
  const owner = await createTestMerchant(null);
  await signInAsMerchant(page, owner);
  await expectJsState(page, testInfo);
  await expect(page.getByText(`Welcome, E2E Traders ${owner.merchantId.slice(4)}`)).toBeVisible();
  await expect(page.getByText("Welcome back")).toHaveCount(0);

  const checklist = page.getByRole("region", { name: "Get started" });
  await expect(checklist).toContainText("0 of 5 done");
  for (const [step, href] of [
    ["Add your settlement number", "/merchant/settings"],
    ["Invite your team", "/merchant/team"],
    ["Turn on two-factor sign-in", "/merchant/security/two-factor"],
    ["Take your first payment", "/merchant/payments/new"],
    ["Create an API key", "/merchant/developers"],
  ] as const) {
    await expect(checklist.getByRole("listitem").filter({ hasText: step })).toContainText("To do");
    await expect(checklist.getByRole("link", { name: step })).toHaveAttribute("href", href);
  }
  await expect(page.getByText("No payments yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Payment" })).toHaveAttribute(
    "href",
    "/merchant/payments/new",
  );
  for (const untrue of ["+0%", "from last month", "Success Rate", "coming soon", "View Analytics"])
    await expect(page.getByText(untrue)).toHaveCount(0);
  await expectAccessible(page, testInfo);

  // A step taken is said to be done.
  await checklist.getByRole("link", { name: "Invite your team" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await addTeamMember(owner.merchantId, "cashier");
  await page.goto("/merchant/dashboard");
  await expect(checklist).toContainText("1 of 5 done");
  await expect(
    checklist.getByRole("listitem").filter({ hasText: "Invite your team" }),
  ).toContainText("Done");
});

test("a cashier sees no revenue nor balances; the owner does", async ({ page }, testInfo) => {
  const owner = await createTestMerchant();
  // KES 2,472.50 waiting to be paid out (a KES 2,500 collection less its fee and the excise).
  postTestCollection(owner.merchantId, `pay_cashier${owner.merchantId.slice(4)}`);
  const cashier = await addTeamMember(owner.merchantId, "cashier");

  await signInAsMerchant(page, cashier);
  await expectJsState(page, testInfo);
  const checklist = page.getByRole("region", { name: "Get started" });
  // Only what a cashier may do.
  await expect(checklist).toContainText("0 of 2 done");
  await expect(checklist.getByRole("link", { name: "Take your first payment" })).toBeVisible();
  await expect(checklist.getByText("Invite your team")).toHaveCount(0);
  await expect(checklist.getByText("Create an API key")).toHaveCount(0);
  for (const money of ["Total Revenue", "Balances and settlement", "Available", "KES 2,472.50"])
    await expect(page.getByText(money)).toHaveCount(0);
  await expectAccessible(page, testInfo);

  await page.goto("/merchant/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  for (const money of ["Totals", "Gross paid", "Available", "KES 2,472.50"])
    await expect(page.getByText(money)).toHaveCount(0);

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await signInAsMerchant(page, owner);
  const balances = page.getByRole("region", { name: "Balances and settlement" });
  await expect(balances).toContainText("KES 2,472.50");
  await page.goto("/merchant/payments");
  await expect(page.getByRole("region", { name: "Totals" })).toBeVisible();
  await expect(page.getByText("KES 2,472.50")).toBeVisible();
});
