/**
 * A crypto refund to an address on a sanctions list (issue 31, item 2; ADR 0055): made (the money
 * set aside as for any refund) but never sent while a compliance case holds it; cleared, it goes.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceHolds } from "../../../drizzle/schema";
import { decideCase, readCase } from "~/core/compliance/cases.server";
import { getPayment } from "~/core/payments/payments.server";
import { holdReleases } from "~/wiring/compliance.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  confirmedPayment,
  creditAvailable,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import { storeActiveSnapshot } from "../../../tests/setup/sanctions";
import { sendPendingRefunds } from "./custody-send.server";
import { getRefundOn } from "./refunds.server";
import { createRefundsService } from "./service.server";

const { db, close } = createTestDb();
const store = testStore(db);
let h: PaymentsHarness;
const now = () => h.clock.now;
const SHOP = "MRC-RFSA22";
// Lazarus Group's Ethereum address on OFAC's list, as listed.
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const CLEAN = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

beforeAll(async () => {
  h = await startPaymentsHarness(db);
  addMerchant(db, SHOP);
  await creditAvailable(db, SHOP, 100_000);
  storeActiveSnapshot(db, "ofac", [
    {
      uid: "23311",
      name: "LAZARUS GROUP",
      kind: "entity",
      addresses: [{ currency: "ETH", address: LISTED }],
    },
  ]);
});
afterAll(async () => {
  await h.close();
  close();
});

const sends = () => sendPendingRefunds(store, h.runtime.custody, now);
const service = () =>
  createRefundsService({
    store,
    now,
    currentRate: () => null,
    runtime: () => ({
      estimateNetworkFee: (assetId) => h.runtime.custody.estimateNetworkFee(assetId),
      runningRails: ["mpesa"],
      async sendNow(refundId) {
        await sends();
        return store.read((q) => getRefundOn(q, refundId));
      },
    }),
  });

let keys = 0;
async function refundTo(address: string) {
  const { payment } = await confirmedPayment(db, h, {
    network: "ethereum",
    merchantId: SHOP,
    amountKes: 2_000,
    reference: `RS-${++keys}`,
  });
  const paid = (await store.read((q) => getPayment(q, payment.id)))!;
  const { refund } = await service().create(
    { merchantId: SHOP, mode: "live", createdBy: "usr_finance01" },
    { paymentId: paid.id, source: "balance", amountKesCents: 200_000n, address },
    { requestKey: `rs-${keys}`, reason: null },
  );
  return refund;
}

describe("a refund to a listed address", () => {
  it("waits, pending and unsent, under a critical case; cleared, it is sent", async () => {
    const refund = await refundTo(LISTED.toLowerCase());
    expect(refund.status).toBe("pending");
    expect(refund.custodyTxId).toBeNull();
    // Another round of sending still leaves it.
    await sends();
    expect((await store.read((q) => getRefundOn(q, refund.id)))!.custodyTxId).toBeNull();

    const hold = db
      .select()
      .from(complianceHolds)
      .where(eq(complianceHolds.targetId, refund.id))
      .get()!;
    const opened = (await readCase(store, hold.caseId))!;
    expect(opened.case).toMatchObject({ kind: "sanctions_hit", severity: "critical" });
    expect(opened.screenings[0]).toMatchObject({ context: "refund", result: "hit" });

    await decideCase(store, holdReleases, {
      caseId: hold.caseId,
      operatorId: "op_test",
      decision: "clear",
      reason: "Not the listed party",
      now: now(),
    });
    await sends();
    const sent = (await store.read((q) => getRefundOn(q, refund.id)))!;
    expect(sent.status).toBe("sent");
    expect(sent.custodyTxId).toBeTruthy();
  });

  it("a refund to an unlisted address is sent at once", async () => {
    const refund = await refundTo(CLEAN);
    expect(refund.status).toBe("sent");
  });
});
