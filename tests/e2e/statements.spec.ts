/**
 * Merchant statements (issue 15, item 6) in a browser, with JavaScript (project "js") and without
 * (project "no-js"): the navigation item, the period form and its errors, the summary and lines,
 * the empty state, the CSV download and the printable statement with our licence number.
 */
import { expect, test } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant, postTestCollection, postTestTransaction } from "./db";
import { expectToast } from "./helpers";

test("a merchant reads, downloads and prints a statement", async ({ page }) => {
  const merchant = await createTestMerchant();
  const paymentId = `pay_e2e${merchant.merchantId.slice(4).toLowerCase()}`;
  postTestCollection(merchant.merchantId, paymentId);
  await signInAsMerchant(page, merchant);

  await page
    .getByRole("navigation", { name: "Merchant" })
    .first()
    .getByRole("link", { name: "Statements" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Statements" })).toBeVisible();

  // The month to date: the collection, gross, fee and net, and the balances around it.
  const summary = page.getByRole("table", { name: /Opening balance, totals per type/ });
  await expect(summary.getByRole("row", { name: /Opening balance/ })).toContainText("KES 0.00");
  await expect(summary.getByRole("row", { name: /Collection/ })).toContainText("KES 2,472.50");
  await expect(summary.getByRole("row", { name: /Closing balance/ })).toContainText("KES 2,472.50");
  const line = page.getByRole("table", { name: "Statement lines, oldest first" }).getByRole("row", {
    name: new RegExp(paymentId),
  });
  await expect(line).toContainText("Collection");
  await expect(line).toContainText("KES 2,500.00");
  await expect(line).toContainText("KES 25.00");
  await expect(line).toContainText("KES 2.50");

  // The CSV has the same line.
  const csvHref = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
  expect(csvHref).toMatch(
    /^\/merchant\/statements\.csv\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/,
  );
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toContain("attachment;");
  expect(await csv.text()).toContain(`,Collection,Payment ${paymentId} (INV-7) converted,`);

  // The printable statement: our licence, the business, no app navigation.
  await page.getByRole("link", { name: "Print version" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Statement / })).toBeVisible();
  await expect(page.getByText("Money Services Business licence C100000762").first()).toBeVisible();
  await expect(page.getByText(`E2E Traders ${merchant.merchantId.slice(4)}`)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Merchant" })).toHaveCount(0);
  await expect(page.getByRole("row", { name: new RegExp(paymentId) })).toBeVisible();
  await page.getByRole("link", { name: "Back to statements" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Statements" })).toBeVisible();
});

test("a bad period is refused with its reason; an empty one says so", async ({ page }) => {
  const merchant = await createTestMerchant();
  await signInAsMerchant(page, merchant);
  await page.goto("/merchant/statements");

  await page.getByRole("textbox", { name: "From", exact: true }).fill("2026-03-20");
  await page.getByRole("textbox", { name: "To", exact: true }).fill("2026-03-02");
  await page.getByRole("button", { name: "Show statement" }).click();
  await expect(page.getByText("The start date must be on or before the end date.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "From", exact: true })).toHaveValue("2026-03-20");
  await expect(page.getByRole("textbox", { name: "To", exact: true })).toHaveValue("2026-03-02");
  await expect(page.getByRole("textbox", { name: "From", exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );

  // Last month, from the list: nothing moved for this new merchant.
  await page
    .getByRole("navigation", { name: "Monthly statements" })
    .getByRole("link")
    .nth(1)
    .click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-(28|29|30|31)$/);
  await expect(page.getByText("No money moved in this period.")).toBeVisible();
  await expect(page.getByText("Opening and closing balance: KES 0.00.")).toBeVisible();
});

test("a payout is one line with the M-Pesa charge under Fees; the KRA PIN from settings is on the print", async ({
  page,
}, testInfo) => {
  const merchant = await createTestMerchant();
  const id = merchant.merchantId;
  const paymentId = `pay_e2p${id.slice(4).toLowerCase()}`;
  postTestCollection(id, paymentId);
  // The settlement of that collection handed to M-Pesa (KES 2,463 + the KES 9 charge), then paid.
  const transferId = `trf_e2e${id.slice(4).toLowerCase()}`;
  const reference = { type: "transfer", id: transferId };
  postTestTransaction({
    id: `ltx_e2s${transferId}`,
    kind: "payout.sent",
    description: `Payout ${transferId} to M-Pesa +254712345678, M-Pesa charge 9 KES`,
    reference,
    legs: [
      [`merchant:${id}:available:KES`, "liability", id, 247_200],
      [`merchant:${id}:in-flight:KES`, "liability", id, -246_300],
      ["rail:mpesa:in-flight:KES", "asset", null, 246_300],
      ["rail:mpesa:float:KES", "asset", null, -247_200],
    ],
  });
  postTestTransaction({
    id: `ltx_e2p${transferId}`,
    kind: "payout.succeeded",
    description: `Payout ${transferId} paid`,
    reference,
    legs: [
      [`merchant:${id}:in-flight:KES`, "liability", id, 246_300],
      ["rail:mpesa:in-flight:KES", "asset", null, -246_300],
    ],
  });
  await signInAsMerchant(page, merchant);

  await page.goto("/merchant/settings");
  await page.getByLabel("KRA PIN").fill("p051234567x");
  await page.getByRole("button", { name: "Save KRA PIN" }).click();
  await expectToast(page, testInfo, "KRA PIN saved");

  await page.goto("/merchant/statements");
  const lines = page.getByRole("table", { name: "Statement lines, oldest first" });
  const payout = lines.getByRole("row", { name: new RegExp(transferId) });
  await expect(payout).toHaveCount(1);
  await expect(payout).toContainText("-KES 2,463.00");
  await expect(payout).toContainText("KES 9.00");
  await expect(payout).toContainText("-KES 2,472.00");

  await page.getByRole("link", { name: "Print version" }).click();
  const holder = page.getByRole("region", { name: "Statement for" });
  await expect(holder).toContainText("KRA PIN");
  await expect(holder).toContainText("P051234567X");
});
