/**
 * Issue 30, item 3 (ADR 0052): the merchant asks for KES only ("Customer chooses"); the checkout
 * lists every coin on every network with what it costs now, and the customer picks one with a plain
 * form: the payment is priced again in that coin with an address on its network. With and without
 * JavaScript; the list and the new amount are in the server's HTML.
 */
import { expect, test } from "@playwright/test";
import { operatorApi, signInAsMerchant } from "./auth";
import { createTestMerchant } from "./db";
import { expectAccessible, expectPageUpdates, expectToast } from "./helpers";

test("a payment in KES only: the customer picks Bitcoin at checkout and pays in BTC", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signInAsMerchant(page, await createTestMerchant());
  await page.goto("/merchant/payments/new");
  await page.getByLabel("Amount (KES)").fill("2600");
  await page.getByLabel("Your reference").fill(`COIN-${testInfo.project.name}-${Date.now()}`);
  await page.getByRole("radio", { name: "Customer chooses" }).check();
  await page.getByRole("button", { name: "Review" }).click();
  await expect(
    page.getByRole("definition").filter({
      hasText: "The customer chooses the coin and network at checkout",
    }),
  ).toBeVisible();
  await expect(
    page.getByRole("definition").filter({ hasText: "KES 2,600 in the coin they choose" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Create Payment" }).click();
  await expectToast(page, testInfo, "Payment created");
  const id = /\/merchant\/payments\/(pay_[a-z0-9]{12})$/.exec(new URL(page.url()).pathname)?.[1];
  expect(id, "the payment page's address carries the payment id").toBeTruthy();

  const response = await page.goto(`/pay/${id}`);
  const html = await response!.text();
  expect(html).toContain("Choose what you pay with");
  const chooser = page.getByRole("group", { name: "Choose what you pay with" });
  await expect(chooser.getByRole("radio")).toHaveCount(6);
  await expect(
    chooser.getByRole("radio", { name: /^USDT on Tron \(TRC-20\) · [\d.]+ USDT \(current\)$/ }),
  ).toBeChecked();
  await expectAccessible(page, testInfo);
  const btc = chooser.getByRole("radio", { name: /^BTC on Bitcoin · [\d.]+ BTC$/ });
  const btcLabel = (await chooser.locator('label[for="coin-BTC-bitcoin"]').textContent())!;
  const listedAmount = /· ([\d.]+) BTC/.exec(btcLabel)![1]!;
  await btc.check();
  await page.getByRole("button", { name: "Pay with this coin" }).click();

  await expect(page).toHaveURL(new RegExp(`/pay/${id}$`));
  await expect(
    page
      .getByRole("group", { name: "Choose what you pay with" })
      .getByRole("radio", { name: /^BTC on Bitcoin · [\d.]+ BTC \(current\)$/ }),
  ).toBeChecked();
  // Priced again in BTC at the rate of the moment: the amount listed, unless the market's rate was
  // refreshed in between (the simulator's prices move a little at each refresh).
  await expect(page.locator("#pay-amount")).toHaveText(/^\d+\.\d+$/);
  const btcAmount = (await page.locator("#pay-amount").textContent())!.trim();
  expect(Math.abs(Number(btcAmount) / Number(listedAmount) - 1)).toBeLessThan(0.01);
  await expect(
    page.getByText("Send only on Bitcoin. Coins sent on another network may be lost."),
  ).toBeVisible();
  const address = (await page.locator("#pay-address").textContent())!.trim();
  expect(address).toMatch(/^(tb1|bc1|bcrt1)[a-z0-9]{20,}$/);

  // The customer pays the BTC amount; it confirms like any Bitcoin payment.
  const api = await operatorApi();
  const paid = await api.post("/simulator/custody/payments", {
    data: { address, amount: btcAmount },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const txId = ((await paid.json()) as { id: string }).id;
  const confirmed = await api.post(
    `/simulator/custody/transactions/${encodeURIComponent(txId)}/confirmations`,
    { data: { add: 6 } },
  );
  expect(confirmed.status()).toBe(200);
  await expectPageUpdates(page, testInfo, "Paid", { exact: true });
  await expect(page.getByText(`in ${btcAmount} BTC`, { exact: false })).toBeVisible();
});
