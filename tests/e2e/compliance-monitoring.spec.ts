/**
 * Issue 31, item 3 (ADR 0056): a compliance officer reads the monitoring rules, turns one on or
 * off and changes a threshold (a value out of bounds is refused with the server's message), sees
 * it saved; a merchant's payments just under the review limit (structuring) raise an alert when
 * the rules run, and its case, with the payments as evidence, is one link away. With and without
 * JavaScript; axe-clean.
 */
import { expect, test } from "@playwright/test";
import { payments } from "../../drizzle/schema";
import { signInAsOperator } from "./auth";
import { createTestMerchant, withCore } from "./db";
import { expectAccessible, expectToast } from "./helpers";

test("the officer changes a rule and finds the case a structuring pattern raised", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const { merchantId } = await createTestMerchant();
  const now = Date.now();
  const ids = [990_000, 985_000, 999_000].map((amountKes, i) => {
    const id = `pay_e2emon${merchantId.slice(4).toLowerCase()}${i}`;
    withCore((db) =>
      db
        .insert(payments)
        .values({
          id,
          merchantId,
          reference: `STRUCT-${i}`,
          asset: "USDT",
          network: "tron",
          amountKesCents: BigInt(amountKes) * 100n,
          feeKesCents: BigInt(amountKes),
          quoteRate: "129.50",
          marketRate: "129.00",
          spreadBps: 50,
          rateSource: "coingecko",
          rateFetchedAt: now,
          cryptoAmountUnits: 1_000_000n,
          quotedAt: now,
          expiresAt: now + 15 * 60_000,
          status: "settled",
          payerAddress: `TMonitorE2e${merchantId.slice(4)}Payer${i}`,
          createdAt: now - (i + 1) * 60_000,
          updatedAt: now,
        })
        .run(),
    );
    return id;
  });

  await signInAsOperator(page);
  await page.goto("/admin/compliance/monitoring");
  await expect(page.getByRole("heading", { level: 1, name: "Monitoring rules" })).toBeVisible();
  await expectAccessible(page, testInfo);

  // Turn "Round amounts in bursts" the other way and raise its count by one.
  const rule = page.getByRole("region", { name: "Round amounts in bursts" });
  const on = rule.getByLabel("Rule on");
  const wasOn = await on.isChecked();
  const count = rule.getByLabel("How many");
  const next = String(Number(await count.inputValue()) + 1);
  await count.fill("1");
  await rule.getByRole("button", { name: "Save" }).click();
  await expect(
    page
      .getByRole("region", { name: "Round amounts in bursts" })
      .getByText("How many: enter a whole number from 2 to 1,000"),
  ).toBeVisible();
  await rule.getByLabel("How many").fill(next);
  await rule.getByLabel("Rule on").setChecked(!wasOn);
  await rule.getByRole("button", { name: "Save" }).click();
  await expectToast(page, testInfo, "Saved: Round amounts in bursts.");
  await page.reload();
  const saved = page.getByRole("region", { name: "Round amounts in bursts" });
  await expect(saved.getByLabel("How many")).toHaveValue(next);
  if (wasOn) await expect(saved.getByLabel("Rule on")).not.toBeChecked();
  else await expect(saved.getByLabel("Rule on")).toBeChecked();
  await expect(saved.getByText(/^Changed .* EAT by /)).toBeVisible();

  // The rules run: the structuring alert is listed with its case.
  await page.getByRole("button", { name: "Run now" }).click();
  await expectToast(page, testInfo, "Rules run:");
  const caseLink = page
    .getByRole("link", {
      name: `Suspected structuring: 3 payments to ${merchantId} just under KES 1,000,000`,
    })
    .first();
  await expect(caseLink).toBeVisible();
  await caseLink.click();
  await expect(
    page.getByRole("heading", { level: 1, name: /Suspected structuring/ }),
  ).toBeVisible();
  await expect(page.getByText(ids[0]!, { exact: false }).first()).toBeVisible();
  await expect(page.getByText("KES 990,000.00", { exact: false }).first()).toBeVisible();
  await expectAccessible(page, testInfo);
});
