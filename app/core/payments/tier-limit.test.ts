/**
 * The daily limit follows the merchant's KYB tier (issue 31, item 6; ADR 0058): a basic merchant is
 * refused over a tenth of the standard cap with the limit's own message naming its cap, an
 * enhanced one may go past the standard cap, and a standard one keeps the configured cap.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { merchants } from "../../../drizzle/schema";
import { tierDailyCapKes } from "~/core/kyb/tiers";
import type { KybTier } from "~/core/kyb/vocabulary";
import { formatKes } from "~/utils/format";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  setUpPaymentsHarness,
  testConfig,
} from "../../../tests/setup/payments";
import { createPayment, PaymentError, reserveDailyAmount } from "./payments.server";

const { db, close } = createTestDb();
const h = setUpPaymentsHarness({ db, close });

function merchantOn(id: string, tier: KybTier): string {
  addMerchant(db, id);
  db.update(merchants).set({ kybTier: tier }).where(eq(merchants.id, id)).run();
  return id;
}

const create = (merchantId: string, amountKes: number) =>
  createPayment(
    testStore(db),
    {
      custody: h.runtime.custody,
      rates: liveRates(h.clock.now),
      config: testConfig,
      now: h.clock.now,
    },
    { merchantId, amountKes, asset: "USDT", reference: `TIER-${amountKes}` },
  );

async function refusal(promise: Promise<unknown>): Promise<PaymentError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PaymentError);
  return error as PaymentError;
}

describe("the daily limit by KYB tier", () => {
  const standard = testConfig.dailyPerMerchantKes;

  it("is the configured cap on the standard tier", () => {
    expect(tierDailyCapKes("standard", standard)).toBe(standard);
    expect(tierDailyCapKes("basic", standard)).toBe(standard / 10);
    expect(tierDailyCapKes("enhanced", standard)).toBe(standard * 5);
  });

  it("refuses a basic merchant over its tier's cap, with the limit's message", async () => {
    const id = merchantOn("MRC-TBAS1", "basic");
    const cap = tierDailyCapKes("basic", standard);
    await create(id, cap);
    const error = await refusal(create(id, 1_000));
    expect(error.code).toBe("daily_limit");
    expect(error.message).toBe(
      `This payment would take you over your daily limit of ${formatKes(cap)}.`,
    );
  });

  it("lets an enhanced merchant past the standard cap, up to its own", async () => {
    const id = merchantOn("MRC-TENH1", "enhanced");
    const store = testStore(db);
    const hold = (paymentId: string, amountKes: number) =>
      reserveDailyAmount(store, {
        paymentId,
        merchantId: id,
        amountKesCents: BigInt(amountKes) * 100n,
        config: testConfig,
        now: h.clock.now,
      });
    await hold("pay_tenh_1", standard);
    await hold("pay_tenh_2", standard);
    const error = await refusal(hold("pay_tenh_3", standard * 3 + 1));
    expect(error.message).toBe(
      `This payment would take you over your daily limit of ${formatKes(standard * 5)}.`,
    );
  });

  it("keeps the standard merchant at the configured cap", async () => {
    const id = merchantOn("MRC-TSTD1", "standard");
    const store = testStore(db);
    await reserveDailyAmount(store, {
      paymentId: "pay_tstd_1",
      merchantId: id,
      amountKesCents: BigInt(standard) * 100n,
      config: testConfig,
      now: h.clock.now,
    });
    const error = await refusal(
      reserveDailyAmount(store, {
        paymentId: "pay_tstd_2",
        merchantId: id,
        amountKesCents: 100n,
        config: testConfig,
        now: h.clock.now,
      }),
    );
    expect(error.message).toBe(
      `This payment would take you over your daily limit of ${formatKes(standard)}.`,
    );
  });
});
