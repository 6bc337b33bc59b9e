/**
 * Money controls (issue 27, items 1 and 2), with JavaScript (project "js") and without ("no-js"):
 * the demo team's Developer is offered only what the role may give a key (no refunds, no payouts),
 * and a form forged to ask for more is refused at its field; an owner's payout batch made through
 * the API is the owner's, so the owner sees no way to approve it and another member (Finance)
 * approves it in the dashboard.
 */
import { expect, test } from "@playwright/test";
import { insertApiKey } from "../setup/api-keys";
import { capital, merchantAvailable, postTransaction } from "../../app/core/ledger/ledger.server";
import { DEMO_MERCHANT, signInAsMerchant } from "./auth";
import { addTeamMember, createTestMerchant, markSteppedUp, withCoreStore } from "./db";
import { expectAccessible, expectJsState, expectToast } from "./helpers";

test("a Developer can give a key only what the role may: no refunds, no payouts", async ({
  page,
}, testInfo) => {
  await signInAsMerchant(page, { ...DEMO_MERCHANT, username: "demo-developer" });
  markSteppedUp(DEMO_MERCHANT.merchantId);
  await page.goto("/merchant/developers");
  await expectJsState(page, testInfo);
  const scopes = page.getByRole("group", { name: /What the key may do/ });
  await expect(scopes).toContainText("A key never does more than the member who makes it");
  await expect(scopes.getByRole("checkbox")).toHaveCount(3);
  await expect(scopes.getByRole("checkbox", { name: /Issue refunds/ })).toHaveCount(0);
  await expect(scopes.getByRole("checkbox", { name: /Send payouts/ })).toHaveCount(0);
  await expectAccessible(page, testInfo);

  // A forged form asking for refunds:write anyway is refused by the server, at the field.
  await page.getByLabel("Name").fill("Forged");
  await scopes.getByRole("checkbox", { name: /Read payments/ }).check();
  await page.evaluate(() => {
    const box = document.createElement("input");
    box.type = "checkbox";
    box.name = "scopes";
    box.value = "refunds:write";
    box.checked = true;
    document.querySelector("form#create-api-key")?.append(box);
  });
  await page.getByRole("button", { name: "Create API Key" }).click();
  await expect(
    page.getByText(
      "As Developer you cannot give a key refunds:write: a key never does more than the member who makes it.",
    ),
  ).toBeVisible();
  await expect(page.getByText("Copy it now: you will not see it again.")).toHaveCount(0);

  // What the role may give is made (with JavaScript the forged box is still in the form: gone).
  await page.evaluate(() =>
    document.querySelector('form#create-api-key input[value="refunds:write"]')?.remove(),
  );
  await page.getByLabel("Name").fill("Shop checkout");
  await page
    .getByRole("group", { name: /What the key may do/ })
    .getByRole("checkbox", { name: /Create and cancel payments/ })
    .check();
  await page.getByRole("button", { name: "Create API Key" }).click();
  await expectToast(page, testInfo, "API key created");
  const row = page
    .getByRole("table", { name: "Your API keys, newest first" })
    .getByRole("row")
    .filter({ hasText: "Shop checkout" })
    .first();
  await expect(row).toContainText("Member: demo-developer");
});

test("an owner's batch made through the API waits for another member, who approves it", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const owner = await createTestMerchant();
  const finance = await addTeamMember(owner.merchantId, "finance");
  const secret = await withCoreStore(async (store, db) => {
    await postTransaction(store, {
      idempotencyKey: `e2e:money-controls:${owner.merchantId}`,
      kind: "operator.adjustment",
      description: "E2E opening balance",
      reference: { type: "adjustment", id: `e2e-mc-${owner.merchantId}` },
      entries: [
        { account: capital("KES"), amount: 30_000_000n },
        { account: merchantAvailable(owner.merchantId), amount: -30_000_000n },
      ],
    });
    const userId = `usr_${owner.merchantId.slice(4)}`;
    return insertApiKey(db, {
      merchantId: owner.merchantId,
      mode: "live",
      name: "ERP",
      scopes: ["payouts:read", "payouts:write"],
      createdBy: userId,
      now: Date.now(),
    }).secret;
  });

  // The owner's server makes a KES 250,000 batch and submits it.
  const headers = { Authorization: `Bearer ${secret}` };
  const made = await page.request.post("/api/v1/payout_batches", {
    headers,
    data: {
      title: "Supplier May",
      csv: "recipient,rail,amount,reference,name,bank_code\r\n0712345678,mpesa,250000,May,Wanjiku Kamau,\r\n",
    },
  });
  expect(made.status()).toBe(201);
  const batch = (await made.json()) as { id: string; approval_url: string };
  const submitted = await page.request.post(`/api/v1/payout_batches/${batch.id}/submit`, {
    headers,
  });
  expect(submitted.status()).toBe(200);
  const batchPath = new URL(batch.approval_url).pathname;

  // The owner made it (through the key): no way to approve it.
  await signInAsMerchant(page, owner);
  markSteppedUp(owner.merchantId);
  await page.goto(batchPath);
  await expectJsState(page, testInfo);
  await expect(page.getByText("Awaiting approval", { exact: true })).toBeVisible();
  await expect(page.getByText("you (through an API key)")).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Waiting for another member to approve" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expectAccessible(page, testInfo);

  // Another member approves it.
  await page.context().clearCookies();
  await signInAsMerchant(page, finance);
  markSteppedUp(owner.merchantId);
  await page.goto(batchPath);
  await page.getByRole("button", { name: "Approve" }).click();
  await expectToast(page, testInfo, "Batch approved");
  await expect(page.getByText("KES 250,000.00", { exact: false }).first()).toBeVisible();
});
