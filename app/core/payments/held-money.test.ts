/**
 * Held money (held-money.server.ts): money that arrives for a payment already paid or closed is
 * posted to suspense by the production paths (crypto after an M-Pesa Express payment; an M-Pesa
 * Express success after the payment was paid in crypto), through the custody and Daraja simulators
 * over HTTP. Then: the per-payment list, the queue count and view, flagging for refund (the money
 * moves, balanced, audited, once), refusals, and two flags at once on two connections.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, ledgerTransactions } from "../../../drizzle/schema";
import {
  customerRefundsPayable,
  findUnbalancedTransactions,
  getTransactionByKey,
  owed,
  suspense,
  trialBalance,
  verifyBalances,
} from "~/core/ledger/ledger.server";
import { createTestDb, openTestDatabase, testStore } from "../../../tests/setup/db";
import { installStk } from "../../../tests/setup/stk";
import {
  addMerchant,
  liveRates,
  startPaymentsHarness,
  testConfig,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import { ResolutionError } from "./exceptions.server";
import {
  countUnresolvedHeldMoney,
  flagHeldForRefund,
  HELD_REFUND_FLAGGED_KIND,
  listHeldMoney,
} from "./held-money.server";
import { latestCollection, startMpesaCollection } from "./mpesa-collections.server";
import { createPayment, getPayment, listPaymentEvents } from "./payments.server";
import { formatCryptoUnits } from "./quote";
import { listPayments } from "./reads.server";
import { ZERO_TRIAL_BALANCE } from "../../../tests/setup/books";

const { db, file, close } = createTestDb();
/** A second connection to the same database file, as a second server process would have. */
const other = openTestDatabase(file);
let h: PaymentsHarness;
let closeStk: () => Promise<void>;

const MERCHANT = "MRC-HE7DMN";
const OPERATOR = "op_heldmoney";
const now = () => h.clock.now;

beforeAll(async () => {
  h = await startPaymentsHarness(db);
  addMerchant(db, MERCHANT);
  closeStk = await installStk(db, h);
});
afterAll(async () => {
  await closeStk();
  await h.close();
  other.$client.close();
  close();
});

async function newPayment(amountKes = 1_000) {
  return createPayment(
    testStore(db),
    { custody: h.runtime.custody, rates: liveRates(h.clock.now), config: testConfig, now: now() },
    { merchantId: MERCHANT, amountKes, asset: "USDT", reference: `ORDER-${amountKes}` },
  );
}

async function startMpesa(paymentId: string) {
  const started = await startMpesaCollection(testStore(db), h.runtime.stk, {
    paymentId,
    phone: "0712 345 678",
    now,
  });
  expect(started.ok).toBe(true);
}

async function sendCrypto(payment: Awaited<ReturnType<typeof newPayment>>) {
  const tx = await h.custodySim.sendPayment({
    address: payment.depositAddress!,
    amount: formatCryptoUnits(payment.cryptoAmountUnits, payment.asset),
  });
  await h.custodySim.confirm(tx.id, 2);
}

/** Paid with M-Pesa Express, then the customer also sends the crypto: the USDT is held. */
async function cryptoAfterMpesa() {
  const payment = await newPayment();
  await startMpesa(payment.id);
  await h.darajaSim.flush();
  expect(await testStore(db).read((q) => getPayment(q, payment.id))).toMatchObject({
    status: "confirmed",
    paidWith: "mpesa",
  });
  await sendCrypto(payment);
  expect(
    (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).map((e) => e.type),
  ).toContain("deposit_after_mpesa");
  return payment;
}

/** Paid in crypto while the M-Pesa prompt was open; the customer then pays it: the KES is held. */
async function mpesaAfterCrypto() {
  const payment = await newPayment(2_000);
  await startMpesa(payment.id);
  await sendCrypto(payment);
  expect(await testStore(db).read((q) => getPayment(q, payment.id))).toMatchObject({
    status: "confirmed",
    paidWith: "crypto",
  });
  await h.darajaSim.flush();
  expect((await latestCollection(testStore(db), payment.id))!.status).toBe("succeeded");
  expect(
    (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).map((e) => e.type),
  ).toContain("mpesa_paid_unexpected");
  return payment;
}

async function expectBalancedLedger() {
  expect(await trialBalance(testStore(db))).toEqual(ZERO_TRIAL_BALANCE);
  expect(await verifyBalances(testStore(db))).toEqual([]);
  expect(await findUnbalancedTransactions(testStore(db))).toEqual([]);
}

const transactionCount = () => db.select().from(ledgerTransactions).all().length;
const flagsOf = (heldKey: string) =>
  db
    .select()
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.kind, HELD_REFUND_FLAGGED_KIND),
        eq(ledgerTransactions.idempotencyKey, `${heldKey}:refund-flagged`),
      ),
    )
    .all();
const heldIds = async () =>
  (await testStore(db).read((q) => listPayments(q, { held: true }))).map((p) => p.id);
const auditFor = (paymentId: string) =>
  db.select().from(auditLog).where(eq(auditLog.targetId, paymentId)).all();

function flag(paymentId: string, heldTransactionId: string, on = db) {
  return flagHeldForRefund(testStore(on), {
    paymentId,
    heldTransactionId,
    operatorId: OPERATOR,
    now: now(),
  });
}

describe("held money", () => {
  it("lists, counts and flags crypto sent after an M-Pesa payment, once", async () => {
    expect(await countUnresolvedHeldMoney(testStore(db))).toEqual({ items: 0, payments: 0 });
    const payment = await cryptoAfterMpesa();
    const [item, ...rest] = await listHeldMoney(testStore(db), payment.id);
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      currency: "USDT",
      amount: payment.cryptoAmountUnits,
      source: "crypto",
      refundFlaggedAt: null,
    });
    expect(item!.description).toMatch(/after it was paid with M-Pesa/);
    expect(await countUnresolvedHeldMoney(testStore(db))).toEqual({ items: 1, payments: 1 });
    expect(await heldIds()).toEqual([payment.id]);

    const heldBefore = await owed(testStore(db), suspense("USDT"));
    const refundsBefore = await owed(testStore(db), customerRefundsPayable("USDT"));
    h.clock.now += 60_000;
    const flagged = await flag(payment.id, item!.transactionId);
    expect(flagged.item).toMatchObject({
      transactionId: item!.transactionId,
      refundFlaggedAt: h.clock.now,
    });
    // Out of suspense, owed back to the customer; the payment itself is unchanged.
    expect(heldBefore - (await owed(testStore(db), suspense("USDT")))).toBe(
      payment.cryptoAmountUnits,
    );
    expect((await owed(testStore(db), customerRefundsPayable("USDT"))) - refundsBefore).toBe(
      payment.cryptoAmountUnits,
    );
    expect(await testStore(db).read((q) => getPayment(q, payment.id))).toMatchObject({
      status: "confirmed",
      paidWith: "mpesa",
    });
    await expectBalancedLedger();
    expect(await listHeldMoney(testStore(db), payment.id)).toEqual([
      { ...item, refundFlaggedAt: h.clock.now },
    ]);
    expect(await countUnresolvedHeldMoney(testStore(db))).toEqual({ items: 0, payments: 0 });
    expect(await heldIds()).toEqual([]);
    expect(
      (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).at(-1),
    ).toMatchObject({
      type: "held_refund_flagged",
      at: h.clock.now,
    });
    expect(auditFor(payment.id).map((a) => [a.action, a.actorType, a.actorId])).toEqual([
      ["payment.held_refund_flagged", "operator", OPERATOR],
    ]);

    // A second flag is refused and writes nothing.
    const transactions = transactionCount();
    const events = (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).length;
    await expect(flag(payment.id, item!.transactionId)).rejects.toThrow(ResolutionError);
    expect(transactionCount()).toBe(transactions);
    expect(await testStore(db).read((q) => listPaymentEvents(q, payment.id))).toHaveLength(events);
    expect(auditFor(payment.id)).toHaveLength(1);
    await expectBalancedLedger();
  });

  it("flags KES from an M-Pesa Express success after the payment was paid in crypto", async () => {
    const payment = await mpesaAfterCrypto();
    const [item] = await listHeldMoney(testStore(db), payment.id);
    expect(item).toMatchObject({
      currency: "KES",
      amount: 200_000n,
      source: "mpesa",
      refundFlaggedAt: null,
    });
    expect(await countUnresolvedHeldMoney(testStore(db))).toEqual({ items: 1, payments: 1 });
    const heldBefore = await owed(testStore(db), suspense("KES"));
    const refundsBefore = await owed(testStore(db), customerRefundsPayable("KES"));
    await flag(payment.id, item!.transactionId);
    expect(heldBefore - (await owed(testStore(db), suspense("KES")))).toBe(200_000n);
    expect((await owed(testStore(db), customerRefundsPayable("KES"))) - refundsBefore).toBe(
      200_000n,
    );
    expect(customerRefundsPayable("KES").code).toBe("customer-refunds-payable:KES");
    expect(await testStore(db).read((q) => getPayment(q, payment.id))).toMatchObject({
      status: "confirmed",
      paidWith: "crypto",
    });
    expect(await countUnresolvedHeldMoney(testStore(db))).toEqual({ items: 0, payments: 0 });
    await expectBalancedLedger();
  });

  it("refuses what is not this payment's held money, and writes nothing", async () => {
    const payment = await cryptoAfterMpesa();
    const another = await mpesaAfterCrypto();
    const [item] = await listHeldMoney(testStore(db), payment.id);
    const events = (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).length;
    const transactions = transactionCount();
    // Another payment's held money, a transaction that is not held money, nothing, no payment.
    await expect(flag(another.id, item!.transactionId)).rejects.toThrow(
      "That is not money held for this payment.",
    );
    const converted = (await getTransactionByKey(
      testStore(db),
      `payment:${another.id}:converted`,
    ))!;
    expect(converted).not.toBeNull();
    await expect(flag(another.id, converted.id)).rejects.toThrow(ResolutionError);
    await expect(flag(payment.id, "ltx_nope")).rejects.toThrow(ResolutionError);
    await expect(flag("pay_nope", item!.transactionId)).rejects.toThrow("Payment not found");
    expect(transactionCount()).toBe(transactions);
    expect(await testStore(db).read((q) => listPaymentEvents(q, payment.id))).toHaveLength(events);
    expect(await countUnresolvedHeldMoney(testStore(db))).toEqual({ items: 2, payments: 2 });
    expect(new Set(await heldIds())).toEqual(new Set([payment.id, another.id]));
    // Leave nothing unresolved for the next test.
    await flag(payment.id, item!.transactionId);
    await flag(another.id, (await listHeldMoney(testStore(db), another.id))[0]!.transactionId);
  });

  it("two flags at once on two connections post exactly one transaction", async () => {
    const payment = await cryptoAfterMpesa();
    const [item] = await listHeldMoney(testStore(db), payment.id);
    const heldKey = db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, item!.transactionId))
      .get()!.key;
    expect(heldKey).toMatch(new RegExp(`^payment:${payment.id}:deposit:.+:held$`));
    const refundsBefore = await owed(testStore(db), customerRefundsPayable("USDT"));
    const results = await Promise.allSettled([
      Promise.resolve().then(() => flag(payment.id, item!.transactionId, db)),
      Promise.resolve().then(() => flag(payment.id, item!.transactionId, other)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected")!;
    expect(refused.reason).toBeInstanceOf(ResolutionError);
    expect(flagsOf(heldKey)).toHaveLength(1);
    expect((await owed(testStore(db), customerRefundsPayable("USDT"))) - refundsBefore).toBe(
      payment.cryptoAmountUnits,
    );
    expect(auditFor(payment.id)).toHaveLength(1);
    await expectBalancedLedger();
  });
});
