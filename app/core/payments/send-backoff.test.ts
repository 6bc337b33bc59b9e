/**
 * A rail that gives no answer is not hammered: a transfer whose send failed without an answer waits
 * 5 s, then 10 s, 20 s… (at most 5 minutes) before it is sent again with the same id, and while it
 * waits the sender passes it over, so other transfers are not held behind it. Against a rail that
 * counts its calls, then answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RailUnavailableError, type PayoutRail, type PayoutRails } from "~/core/rails/types";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  startPaymentsHarness,
  testConfig,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import { createPayment, getPayment } from "./payments.server";
import { formatCryptoUnits } from "./quote";
import {
  listTransfersForPayment,
  planSettlement,
  sendBackoffMs,
  sendPendingTransfers,
} from "./settlement.server";

const { db, close } = createTestDb();
let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness(db);
  addMerchant(db, "MRC-BKFF22");
});
afterAll(async () => {
  await h.close();
  close();
});

/** M-Pesa that is down until `up` is set, counting every send of each id. */
function flakyMpesa() {
  const sends = new Map<string, number>();
  const state = { up: false };
  const rail: PayoutRail = {
    id: "mpesa",
    async send({ transferId }) {
      sends.set(transferId, (sends.get(transferId) ?? 0) + 1);
      if (!state.up) throw new RailUnavailableError("mpesa", "503 from Daraja");
      return { kind: "succeeded", providerRef: "X", receipt: "RCPT000001", description: "paid" };
    },
    async queryStatus() {
      return { kind: "pending" };
    },
  };
  return { rails: { mpesa: rail } satisfies PayoutRails, sends, state };
}

describe("sending again after no answer", () => {
  it("backs off 5 s, 10 s, 20 s, and caps at 5 minutes", () => {
    expect([1, 2, 3, 4].map(sendBackoffMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(sendBackoffMs(20)).toBe(300_000);
  });

  it("a transfer is not sent again before its backoff, then is, with the same id, and paid once", async () => {
    const payment = await createPayment(
      testStore(db),
      {
        custody: h.runtime.custody,
        rates: liveRates(h.clock.now),
        config: testConfig,
        now: h.clock.now,
      },
      { merchantId: "MRC-BKFF22", amountKes: 3_000, asset: "USDT", reference: "BACKOFF" },
    );
    const tx = await h.custodySim.sendPayment({
      address: payment.depositAddress!,
      amount: formatCryptoUnits(payment.cryptoAmountUnits, payment.asset),
    });
    await h.custodySim.confirm(tx.id, 1);
    await h.custodySim.confirm(tx.id, 1);
    await planSettlement(testStore(db), payment.id, testConfig, h.clock.now);
    const [transfer] = await testStore(db).read((q) => listTransfersForPayment(q, payment.id));
    const { rails, sends, state } = flakyMpesa();
    const run = () => sendPendingTransfers(testStore(db), rails, () => h.clock.now);

    await run();
    expect(sends.get(transfer!.id)).toBe(1);
    // Runs within the 5 s do not send it again.
    await run();
    h.clock.now += 4_999;
    await run();
    expect(sends.get(transfer!.id)).toBe(1);
    // After 5 s it is sent again (no answer again), then waits 10 s.
    h.clock.now += 1;
    await run();
    expect(sends.get(transfer!.id)).toBe(2);
    h.clock.now += 9_999;
    await run();
    expect(sends.get(transfer!.id)).toBe(2);
    // The rail is back: the next send (same id) pays it, once.
    state.up = true;
    h.clock.now += 1;
    await run();
    await run();
    expect(sends.get(transfer!.id)).toBe(3);
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, payment.id)))[0],
    ).toMatchObject({
      status: "succeeded",
      attempts: 3,
    });
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("settled");
  });
});
