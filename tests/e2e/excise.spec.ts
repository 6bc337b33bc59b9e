/**
 * Excise duty on our fees (issue 31, item 7; ADR 0059): a merchant sees the 10% excise on the
 * collection fee when it creates a payment and on the payment's page, and each fee with its excise
 * on the month's fee invoice (with both KRA PINs, on paper too); an operator sees the month's
 * excise report with its due date. axe on each new page.
 */
import { expect, test } from "@playwright/test";
import { signInAsMerchant, signInAsOperator } from "./auth";
import { createTestMerchant, postTestCollection } from "./db";
import { expectAccessible, expectJsState } from "./helpers";
import { createPayment } from "./payment-flow";

/** This month in Nairobi: "2026-12". */
const thisMonth = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 7);

test("a merchant sees the excise on a payment and on its fee invoice", async ({
  page,
}, testInfo) => {
  const merchant = await createTestMerchant();
  const collected = `pay_exc${merchant.merchantId.slice(4).toLowerCase()}`;
  // A KES 2,500 collection in the books this month: KES 25 fee, KES 2.50 excise.
  postTestCollection(merchant.merchantId, collected);
  await signInAsMerchant(page, merchant);
  await expectJsState(page, testInfo);

  const reference = `EXC-${testInfo.project.name}-${Date.now()}`;
  await createPayment(page, testInfo, "2500", reference, "after the 1% fee plus 10% excise duty");
  await expect(page.getByText("Excise duty on the fee")).toBeVisible();
  await expect(page.getByText("KES 2.50", { exact: true }).first()).toBeVisible();

  await page.goto("/merchant/statements");
  await page.getByRole("link", { name: "fee invoices" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Fee invoice, / })).toBeVisible();
  const lines = page.getByRole("table", { name: "Each fee and its excise duty, oldest first" });
  const line = lines.getByRole("row", { name: new RegExp(collected) });
  await expect(line).toContainText("Collection fee (C2B)");
  await expect(line).toContainText("KES 25.00");
  await expect(line).toContainText("KES 2.50");
  await expect(page.getByRole("region", { name: "Invoice to" })).toContainText("KRA PIN");
  await expect(page.getByText("KRA PIN P052183746Q")).toBeVisible();
  await expectAccessible(page, testInfo);

  // Another month (a GET form): nothing charged then.
  await page.getByLabel("Month").fill("2025-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Fee invoice, January 2025" }),
  ).toBeVisible();
  await expect(page.getByText("No fees were charged in this month.")).toBeVisible();

  await page.goto(`/merchant/fee-invoices?month=${thisMonth()}`);
  await page.getByRole("link", { name: "Print version" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Fee invoice, / })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(collected) })).toContainText("KES 2.50");
  await expectAccessible(page, testInfo);
});

test("an operator sees the month's excise report with its due date", async ({ page }, testInfo) => {
  const merchant = await createTestMerchant();
  postTestCollection(merchant.merchantId, `pay_exo${merchant.merchantId.slice(4).toLowerCase()}`);
  await signInAsOperator(page);
  await expectJsState(page, testInfo);
  await page.getByRole("navigation").getByRole("link", { name: "Excise duty" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Excise duty" })).toBeVisible();
  await expectAccessible(page, testInfo);

  await page.getByLabel("Month").fill(thisMonth());
  await page.getByRole("button", { name: "Show" }).click();
  await expect(
    page.getByText(/^Due to the KRA by 20 [A-Z][a-z]{2} \d{4}: KES [\d,]+\.\d\d$/),
  ).toBeVisible();
  const report = page.getByRole("table", { name: "Fees and excise duty by fee kind" });
  const collections = report.getByRole("row", { name: /Collection fee \(C2B\)/ });
  await expect(collections).toContainText("KES");
  await expect(collections).not.toContainText("KES 0.00");
  await expect(report.getByRole("row", { name: /Payout fee \(B2C\)/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Download the CSV for / })).toHaveAttribute(
    "href",
    `/admin/compliance/excise.csv?month=${thisMonth()}`,
  );
});
