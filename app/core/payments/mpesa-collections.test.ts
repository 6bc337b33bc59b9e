/**
 * M-Pesa Express (STK Push) collections through the Daraja simulator over HTTP (ADR 0033): the
 * prompt, the callback and the STK query, the ledger posting and the settlement after it, the
 * failures the customer can retry, and money arriving for a payment no longer awaiting payment.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  excisePayable,
  feeRevenue,
  findUnbalancedTransactions,
  merchantAvailable,
  normalBalance,
  owed,
  railFloat,
  suspense,
  trialBalance,
  verifyBalances,
} from "~/core/ledger/ledger.server";
import { STK_PUSH_PATH, STK_QUERY_PATH } from "~/core/providers/daraja/wire";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { installStk } from "../../../tests/setup/stk";
import {
  addMerchant,
  liveRates,
  startPaymentsHarness,
  testConfig,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import { applyCustodyTransaction } from "./deposits.server";
import {
  collectionFailureMessage,
  getCollection,
  latestCollection,
  listCollections,
  MPESA_MAX_ATTEMPTS,
  mpesaAmountCents,
  queryPendingCollections,
  startMpesaCollection,
} from "./mpesa-collections.server";
import {
  createPayment,
  expireOverduePayments,
  getPayment,
  listPaymentEvents,
  transition,
} from "./payments.server";
import { formatCryptoUnits } from "./quote";
import { listTransfersForPayment } from "./settlement.server";
import { settleNow } from "./tick.server";
import { ZERO_TRIAL_BALANCE } from "../../../tests/setup/books";

const { db, close } = createTestDb();
let h: PaymentsHarness;
let closeStk: () => Promise<void>;
/** Payments the callbacks confirmed, for the tests to settle (as the service does). */
const toSettle: string[] = [];

const MERCHANT = "MRC-STKP22";
const PAYER = "0712 345 678";
const now = () => h.clock.now;

beforeAll(async () => {
  h = await startPaymentsHarness(db);
  addMerchant(db, MERCHANT);
  closeStk = await installStk(db, h, (answer) => {
    if (answer.settlePaymentId) toSettle.push(answer.settlePaymentId);
  });
});
afterAll(async () => {
  await closeStk();
  await h.close();
  close();
});

async function newPayment(amountKes = 1_000) {
  return createPayment(
    testStore(db),
    { custody: h.runtime.custody, rates: liveRates(h.clock.now), config: testConfig, now: now() },
    { merchantId: MERCHANT, amountKes, asset: "USDT", reference: `ORDER-${amountKes}` },
  );
}

function start(paymentId: string, phone = PAYER) {
  return startMpesaCollection(testStore(db), h.runtime.stk, { paymentId, phone, now });
}

async function expectBalancedLedger() {
  expect(await trialBalance(testStore(db))).toEqual(ZERO_TRIAL_BALANCE);
  expect(await verifyBalances(testStore(db))).toEqual([]);
  expect(await findUnbalancedTransactions(testStore(db))).toEqual([]);
}

const pushes = () => h.darajaSim.requests.filter((r) => r.path === STK_PUSH_PATH).length;
const queries = () => h.darajaSim.requests.filter((r) => r.path === STK_QUERY_PATH).length;

describe("M-Pesa Express collections", () => {
  it("rounds the amount up to whole shillings", () => {
    expect(mpesaAmountCents(100_000n)).toBe(100_000n);
    expect(mpesaAmountCents(100_001n)).toBe(100_100n);
    expect(mpesaAmountCents(100_099n)).toBe(100_100n);
  });

  it("pays a payment: the prompt, the callback with its receipt, the ledger, then settlement", async () => {
    const payment = await newPayment(1_000);
    const floatBefore = await normalBalance(testStore(db), railFloat("mpesa"));
    const feesBefore = await normalBalance(testStore(db), feeRevenue());
    const excisesBefore = await normalBalance(testStore(db), excisePayable());
    const started = await start(payment.id);
    expect(started.ok).toBe(true);
    const pending = (await latestCollection(testStore(db), payment.id))!;
    expect(pending).toMatchObject({
      status: "pending",
      phone: "+254712345678",
      amountKesCents: 100_000n,
      mode: "live",
    });
    expect(pending.checkoutRequestId).toMatch(/^ws_CO_/);
    expect(h.darajaSim.stkPush(pending.checkoutRequestId)).toMatchObject({
      amountKes: 1_000,
      phone: "254712345678",
    });

    await h.darajaSim.flush();
    const done = (await testStore(db).read((q) => getCollection(q, pending.checkoutRequestId)))!;
    expect(done.status).toBe("succeeded");
    expect(done.receipt).toMatch(/^[A-Z0-9]{10}$/);
    const paid = (await testStore(db).read((q) => getPayment(q, payment.id)))!;
    expect(paid).toMatchObject({ status: "confirmed", paidWith: "mpesa" });
    expect(paid.confirmedAt).toBe(h.clock.now);
    // KES 1,000 into our M-Pesa collections money; KES 989 to the merchant, KES 10 fee (1% C2B)
    // and KES 1 excise duty on it, in the same transaction.
    expect((await normalBalance(testStore(db), railFloat("mpesa"))) - floatBefore).toBe(100_000n);
    expect(await owed(testStore(db), merchantAvailable(MERCHANT))).toBe(98_900n);
    expect((await normalBalance(testStore(db), feeRevenue())) - feesBefore).toBe(1_000n);
    expect((await normalBalance(testStore(db), excisePayable())) - excisesBefore).toBe(100n);
    await expectBalancedLedger();
    expect(
      (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).map((e) => e.type),
    ).toEqual(["quote_locked", "mpesa_prompt", "mpesa_paid"]);

    // Settlement follows the usual path (as after a custody confirmation).
    expect(toSettle).toEqual([payment.id]);
    await settleNow(testStore(db), h.runtime, payment.id);
    await h.darajaSim.flush();
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))!.status).toBe("settled");
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, payment.id)))[0],
    ).toMatchObject({ status: "succeeded" });
    expect(await owed(testStore(db), merchantAvailable(MERCHANT))).toBe(0n);
    await expectBalancedLedger();
  });

  it("a cancelled prompt (1032) leaves the payment payable with the customer's message", async () => {
    const payment = await newPayment();
    expect((await start(payment.id, "0700000011")).ok).toBe(true);
    await h.darajaSim.flush();
    const failed = (await latestCollection(testStore(db), payment.id))!;
    expect(failed).toMatchObject({ status: "failed", resultCode: 1032 });
    expect(collectionFailureMessage(failed)).toMatch(/You cancelled the M-Pesa request/);
    expect(await testStore(db).read((q) => getPayment(q, payment.id))).toMatchObject({
      status: "awaiting_payment",
      paidWith: "crypto",
    });
    // The customer tries again, and pays.
    expect((await start(payment.id)).ok).toBe(true);
    await h.darajaSim.flush();
    expect(await testStore(db).read((q) => getPayment(q, payment.id))).toMatchObject({
      status: "confirmed",
      paidWith: "mpesa",
    });
    expect(
      (await testStore(db).read((q) => listCollections(q, payment.id))).map((c) => c.status),
    ).toEqual(["failed", "succeeded"]);
    await expectBalancedLedger();
  });

  it("insufficient funds (1) fails with its message; nothing is posted", async () => {
    const payment = await newPayment();
    const fees = await normalBalance(testStore(db), feeRevenue());
    await start(payment.id, "254700000012");
    await h.darajaSim.flush();
    const failed = (await latestCollection(testStore(db), payment.id))!;
    expect(failed).toMatchObject({ status: "failed", resultCode: 1 });
    expect(collectionFailureMessage(failed)).toMatch(/balance is not enough/);
    expect(await normalBalance(testStore(db), feeRevenue())).toBe(fees);
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))!.status).toBe(
      "awaiting_payment",
    );
    await expectBalancedLedger();
  });

  it("a callback that never comes: the query after a minute, at most once a minute", async () => {
    const payment = await newPayment();
    await start(payment.id, "0700000015"); // pays without a callback
    const id = (await latestCollection(testStore(db), payment.id))!.checkoutRequestId;
    const before = queries();
    // Not yet due.
    h.clock.now += 30_000;
    await queryPendingCollections(testStore(db), h.runtime.stk, now);
    expect(queries()).toBe(before);
    // Due: the customer has not answered yet ("being processed"): still pending.
    h.clock.now += 31_000;
    await queryPendingCollections(testStore(db), h.runtime.stk, now);
    expect(queries()).toBe(before + 1);
    expect(await testStore(db).read((q) => getCollection(q, id))).toMatchObject({
      status: "pending",
      lastQueriedAt: h.clock.now,
    });
    // The customer pays (no callback); asked again only a minute after the last query.
    await h.darajaSim.flush();
    h.clock.now += 30_000;
    await queryPendingCollections(testStore(db), h.runtime.stk, now);
    expect(queries()).toBe(before + 1);
    h.clock.now += 30_000;
    const result = await queryPendingCollections(testStore(db), h.runtime.stk, now);
    expect(queries()).toBe(before + 2);
    expect(result.settlePaymentIds).toEqual([payment.id]);
    expect(await testStore(db).read((q) => getCollection(q, id))).toMatchObject({
      status: "succeeded",
      receipt: null,
    });
    expect(await testStore(db).read((q) => getPayment(q, payment.id))).toMatchObject({
      status: "confirmed",
      paidWith: "mpesa",
    });
    expect(await owed(testStore(db), merchantAvailable(MERCHANT))).toBeGreaterThanOrEqual(98_900n);
    await expectBalancedLedger();
  });

  it("a repeated callback is applied once", async () => {
    const payment = await newPayment();
    await start(payment.id);
    const id = (await latestCollection(testStore(db), payment.id))!.checkoutRequestId;
    await h.darajaSim.flush();
    const fees = await normalBalance(testStore(db), feeRevenue());
    const available = await owed(testStore(db), merchantAvailable(MERCHANT));
    const delivered = h.darajaSim.callbacks.find((c) => c.checkoutRequestId === id)!;
    expect(delivered.status).toBe(200);
    const again = await fetch(delivered.url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(delivered.body),
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ResultCode: 0, ResultDesc: "Accepted" });
    expect(await normalBalance(testStore(db), feeRevenue())).toBe(fees);
    expect(await owed(testStore(db), merchantAvailable(MERCHANT))).toBe(available);
    expect(
      (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).filter(
        (e) => e.type === "mpesa_paid",
      ),
    ).toHaveLength(1);
    // The query afterwards changes nothing either.
    h.clock.now += 61_000;
    const before = queries();
    await queryPendingCollections(testStore(db), h.runtime.stk, now);
    expect(queries()).toBe(before); // no longer pending: not asked
    await expectBalancedLedger();
  });

  it("two starts at once send one prompt", async () => {
    const payment = await newPayment();
    const before = pushes();
    const [a, b] = await Promise.all([start(payment.id), start(payment.id)]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    const refused = [a, b].find((outcome) => !outcome.ok)!;
    expect(refused).toMatchObject({ reason: "pending" });
    expect(pushes()).toBe(before + 1);
    expect(await testStore(db).read((q) => listCollections(q, payment.id))).toHaveLength(1);
    await h.darajaSim.flush();
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))!.status).toBe("confirmed");
  });

  it("refuses bad and non-Safaricom numbers, and more than the attempts allowed", async () => {
    const payment = await newPayment();
    expect(await start(payment.id, "12345")).toMatchObject({
      ok: false,
      reason: "invalid_phone",
      field: "phone",
    });
    // An Airtel number cannot pay with M-Pesa.
    expect(await start(payment.id, "0733 123 456")).toMatchObject({
      ok: false,
      reason: "not_safaricom",
      field: "phone",
    });
    for (let attempt = 0; attempt < MPESA_MAX_ATTEMPTS; attempt++) {
      expect((await start(payment.id, "0700000011")).ok).toBe(true);
      await h.darajaSim.flush();
    }
    const before = pushes();
    expect(await start(payment.id)).toMatchObject({ ok: false, reason: "too_many_attempts" });
    expect(pushes()).toBe(before);
  });

  it("a success for a payment that expired meanwhile is held for an operator, never confirmed", async () => {
    const payment = await newPayment();
    h.clock.now = payment.expiresAt - 30_000;
    await start(payment.id);
    const id = (await latestCollection(testStore(db), payment.id))!.checkoutRequestId;
    // A young prompt holds the expiry; once it is old, the payment expires.
    h.clock.now = payment.expiresAt + 1;
    await expireOverduePayments(testStore(db), now());
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))!.status).toBe(
      "awaiting_payment",
    );
    h.clock.now = payment.expiresAt + 10 * 60_000;
    await expireOverduePayments(testStore(db), now());
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))!.status).toBe("expired");
    const held = await normalBalance(testStore(db), suspense("KES"));
    const available = await owed(testStore(db), merchantAvailable(MERCHANT));
    await h.darajaSim.flush();
    expect((await testStore(db).read((q) => getCollection(q, id)))!.status).toBe("succeeded");
    expect(await testStore(db).read((q) => getPayment(q, payment.id))).toMatchObject({
      status: "expired",
      paidWith: "crypto",
    });
    expect((await normalBalance(testStore(db), suspense("KES"))) - held).toBe(100_000n);
    expect(await owed(testStore(db), merchantAvailable(MERCHANT))).toBe(available);
    expect(
      (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).map((e) => e.type),
    ).toContain("mpesa_paid_unexpected");
    await expectBalancedLedger();
  });

  it("a success for a payment paid in crypto meanwhile is held, not a second confirmation", async () => {
    const payment = await newPayment();
    await start(payment.id);
    const tx = await h.custodySim.sendPayment({
      address: payment.depositAddress!,
      amount: formatCryptoUnits(payment.cryptoAmountUnits, payment.asset),
    });
    await h.custodySim.confirm(tx.id, 2);
    expect(await testStore(db).read((q) => getPayment(q, payment.id))).toMatchObject({
      status: "confirmed",
      paidWith: "crypto",
    });
    const held = await normalBalance(testStore(db), suspense("KES"));
    await h.darajaSim.flush();
    expect(await testStore(db).read((q) => getPayment(q, payment.id))).toMatchObject({
      status: "confirmed",
      paidWith: "crypto",
    });
    expect((await normalBalance(testStore(db), suspense("KES"))) - held).toBe(100_000n);
    const types = (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).map(
      (e) => e.type,
    );
    expect(types.filter((t) => t === "converted")).toHaveLength(1);
    expect(types).not.toContain("mpesa_paid");
    expect(types).toContain("mpesa_paid_unexpected");
    await expectBalancedLedger();
  });

  it("crypto sent after an M-Pesa payment is held for an operator", async () => {
    const payment = await newPayment();
    await start(payment.id);
    await h.darajaSim.flush();
    expect(await testStore(db).read((q) => getPayment(q, payment.id))).toMatchObject({
      status: "confirmed",
      paidWith: "mpesa",
    });
    const heldUnits = await normalBalance(testStore(db), suspense("USDT"));
    const tx = await h.custodySim.sendPayment({
      address: payment.depositAddress!,
      amount: formatCryptoUnits(payment.cryptoAmountUnits, payment.asset),
    });
    await h.custodySim.confirm(tx.id, 2);
    const after = (await testStore(db).read((q) => getPayment(q, payment.id)))!;
    expect(after).toMatchObject({ status: "confirmed", paidWith: "mpesa", receivedUnits: 0n });
    expect((await normalBalance(testStore(db), suspense("USDT"))) - heldUnits).toBe(
      payment.cryptoAmountUnits,
    );
    // Applying custody's view again changes nothing.
    const again = await applyCustodyTransaction(
      testStore(db),
      await h.runtime.custody.getTransaction(tx.id),
      testConfig,
      now(),
    );
    expect(again).toBe("held_after_mpesa");
    expect((await normalBalance(testStore(db), suspense("USDT"))) - heldUnits).toBe(
      payment.cryptoAmountUnits,
    );
    const types = (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).map(
      (e) => e.type,
    );
    expect(types.filter((t) => t === "deposit_after_mpesa")).toHaveLength(1);
    expect(types).not.toContain("converted");
    await expectBalancedLedger();
  });

  it("a payment no longer awaiting payment gets no prompt", async () => {
    const payment = await newPayment();
    await testStore(db).write((q) =>
      transition(q, payment, ["awaiting_payment"], "canceled", {
        type: "canceled",
        cause: "test",
        at: now(),
      }),
    );
    const before = pushes();
    expect(await start(payment.id)).toMatchObject({ ok: false, reason: "not_payable" });
    expect(pushes()).toBe(before);
  });
});
