/**
 * One caller must not stall everyone (issue 27, item 8): a merchant keeps at most 20 drafts open
 * and uploads at most 100,000 rows a day per mode; a 10,000-row file is checked and written in
 * slices, the event loop turning between them (other requests are answered meanwhile) and its
 * batch unlisted until it is a draft; drafts left for 7 days expire (rows deleted) and an upload
 * abandoned part-way is cleared.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { disbursementBatches, disbursementRows } from "../../../drizzle/schema";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { addMerchant, merchantIdSequence } from "../../../tests/setup/payments";
import { createBulkBatch, uploadBulkBatch } from "./batches.server";
import { expireStaleBatches } from "./expiry.server";
import { listBatches } from "./reads.server";
import { BATCH_LIMITS } from "./vocabulary";

const { db, close } = createTestDb();
const store = testStore(db);
afterAll(close);
const nextMerchant = merchantIdSequence("UL");
const T0 = Date.UTC(2026, 10, 24, 9);
const DAY = 86_400_000;

const maker = (merchantId: string) => ({
  merchantId,
  memberId: "usr_maker",
  mode: "live" as const,
});
function file(rows: number, offset = 0) {
  const lines = ["recipient,rail,amount,reference,name,bank_code"];
  for (let i = 0; i < rows; i++)
    lines.push(`07${String(20_000_000 + offset + i)},mpesa,${100 + i},Pay ${i},Worker ${i},`);
  return lines.join("\r\n");
}
const input = (text: string) => ({
  title: "Salaries",
  fileName: "s.csv",
  text,
  smsReceipts: false,
});
const caught = async (work: () => unknown) => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
};
const rowCount = (batchId: string) =>
  db
    .select({ n: count() })
    .from(disbursementRows)
    .where(eq(disbursementRows.batchId, batchId))
    .get()!.n;
const statusOf = (batchId: string) =>
  db
    .select({ status: disbursementBatches.status })
    .from(disbursementBatches)
    .where(eq(disbursementBatches.id, batchId))
    .get()?.status;

describe("upload limits", () => {
  it("at most 20 drafts open per merchant and mode: the 21st is refused, and a test draft is apart", async () => {
    const M = nextMerchant();
    addMerchant(db, M);
    for (let i = 0; i < BATCH_LIMITS.openDrafts; i++)
      await createBulkBatch(store, maker(M), input(file(1, i)), T0);
    expect(await caught(() => uploadBulkBatch(store, maker(M), input(file(1)), T0))).toMatchObject({
      code: "too_many_drafts",
      message: expect.stringContaining("You have 20 draft batches open"),
    });
    const test = await uploadBulkBatch(store, { ...maker(M), mode: "test" }, input(file(1)), T0);
    expect(test.status).toBe("draft");
  });

  it("two uploads at once for the last draft slot: one is made, the other refused", async () => {
    const M = nextMerchant();
    addMerchant(db, M);
    for (let i = 0; i < BATCH_LIMITS.openDrafts - 1; i++)
      await createBulkBatch(store, maker(M), input(file(1, i)), T0);
    const results = await Promise.allSettled([
      uploadBulkBatch(store, maker(M), input(file(1, 100)), T0),
      uploadBulkBatch(store, maker(M), input(file(1, 200)), T0),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({
      reason: { code: "too_many_drafts" },
    });
  });

  it("at most 100,000 rows a day: the file that would pass it is refused whole; the next day it goes", async () => {
    const M = nextMerchant();
    addMerchant(db, M);
    const earlier = await createBulkBatch(store, maker(M), input(file(5)), T0);
    // As if the day's earlier files had come to 99,990 rows.
    db.update(disbursementBatches)
      .set({ rowCount: BATCH_LIMITS.rowsPerDay - 10 })
      .where(eq(disbursementBatches.id, earlier.id))
      .run();
    expect(await caught(() => uploadBulkBatch(store, maker(M), input(file(11)), T0))).toMatchObject(
      { code: "daily_rows_exceeded" },
    );
    const fits = await uploadBulkBatch(store, maker(M), input(file(10)), T0);
    expect(rowCount(fits.id)).toBe(10);
    const tomorrow = await uploadBulkBatch(store, maker(M), input(file(11)), T0 + DAY);
    expect(rowCount(tomorrow.id)).toBe(11);
  });
});

describe("a big file is checked and written in slices", () => {
  it("10,000 rows: the event loop turns many times meanwhile, and the batch is listed only once whole", async () => {
    const M = nextMerchant();
    addMerchant(db, M);
    let turns = 0;
    let done = false;
    const listedMidway: number[] = [];
    const turn = () => {
      turns++;
      if (turns === 30)
        void store
          .read((q) => listBatches(q, M, "live"))
          .then((items) => listedMidway.push(items.length));
      if (!done) setImmediate(turn);
    };
    setImmediate(turn);
    const batch = await uploadBulkBatch(store, maker(M), input(file(10_000)), T0);
    done = true;
    expect(batch.status).toBe("draft");
    expect(rowCount(batch.id)).toBe(10_000);
    // A single synchronous write would have let no other work run until it was done.
    expect(turns).toBeGreaterThanOrEqual(10_000 / BATCH_LIMITS.rowsPerWrite - 1);
    expect(listedMidway).toEqual([0]);
    expect(
      (await store.read((q) => listBatches(q, M, "live"))).map((item) => item.batch.id),
    ).toEqual([batch.id]);
  });
});

describe("stale batches", () => {
  it("a draft untouched for 7 days expires with its rows deleted; a fresh one stays; an abandoned upload goes", async () => {
    const M = nextMerchant();
    addMerchant(db, M);
    const old = await createBulkBatch(store, maker(M), input(file(3)), T0);
    const fresh = await createBulkBatch(store, maker(M), input(file(2, 10)), T0 + 6 * DAY);
    const abandoned = await createBulkBatch(store, maker(M), input(file(2, 20)), T0);
    db.update(disbursementBatches)
      .set({ status: "checking" })
      .where(eq(disbursementBatches.id, abandoned.id))
      .run();
    // (The other tests' drafts of T0 expire too.)
    const result = await expireStaleBatches(store, T0 + 7 * DAY + 1);
    expect(result.abandoned).toBe(1);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await expireStaleBatches(store, T0 + 7 * DAY + 2)).toEqual({
      expired: 0,
      abandoned: 0,
      rowsDeleted: 0,
    });
    expect(statusOf(old.id)).toBe("expired");
    expect(rowCount(old.id)).toBe(0);
    expect(statusOf(fresh.id)).toBe("draft");
    expect(rowCount(fresh.id)).toBe(2);
    expect(statusOf(abandoned.id)).toBeUndefined();
    expect(
      db
        .select({ n: count() })
        .from(disbursementRows)
        .where(and(eq(disbursementRows.batchId, abandoned.id)))
        .get()!.n,
    ).toBe(0);
  });
});
