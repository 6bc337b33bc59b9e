/**
 * A transfer is sent to M-Pesa once (issue 10, item 3): every sender claims a pending transfer with
 * a lease before calling M-Pesa, so two senders (the webhook's immediate settlement and the
 * background tick, or two ticks) never both send it; a claim left by a crash lapses and the
 * transfer is re-sent with the same OriginatorConversationID. Against the Daraja simulator over
 * HTTP.
 */
import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settlementTransfers } from "../../../drizzle/schema";
import { verifyBalances } from "~/core/ledger/ledger.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  confirmedPayment,
  type PaymentsHarness,
  startPaymentsHarness,
  testConfig,
} from "../../../tests/setup/payments";
import { getPayment } from "./payments.server";
import {
  claimTransferForSending,
  listTransfersForPayment,
  planSettlement,
  SEND_LEASE_MS,
  sendPendingTransfers,
} from "./settlement.server";
import { runPaymentsTick, settleNow } from "./tick.server";

const { db, close } = createTestDb();
let h: PaymentsHarness;
const MERCHANT = "MRC-SNDX22";
beforeAll(async () => {
  h = await startPaymentsHarness(db);
  addMerchant(db, MERCHANT);
});
afterAll(async () => {
  await h.close();
  close();
});

/** A payment paid and confirmed through the custody simulator (webhooks to the test app). */
const paidPayment = async (amountKes: number) =>
  (
    await confirmedPayment(db, h, {
      merchantId: MERCHANT,
      amountKes,
      reference: `SEND-${amountKes}`,
    })
  ).payment;

/** B2C requests M-Pesa (the simulator) received for one transfer id. */
function b2cRequestsFor(transferId: string) {
  return h.darajaSim.requests.filter(
    (r) =>
      r.path.includes("b2c") &&
      (r.body as { OriginatorConversationID?: string }).OriginatorConversationID === transferId,
  );
}

const transfer = (id: string) =>
  db.select().from(settlementTransfers).where(eq(settlementTransfers.id, id)).get()!;

describe("each transfer is sent to M-Pesa once", () => {
  it("two concurrent senders: every pending transfer reaches M-Pesa exactly once, attempts = 1", async () => {
    const paid = [];
    for (const amount of [3_000, 4_000, 5_000, 6_000, 7_000]) paid.push(await paidPayment(amount));
    for (const payment of paid)
      expect(await planSettlement(testStore(db), payment.id, testConfig, h.clock.now)).toBe(
        "planned",
      );
    const transfers = [];
    for (const payment of paid)
      transfers.push(...(await testStore(db).read((q) => listTransfersForPayment(q, payment.id))));
    expect(transfers.map((t) => t.status)).toEqual(transfers.map(() => "pending"));

    const [first, second] = await Promise.all([
      sendPendingTransfers(testStore(db), h.rails, () => h.clock.now),
      sendPendingTransfers(testStore(db), h.rails, () => h.clock.now),
    ]);
    expect(first + second).toBe(transfers.length);
    for (const t of transfers) {
      expect(b2cRequestsFor(t.id)).toHaveLength(1);
      expect(transfer(t.id)).toMatchObject({ status: "sent", attempts: 1, sendLeaseUntil: null });
    }
    await h.darajaSim.flush();
    for (const payment of paid)
      expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("settled");
  });

  it("the webhook's immediate settlement and the background tick at the same time: sent once", async () => {
    const payment = await paidPayment(8_000);
    await Promise.all([
      settleNow(testStore(db), h.runtime, payment.id),
      runPaymentsTick(testStore(db), h.runtime, () => h.clock.now),
      settleNow(testStore(db), h.runtime, payment.id),
    ]);
    const [only] = await testStore(db).read((q) => listTransfersForPayment(q, payment.id));
    expect(only).toBeDefined();
    expect(b2cRequestsFor(only!.id)).toHaveLength(1);
    expect(transfer(only!.id)).toMatchObject({ status: "sent", attempts: 1 });
    await h.darajaSim.flush();
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("settled");
  });

  it("settling a payment now sends its own transfer, not another payment's pending one (the payments run sends that)", async () => {
    const waiting = await paidPayment(7_200);
    await planSettlement(testStore(db), waiting.id, testConfig, h.clock.now);
    const [left] = await testStore(db).read((q) => listTransfersForPayment(q, waiting.id));
    const payment = await paidPayment(6_400);
    await settleNow(testStore(db), h.runtime, payment.id);
    const [own] = await testStore(db).read((q) => listTransfersForPayment(q, payment.id));
    expect(b2cRequestsFor(own!.id)).toHaveLength(1);
    expect(b2cRequestsFor(left!.id)).toHaveLength(0);
    expect(transfer(left!.id).status).toBe("pending");
    await runPaymentsTick(testStore(db), h.runtime, () => h.clock.now);
    expect(b2cRequestsFor(left!.id)).toHaveLength(1);
    await h.darajaSim.flush();
    expect(transfer(left!.id).status).toBe("succeeded");
    expect(transfer(own!.id).status).toBe("succeeded");
  });

  it("a sender that crashed mid-send: its claim holds until the lease lapses, then the same id is sent again and paid once", async () => {
    const payment = await paidPayment(9_000);
    await planSettlement(testStore(db), payment.id, testConfig, h.clock.now);
    const [pending] = await testStore(db).read((q) => listTransfersForPayment(q, payment.id));
    // The crashed sender claimed the transfer and reached M-Pesa, then died before recording the
    // answer.
    expect(
      await claimTransferForSending(testStore(db), pending!.id, "crashed-process", h.clock.now),
    ).toBe(true);
    await h.runtime.payouts.b2cPayment({
      originatorConversationId: pending!.id,
      phone: pending!.phone!,
      amountKes: Number(pending!.amountKesCents / 100n),
      remarks: "crashed",
    });

    // While its lease runs, nobody else sends it.
    h.clock.now += 1_000;
    expect(await sendPendingTransfers(testStore(db), h.rails, () => h.clock.now)).toBe(0);
    expect(b2cRequestsFor(pending!.id)).toHaveLength(1);
    expect(transfer(pending!.id)).toMatchObject({
      status: "pending",
      sendLeaseHolder: "crashed-process",
      attempts: 1,
    });

    // After it lapses, the transfer is claimed again and re-sent with the same
    // OriginatorConversationID; M-Pesa's duplicate answer means it already has it.
    h.clock.now += SEND_LEASE_MS;
    expect(await sendPendingTransfers(testStore(db), h.rails, () => h.clock.now)).toBe(1);
    expect(b2cRequestsFor(pending!.id).map((r) => r.status)).toEqual([200, 500]);
    expect(transfer(pending!.id)).toMatchObject({
      status: "sent",
      attempts: 2,
      sendLeaseUntil: null,
    });
    await h.darajaSim.flush();
    expect(
      h.darajaSim.callbacks.filter(
        (c) => c.kind === "b2c-result" && c.originatorConversationId === pending!.id,
      ),
    ).toHaveLength(1);
    expect(transfer(pending!.id).status).toBe("succeeded");
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("settled");
    expect(await verifyBalances(testStore(db))).toEqual([]);
  });

  it("a sender of this machine killed mid-send (its pid is gone): its claim is taken over at once, same id, paid once (ADR 0047)", async () => {
    const payment = await paidPayment(9_500);
    await planSettlement(testStore(db), payment.id, testConfig, h.clock.now);
    const [pending] = await testStore(db).read((q) => listTransfersForPayment(q, payment.id));
    const killed = `onehop ${spawnSync(process.execPath, ["-e", "0"]).pid}@${hostname()}#run1`;
    expect(await claimTransferForSending(testStore(db), pending!.id, killed, h.clock.now)).toBe(
      true,
    );
    await h.runtime.payouts.b2cPayment({
      originatorConversationId: pending!.id,
      phone: pending!.phone!,
      amountKes: Number(pending!.amountKesCents / 100n),
      remarks: "killed",
    });
    // Well inside its lease, the next run sends it again with the same id.
    h.clock.now += 1_000;
    expect(await sendPendingTransfers(testStore(db), h.rails, () => h.clock.now)).toBe(1);
    expect(b2cRequestsFor(pending!.id).map((r) => r.status)).toEqual([200, 500]);
    await h.darajaSim.flush();
    expect(transfer(pending!.id).status).toBe("succeeded");
    expect(await verifyBalances(testStore(db))).toEqual([]);

    // A claim of a process that still runs (this test's parent) holds until it lapses.
    const other = await paidPayment(9_600);
    await planSettlement(testStore(db), other.id, testConfig, h.clock.now);
    const [held] = await testStore(db).read((q) => listTransfersForPayment(q, other.id));
    const alive = `onehop ${process.ppid}@${hostname()}#run2`;
    expect(await claimTransferForSending(testStore(db), held!.id, alive, h.clock.now)).toBe(true);
    h.clock.now += 1_000;
    expect(await sendPendingTransfers(testStore(db), h.rails, () => h.clock.now)).toBe(0);
    expect(transfer(held!.id)).toMatchObject({ status: "pending", sendLeaseHolder: alive });
  });
});
