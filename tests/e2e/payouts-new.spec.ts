/**
 * Payouts (issue 15) in a browser, with JavaScript (project "js") and without (project "no-js"):
 * the navigation item and the empty list; a payout file refused with its reason at the file field,
 * then a good one uploaded and the member taken to its batch page; one payout typed, reviewed (fee,
 * rail charge, total) and sent. axe checks the pages in the "js" project.
 */
import { expect, test } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant, markSteppedUp, postTestTransaction } from "./db";
import { expectAccessible, expectJsState, expectToast } from "./helpers";

/** KES `kes` credited to the merchant's live available balance just now. */
function creditBalance(merchantId: string, kes: number) {
  const id = `ltx_e2ecredit${merchantId.slice(4).toLowerCase()}`;
  postTestTransaction({
    id,
    kind: "operator.adjustment",
    description: "E2E credit",
    reference: { type: "adjustment", id },
    legs: [
      ["capital:KES", "equity", null, kes * 100],
      [`merchant:${merchantId}:available:KES`, "liability", merchantId, -kes * 100],
    ],
  });
}

const BATCH_URL = /\/merchant\/payouts\/dsb_[a-z0-9]+$/;

test("a member uploads a payout file and is taken to its batch", async ({ page }, testInfo) => {
  const merchant = await createTestMerchant();
  creditBalance(merchant.merchantId, 10_000);
  await signInAsMerchant(page, merchant);

  await page
    .getByRole("navigation", { name: "Merchant" })
    .first()
    .getByRole("link", { name: "Payouts" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  await expectJsState(page, testInfo);
  await expect(page.getByText("KES 10,000.00")).toBeVisible();
  await expect(page.getByText("No payouts yet.")).toBeVisible();
  await expectAccessible(page, testInfo);

  // The template downloads as a CSV attachment.
  const href = await page.getByRole("link", { name: "Download the template" }).getAttribute("href");
  const template = await page.request.get(href!);
  expect(template.status()).toBe(200);
  expect(template.headers()["content-disposition"]).toBe(
    'attachment; filename="onehop-payouts-template.csv"',
  );
  expect(await template.text()).toContain("recipient,rail,amount,reference,name,bank_code");

  // A file whose header we cannot read: the reason at the file field, the title kept.
  await page.getByLabel("Batch title").fill("November salaries");
  await page.getByLabel("Payout file (CSV)").setInputFiles({
    name: "payouts.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("phone;amount;colour\n0712345678;1500;red\n"),
  });
  await page.getByRole("button", { name: "Upload file" }).click();
  const fileField = page.getByLabel("Payout file (CSV)");
  await expect(fileField).toHaveAttribute("aria-invalid", "true");
  await expect(fileField).toHaveAccessibleDescription(
    /The header column "colour" is not understood/,
  );
  await expect(page.getByLabel("Batch title")).toHaveValue("November salaries");
  await expectAccessible(page, testInfo);

  // A good file.
  await page.getByLabel("Payout file (CSV)").setInputFiles({
    name: "november.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "recipient,rail,amount,reference,name,bank_code\r\n0712345678,mpesa,1500,Salary,Wanjiku Kamau,\r\n0733123456,airtel-money,2500,Salary,Otieno Odhiambo,\r\n",
    ),
  });
  await page.getByLabel("Send each recipient a text receipt").check();
  await page.getByRole("button", { name: "Upload file" }).click();
  await expect(page).toHaveURL(BATCH_URL);
  await expectToast(page, testInfo, "Payout file uploaded", "2 rows read.");

  await page.goto("/merchant/payouts");
  const list = page.getByRole("region", { name: "Your payouts, newest first" });
  await expect(list.getByRole("link", { name: "November salaries" })).toBeVisible();
  await expect(list).toContainText("File upload");
  await expect(list).toContainText("Draft");
  await expect(list).toContainText("KES 4,000.00");
  await expectAccessible(page, testInfo);
});

test("a member reviews and sends one payout", async ({ page }, testInfo) => {
  const merchant = await createTestMerchant();
  creditBalance(merchant.merchantId, 10_000);
  await signInAsMerchant(page, merchant);
  markSteppedUp(merchant.merchantId);
  await page.goto("/merchant/payouts");
  await page.getByRole("link", { name: "New payout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New payout" })).toBeVisible();
  await expectJsState(page, testInfo);
  await expectAccessible(page, testInfo);

  // A number no rail pays: refused at the field (in the browser with JavaScript, else the server).
  await page.getByRole("textbox", { name: "Recipient", exact: true }).fill("0812 345 678");
  await page.getByLabel("Amount (KES)").fill("1500");
  await page.getByRole("button", { name: "Review", exact: true }).click();
  const recipient = page.getByRole("textbox", { name: "Recipient", exact: true });
  await expect(recipient).toHaveAttribute("aria-invalid", "true");
  await expect(recipient).toHaveAccessibleDescription(/Enter a Kenyan mobile number/);
  await expectAccessible(page, testInfo);

  await recipient.fill("0712 345 678");
  await page.getByLabel("Reference (optional)").fill("Invoice 1042");
  await page.getByLabel("Recipient name (optional; required for banks)").fill("Wanjiku Kamau");
  await page.getByRole("button", { name: "Review", exact: true }).click();
  const review = page.getByRole("region", { name: "Review the payout" });
  await expect(review).toContainText("+254 712 345 678 (Wanjiku Kamau)");
  const figure = (term: string) =>
    review.getByRole("term").filter({ hasText: term }).locator("xpath=following-sibling::dd[1]");
  await expect(figure("Recipient gets")).toHaveText("KES 1,500.00");
  await expect(figure("Our fee (1.5%)")).toHaveText("KES 22.50");
  await expect(figure("Excise duty (10% of our fee)")).toHaveText("KES 2.25");
  await expect(figure("M-Pesa charge, at cost")).toHaveText("KES 5.00");
  await expect(figure("Total from your balance")).toHaveText("KES 1,529.75");
  await expect(figure("Available balance")).toHaveText("KES 10,000.00");
  await expect(review).toContainText("No approval needed");
  await expectAccessible(page, testInfo);

  await review.getByRole("button", { name: "Send payout" }).click();
  await expect(page).toHaveURL(BATCH_URL);
  await expectToast(page, testInfo, "Payout sent", "KES 1,500.00 to +254 712 345 678");

  await page.goto("/merchant/payouts");
  await expect(page.getByText("KES 8,470.25")).toBeVisible();
  const list = page.getByRole("region", { name: "Your payouts, newest first" });
  await expect(list.getByRole("link", { name: "Payout to Wanjiku Kamau" })).toBeVisible();
  await expect(list).toContainText("Single payout");
});

test("a member pays an M-Pesa Paybill with its account at the B2B rate", async ({
  page,
}, testInfo) => {
  const merchant = await createTestMerchant();
  creditBalance(merchant.merchantId, 20_000);
  await signInAsMerchant(page, merchant);
  markSteppedUp(merchant.merchantId);
  await page.goto("/merchant/payouts/new");
  await expectJsState(page, testInfo);

  await page.getByLabel("Rail").selectOption({ label: "M-Pesa Paybill" });
  await page.getByRole("textbox", { name: "Recipient", exact: true }).fill("247247");
  await page.getByLabel("Amount (KES)").fill("8000");
  // No account: refused at the field (in the browser with JavaScript, else the server).
  await page.getByRole("button", { name: "Review", exact: true }).click();
  const account = page.getByLabel("Account number (for Paybill payouts)");
  await expect(account).toHaveAttribute("aria-invalid", "true");
  await expect(account).toHaveAccessibleDescription(/Enter the account number at the Paybill/);
  await expectAccessible(page, testInfo);

  await account.fill("123456");
  await page.getByLabel("Reference (optional)").fill("Rent June");
  await page.getByRole("button", { name: "Review", exact: true }).click();
  const review = page.getByRole("region", { name: "Review the payout" });
  await expect(review).toContainText("Paybill 247247, account 123456");
  const figure = (term: string) =>
    review.getByRole("term").filter({ hasText: term }).locator("xpath=following-sibling::dd[1]");
  await expect(figure("Recipient gets")).toHaveText("KES 8,000.00");
  await expect(figure("Our fee (1.2%)")).toHaveText("KES 96.00");
  await expect(figure("Excise duty (10% of our fee)")).toHaveText("KES 9.60");
  await expect(figure("M-Pesa Paybill charge, at cost")).toHaveText("KES 17.00");
  await expect(figure("Total from your balance")).toHaveText("KES 8,122.60");
  await expectAccessible(page, testInfo);

  await review.getByRole("button", { name: "Send payout" }).click();
  await expect(page).toHaveURL(BATCH_URL);
  await expectToast(
    page,
    testInfo,
    "Payout sent",
    "KES 8,000.00 to Paybill 247247, account 123456",
  );
  // The batch's row (in the table, or its card on a narrow screen).
  await expect(
    page.getByText("Paybill 247247, account 123456").locator("visible=true").first(),
  ).toBeVisible();
});
