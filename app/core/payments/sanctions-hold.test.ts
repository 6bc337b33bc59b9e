/**
 * A deposit from an address on a sanctions list (issue 31, item 2; ADR 0055): held in suspense
 * with a case, never converted nor settled, until a compliance officer decides; clearing releases
 * it as it would have gone; every screening is stored with the snapshot it used.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { complianceHolds, screenings } from "../../../drizzle/schema";
import { CaseError, decideCase, readCase } from "~/core/compliance/cases.server";
import {
  ledgerBook,
  merchantBalances,
  normalBalance,
  trialBalance,
} from "~/core/ledger/ledger.server";
import { holdReleases } from "~/wiring/compliance.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  startPaymentsHarness,
  testConfig,
} from "../../../tests/setup/payments";
import { storeActiveSnapshot } from "../../../tests/setup/sanctions";
import { createPayment, getPayment } from "./payments.server";
import { formatCryptoUnits } from "./quote";

const { db, close } = createTestDb();
const h = await startPaymentsHarness(db);
afterAll(async () => {
  await h.close();
  close();
});
const store = testStore(db);
const SHOP = "MRC-SANK22";
addMerchant(db, SHOP);

// SUEX OTC's Ethereum address (OFAC sdn_comments.csv, ent 33151), listed in capitals.
const LISTED = "0x2F389CE8BD8FF92DE3402FFCE4691D17FC4F6535";
const snapshotId = storeActiveSnapshot(db, "ofac", [
  {
    uid: "33151",
    name: "SUEX OTC, S.R.O.",
    kind: "entity",
    addresses: [{ currency: "ETH", address: LISTED }],
  },
]);

async function paidFrom(from: string | undefined, amountKes = 2_000) {
  const now = h.clock.now;
  const payment = await createPayment(
    store,
    { custody: h.runtime.custody, rates: liveRates(now), config: testConfig, now },
    {
      merchantId: SHOP,
      amountKes,
      asset: "USDT",
      network: "ethereum",
      reference: `S-${amountKes}`,
    },
  );
  const tx = await h.custodySim.sendPayment({
    address: payment.depositAddress!,
    amount: formatCryptoUnits(payment.cryptoAmountUnits, "USDT"),
    sourceAddress: from,
  });
  await h.custodySim.confirm(tx.id, 12);
  return (await store.read((q) => getPayment(q, payment.id)))!;
}

const caseOf = async (paymentId: string) => {
  const hold = db
    .select()
    .from(complianceHolds)
    .where(eq(complianceHolds.targetId, paymentId))
    .get();
  return hold ? readCase(store, hold.caseId) : undefined;
};

describe("a deposit from a listed address", () => {
  it("is held in suspense with a critical case; the merchant is not credited", async () => {
    const payment = await paidFrom(LISTED.toLowerCase());
    expect(payment.status).toBe("held");
    const { suspense } = ledgerBook("live");
    expect(await normalBalance(store, suspense("USDT"))).toBeGreaterThanOrEqual(
      payment.receivedUnits,
    );
    expect((await merchantBalances(store, SHOP)).available).toBe(0n);
    const opened = (await caseOf(payment.id))!;
    expect(opened.case).toMatchObject({
      kind: "sanctions_hit",
      severity: "critical",
      status: "open",
      merchantId: SHOP,
    });
    expect(opened.holds).toMatchObject([
      { target: "payment", targetId: payment.id, status: "held" },
    ]);
    expect(opened.screenings).toHaveLength(1);
    expect(opened.screenings[0]).toMatchObject({
      subject: "address",
      context: "deposit",
      result: "hit",
      bestScore: 1000,
      snapshotIds: snapshotId,
    });
    expect(JSON.parse(opened.screenings[0]!.hits!)).toMatchObject([
      { source: "ofac", uid: "33151", listedName: "SUEX OTC, S.R.O.", matched: `ETH ${LISTED}` },
    ]);
    expect(Object.values(await trialBalance(store)).every((sum) => sum === 0n)).toBe(true);
  });

  it("clearing the case releases it: converted at the locked rate and credited", async () => {
    const payment = await paidFrom(LISTED.toLowerCase(), 2_100);
    const opened = (await caseOf(payment.id))!;
    await decideCase(store, holdReleases, {
      caseId: opened.case.id,
      operatorId: "op_test",
      decision: "clear",
      reason: "Wrong match: a customer's exchange address",
      now: h.clock.now,
    });
    const released = (await store.read((q) => getPayment(q, payment.id)))!;
    expect(released.status).toBe("confirmed");
    expect((await merchantBalances(store, SHOP)).available).toBe(
      payment.amountKesCents - payment.feeKesCents - payment.exciseKesCents,
    );
    const decided = (await readCase(store, opened.case.id))!;
    expect(decided.case).toMatchObject({ status: "cleared", decidedBy: "op_test" });
    expect(decided.holds[0]!.status).toBe("released");
    // Decided once only.
    await expect(
      decideCase(store, holdReleases, {
        caseId: opened.case.id,
        operatorId: "op_test",
        decision: "hold",
        reason: "again",
        now: h.clock.now,
      }),
    ).rejects.toBeInstanceOf(CaseError);
    expect(Object.values(await trialBalance(store)).every((sum) => sum === 0n)).toBe(true);
  });

  it("keeping it on hold leaves the crypto in suspense; two decisions at once: one wins", async () => {
    const payment = await paidFrom(LISTED.toLowerCase(), 2_200);
    const opened = (await caseOf(payment.id))!;
    const decide = (decision: "hold" | "clear") =>
      decideCase(store, holdReleases, {
        caseId: opened.case.id,
        operatorId: `op_${decision}`,
        decision,
        reason: "racing",
        now: h.clock.now,
      });
    const outcomes = await Promise.allSettled([decide("hold"), decide("clear")]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome.status === "rejected")).toMatchObject({
      reason: expect.any(CaseError),
    });
    const status = (await store.read((q) => getPayment(q, payment.id)))!.status;
    const decided = (await readCase(store, opened.case.id))!.case.status;
    // Whichever won, the payment agrees with it.
    expect(decided === "held" ? status === "held" : status === "confirmed").toBe(true);
  });
});

describe("a deposit from an unlisted address", () => {
  it("is confirmed as before, and its clear screening is stored with the snapshot used", async () => {
    const payment = await paidFrom(undefined, 2_300);
    expect(payment.status).toBe("confirmed");
    const rows = db.select().from(screenings).where(eq(screenings.subjectRef, payment.id)).all();
    expect(rows).toMatchObject([
      {
        subject: "address",
        context: "deposit",
        result: "clear",
        snapshotIds: snapshotId,
        caseId: null,
      },
    ]);
    expect(await caseOf(payment.id)).toBeUndefined();
  });
});
