/**
 * Issue 11, items 3, 6 and 8: the customer's checkout is a focused page without the React bundle
 * (its own small script only), with the network, the address, a wallet link and live status; the
 * merchant's payment page follows the payment by itself and shares the checkout link. With and
 * without JavaScript, on a laptop and on a phone.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant } from "./db";
import { expectPageUpdates, expectToast, isJsProject } from "./helpers";
import { confirmOnChain, customerPays } from "./payment-flow";

/** USDT's TRC-20 contract: a USDT payment nobody chose a network for is on Tron. */
const USDT_CONTRACT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

interface Created {
  id: string;
  detailPath: string;
  checkoutPath: string;
  businessName: string;
  reference: string;
}

async function createPayment(
  page: Page,
  testInfo: TestInfo,
  asset: "USDT" | "BTC",
  amount = "2500",
): Promise<Created> {
  const credentials = await createTestMerchant();
  await signInAsMerchant(page, credentials);
  const reference = `CHK-${testInfo.project.name}-${Date.now()}`;
  await page.goto("/merchant/payments/new");
  await page.getByLabel("Amount (KES)").fill(amount);
  await page.getByLabel("Your reference").fill(reference);
  await page.getByRole("radio", { name: asset }).check();
  await page.getByRole("button", { name: "Review" }).click();
  await page.getByRole("button", { name: "Create Payment" }).click();
  await expectToast(page, testInfo, "Payment created");
  await expect(page.getByRole("heading", { level: 1, name: `Payment ${reference}` })).toBeVisible();
  const id = /\/merchant\/payments\/(pay_[a-z0-9]{12})$/.exec(new URL(page.url()).pathname)?.[1];
  expect(id, "the payment page's address carries the payment id").toBeTruthy();
  return {
    id: id!,
    detailPath: `/merchant/payments/${id}`,
    checkoutPath: `/pay/${id}`,
    businessName: `E2E Traders ${credentials.merchantId.slice(4)}`,
    reference,
  };
}

/** Decimal "19.29" as integer base units with `scale` decimals. */
function baseUnits(decimal: string, scale: number): string {
  const [whole = "0", fraction = ""] = decimal.split(".");
  return BigInt(whole + fraction.padEnd(scale, "0")).toString();
}

/** axe finds nothing serious or critical (JS project: axe runs as a script in the page). */
async function expectAccessible(page: Page, testInfo: TestInfo) {
  if (!isJsProject(testInfo)) return;
  // The toast of the step before (sonner, fading in) is the flash's concern, not this page's.
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(
    results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

async function expectNoMarketingChrome(page: Page) {
  await expect(page.getByRole("link", { name: "OneHop home" })).toHaveCount(0);
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await expect(page.locator("#ticker-title")).toHaveCount(0);
  await expect(page.getByText("Powering businesses with instant crypto payments")).toHaveCount(0);
  await expect(page.getByText("Secured by OneHop")).toBeVisible();
  await expect(page.getByRole("link", { name: "support@onehop.co.ke" })).toBeVisible();
  await expect(page.locator("main#main")).toHaveCount(1);
}

function checkoutScenarios() {
  test("the checkout is a focused page with the network, the address, a wallet link and live status", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const payment = await createPayment(page, testInfo, "USDT");

    const response = await page.goto(payment.checkoutPath);
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    // No React bundle: no JavaScript from /build/ (scripts, module imports or preloads), no
    // Remix context; our own small script is the page's only script.
    expect(html).not.toMatch(/\/build\/[^"']*\.js/);
    expect(html).not.toContain("__remixContext");
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      expect.stringMatching(/^<script nonce="[^"]+" src="\/checkout\.js\?v=[0-9a-f]+" defer/),
    ]);
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);

    await expectNoMarketingChrome(page);
    await expectAccessible(page, testInfo);
    await expect(page.getByText(payment.businessName, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Pay KES 2,500.00" })).toBeVisible();
    await expect(page.getByText("Tron (TRC-20)", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Send only on Tron (TRC-20). Coins sent on another network may be lost."),
    ).toBeVisible();
    await expect(page.getByText("Send exactly")).toBeVisible();
    await expect(
      page.getByRole("img", { name: /QR code of the USDT deposit address/ }),
    ).toBeVisible();
    // The server says how many minutes are left; the script (JS) ticks it as minutes:seconds.
    await expect(
      page.getByText(isJsProject(testInfo) ? /^\d+:\d\d left$/ : /^\d+ minutes? left$/),
    ).toBeVisible();
    expect(html).toMatch(/>\d+ minutes? left</);

    const address = (await page.locator("#pay-address").textContent())!.trim();
    const amount = (await page.locator("#pay-amount").textContent())!.trim();
    // A Tron address (base58check).
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(amount).toMatch(/^\d+(\.\d{1,6})?$/);
    await expect(page.getByRole("link", { name: "Open in wallet" })).toHaveAttribute(
      "href",
      `tron:${USDT_CONTRACT}/transfer?address=${address}&uint256=${baseUnits(amount, 6)}`,
    );

    if (isJsProject(testInfo)) {
      // The script shows the copy buttons.
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByRole("button", { name: "Copy address" }).click();
      await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
      await expect(page.getByRole("button", { name: "Copy address" })).toBeVisible();
      await page.getByRole("button", { name: "Copy amount" }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(amount);
    } else {
      // Without JavaScript: no copy buttons (the text is selectable), and the page refreshes
      // itself while it waits.
      await expect(page.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
      await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1);
      await expect(page.getByRole("link", { name: "Refresh status" })).toBeVisible();
    }

    // The customer pays from a wallet elsewhere; the checkout follows by itself (JS) or on refresh.
    const txId = await customerPays(address, amount);
    await expectPageUpdates(page, testInfo, "Confirming", { exact: true });
    await expect(page.getByText("Payment received", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Open in wallet" })).toHaveCount(0);
    await confirmOnChain(txId, 2);
    await expectPageUpdates(page, testInfo, "Paid", { exact: true });
    await expect(page.getByText("Thank you: your payment is confirmed.")).toBeVisible();
    // The checkout is now the customer's receipt (issue 30, item 3).
    await expect(page.getByRole("heading", { level: 1, name: "Paid" })).toBeVisible();
    const receipt = page.getByRole("region", { name: "Receipt" });
    await expect(receipt.getByText(`${amount} USDT on Tron (TRC-20)`)).toBeVisible();
    // A Tron transaction id: 64 hex digits, no 0x.
    await expect(receipt.getByRole("link", { name: /^Transaction [0-9a-f]{8}…/ })).toBeVisible();
    await expect(receipt.getByRole("link", { name: /^Share on WhatsApp/ })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/\?text=Receipt%3A%20KES%20/,
    );
    // Final: nothing refreshes any more.
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Refresh status" })).toHaveCount(0);
    await expectNoMarketingChrome(page);
    await expectAccessible(page, testInfo);
    await receipt.getByRole("link", { name: "Printable receipt" }).click();
    await expect(page).toHaveURL(new RegExp(`${payment.checkoutPath}/receipt$`));
    await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
    await expect(page.getByText(`${amount} USDT on Tron (TRC-20)`)).toBeVisible();
    await expectNoMarketingChrome(page);
    await expectAccessible(page, testInfo);
  });

  test("a Bitcoin checkout opens the wallet with a BIP 21 link", async ({ page }, testInfo) => {
    const payment = await createPayment(page, testInfo, "BTC");
    await page.goto(payment.checkoutPath);
    await expect(
      page.getByText("Send only on Bitcoin. Coins sent on another network may be lost."),
    ).toBeVisible();
    const address = (await page.locator("#pay-address").textContent())!.trim();
    const amount = (await page.locator("#pay-amount").textContent())!.trim();
    expect(address).toMatch(/^bc1[a-z0-9]+$/);
    await expect(page.getByRole("link", { name: "Open in wallet" })).toHaveAttribute(
      "href",
      `bitcoin:${address}?amount=${amount}`,
    );
  });

  test("the merchant's payment page shares the checkout and follows the payment by itself", async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const payment = await createPayment(page, testInfo, "USDT");
    const link = `${baseURL}${payment.checkoutPath}`;

    // Share: the link as text, WhatsApp and SMS with the message, a large QR code of the link.
    await expect(page.getByText(link, { exact: true })).toBeVisible();
    const message = `Please pay KES 2,500.00 to ${payment.businessName} (ref. ${payment.reference}) in crypto here: ${link}`;
    await expect(page.getByRole("link", { name: /Share on WhatsApp/ })).toHaveAttribute(
      "href",
      `https://wa.me/?text=${encodeURIComponent(message)}`,
    );
    await expect(page.getByRole("link", { name: "Send by SMS" })).toHaveAttribute(
      "href",
      `sms:?&body=${encodeURIComponent(message)}`,
    );
    const qr = page.getByRole("img", { name: "QR code of the checkout link" });
    await expect(qr).toBeVisible();
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(250);
    if (isJsProject(testInfo)) {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByRole("button", { name: "Copy link" }).click();
      await expect(page.getByRole("button", { name: "Link copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    } else {
      await expect(page.getByRole("button", { name: "Copy link" })).toHaveCount(0);
    }

    // While waiting: a refresh link, and without JavaScript a meta refresh.
    await expect(page.getByRole("link", { name: "Refresh status" })).toBeVisible();
    if (!isJsProject(testInfo))
      await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1);
    await expectAccessible(page, testInfo);

    // The address and amount the customer sees on the checkout.
    const customer = await page.context().newPage();
    await customer.goto(payment.checkoutPath);
    const address = (await customer.locator("#pay-address").textContent())!.trim();
    const amount = (await customer.locator("#pay-amount").textContent())!.trim();
    await customer.close();

    const txId = await customerPays(address, amount);
    await expectPageUpdates(page, testInfo, "Confirming", { exact: true });
    await confirmOnChain(txId, 2);
    // Confirmed, then settled to M-Pesa (the simulator answers in a moment).
    await expectPageUpdates(page, testInfo, "Settled", { exact: true });
    await expect(page.getByRole("cell", { name: "Paid", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Refresh status" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Share on WhatsApp/ })).toHaveCount(0);
    if (!isJsProject(testInfo))
      await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  });
}

test.describe("on a laptop", () => {
  checkoutScenarios();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  checkoutScenarios();
});
