/**
 * Test-mode payments keep their money in the ledger's test book (issue 13, "test mode keeps its
 * data apart from live"), end to end through the custody and M-Pesa simulators: a test payment's
 * conversion, settlement and operator decisions post only to `test:` accounts, the merchant's live
 * balances never move for it, a live payment never touches the test book, test settlements draw
 * on the test book's own M-Pesa float, and each book balances on its own.
 */
import { describe, expect, it } from "vitest";
import {
  findUnbalancedTransactions,
  ledgerBook,
  listTransactionsByReference,
  merchantBalances,
  normalBalance,
  owed,
  trialBalanceByBook,
  verifyBalances,
} from "~/core/ledger/ledger.server";
import type { ApiMode } from "~/core/api/vocabulary";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  setUpPaymentsHarness,
  testConfig,
} from "../../../tests/setup/payments";
import { resolveException, reviewPayment } from "./exceptions.server";
import { createPayment, getPayment } from "./payments.server";
import { formatCryptoUnits } from "./quote";
import { balancesOf } from "./reads.server";
import { listTransfersForPayment, planSettlement, sendPendingTransfers } from "./settlement.server";
import { fundOpeningFloat } from "./tick.server";

const { db, close } = createTestDb();
const h = setUpPaymentsHarness({ db, close });

const live = ledgerBook("live");
const test = ledgerBook("test");
const ZERO = { available: 0n, pending: 0n, inFlight: 0n, reserved: 0n };
const BALANCED = { KES: 0n, BTC: 0n, ETH: 0n, USDT: 0n, USDC: 0n };

async function paid(merchantId: string, amountKes: number, mode: ApiMode, amount?: string) {
  const payment = await createPayment(
    testStore(db),
    {
      custody: h.runtime.custody,
      rates: liveRates(h.clock.now),
      config: testConfig,
      now: h.clock.now,
    },
    { merchantId, amountKes, asset: "USDT", reference: `${mode}-${amountKes}`, mode },
  );
  expect(payment.mode).toBe(mode);
  const tx = await h.custodySim.sendPayment({
    address: payment.depositAddress!,
    amount: amount ?? formatCryptoUnits(payment.cryptoAmountUnits, "USDT"),
  });
  await h.custodySim.confirm(tx.id, 2);
  return (await testStore(db).read((q) => getPayment(q, payment.id)))!;
}

async function settle(paymentId: string) {
  const outcome = await planSettlement(testStore(db), paymentId, testConfig, h.clock.now);
  await sendPendingTransfers(testStore(db), h.rails, () => h.clock.now);
  await h.darajaSim.flush();
  return outcome;
}

/** The codes of every account moved by a payment's ledger transactions (its own and transfers'). */
async function accountsMovedFor(paymentId: string): Promise<string[]> {
  const references = [
    { type: "payment", id: paymentId },
    ...(await testStore(db).read((q) => listTransfersForPayment(q, paymentId))).map((t) => ({
      type: "transfer",
      id: t.id,
    })),
  ];
  const codes: string[] = [];
  for (const reference of references)
    for (const transaction of await listTransactionsByReference(testStore(db), reference))
      codes.push(...transaction.entries.map((e) => e.account.code));
  return codes;
}

/** What the platform's own accounts hold in a book (fees, float, custody). */
async function platform(book: typeof live) {
  return {
    fees: await normalBalance(testStore(db), book.feeRevenue()),
    float: await normalBalance(testStore(db), book.railFloat("mpesa")),
    inFlight: await normalBalance(testStore(db), book.railInFlight("mpesa")),
    custody: await normalBalance(testStore(db), book.custody("USDT")),
  };
}

describe("the test book", () => {
  it("a test payment is credited and settled in the test book; the merchant's live balances never move", async () => {
    const M = "MRC-TBKA22";
    addMerchant(db, M);
    const livePlatformBefore = await platform(live);

    const payment = await paid(M, 10_000, "test");
    expect(payment.status).toBe("confirmed");
    // KES 10,000 less the 1% C2B fee and its 10% excise, in the test balance (as the dashboard's
    // Test view reads it).
    expect(await merchantBalances(testStore(db), M, "test")).toEqual({
      ...ZERO,
      available: 989_000n,
    });
    expect(await testStore(db).read((q) => balancesOf(q, M, "test"))).toEqual({
      ...ZERO,
      available: 989_000n,
    });
    expect(await merchantBalances(testStore(db), M)).toEqual(ZERO);
    expect(await testStore(db).read((q) => balancesOf(q, M, "live"))).toEqual(ZERO);

    // The live float (funded by the harness) does not pay test settlements: the test book has no
    // float yet, so the payout waits for one.
    expect(await settle(payment.id)).toBe("waiting_for_float");
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("confirmed");
    expect(await merchantBalances(testStore(db), M, "test")).toEqual({
      ...ZERO,
      available: 989_000n,
    });

    // The opening float is funded in each book, under keys that do not collide (funding again
    // changes nothing).
    await fundOpeningFloat(testStore(db), 1_000_000);
    await fundOpeningFloat(testStore(db), 1_000_000);
    expect(await normalBalance(testStore(db), test.railFloat("mpesa"))).toBe(100_000_000n);
    expect(await normalBalance(testStore(db), live.railFloat("mpesa"))).toBe(
      livePlatformBefore.float + 100_000_000n,
    );
    const livePlatformFunded = await platform(live);

    expect(await settle(payment.id)).toBe("planned");
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("settled");
    const [transfer, ...others] = await testStore(db).read((q) =>
      listTransfersForPayment(q, payment.id),
    );
    expect(others).toEqual([]);
    expect(transfer).toMatchObject({
      status: "succeeded",
      amountKesCents: 987_900n,
      railChargeKesCents: 1_100n,
    });
    expect(await merchantBalances(testStore(db), M, "test")).toEqual(ZERO);
    expect(await platform(test)).toEqual({
      fees: 10_000n,
      float: 100_000_000n - 989_000n,
      inFlight: 0n,
      custody: payment.receivedUnits,
    });

    // Nothing of it is live: no live account moved, every posting is in the test book.
    expect(await merchantBalances(testStore(db), M)).toEqual(ZERO);
    expect(await platform(live)).toEqual(livePlatformFunded);
    const codes = await accountsMovedFor(payment.id);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.filter((code) => !code.startsWith("test:"))).toEqual([]);
  });

  it("a live payment does not touch the test book", async () => {
    const M = "MRC-TBKB22";
    addMerchant(db, M);
    await fundOpeningFloat(testStore(db), 1_000_000);
    const testPlatformBefore = await platform(test);

    const payment = await paid(M, 5_000, "live");
    expect(payment.status).toBe("confirmed");
    expect(await merchantBalances(testStore(db), M)).toEqual({ ...ZERO, available: 494_500n });
    expect(await merchantBalances(testStore(db), M, "test")).toEqual(ZERO);

    expect(await settle(payment.id)).toBe("planned");
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("settled");
    expect(await merchantBalances(testStore(db), M)).toEqual(ZERO);
    expect(await merchantBalances(testStore(db), M, "test")).toEqual(ZERO);
    expect(await platform(test)).toEqual(testPlatformBefore);
    const codes = await accountsMovedFor(payment.id);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.filter((code) => code.startsWith("test:"))).toEqual([]);
  });

  it("operators' decisions on test payments (accept, refund, review) post to the test book", async () => {
    const M = "MRC-TBKC22";
    addMerchant(db, M);
    const payment = await paid(M, 3_000, "test", "1");
    expect(payment.status).toBe("underpaid");
    const accepted = await resolveException(testStore(db), {
      paymentId: payment.id,
      operatorId: "opr_test",
      resolution: "accept",
      config: testConfig,
      now: h.clock.now,
    });
    expect(accepted.status).toBe("confirmed");
    // 1 USDT at the locked rate, less the 1% fee: credited to the test balance, not the live one.
    expect((await merchantBalances(testStore(db), M, "test")).available).toBe(
      accepted.amountKesCents - accepted.feeKesCents - accepted.exciseKesCents,
    );
    expect(accepted.amountKesCents).toBeGreaterThan(0n);
    expect(await merchantBalances(testStore(db), M)).toEqual(ZERO);

    // Flagged for refund: the crypto is owed back from the test book.
    const refundsBefore = await owed(testStore(db), test.customerRefundsPayable("USDT"));
    const over = await paid(M, 3_000, "test", "500");
    expect(over.status).toBe("overpaid");
    await resolveException(testStore(db), {
      paymentId: over.id,
      operatorId: "opr_test",
      resolution: "refund",
      config: testConfig,
      now: h.clock.now,
    });
    expect((await owed(testStore(db), test.customerRefundsPayable("USDT"))) - refundsBefore).toBe(
      500_000_000n,
    );
    expect(await owed(testStore(db), live.customerRefundsPayable("USDT"))).toBe(0n);

    // Above the automatic limit: held in the test pending balance, released to test available.
    const large = await paid(M, 1_500_000, "test");
    expect(large.status).toBe("in_review");
    const heldNet = large.amountKesCents - large.feeKesCents - large.exciseKesCents;
    expect((await merchantBalances(testStore(db), M, "test")).pending).toBe(heldNet);
    const availableBefore = (await merchantBalances(testStore(db), M, "test")).available;
    await reviewPayment(testStore(db), {
      paymentId: large.id,
      operatorId: "opr_test",
      approve: true,
      now: h.clock.now,
    });
    expect(await merchantBalances(testStore(db), M, "test")).toEqual({
      ...ZERO,
      available: availableBefore + heldNet,
    });
    expect(await merchantBalances(testStore(db), M)).toEqual(ZERO);
    for (const id of [payment.id, over.id, large.id])
      expect((await accountsMovedFor(id)).filter((code) => !code.startsWith("test:"))).toEqual([]);
  });

  it("a merchant's live and test payments settle apart: neither pays out the other's money", async () => {
    const M = "MRC-TBKD22";
    addMerchant(db, M);
    await fundOpeningFloat(testStore(db), 1_000_000);
    const livePayment = await paid(M, 5_000, "live");
    const testPayment = await paid(M, 10_000, "test");
    expect([livePayment.status, testPayment.status]).toEqual(["confirmed", "confirmed"]);

    // The test settlement pays the test payment's KES 9,900 (KES 9,889 + the KES 11 charge) only.
    expect(await settle(testPayment.id)).toBe("planned");
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, testPayment.id))).map((t) => [
        t.amountKesCents,
        t.status,
      ]),
    ).toEqual([[987_900n, "succeeded"]]);
    expect(await merchantBalances(testStore(db), M, "test")).toEqual(ZERO);
    expect((await testStore(db).read((q) => getPayment(q, livePayment.id)))?.status).toBe(
      "confirmed",
    );
    expect(await merchantBalances(testStore(db), M)).toEqual({ ...ZERO, available: 494_500n });

    // The live one pays its KES 4,950 (KES 4,941 + the KES 9 charge), nothing of the test money.
    expect(await settle(livePayment.id)).toBe("planned");
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, livePayment.id))).map((t) => [
        t.amountKesCents,
        t.status,
      ]),
    ).toEqual([[493_600n, "succeeded"]]);
    expect(await merchantBalances(testStore(db), M)).toEqual(ZERO);
  });

  it("each book balances on its own", async () => {
    expect(await trialBalanceByBook(testStore(db))).toEqual({ live: BALANCED, test: BALANCED });
    expect(await findUnbalancedTransactions(testStore(db))).toEqual([]);
    expect(await verifyBalances(testStore(db))).toEqual([]);
  });
});
