/**
 * The product's reason to exist, in a browser with and without JavaScript: a merchant creates a
 * payment, the customer pays on the checkout page through the custody simulator, the payment
 * confirms, settles to M-Pesa (split when large), and the merchant sees it.
 */
import { expect, test } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant } from "./db";
import { expectToast } from "./helpers";
import { createPayment, expectTransferPaid, payOnCheckout } from "./payment-flow";

test("a merchant is paid in crypto and settled to M-Pesa", async ({ page }, testInfo) => {
  await signInAsMerchant(page, await createTestMerchant());
  const reference = `INV-${testInfo.project.name}-${Date.now()}`;
  // KES 2,500 less the 1% fee and its 10% excise is KES 2,472.50: KES 2,463 reaches M-Pesa, KES 9
  // is Safaricom's charge
  // (no 1.5% on top).
  await createPayment(
    page,
    testInfo,
    "2500",
    reference,
    "KES 2,463.00 after the 1% fee plus 10% excise duty and the M-Pesa charge of KES 9.00",
  );
  const detailUrl = page.url();
  await expect(
    page.getByText(
      "KES 2,463.00 after the 1% fee plus 10% excise duty and the M-Pesa charge of KES 9.00",
    ),
  ).toBeVisible();
  await page.getByRole("link", { name: "Open checkout page" }).click();
  await expect(
    page.getByText(
      "Merchant view: You receive KES 2,463.00 after the 1% fee plus 10% excise duty and the M-Pesa charge of KES 9.00.",
    ),
  ).toBeVisible();
  await page.goto(detailUrl);
  await payOnCheckout(page);

  await page.goto(detailUrl);
  await expectTransferPaid(page);
  await expect(page.getByText("Settled", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Converted to KES")).toBeVisible();
  await expect(page.getByText("KES 2,463.00 after the rail charge of KES 9.00")).toBeVisible();
  await expect(
    page
      .getByRole("table", { name: "Transfers to your payout destination" })
      .getByRole("cell", { name: "KES 9.00", exact: true }),
  ).toBeVisible();
  await expect(page.locator("td.font-mono").first()).toHaveText(/^[A-Z0-9]{10}$/);

  await page.goto("/merchant/dashboard");
  await expect(page.locator("dl").filter({ hasText: "Total Revenue" })).not.toContainText("KES 0");

  await page.goto(`/merchant/payments?q=${reference}`);
  await expect(page.getByRole("link", { name: reference })).toBeVisible();
});

test("a large payment settles in transfers of at most KES 250,000 and waits past the daily limit", async ({
  page,
}, testInfo) => {
  await signInAsMerchant(page, await createTestMerchant());
  const reference = `BIG-${testInfo.project.name}-${Date.now()}`;
  await createPayment(page, testInfo, "900000", reference);
  const detailUrl = page.url();
  await payOnCheckout(page);
  await page.goto(detailUrl);
  await expectTransferPaid(page);
  const rows = page
    .getByRole("table", { name: "Transfers to your payout destination" })
    .getByRole("row");
  await expect(rows).not.toHaveCount(2);
  for (const cell of await page
    .getByRole("cell", { name: /^KES [\d,]+\.\d\d$/ })
    .allTextContents()) {
    expect(Number(cell.replace(/[^\d.]/g, ""))).toBeLessThanOrEqual(250_000);
  }
  await expect(
    page.getByText("Waiting for the next day (daily M-Pesa limit)").first(),
  ).toBeVisible();
});

test("payments below the minimum are refused with the reason", async ({ page }, testInfo) => {
  await signInAsMerchant(page);
  await page.goto("/merchant/payments/new");
  await page.getByLabel("Amount (KES)").fill("100");
  await page.getByLabel("Your reference").fill("TOO-SMALL");
  await page.getByRole("button", { name: "Review" }).click();
  await expectToast(page, testInfo, "Cannot create payment", "The minimum payment is KES 500.");
});

test("the list filters by a period, totals what it shows, and the CSV follows (issue 30, item 7)", async ({
  page,
}, testInfo) => {
  await signInAsMerchant(page, await createTestMerchant());
  const reference = `PERIOD-${testInfo.project.name}-${Date.now()}`;
  await createPayment(page, testInfo, "2500", reference);
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 27 * 3_600_000).toISOString().slice(0, 10);

  await page.goto("/merchant/payments");
  const filters = page.getByRole("search", { name: "Filter payments" });
  await filters.getByLabel("Created from").fill(today);
  await filters.getByLabel("Created to").fill(today);
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  const totals = page.getByRole("region", { name: "Totals for these filters" });
  await expect(totals).toContainText("1 (0 paid)");
  await expect(totals).toContainText("KES 0.00");
  await expect(page.getByRole("link", { name: reference })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    new RegExp(`^/merchant/payments/export\\.csv\\?from=${today}&to=${today}$`),
  );

  await filters.getByLabel("Created from").fill(tomorrow);
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "The start date must be on or before the end date.",
  );
  await filters.getByLabel("Created to").fill("");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No payments match these filters.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Totals for these filters" })).toContainText(
    "0 (0 paid)",
  );
});
