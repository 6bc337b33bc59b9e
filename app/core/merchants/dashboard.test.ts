import { afterAll, describe, expect, it } from "vitest";
import { payments } from "../../../drizzle/schema";
import type { PaymentStatus } from "~/core/payments/statuses";
import type { Db } from "~/db/sqlite-connection.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { addMerchant } from "../../../tests/setup/payments";
import { getDashboardStats as statsOn } from "./dashboard.server";

const SHOP = "MRC-DASH22";
const OTHER = "MRC-DASH33";
/** 15 November 2026, 12:00 in Nairobi. */
const NOW = Date.UTC(2026, 10, 15, 9);
/** 1 November 2026, 00:00 in Nairobi: the first instant of "this month". */
const MONTH_START = Date.UTC(2026, 9, 31, 21);
const DAY = 86_400_000;

/** The figures read on `db`'s store, as the dashboard page reads them. */
const getDashboardStats = (db: Db, merchantId: string, now: number) =>
  testStore(db).read((q) => statsOn(q, merchantId, now));

let counter = 0;
function pay(
  db: Db,
  merchantId: string,
  createdAt: number,
  status: PaymentStatus,
  amountKes: number,
  payerAddress: string | null = null,
) {
  const id = `pay_dash${++counter}`;
  db.insert(payments)
    .values({
      id,
      merchantId,
      reference: id,
      asset: "USDT",
      network: "tron",
      amountKesCents: BigInt(amountKes) * 100n,
      // A 1% collection fee.
      feeKesCents: BigInt(amountKes),
      quoteRate: "129.50",
      marketRate: "129.00",
      spreadBps: 50,
      rateSource: "coingecko",
      rateFetchedAt: createdAt,
      cryptoAmountUnits: 1_000_000n,
      quotedAt: createdAt,
      expiresAt: createdAt + 15 * 60_000,
      status,
      payerAddress,
      createdAt,
      updatedAt: createdAt,
    })
    .run();
}

function withDb(fill: (db: Db) => void) {
  const test = createTestDb();
  addMerchant(test.db, SHOP);
  addMerchant(test.db, OTHER);
  fill(test.db);
  return test;
}

const first = withDb((db) => {
  // This month (Nairobi time).
  pay(db, SHOP, NOW - DAY, "settled", 10_000, "addr-1");
  pay(db, SHOP, NOW - 2 * DAY, "confirmed", 5_000, "addr-2");
  pay(db, SHOP, NOW - 3 * DAY, "expired", 2_000);
  pay(db, SHOP, NOW - 3_600_000, "awaiting_payment", 3_000);
  pay(db, SHOP, MONTH_START, "settled", 1_000, "addr-1");
  // Last month: the last millisecond of October in Nairobi, and earlier.
  pay(db, SHOP, MONTH_START - 1, "settled", 4_000, "addr-1");
  pay(db, SHOP, MONTH_START - 20 * DAY, "failed", 1_000);
  // Another merchant's payment never counts.
  pay(db, OTHER, NOW - DAY, "settled", 99_000, "addr-9");
});
const second = withDb((db) => {
  pay(db, SHOP, NOW - DAY, "settled", 2_000, "addr-5");
});
afterAll(() => {
  first.close();
  second.close();
});

describe("the dashboard's figures", () => {
  it("count this month in Nairobi time against last month, for this merchant only", async () => {
    expect(await getDashboardStats(first.db, SHOP, NOW)).toEqual({
      // (10,000 + 5,000 + 1,000) less the 1% fees = KES 15,840; last month KES 3,960.
      totalRevenueKesCents: { value: 1_584_000, changeBps: 30_000 },
      transactions: { value: 5, changeBps: 15_000 },
      activeCustomers: { value: 2, changeBps: 10_000 },
      // 3 successful of 4 finished; last month 1 of 2.
      successRateBps: { value: 7_500, changeBps: 2_500 },
    });
  });

  it("read each database's own payments when several are open (statements are per database)", async () => {
    expect((await getDashboardStats(first.db, SHOP, NOW)).transactions.value).toBe(5);
    expect(await getDashboardStats(second.db, SHOP, NOW)).toEqual({
      // Last month had nothing: no comparison at all (never "+0%", never a division by zero).
      totalRevenueKesCents: { value: 198_000, changeBps: null },
      transactions: { value: 1, changeBps: null },
      activeCustomers: { value: 1, changeBps: null },
      successRateBps: { value: 10_000, changeBps: null },
    });
    expect((await getDashboardStats(first.db, SHOP, NOW)).transactions.value).toBe(5);
  });

  it("give no success rate while no payment of the month has finished, and no comparison with it", async () => {
    const test = withDb((db) => {
      pay(db, SHOP, NOW - 3_600_000, "awaiting_payment", 3_000);
      pay(db, SHOP, MONTH_START - DAY, "settled", 1_000, "addr-1");
    });
    try {
      const stats = await getDashboardStats(test.db, SHOP, NOW);
      expect(stats.successRateBps).toEqual({ value: null, changeBps: null });
      // Last month had a payment: the count compares (1 against 1).
      expect(stats.transactions).toEqual({ value: 1, changeBps: 0 });
      expect(stats.totalRevenueKesCents).toEqual({ value: 0, changeBps: -10_000 });
    } finally {
      test.close();
    }
  });

  it("leave revenue out for a role that may not see it", async () => {
    const stats = await testStore(first.db).read((q) =>
      statsOn(q, SHOP, NOW, "live", { revenue: false }),
    );
    expect(stats.totalRevenueKesCents).toBeNull();
    expect(stats.transactions.value).toBe(5);
  });
});
