/**
 * Honest settlement fees (issue 10, item 1), end to end through the custody and M-Pesa simulators:
 * a merchant's own collections settle at the 1% collection fee plus Safaricom's B2C charge for the
 * transfer's band, nothing else; cents M-Pesa cannot move are carried into the next settlement; a
 * failed transfer's money is not swept into another payment's settlement.
 */
import { describe, expect, it } from "vitest";
import {
  feeRevenue,
  merchantAvailable,
  merchantInFlight,
  normalBalance,
  owed,
  railFloat,
  trialBalance,
  verifyBalances,
} from "~/core/ledger/ledger.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  confirmedPayment,
  setUpPaymentsHarness,
  testConfig,
} from "../../../tests/setup/payments";
import { getPayment, listPaymentEvents } from "./payments.server";
import {
  listTransfersForPayment,
  planSettlement,
  retryTransfer,
  sendPendingTransfers,
} from "./settlement.server";
import { ZERO_TRIAL_BALANCE } from "../../../tests/setup/books";

const { db, close } = createTestDb();
const h = setUpPaymentsHarness({ db, close });

const paidPayment = async (merchantId: string, amountKes: number) =>
  (await confirmedPayment(db, h, { merchantId, amountKes, reference: `R-${amountKes}` })).payment;

async function settle(paymentId: string) {
  const outcome = await planSettlement(testStore(db), paymentId, testConfig, h.clock.now);
  await sendPendingTransfers(testStore(db), h.rails, () => h.clock.now);
  await h.darajaSim.flush();
  return outcome;
}

describe("settlement fees", () => {
  it("a KES 2,500 payment pays KES 2,463 to M-Pesa: the 1% fee (KES 25), its 10% excise duty (KES 2.50) and the KES 9 M-Pesa charge, no 1.5% payout fee", async () => {
    addMerchant(db, "MRC-FEES22");
    const floatBefore = await normalBalance(testStore(db), railFloat("mpesa"));
    const revenueBefore = await normalBalance(testStore(db), feeRevenue());
    const payment = await paidPayment("MRC-FEES22", 2_500);
    expect(payment.feeKesCents).toBe(2_500n);
    expect(payment.exciseKesCents).toBe(250n);
    await settle(payment.id);
    const [transfer, ...others] = await testStore(db).read((q) =>
      listTransfersForPayment(q, payment.id),
    );
    expect(others).toEqual([]);
    expect(transfer).toMatchObject({
      status: "succeeded",
      amountKesCents: 246_300n,
      railChargeKesCents: 900n,
      feeKesCents: 0n,
      exciseKesCents: 0n,
    });
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("settled");
    // Our revenue is the 1% only; the float paid the amount and Safaricom's charge; the 50 cents
    // left wait for the next settlement.
    expect((await normalBalance(testStore(db), feeRevenue())) - revenueBefore).toBe(2_500n);
    expect(floatBefore - (await normalBalance(testStore(db), railFloat("mpesa")))).toBe(247_200n);
    expect(await owed(testStore(db), merchantAvailable("MRC-FEES22"))).toBe(50n);
    expect(await owed(testStore(db), merchantInFlight("MRC-FEES22"))).toBe(0n);
    expect(
      (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).find(
        (e) => e.type === "transfer_created",
      )?.cause,
    ).toContain("M-Pesa charge KES 9.00");
  });

  it("carries whole-shilling leftovers into the next settlement: two payments whose cents add up", async () => {
    addMerchant(db, "MRC-CRRY22");
    // KES 1,234 less 1% (KES 12.34) and its excise (KES 1.23) = KES 1,220.43: KES 1,215 + the
    // KES 5 charge; 43 cents stay.
    const first = await paidPayment("MRC-CRRY22", 1_234);
    await settle(first.id);
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, first.id))).map((t) => [
        t.amountKesCents,
        t.railChargeKesCents,
      ]),
    ).toEqual([[121_500n, 500n]]);
    expect(await owed(testStore(db), merchantAvailable("MRC-CRRY22"))).toBe(43n);
    expect(
      (await testStore(db).read((q) => listPaymentEvents(q, first.id))).find(
        (e) => e.type === "leftover_carried_forward",
      )?.cause,
    ).toMatch(/^KES 0\.43 /);
    expect((await testStore(db).read((q) => getPayment(q, first.id)))?.status).toBe("settled");

    // KES 1,266 less 1% and its excise = KES 1,252.07, plus the 43 cents = KES 1,252.50:
    // KES 1,247 + the KES 5 charge; 50 cents stay.
    const second = await paidPayment("MRC-CRRY22", 1_266);
    await settle(second.id);
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, second.id))).map((t) => [
        t.amountKesCents,
        t.railChargeKesCents,
      ]),
    ).toEqual([[124_700n, 500n]]);
    expect(
      (await testStore(db).read((q) => listPaymentEvents(q, second.id))).find(
        (e) => e.type === "leftover_carried_in",
      )?.cause,
    ).toBe("includes KES 0.43 carried from earlier settlements");
    expect(await owed(testStore(db), merchantAvailable("MRC-CRRY22"))).toBe(50n);
  });

  it("keeps a leftover below the KES 10 minimum for the next settlement, and does not take other payments' money", async () => {
    addMerchant(db, "MRC-WAZT22");
    const a = await paidPayment("MRC-WAZT22", 1_234); // leaves 43 cents
    const b = await paidPayment("MRC-WAZT22", 5_000); // confirmed, not planned yet: its KES 4,945 is not a's
    await settle(a.id);
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, a.id))).map(
        (t) => t.amountKesCents,
      ),
    ).toEqual([121_500n]);
    expect(await owed(testStore(db), merchantAvailable("MRC-WAZT22"))).toBe(494_543n);
    await settle(b.id);
    // KES 4,945.43: KES 4,936 + the KES 9 charge; 43 cents still wait.
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, b.id))).map((t) => [
        t.amountKesCents,
        t.railChargeKesCents,
      ]),
    ).toEqual([[493_600n, 900n]]);
    expect(await owed(testStore(db), merchantAvailable("MRC-WAZT22"))).toBe(43n);
  });

  it("a failed transfer's money waits for its retry: the next payment's settlement does not sweep it", async () => {
    addMerchant(db, "MRC-FXRT22", "254700000002"); // the simulator fails transfers to this number
    const failing = await paidPayment("MRC-FXRT22", 3_000);
    await settle(failing.id);
    const [failed] = await testStore(db).read((q) => listTransfersForPayment(q, failing.id));
    expect(failed?.status).toBe("failed");
    h.darajaSim.setOutcome("254700000002", "success");
    const next = await paidPayment("MRC-FXRT22", 2_000);
    await settle(next.id);
    // KES 1,978 net (after the fee and its excise): KES 1,969 + KES 9, not the failed transfer's
    // KES 2,967 as well.
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, next.id))).map(
        (t) => t.amountKesCents,
      ),
    ).toEqual([196_900n]);
    const retry = await retryTransfer(testStore(db), failed!.id, h.clock.now);
    expect(retry?.amountKesCents).toBe(failed!.amountKesCents);
    await sendPendingTransfers(testStore(db), h.rails, () => h.clock.now);
    await h.darajaSim.flush();
    expect((await testStore(db).read((q) => getPayment(q, failing.id)))?.status).toBe("settled");
    expect(await owed(testStore(db), merchantAvailable("MRC-FXRT22"))).toBe(0n);
  });

  it("the books balance", async () => {
    expect(await verifyBalances(testStore(db))).toEqual([]);
    expect(await trialBalance(testStore(db))).toEqual(ZERO_TRIAL_BALANCE);
  });
});
