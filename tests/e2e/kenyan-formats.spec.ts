/**
 * Kenyan formats, everywhere (issue 11, items 9 to 12), with JavaScript on and off: every page type
 * shows dates in day-month-year order in Nairobi time ("24 Nov 2026", "24 Nov 2026, 14:05 EAT") and
 * no other style (US "Nov 24, 2026", ISO "2026-11-24", "UTC"), phones as "+254 712 345 678", KES
 * rates with their cents, crypto as decimals; the CSV export is an Excel-ready bookkeeping file.
 *
 * The data is written straight into the e2e database (a settled USDT payment with its M-Pesa
 * transfer, a submitted application), so each page has dates, a phone and amounts to show.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { E2E_ADMIN, signInAsMerchant, signInAsOperator } from "./auth";
import { createTestMerchant, withE2eDatabase } from "./db";
import { market } from "./rates-support";
import { fillDirector } from "./parties-form";

const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
const LONG_MONTH =
  "(?:January|February|March|April|May|June|July|August|September|October|November|December)";
/** The house style: "24 Nov 2026" (optionally ", 14:05 EAT"). */
const HOUSE_DATE = new RegExp(`\\b\\d{1,2} ${MONTH} \\d{4}\\b`);
const OTHER_STYLES: readonly { name: string; pattern: RegExp }[] = [
  { name: "US order", pattern: new RegExp(`\\b(?:${LONG_MONTH}|${MONTH})\\.? \\d{1,2}, \\d{4}`) },
  { name: "ISO date", pattern: /\b\d{4}-\d{2}-\d{2}\b/ },
  { name: "numeric date", pattern: /\b\d{1,2}[/.-]\d{1,2}[/.-]\d{4}\b/ },
  { name: "UTC", pattern: /\bUTC\b|\bGMT\b/ },
  { name: "unformatted phone", pattern: /(?<![\d+])(?:\+?254|0)[17]\d{8}\b/ },
];

/** Opens `path` and checks its visible text for other date styles (and a house-style date). */
async function expectKenyanFormats(page: Page, path: string, options: { dated: boolean }) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  const text = await page.locator("body").innerText();
  for (const { name, pattern } of OTHER_STYLES)
    expect(text.match(pattern)?.[0], `${name} on ${path}`).toBeUndefined();
  if (options.dated) expect(text, `a "24 Nov 2026" date on ${path}`).toMatch(HOUSE_DATE);
  return text;
}

interface Seeded {
  merchant: Awaited<ReturnType<typeof createTestMerchant>>;
  paymentId: string;
  reference: string;
  applicationId: string;
  applicationReference: string;
}

// 20 Nov 2026, 22:30 in Nairobi (19:30 UTC): the UTC date would still be the 20th, so would EAT.
const CREATED = Date.UTC(2026, 10, 20, 19, 30);
// Settled at 21 Nov 2026, 00:10 in Nairobi, which is still 20 Nov in UTC.
const SETTLED = Date.UTC(2026, 10, 20, 21, 10);

async function seed(testInfo: TestInfo): Promise<Seeded> {
  // The settlement number in the older stored form (2547…): it still reads "+254 712 345 678".
  const merchant = await createTestMerchant("254712345678");
  const code = `${testInfo.project.name.replace(/\W/g, "").toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  // Payment ids are pay_ and 12 lower-case letters or digits (core/payments/checkout.server.ts).
  const paymentId = `pay_${`kf${code.toLowerCase()}`
    .replace(/[^a-z0-9]/g, "")
    .padEnd(12, "0")
    .slice(-12)}`;
  const reference = `KF-${code}`;
  const applicationId = `app_kf_${code}`;
  const applicationReference = `APP-KF${code.slice(-6)}`;
  withE2eDatabase((db) => {
    db.prepare(
      `insert into payments (id, merchant_id, reference, description, asset, network, amount_kes_cents,
        fee_kes_cents, quote_rate, market_rate, spread_bps, rate_source, rate_fetched_at,
        crypto_amount_units, quoted_at, expires_at, requires_review, status, deposit_address,
        payer_address, received_units, confirmations, created_at, updated_at, confirmed_at, settled_at)
       values (?, ?, ?, 'Two bags of coffee', 'USDT', 'Ethereum (ERC-20)', 250000, 2500, '129.45',
        '130.1', 50, 'test', ?, 19312476, ?, ?, 0, 'settled', ?, ?, 19312476, 2, ?, ?, ?, ?)`,
    ).run(
      paymentId,
      merchant.merchantId,
      reference,
      CREATED,
      CREATED,
      CREATED + 15 * 60_000,
      `0xkf${code.toLowerCase()}`,
      `0xpayer${code.toLowerCase()}`,
      CREATED,
      SETTLED,
      CREATED + 5 * 60_000,
      SETTLED,
    );
    const event = db.prepare(
      "insert into payment_events (payment_id, at, type, from_status, to_status, cause) values (?, ?, ?, ?, ?, ?)",
    );
    event.run(paymentId, CREATED, "created", null, "awaiting_payment", "payment created");
    event.run(paymentId, SETTLED, "settled", "settling", "settled", "paid to M-Pesa");
    db.prepare(
      `insert into settlement_transfers (id, merchant_id, payment_id, sequence, rail, phone,
        amount_kes_cents, fee_kes_cents, rail_charge_kes_cents, status, settlement_day, attempts,
        receipt, result_code, created_at, updated_at, sent_at, completed_at)
       values (?, ?, ?, 1, 'mpesa', '254712345678', 246600, 0, 900, 'succeeded', '2026-11-21', 1,
        ?, 0, ?, ?, ?, ?)`,
    ).run(
      `trf_KF${code}`,
      merchant.merchantId,
      paymentId,
      `SK${code.slice(-8).padStart(8, "X")}`,
      SETTLED,
      SETTLED,
      SETTLED,
      SETTLED,
    );
    db.prepare(
      `insert into merchant_applications (id, reference, status, business_name, business_type,
        contact_name, email, email_normalized, country_code, phone, country, city, agreed_to_terms,
        agreed_to_newsletter, created_at)
       values (?, ?, 'submitted', ?, 'ecommerce', 'Wanjiku Kamau', ?, ?, '+254', '+254712345678',
        'KE', 'Nairobi', 1, 0, ?)`,
    ).run(
      applicationId,
      applicationReference,
      `Kahawa Formats ${code}`,
      `kf-${code.toLowerCase()}@shop.example`,
      `kf-${code.toLowerCase()}@shop.example`,
      CREATED,
    );
  });
  return { merchant, paymentId, reference, applicationId, applicationReference };
}

let seeded: Seeded;
test.beforeAll(async () => {
  seeded = await seed(test.info());
});

test("public, legal and blog pages show dates as 1 May 2021", async ({ page }) => {
  await expectKenyanFormats(page, "/", { dated: false });
  for (const path of ["/terms", "/privacy"]) {
    const text = await expectKenyanFormats(page, path, { dated: true });
    expect(text).toContain("1 May 2021");
  }
  await expectKenyanFormats(page, "/blog", { dated: true });
  await expectKenyanFormats(page, "/blog/stablecoins-for-kenyan-merchants", { dated: true });
});

test("exchange rates keep the cents of a KES rate", async ({ page }) => {
  await market({ mode: "normal" });
  await expectKenyanFormats(page, "/exchange-rates", { dated: false });
  const rates = page.locator("[data-rate]");
  await expect(rates).toHaveCount(4);
  for (const rate of await rates.all()) await expect(rate).toHaveText(/^KES [\d,]+\.\d{2}$/);
});

test("the merchant's pages: dashboard, payments list, settings", async ({ page }) => {
  await signInAsMerchant(page, seeded.merchant);
  const dashboard = await expectKenyanFormats(page, "/merchant/dashboard", { dated: false });
  expect(dashboard).toContain("+254 712 345 678");
  const list = await expectKenyanFormats(page, "/merchant/payments", { dated: true });
  expect(list).toContain("20 Nov 2026, 22:30 EAT");
  expect(list).toContain("19.312476 USDT");
  const settings = await expectKenyanFormats(page, "/merchant/settings", { dated: false });
  expect(settings).toContain("+254 712 345 678");
});

test("the merchant's payment page", async ({ page }) => {
  await signInAsMerchant(page, seeded.merchant);
  const detail = await expectKenyanFormats(page, `/merchant/payments/${seeded.paymentId}`, {
    dated: true,
  });
  expect(detail).toContain("20 Nov 2026, 22:30 EAT");
  expect(detail).toContain("21 Nov 2026");
  expect(detail).toContain("+254 712 345 678");
  expect(detail).toContain("KES 129.45");
  expect(detail).not.toContain("19312476");
});

test("the customer's checkout", async ({ page }) => {
  const checkout = await expectKenyanFormats(page, `/pay/${seeded.paymentId}`, { dated: false });
  expect(checkout).toContain("19.312476");
  expect(checkout).not.toContain("19312476");
});

test("the operator console: applications and payments, and the set-password expiry", async ({
  page,
}) => {
  await signInAsOperator(page);
  const applications = await expectKenyanFormats(page, "/admin/applications", { dated: true });
  expect(applications).toContain("20 Nov 2026, 22:30 EAT");
  const application = await expectKenyanFormats(
    page,
    `/admin/applications/${seeded.applicationId}`,
    { dated: true },
  );
  expect(application).toContain("+254 712 345 678");
  expect(application).toContain("20 Nov 2026, 22:30 EAT");

  // Approving shows when the one-time link expires: in Nairobi time, not UTC.
  await page.getByLabel("Owner username").fill("wanjiku");
  await page.getByRole("button", { name: "Approve and create merchant" }).click();
  await expect(page.getByTestId("set-password-link")).toBeVisible();
  const approval = page.locator("p").filter({ hasText: "one-time set-password link" });
  await expect(approval).toContainText(
    new RegExp(`expires \\d{1,2} ${MONTH} \\d{4}, \\d\\d:\\d\\d EAT\\)`),
  );
  await expect(approval).not.toContainText("UTC");

  const list = await expectKenyanFormats(page, `/admin/payments?q=${seeded.reference}`, {
    dated: true,
  });
  expect(list).toContain("20 Nov 2026, 22:30 EAT");
  const detail = await expectKenyanFormats(page, `/admin/payments/${seeded.paymentId}`, {
    dated: true,
  });
  // The transfer's day is a date like any other, its number formatted.
  expect(detail).toContain("21 Nov 2026");
  expect(detail).toContain("+254 712 345 678");
  expect(detail).toContain("19.312476 USDT");
});

test("the application form takes a +254 number typed in full, as Settings does", async ({
  page,
}, testInfo) => {
  const email = `kf-apply-${testInfo.project.name}-${Date.now().toString(36)}@shop.example`;
  await page.goto("/get-started");
  await page.getByLabel("Business Name").fill("Kahawa Phone Traders");
  await page.getByLabel("Business Type").selectOption("ecommerce");
  await page.getByLabel("Registration Number").fill("PVT-AB1234CD");
  await page.getByLabel("Contact Name").fill("Wanjiku Kamau");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Dialling code").selectOption("+254");
  // The number as a phone's address book gives it: with the country code, which the form refused.
  await page.getByLabel("Phone Number").fill("+254 712-345-678");
  await fillDirector(page, "Wanjiku Kamau");
  await page.getByLabel("Country of Operation").selectOption("KE");
  if (testInfo.project.name !== "js")
    await page.getByRole("button", { name: "Show cities" }).click();
  await page.getByRole("combobox", { name: /^City/ }).selectOption("Nairobi");
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Submit Application" }).click();
  const status = page.getByRole("status").filter({ hasText: "Your application reference is" });
  await expect(status).toBeVisible();
  const reference = (await status.locator("strong").textContent())?.trim() ?? "";

  // Stored as E.164 and shown to the operator as +254 712 345 678.
  const stored = withE2eDatabase(
    (db) =>
      db.prepare("select phone from merchant_applications where reference = ?").get(reference) as {
        phone: string;
      },
  );
  expect(stored.phone).toBe("+254712345678");
  await signInAsOperator(page);
  await page.goto("/admin/applications?status=submitted");
  // Exactly: a possible duplicate elsewhere on the queue links to "application APP-…" too.
  await page.getByRole("link", { name: reference, exact: true }).click();
  await expect(page.getByText("+254 712 345 678")).toBeVisible();
});

test("the CSV export: a bookkeeping file Excel opens, times in EAT", async ({ page }) => {
  await signInAsMerchant(page, seeded.merchant);
  await page.goto(`/merchant/payments?q=${seeded.reference}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, row, ...rest] = bytes.toString("utf8").slice(1).split("\r\n");
  expect(rest).toEqual([""]);
  const cells = Object.fromEntries(header!.split(",").map((name, i) => [name, row!.split(",")[i]]));
  expect(cells).toMatchObject({
    "Payment ID": seeded.paymentId,
    Reference: seeded.reference,
    "Created (EAT)": "2026-11-20T22:30:00+03:00",
    "Crypto amount": "19.312476",
    "Gross KES": "2500.00",
    "Collection fee KES": "25.00",
    // Seeded as a payment of before the excise (its column's default): none charged.
    "Excise duty KES": "0.00",
    "Network fee KES": "9.00",
    "Net KES": "2466.00",
    "Settled KES": "2466.00",
    "Settled (EAT)": "2026-11-21T00:10:00+03:00",
  });
  expect(cells["M-Pesa receipts"]).toMatch(/^SK[A-Z0-9]{8}$/);
});

test.describe("on a phone (payments as cards)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the merchant's and the operator's payment lists keep the house style", async ({ page }) => {
    await signInAsMerchant(page, seeded.merchant);
    const list = await expectKenyanFormats(page, "/merchant/payments", { dated: true });
    expect(list).toContain("20 Nov 2026, 22:30 EAT");
    expect(list).toContain("19.312476 USDT");
    // The console's navigation folds into a menu on a phone: wait for the sign-in to leave instead.
    await signInAsOperator(page, E2E_ADMIN, { waitFor: "url" });
    const operator = await expectKenyanFormats(page, `/admin/payments?q=${seeded.reference}`, {
      dated: true,
    });
    expect(operator).toContain("20 Nov 2026, 22:30 EAT");
  });
});
