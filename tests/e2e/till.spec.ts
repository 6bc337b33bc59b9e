/**
 * Issue 32, item 5: the till, walked as the demo cashier on a 360 px phone, with JavaScript (the
 * sale's state follows by itself) and without (the project "no-js": "Check again" reloads it). A
 * sale is started in KES, the customer pays it (in crypto through the custody simulator, or by an
 * M-Pesa prompt the cashier sends), the till says "Paid", and "Next sale" brings back an empty
 * amount. A waiting sale can be canceled; a viewer gets no till.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { DEMO_MERCHANT, operatorApi, signInAsMerchant } from "./auth";
import {
  expectAccessible,
  expectJsState,
  expectNoSidewaysScroll,
  expectToast,
  isJsProject,
  unique,
} from "./helpers";

test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

const CASHIER = {
  merchantId: DEMO_MERCHANT.merchantId,
  username: "demo-cashier",
  password: DEMO_MERCHANT.password,
} as const;
const VIEWER = { ...CASHIER, username: "demo-viewer" } as const;

/** On the till: type the amount and a note, "Start sale"; ends on the sale's page (its id). */
async function startSale(page: Page, amount: string, note: string): Promise<string> {
  await page.goto("/merchant/till");
  await expect(page.getByRole("heading", { level: 1, name: "Till" })).toBeVisible();
  await page.getByLabel("Amount (KES)").fill(amount);
  await page.getByLabel("Note (optional)").fill(note);
  await page.getByRole("button", { name: "Start sale" }).click();
  await expect(page).toHaveURL(/\/merchant\/till\?sale=pay_[a-z0-9]+$/);
  return new URL(page.url()).searchParams.get("sale")!;
}

/** The sale's state as the live region says it. */
const saleState = (page: Page) =>
  page.getByRole("status").filter({ hasText: /Waiting|Paid|Canceled|Expired|arriving/ });

/**
 * Until the sale reads `title`: by itself with JavaScript (the page polls; a marker set on the
 * window before proves it was not reloaded), through "Check again" without.
 */
async function expectSaleBecomes(page: Page, testInfo: TestInfo, title: string) {
  const state = saleState(page).getByText(title, { exact: true });
  if (isJsProject(testInfo)) {
    await expect(state).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as { tillMarker?: number }).tillMarker)).toBe(1);
    return;
  }
  await expect(async () => {
    await page.getByRole("link", { name: "Check again" }).click();
    await expect(state).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** A mark on the window: gone if the page is reloaded (JavaScript only). */
async function markWindow(page: Page, testInfo: TestInfo) {
  if (isJsProject(testInfo))
    await page.evaluate(() => ((window as { tillMarker?: number }).tillMarker = 1));
}

test("a cashier's sale is paid in crypto: the till says Paid, then Next sale", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signInAsMerchant(page, CASHIER);
  await expectJsState(page, testInfo);
  // The cashier finds it in the phone's menu.
  await page.getByText("Menu", { exact: true }).click();
  await page
    .getByRole("navigation", { name: "Merchant" })
    .getByRole("link", { name: "Till" })
    .click();
  await expect(page).toHaveURL(/\/merchant\/till$/);
  await expect(page.getByRole("heading", { level: 1, name: "Till" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo);

  const note = unique(testInfo, "Table");
  const id = await startSale(page, "2500", note);
  await expect(page.getByText("KES 2,500.00", { exact: true }).first()).toBeVisible();
  await expect(saleState(page)).toContainText("Waiting for payment");
  await expect(page.getByRole("img", { name: "QR code of the checkout link" })).toBeVisible();
  await expect(page.getByText(`/pay/${id}`)).toBeVisible();
  const today = page.getByRole("region", { name: "Today's sales" });
  await expect(today.getByRole("link").filter({ hasText: note })).toContainText(
    /\d\d:\d\d.*KES 2,500\.00.*Awaiting payment/,
  );
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo);

  // The customer scans the code: the checkout in the coin it opens in (USDT), paid by a wallet.
  const customer = await page.context().newPage();
  await customer.goto(`/pay/${id}`);
  const address = (await customer.locator("#pay-address").textContent())!.trim();
  const amount = (await customer.locator("#pay-amount").textContent())!.trim();
  await customer.close();
  await markWindow(page, testInfo);
  const api = await operatorApi();
  const paid = await api.post("/simulator/custody/payments", { data: { address, amount } });
  expect(paid.status(), await paid.text()).toBe(200);
  const txId = ((await paid.json()) as { id: string }).id;
  const confirmed = await api.post(
    `/simulator/custody/transactions/${encodeURIComponent(txId)}/confirmations`,
    { data: { add: 2 } },
  );
  expect(confirmed.status()).toBe(200);

  await expectSaleBecomes(page, testInfo, "Paid");
  await expect(page.getByRole("img", { name: "QR code of the checkout link" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel sale" })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo);
  // A refresh keeps the sale.
  await page.reload();
  await expect(saleState(page).getByText("Paid", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Next sale" }).click();
  await expect(page).toHaveURL(/\/merchant\/till$/);
  await expect(page.getByLabel("Amount (KES)")).toHaveValue("");
  await expect(page.getByRole("region", { name: "Today's sales" })).toContainText(note);
});

test("the cashier sends an M-Pesa prompt to the customer's phone and the till says Paid", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signInAsMerchant(page, CASHIER);
  await startSale(page, "1500", unique(testInfo, "Mpesa"));
  await markWindow(page, testInfo);
  const prompt = page.getByRole("region", { name: "M-Pesa prompt" });
  await prompt.getByLabel("Customer's M-Pesa number").fill("0712 345 678");
  await prompt.getByRole("button", { name: "Send M-Pesa prompt (KES 1,500)" }).click();
  await expectSaleBecomes(page, testInfo, "Paid");
  await expectNoSidewaysScroll(page);
});

test("a waiting sale can be canceled; an amount below the minimum is refused", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await signInAsMerchant(page, CASHIER);
  await page.goto("/merchant/till");
  await page.getByLabel("Amount (KES)").fill("100");
  await page.getByRole("button", { name: "Start sale" }).click();
  await expect(page.getByText("The minimum payment is KES 500.").first()).toBeVisible();
  await expect(page.getByLabel("Amount (KES)")).toHaveAttribute("aria-invalid", "true");

  await startSale(page, "900", unique(testInfo, "Cancel"));
  await page.getByRole("button", { name: "Cancel sale" }).click();
  await expectToast(page, testInfo, "Sale canceled");
  await expect(saleState(page)).toContainText("Canceled");
  await expect(page.getByRole("img", { name: "QR code of the checkout link" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Next sale" })).toBeVisible();
  await expectAccessible(page, testInfo);
});

test("a viewer gets no till", async ({ page }) => {
  await signInAsMerchant(page, VIEWER);
  await page.getByText("Menu", { exact: true }).click();
  const nav = page.getByRole("navigation", { name: "Merchant" });
  await expect(nav.getByRole("link", { name: "Payments" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Till" })).toHaveCount(0);
  const response = await page.goto("/merchant/till");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("button", { name: "Start sale" })).toHaveCount(0);
});
