/**
 * Issue 31, items 2 and 4 (ADR 0055): a customer pays from an address on a sanctions list. The
 * payment is held (the checkout and the merchant say only "in review"), a critical case opens in
 * the console, and the compliance officer clears it: the payment goes on to Paid. With and without
 * JavaScript; axe-clean console pages.
 */
import { expect, test } from "@playwright/test";
import { operatorApi, signInAsMerchant, signInAsOperator } from "./auth";
import { createTestMerchant, withCore } from "./db";
import { expectAccessible, expectToast, unique } from "./helpers";
import { createPayment } from "./payment-flow";
import { storeActiveSnapshot } from "../setup/sanctions";

// A USDT (Tron) address on OFAC's list (sdn_comments.csv, ent 22985).
const LISTED = "TE3mCcPULjPUE7ykX7RArDPAhyahoy3d2j";

test("a deposit from a listed address is held; the officer clears the case and it is paid", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  withCore((db) =>
    storeActiveSnapshot(db, "ofac", [
      {
        uid: "22985",
        name: "Listed party of ent 22985",
        kind: "entity",
        addresses: [{ currency: "USDT", address: LISTED }],
      },
    ]),
  );
  await signInAsMerchant(page, await createTestMerchant());
  const reference = unique(testInfo, "SANC");
  await createPayment(page, testInfo, "1500", reference);
  await page.getByRole("link", { name: "Open checkout page" }).click();
  const checkoutUrl = page.url();
  const address = (await page.locator("#pay-address").textContent())!.trim();
  const amount = (await page.locator("#pay-amount").textContent())!.trim();

  const api = await operatorApi();
  const paid = await api.post("/simulator/custody/payments", {
    data: { address, amount, from: LISTED },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const txId = ((await paid.json()) as { id: string }).id;
  const confirmed = await api.post(
    `/simulator/custody/transactions/${encodeURIComponent(txId)}/confirmations`,
    { data: { add: 3 } },
  );
  expect(confirmed.status()).toBe(200);

  // The customer: received, in review (no list, no case named).
  await page.goto(checkoutUrl);
  await expect(page.getByText("Received, in review")).toBeVisible();
  await expect(page.getByText(/sanction/i)).toHaveCount(0);

  // The officer: the case, then the decision.
  await signInAsOperator(page);
  await page.goto("/admin/compliance/cases");
  const link = page.getByRole("link", { name: /from a listed address/ }).first();
  await expect(link).toBeVisible();
  await expectAccessible(page, testInfo);
  await link.click();
  await expect(page.getByRole("heading", { level: 2, name: "What it holds" })).toBeVisible();
  await expect(page.getByText(LISTED).first()).toBeVisible();
  await expectAccessible(page, testInfo);
  await page.getByLabel("Note").fill("Checked with the exchange: a different customer");
  await page.getByLabel("Take this case").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, testInfo, "Note added.");
  await page.getByRole("radio", { name: /^Clear/ }).check();
  await page.getByLabel("Reason").fill("False positive: not the listed party");
  await page.getByRole("button", { name: "Decide" }).click();
  await expectToast(page, testInfo, "Case decided: cleared.");
  await expect(page.getByText(/^Decided .* by /)).toBeVisible();

  // Released: converted and paid.
  await page.goto(checkoutUrl);
  await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
});
