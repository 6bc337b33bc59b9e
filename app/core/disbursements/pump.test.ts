/**
 * The disbursement pump (ADR 0035): a batch larger than a rail's rate goes out in rounds of at most
 * the rail's `sendsPerSecond`, a second apart, until nothing is left or the budget is spent; a
 * second pump while one runs sends nothing (the rate is never doubled).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profileOf } from "~/core/rails/charges";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  creditAvailable,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import { approveBatch, createBulkBatch, submitBatch } from "./batches.server";
import { pumpDisbursements } from "./pump.server";
import { batchSummary } from "./reads.server";

const { db, close } = createTestDb();
const store = testStore(db);
let h: PaymentsHarness;
const now = () => h.clock.now;
const M = "MRC-PVMP22";

beforeAll(async () => {
  h = await startPaymentsHarness(db);
  addMerchant(db, M);
  await creditAvailable(db, M, 1_000_000);
});
afterAll(async () => {
  await h.close();
  close();
});

async function approvedBatch(rows: number) {
  const lines = ["recipient,amount"];
  for (let i = 0; i < rows; i++) lines.push(`07124${String(i).padStart(5, "0")},${100 + i}`);
  const batch = await createBulkBatch(
    store,
    { merchantId: M, memberId: "usr_maker", mode: "live" },
    { title: "Pump", fileName: null, text: lines.join("\n"), smsReceipts: false },
    now(),
  );
  await submitBatch(store, { merchantId: M, memberId: "usr_maker" }, batch.id, now());
  await approveBatch(store, { merchantId: M, memberId: "usr_checker" }, batch.id, now());
  return batch;
}

describe("pumping a batch", () => {
  it("sends at most the rail's rate per second, a second apart, until the batch is out", async () => {
    const rate = profileOf("mpesa").sendsPerSecond;
    const batch = await approvedBatch(rate * 2 + 5);
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
      h.clock.now += ms;
    };
    const sent = await pumpDisbursements(testStore(db), h.rails, now, { wait });
    expect(sent).toBe(rate * 2 + 5);
    // Three rounds (rate, rate, 5): two waits of a second between them.
    expect(waits).toEqual([1_000, 1_000]);
    await h.darajaSim.flush();
    expect((await store.read((q) => batchSummary(q, batch))).counts.paid).toBe(rate * 2 + 5);
  });

  it("stops at its budget, leaving the rest queued for the next run; a second pump meanwhile sends nothing", async () => {
    const rate = profileOf("mpesa").sendsPerSecond;
    const batch = await approvedBatch(rate * 3);
    let second: Promise<number> | null = null;
    const wait = async (ms: number) => {
      second ??= pumpDisbursements(testStore(db), h.rails, now);
      h.clock.now += ms;
    };
    const sent = await pumpDisbursements(testStore(db), h.rails, now, { wait, budgetMs: 2_000 });
    expect(sent).toBe(rate * 2);
    expect(await second).toBe(0);
    expect((await store.read((q) => batchSummary(q, batch))).counts.queued).toBe(rate);
  });
});
