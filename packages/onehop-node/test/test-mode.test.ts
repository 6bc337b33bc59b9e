/**
 * A merchant's test-mode integration written with the SDK only (issue 32, item 4): fund the test
 * balance, take a payment and pay it with the test helpers, refund it; make a payout batch, submit
 * it and watch its rows get paid; arm a failure and see the next row fail. The real API handler
 * over HTTP, on the custody and M-Pesa simulators. The batch is approved by the test helper (as
 * the second member would in the dashboard); what the server does by itself is done here by hand:
 * its payout job sends the rows (pumpDisbursements, the M-Pesa simulator's callbacks).
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { pumpDisbursements } from "~/core/disbursements/pump.server";
import { fundOpeningFloat } from "~/core/payments/tick.server";
import { createTestSimulation } from "~/wiring/test-simulation.server";
import { testStore } from "../../../tests/setup/db";
import { installStk } from "../../../tests/setup/stk";
import { setUpApi } from "../../../tests/support/api-server";
import { OneHop, PermissionError, type Balance, type PayoutBatch } from "../src/index.js";

const SHOP = "MRC-SDKT32";
const f = setUpApi([SHOP]);

/** A customer's wallet on Ethereum, for the crypto refund. */
const CUSTOMER = "0x8ba1f109551bd432803012645ac136ddd64dba72";

let closeStk: () => Promise<void>;
beforeAll(async () => {
  closeStk = await installStk(f.db, f.h);
  const simulation = createTestSimulation({
    store: testStore(f.db),
    custody: f.h.custodySim,
    daraja: f.h.darajaSim,
  });
  f.deps.testSimulation = () => simulation;
  // The test book's M-Pesa float, as boot opens it in simulator mode.
  await fundOpeningFloat(testStore(f.db), 1_000_000, ["test"]);
});
afterAll(() => closeStk());

const sdk = (secret: string) => new OneHop(secret, { baseUrl: `${f.api.url}/api/v1` });

/** The test helper approves (the dashboard's part); then the server's payout job sends the rows. */
async function approveAndSend(onehop: OneHop, batch: PayoutBatch) {
  const approved = await onehop.testHelpers.payoutBatches.approve(batch.id);
  expect(approved.status).toBe("processing");
  await pumpDisbursements(testStore(f.db), f.h.rails, () => f.h.clock.now, {
    wait: async () => {},
  });
  await f.h.darajaSim.flush();
}

describe("test mode through the SDK", () => {
  it("funds the balance, takes and pays a payment, refunds it", async () => {
    const onehop = sdk(f.newKey(SHOP, "test").secret);
    const before = await onehop.balances.retrieve();
    const funded = await onehop.testHelpers.balance.fund({ amount: 5_000_000, currency: "KES" });
    expectTypeOf(funded).toEqualTypeOf<Balance>();
    expect(funded).toMatchObject({
      object: "balance",
      livemode: false,
      available: Number(before.available) + 5_000_000,
    });
    expect(await onehop.balances.retrieve()).toEqual(funded);

    const payment = await onehop.payments.create({
      amount: 100_000,
      currency: "KES",
      asset: "USDT",
      network: "ethereum",
      reference: "SDK-REFUND",
    });
    const paid = await onehop.testHelpers.payments.pay(payment.id);
    expect(paid).toMatchObject({ id: payment.id, status: "confirmed" });
    expect(paid.crypto_received_decimal).toBe(payment.crypto_amount_decimal);
    expect(await onehop.payments.retrieve(payment.id)).toEqual(paid);

    const refund = await onehop.refunds.create({
      payment_id: payment.id,
      address: CUSTOMER,
      reason: "Order cancelled",
    });
    expect(refund).toMatchObject({
      object: "refund",
      payment_id: payment.id,
      source: "balance",
      amount: 100_000,
      status: "sent",
    });
    expect(await onehop.refunds.retrieve(refund.id)).toMatchObject({ id: refund.id });
    const refunds = await onehop.refunds.list({ payment_id: payment.id });
    expect(refunds.data.map((r) => r.id)).toEqual([refund.id]);

    // The events of all this, walked with for await.
    const types: string[] = [];
    for await (const event of onehop.events.list({ limit: 2 })) types.push(event.type);
    expect(types).toEqual(expect.arrayContaining(["payment.created", "refund.created"]));
  });

  it("pays an M-Pesa customer's prompt with method: mpesa", async () => {
    const onehop = sdk(f.newKey(SHOP, "test").secret);
    const payment = await onehop.payments.create({
      amount: 100_000,
      currency: "KES",
      asset: "USDT",
      reference: "SDK-MPESA",
    });
    const paid = await onehop.testHelpers.payments.pay(payment.id, { method: "mpesa" });
    expect(paid).toMatchObject({ status: "confirmed", paid_with: "mpesa" });
  });

  it("a payout batch is submitted, approved and paid; after failNext, its row fails", async () => {
    const onehop = sdk(f.newKey(SHOP, "test").secret);
    await onehop.testHelpers.balance.fund({ amount: 2_000_000, currency: "KES" });

    const batch = await onehop.payoutBatches.create({
      title: "Suppliers",
      payouts: [
        { recipient: "0712345678", amount: 150_000, name: "Wanjiku Kamau", reference: "Inv 1" },
        { recipient: "0722000111", amount: 90_000, name: "Otieno Ouma", reference: "Inv 2" },
      ],
    });
    expect(batch).toMatchObject({ object: "payout_batch", status: "draft" });
    const submitted = await onehop.payoutBatches.submit(batch.id);
    expect(submitted).toMatchObject({ id: batch.id, status: "awaiting_approval" });
    expect((await onehop.payoutBatches.list({ limit: 10 })).data.map((b) => b.id)).toContain(
      batch.id,
    );

    await approveAndSend(onehop, submitted);
    // The rows a page of one at a time (the cursor is a line number), each paid.
    const rows = [];
    for await (const row of onehop.payoutBatches.listRows(batch.id, { limit: 1 })) rows.push(row);
    expect(rows.map((row) => [row.line, row.status, row.amount])).toEqual([
      [2, "paid", 150_000],
      [3, "paid", 90_000],
    ]);
    expect((await onehop.payoutBatches.retrieve(batch.id)).status).toBe("completed");

    const armed = await onehop.testHelpers.payouts.failNext({ reason: "invalid_account" });
    expect(armed).toEqual({
      object: "test_helpers.payout_failure",
      armed: true,
      reason: "invalid_account",
    });
    const failing = await onehop.payoutBatches.create({
      title: "Refund to a wrong number",
      payouts: [{ recipient: "0712345678", amount: 150_000, name: "Wanjiku Kamau" }],
    });
    await approveAndSend(onehop, await onehop.payoutBatches.submit(failing.id));
    const [row] = (await onehop.payoutBatches.listRows(failing.id, { filter: "failed" })).data;
    expect(row).toMatchObject({
      status: "failed",
      failure_reason: "The phone number is not a valid M-Pesa recipient",
    });
  });

  it("a live key is refused by the test helpers: PermissionError test_mode_only", async () => {
    const live = sdk(f.newKey(SHOP, "live").secret);
    const error = await live.testHelpers.balance
      .fund({ amount: 100_000, currency: "KES" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect(error).toMatchObject({ status: 403, code: "test_mode_only" });
    expect(await live.balances.retrieve()).toMatchObject({ livemode: true, available: 0 });
  });
});
