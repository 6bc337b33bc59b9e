/**
 * Failover of money already planned on a rail that is not running (issue 14, item 6): for a
 * merchant who allows it, a transfer never handed to its rail moves to the other verified
 * destination (its posting reversed, a new transfer paid there); one that may have reached its rail
 * never moves; without the merchant's permission nothing moves. Against the Daraja and custody
 * simulators; Airtel Money is simply not running in this process.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants, settlementTransfers } from "../../../drizzle/schema";
import { insertVerifiedDestination } from "~/core/destinations/destinations.server";
import { merchantAvailable, owed, verifyBalances } from "~/core/ledger/ledger.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  confirmedPayment,
  type PaymentsHarness,
  startPaymentsHarness,
  testConfig,
} from "../../../tests/setup/payments";
import { failOverStuckTransfers } from "./failover.server";
import { fundOpeningFloat } from "./tick.server";
import { getPayment, listPaymentEvents } from "./payments.server";
import {
  claimTransferForSending,
  failTransfer,
  succeedTransfer,
  listTransfersForPayment,
  planSettlement,
  sendPendingTransfers,
} from "./settlement.server";

const { db, close } = createTestDb();
let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness(db);
  // Our Airtel Money float, so that transfers can be planned there.
  await fundOpeningFloat(testStore(db), 1_000_000, ["live"], ["airtel-money"]);
});
afterAll(async () => {
  await h.close();
  close();
});

/** A merchant paid by default to Airtel Money, with a verified M-Pesa number as its other. */
async function airtelMerchant(id: string, failover: boolean) {
  addMerchant(db, id, null);
  await insertVerifiedDestination(
    testStore(db),
    id,
    { rail: "airtel-money", phone: "+254733123456" },
    0,
  );
  await insertVerifiedDestination(testStore(db), id, { rail: "mpesa", phone: "+254712345678" }, 0);
  db.update(merchants).set({ settlementFailover: failover }).where(eq(merchants.id, id)).run();
}

const paidPayment = async (merchantId: string, amountKes: number) =>
  (await confirmedPayment(db, h, { merchantId, amountKes, reference: `FO-${amountKes}` })).payment;

const onlyMpesa = { runningRails: ["mpesa"] as const };

describe("failover of planned transfers", () => {
  it("planned while Airtel was thought up: moved unsent to M-Pesa, paid there once, money whole", async () => {
    await airtelMerchant("MRC-FVRA22", true);
    const payment = await paidPayment("MRC-FVRA22", 3_000);
    // Planned with every rail taken as running: the transfer waits on Airtel Money.
    await planSettlement(testStore(db), payment.id, testConfig, h.clock.now);
    const [stuck] = await testStore(db).read((q) => listTransfersForPayment(q, payment.id));
    expect(stuck).toMatchObject({ rail: "airtel-money", status: "pending", attempts: 0 });
    const availableBefore = await owed(testStore(db), merchantAvailable("MRC-FVRA22"));

    expect(await failOverStuckTransfers(testStore(db), h.clock.now, onlyMpesa)).toBe(1);
    // A second run finds nothing more to move.
    expect(await failOverStuckTransfers(testStore(db), h.clock.now, onlyMpesa)).toBe(0);
    const [original, moved] = await testStore(db).read((q) =>
      listTransfersForPayment(q, payment.id),
    );
    expect(original).toMatchObject({ status: "failed", rail: "airtel-money" });
    expect(moved).toMatchObject({ status: "pending", rail: "mpesa", retryOf: original!.id });
    // The original's posting was reversed and the new one posted: the same money, moved.
    expect(await owed(testStore(db), merchantAvailable("MRC-FVRA22"))).toBe(
      availableBefore +
        original!.amountKesCents -
        moved!.amountKesCents -
        moved!.railChargeKesCents,
    );
    expect(
      (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).map((e) => e.type),
    ).toContain("settlement_failed_over");

    await sendPendingTransfers(testStore(db), h.rails, () => h.clock.now);
    await h.darajaSim.flush();
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("settled");
    const paidOnMpesa = h.darajaSim.requests.filter(
      (r) =>
        r.path.includes("b2c") &&
        (r.body as { OriginatorConversationID?: string }).OriginatorConversationID === moved!.id,
    );
    expect(paidOnMpesa).toHaveLength(1);
    await verifyBalances(testStore(db));

    // A late callback for the transfer we moved (Airtel answering after all) changes nothing: it
    // was never sent, and its money already went out on M-Pesa.
    const availableAfter = await owed(testStore(db), merchantAvailable("MRC-FVRA22"));
    const store = testStore(db);
    expect(
      await store.write((q) =>
        succeedTransfer(q, original!.id, { receipt: "LATE", description: "late" }, h.clock.now),
      ),
    ).toBe(false);
    expect(
      await store.write((q) =>
        failTransfer(q, original!.id, { code: 1, description: "late" }, h.clock.now),
      ),
    ).toBe(false);
    expect(await owed(testStore(db), merchantAvailable("MRC-FVRA22"))).toBe(availableAfter);
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, payment.id))).map(
        (t) => t.status,
      ),
    ).toEqual(["failed", "succeeded"]);
    await verifyBalances(testStore(db));
  });

  it("a transfer that may have reached its rail (an attempt was made) is never moved", async () => {
    await airtelMerchant("MRC-FVTR22", true);
    const payment = await paidPayment("MRC-FVTR22", 2_000);
    await planSettlement(testStore(db), payment.id, testConfig, h.clock.now);
    const [stuck] = await testStore(db).read((q) => listTransfersForPayment(q, payment.id));
    // A sender claimed it and called Airtel (the answer was lost): attempts 1, claim lapsed.
    expect(
      await claimTransferForSending(testStore(db), stuck!.id, "lost", h.clock.now - 10 * 60_000),
    ).toBe(true);
    expect(await failOverStuckTransfers(testStore(db), h.clock.now, onlyMpesa)).toBe(0);
    expect(
      db.select().from(settlementTransfers).where(eq(settlementTransfers.id, stuck!.id)).get()
        ?.status,
    ).toBe("pending");
  });

  it("without the merchant's permission nothing moves", async () => {
    await airtelMerchant("MRC-FVNP22", false);
    const payment = await paidPayment("MRC-FVNP22", 2_500);
    await planSettlement(testStore(db), payment.id, testConfig, h.clock.now);
    expect(await failOverStuckTransfers(testStore(db), h.clock.now, onlyMpesa)).toBe(0);
    expect(await testStore(db).read((q) => listTransfersForPayment(q, payment.id))).toHaveLength(1);
  });

  it("planning fails over at once when the default's rail is not running here", async () => {
    await airtelMerchant("MRC-FVPM22", true);
    const payment = await paidPayment("MRC-FVPM22", 2_200);
    await planSettlement(testStore(db), payment.id, testConfig, h.clock.now, onlyMpesa);
    const transfers = await testStore(db).read((q) => listTransfersForPayment(q, payment.id));
    expect(transfers.map((t) => t.rail)).toEqual(["mpesa"]);
    expect(
      (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).find(
        (e) => e.type === "settlement_failed_over",
      )?.cause,
    ).toMatch(/^Airtel Money is unavailable: paying M-Pesa \+254 712 345 678 instead/);
  });
});
