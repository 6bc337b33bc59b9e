/**
 * Property: whatever sequence of payments, deposits (exact, short, over), confirmations,
 * settlements, failures, retries and status queries happens, every ledger transaction balances,
 * cached balances equal the sum of entries, no merchant balance goes negative, and the KES that
 * came in equals the KES paid out plus what is still owed to merchants plus our fees.
 */
import fc from "fast-check";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants, payments, settlementTransfers } from "../../../drizzle/schema";
import {
  excisePayable,
  feeRevenue,
  findUnbalancedTransactions,
  merchantAvailable,
  merchantInFlight,
  merchantPending,
  normalBalance,
  owed,
  trialBalance,
  verifyBalances,
} from "~/core/ledger/ledger.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  startPaymentsHarness,
  testConfig,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import { reviewPayment } from "./exceptions.server";
import { createPayment, getPayment } from "./payments.server";
import { fromScaled, ASSET_SCALE } from "./quote";
import {
  planSettlement,
  queryOverdueTransfers,
  releaseScheduledTransfers,
  retryTransfer,
  sendPendingTransfers,
} from "./settlement.server";
import { ZERO_TRIAL_BALANCE } from "../../../tests/setup/books";

const { db, close } = createTestDb();
let h: PaymentsHarness;
const MERCHANTS = { good: "MRC-GQQD22", failing: "MRC-BADN22", silent: "MRC-QVET22" } as const;
beforeAll(async () => {
  h = await startPaymentsHarness(db);
  addMerchant(db, MERCHANTS.good);
  addMerchant(db, MERCHANTS.failing, "254700000002");
  addMerchant(db, MERCHANTS.silent, "254700000004");
});
afterAll(async () => {
  await h.close();
  close();
});

const step = fc.record({
  merchant: fc.constantFrom(...Object.values(MERCHANTS)),
  amountKes: fc.oneof(
    fc.integer({ min: 500, max: 20_000 }),
    fc.integer({ min: 200_000, max: 1_400_000 }),
  ),
  asset: fc.constantFrom("USDT" as const, "BTC" as const),
  deposit: fc.constantFrom("exact", "exact", "exact", "short", "over", "none"),
  approve: fc.boolean(),
  retry: fc.boolean(),
  hoursLater: fc.integer({ min: 0, max: 30 }),
});

function kesIn(): bigint {
  return db
    .select()
    .from(payments)
    .where(inArray(payments.status, ["confirmed", "in_review", "settling", "settled"]))
    .all()
    .reduce((sum, p) => sum + p.amountKesCents, 0n);
}

/**
 * Paid to merchants, plus the M-Pesa charges of every transfer handed to M-Pesa (they leave the
 * float when sent).
 */
function kesPaidOut(): bigint {
  return db
    .select()
    .from(settlementTransfers)
    .where(inArray(settlementTransfers.status, ["pending", "sent", "succeeded"]))
    .all()
    .reduce(
      (sum, t) => sum + (t.status === "succeeded" ? t.amountKesCents : 0n) + t.railChargeKesCents,
      0n,
    );
}

describe("ledger invariants over random payment histories", () => {
  it("hold after every history", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const s of steps) {
          h.clock.now += s.hoursLater * 3_600_000;
          const payment = await createPayment(
            testStore(db),
            {
              custody: h.runtime.custody,
              rates: liveRates(h.clock.now),
              config: testConfig,
              now: h.clock.now,
            },
            { merchantId: s.merchant, amountKes: s.amountKes, asset: s.asset, reference: "P" },
          ).catch(() => null);
          if (!payment) continue;
          if (s.deposit !== "none") {
            const units =
              s.deposit === "exact"
                ? payment.cryptoAmountUnits
                : s.deposit === "short"
                  ? payment.cryptoAmountUnits / 2n
                  : payment.cryptoAmountUnits * 2n;
            const tx = await h.custodySim.sendPayment({
              address: payment.depositAddress!,
              amount: fromScaled(units, ASSET_SCALE[s.asset]),
            });
            await h.custodySim.confirm(tx.id, 3);
          }
          if (
            (await testStore(db).read((q) => getPayment(q, payment.id)))?.status === "in_review"
          ) {
            await reviewPayment(testStore(db), {
              paymentId: payment.id,
              operatorId: "op_prop",
              approve: s.approve,
              now: h.clock.now,
            });
          }
          await planSettlement(testStore(db), payment.id, testConfig, h.clock.now);
          await releaseScheduledTransfers(testStore(db), h.clock.now);
          await sendPendingTransfers(testStore(db), h.rails, () => h.clock.now);
          await h.darajaSim.flush();
          await queryOverdueTransfers(testStore(db), h.rails, h.clock.now, 0);
          await h.darajaSim.flush();
          if (s.retry) {
            for (const failed of db
              .select()
              .from(settlementTransfers)
              .where(eq(settlementTransfers.status, "failed"))
              .all()) {
              await retryTransfer(testStore(db), failed.id, h.clock.now);
            }
            await sendPendingTransfers(testStore(db), h.rails, () => h.clock.now);
            await h.darajaSim.flush();
          }
        }
        expect(await findUnbalancedTransactions(testStore(db))).toEqual([]);
        expect(await verifyBalances(testStore(db))).toEqual([]);
        expect(await trialBalance(testStore(db))).toEqual(ZERO_TRIAL_BALANCE);
        let owedToMerchants = 0n;
        for (const merchant of db.select({ id: merchants.id }).from(merchants).all()) {
          for (const account of [
            merchantAvailable(merchant.id),
            merchantPending(merchant.id),
            merchantInFlight(merchant.id),
          ]) {
            const amount = await owed(testStore(db), account);
            expect(amount).toBeGreaterThanOrEqual(0n);
            owedToMerchants += amount;
          }
        }
        // Money in = money out + what we still owe merchants + our fees + the excise on them.
        expect(kesIn()).toBe(
          kesPaidOut() +
            owedToMerchants +
            (await normalBalance(testStore(db), feeRevenue())) +
            (await normalBalance(testStore(db), excisePayable())),
        );
      }),
      { numRuns: 12 },
    );
    // Twelve histories over the simulators' HTTP: well inside a minute even on a loaded 2-core
    // machine, where the default 20 s was once reached.
  }, 60_000);
});
