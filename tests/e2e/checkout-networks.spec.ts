/**
 * Issue 14, item 8 (ADR 0031): more networks per asset. The merchant may fix the network when
 * creating a payment; otherwise the customer chooses it at checkout with a plain form, which gives
 * the payment an address on that network. The checkout names the network and warns against
 * sending on another, in the server's HTML. With and without JavaScript.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { operatorApi, signInAsMerchant } from "./auth";
import { createTestMerchant } from "./db";
import { expectPageUpdates, expectToast, isJsProject } from "./helpers";

const TRON_USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const ETHEREUM_USDT = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
const BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

/** Decimal "19.29" as integer base units (6 decimals: USDT). */
function baseUnits(decimal: string): string {
  const [whole = "0", fraction = ""] = decimal.split(".");
  return BigInt(whole + fraction.padEnd(6, "0")).toString();
}

async function createPayment(
  page: Page,
  testInfo: TestInfo,
  asset: "USDT" | "USDC",
  network?: { value: string; review: string },
): Promise<string> {
  await signInAsMerchant(page, await createTestMerchant());
  const reference = `NET-${testInfo.project.name}-${Date.now()}`;
  await page.goto("/merchant/payments/new");
  await page.getByLabel("Amount (KES)").fill("2500");
  await page.getByLabel("Your reference").fill(reference);
  await page.getByRole("radio", { name: asset }).check();
  if (network) await page.getByLabel("Network", { exact: true }).selectOption(network.value);
  await page.getByRole("button", { name: "Review" }).click();
  // The summary states the network.
  await expect(
    page.getByRole("definition").filter({
      hasText: network?.review ?? "or another the customer chooses at checkout",
    }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Create Payment" }).click();
  await expectToast(page, testInfo, "Payment created");
  const id = /\/merchant\/payments\/(pay_[a-z0-9]{12})$/.exec(new URL(page.url()).pathname)?.[1];
  expect(id, "the payment page's address carries the payment id").toBeTruthy();
  return id!;
}

test("a USDT payment opens on Tron; the customer may choose Ethereum: a 0x address, an ERC-20 wallet link, Ethereum's confirmations", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const id = await createPayment(page, testInfo, "USDT");
  const response = await page.goto(`/pay/${id}`);
  // The network and the warning are in the server's HTML, not only after a script ran.
  const html = await response!.text();
  expect(html).toContain("Send only on Tron (TRC-20). Coins sent on another network may be lost.");
  await expect(page.getByText("Tron (TRC-20)", { exact: true })).toBeVisible();
  // Nobody chose a network: USDT opens on Tron (cheap fees), at a Tron address.
  const before = (await page.locator("#pay-address").textContent())!.trim();
  const askedFor = (await page.locator("#pay-amount").textContent())!.trim();
  expect(before).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(page.getByRole("link", { name: "Open in wallet" })).toHaveAttribute(
    "href",
    `tron:${TRON_USDT}/transfer?address=${before}&uint256=${baseUnits(askedFor)}`,
  );
  await expect(
    page.getByRole("link", { name: /View this address on the Tron \(TRC-20\) explorer/ }),
  ).toHaveAttribute("href", new RegExp(`tronscan\\.org/#/address/${before}$`));

  const chooser = page.getByRole("group", { name: "Choose the network your USDT is on" });
  await expect(chooser.getByRole("radio", { name: "Tron (TRC-20) (current)" })).toBeChecked();
  await chooser.getByRole("radio", { name: "Ethereum (ERC-20)" }).check();
  await page.getByRole("button", { name: "Use this network" }).click();

  await expect(page).toHaveURL(new RegExp(`/pay/${id}$`));
  await expect(page.getByText("Ethereum (ERC-20)", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Send only on Ethereum (ERC-20). Coins sent on another network may be lost."),
  ).toBeVisible();
  const address = (await page.locator("#pay-address").textContent())!.trim();
  const amount = (await page.locator("#pay-amount").textContent())!.trim();
  // Checksummed (EIP-55): mixed case.
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(address).not.toBe(before);
  await expect(page.getByRole("link", { name: "Open in wallet" })).toHaveAttribute(
    "href",
    `ethereum:${ETHEREUM_USDT}@1/transfer?address=${address}&uint256=${baseUnits(amount)}`,
  );
  await expect(
    page.getByRole("link", { name: /View this address on the Ethereum \(ERC-20\) explorer/ }),
  ).toHaveAttribute("href", new RegExp(`etherscan\\.io/address/${address}$`));

  // The customer pays on Ethereum; it confirms at Ethereum's count (12), not USDT's on Tron (2).
  const api = await operatorApi();
  const paid = await api.post("/simulator/custody/payments", { data: { address, amount } });
  expect(paid.status(), await paid.text()).toBe(200);
  const txId = ((await paid.json()) as { id: string }).id;
  await expectPageUpdates(page, testInfo, "Confirming", { exact: true });
  const confirm = (add: number) =>
    api.post(`/simulator/custody/transactions/${encodeURIComponent(txId)}/confirmations`, {
      data: { add },
    });
  expect((await confirm(2)).status()).toBe(200);
  await page.reload();
  await expect(page.getByText("Confirming", { exact: true }).first()).toBeVisible();
  expect((await confirm(10)).status()).toBe(200);
  await expectPageUpdates(page, testInfo, "Paid", { exact: true });
});

test("the merchant fixes USDC on Base: the checkout offers no other network", async ({
  page,
}, testInfo) => {
  const id = await createPayment(page, testInfo, "USDC", { value: "base", review: "Base" });
  const response = await page.goto(`/pay/${id}`);
  expect(await response!.text()).toContain(
    "Send only on Base. Coins sent on another network may be lost.",
  );
  await expect(page.getByText("Base", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Use this network" })).toHaveCount(0);
  const address = (await page.locator("#pay-address").textContent())!.trim();
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByRole("link", { name: "Open in wallet" })).toHaveAttribute(
    "href",
    new RegExp(`^ethereum:${BASE_USDC}@8453/transfer\\?address=${address}&uint256=\\d+$`),
  );
  if (!isJsProject(testInfo))
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1);
});
