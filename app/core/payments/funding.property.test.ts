/**
 * Property test of funding payouts (issue 30, item 1) against the ledger: random sequences of
 * settlement policies (at once or daily at a random time, keeping nothing, a percentage or a
 * float), payments, top-ups (Pay Bill and bank transfers, credited as they arrive), payouts from
 * the balance and the passing of time (the payments run: daily settlements, sending, the M-Pesa
 * simulator answering). After every step both books balance, the merchant's money is conserved
 * (what came in from payments and top-ups is in available, reserved or in flight, or was paid out
 * to its destination or to a payout's recipient), nothing is negative, and what went to the
 * merchant's own destination never exceeds what its payments brought in: a top-up is never swept
 * back out.
 */
import fc from "fast-check";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settlementTransfers } from "../../../drizzle/schema";
import { approveBatch, createBulkBatch, submitBatch } from "~/core/disbursements/batches.server";
import { DisbursementError } from "~/core/disbursements/errors";
import { DAILY_TIMES, type SettlementPolicy } from "~/core/funding/policy";
import { creditArrivedTopUp } from "~/core/funding/top-ups.server";
import { dueOf, savePolicy, storedPolicyOn } from "~/core/funding/policy.server";
import {
  findUnbalancedTransactions,
  merchantAvailable,
  merchantInFlight,
  merchantReserved,
  owed,
  trialBalance,
  verifyBalances,
} from "~/core/ledger/ledger.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  confirmedPayment,
  merchantIdSequence,
  startPaymentsHarness,
  testConfig,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import { runDailySettlements } from "./daily-settlement.server";
import { planSettlement, sendPendingTransfers } from "./settlement.server";

const { db, close } = createTestDb();
const store = testStore(db);
let h: PaymentsHarness;
const now = () => h.clock.now;

beforeAll(async () => {
  h = await startPaymentsHarness(db);
});
afterAll(async () => {
  await h.close();
  close();
});

const nextMerchant = merchantIdSequence("FP");
let topUps = 0;

type Op =
  | { kind: "policy"; policy: SettlementPolicy }
  | { kind: "payment"; kes: number }
  | { kind: "top-up"; kes: number; method: "mpesa_paybill" | "bank" }
  | { kind: "payout"; kes: number }
  | { kind: "time"; minutes: number };

const policy: fc.Arbitrary<SettlementPolicy> = fc
  .record({
    schedule: fc.constantFrom("instant" as const, "daily" as const),
    dailyTime: fc.constantFrom(...DAILY_TIMES),
    keep: fc.constantFrom("none" as const, "percent" as const, "float" as const),
    keepPercent: fc.integer({ min: 1, max: 100 }),
    floatKes: fc.integer({ min: 1, max: 20_000 }),
  })
  .map(({ floatKes, ...p }) => ({
    ...p,
    keepPercent: p.keep === "percent" ? p.keepPercent : 0,
    keepFloatKesCents: p.keep === "float" ? BigInt(floatKes) * 100n : 0n,
  }));

const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: policy.map((p) => ({ kind: "policy" as const, policy: p })), weight: 2 },
  {
    arbitrary: fc
      .integer({ min: 500, max: 30_000 })
      .map((kes) => ({ kind: "payment" as const, kes })),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("top-up" as const),
      kes: fc.integer({ min: 1, max: 20_000 }),
      method: fc.constantFrom("mpesa_paybill" as const, "bank" as const),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.integer({ min: 10, max: 5_000 }).map((kes) => ({ kind: "payout" as const, kes })),
    weight: 2,
  },
  {
    arbitrary: fc
      .integer({ min: 1, max: 36 * 60 })
      .map((minutes) => ({ kind: "time" as const, minutes })),
    weight: 3,
  },
);

/** The merchant's transfers of these purposes that left (or are leaving) for good. */
async function sentTotal(
  merchantId: string,
  purposes: ("settlement" | "sweep" | "disbursement")[],
) {
  const rows = await store.read((q) =>
    q
      .select()
      .from(settlementTransfers)
      .where(
        and(
          eq(settlementTransfers.merchantId, merchantId),
          inArray(settlementTransfers.purpose, purposes),
          eq(settlementTransfers.status, "succeeded"),
        ),
      ),
  );
  return rows.reduce(
    (sum, t) => sum + t.amountKesCents + t.railChargeKesCents + t.feeKesCents + t.exciseKesCents,
    0n,
  );
}

async function payTheRails() {
  await sendPendingTransfers(store, h.rails, now, { limit: 500 });
  await h.darajaSim.flush();
}

describe("funding payouts keeps the books and the merchant's money whole", () => {
  it("holds over random policies, payments, top-ups, payouts and days", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const M = nextMerchant();
        addMerchant(db, M);
        let collected = 0n;
        let toppedUp = 0n;
        const check = async () => {
          const available = await owed(store, merchantAvailable(M));
          const reserved = await owed(store, merchantReserved(M));
          const inFlight = await owed(store, merchantInFlight(M));
          const settled = await sentTotal(M, ["settlement", "sweep"]);
          const paidOut = await sentTotal(M, ["disbursement"]);
          expect(available).toBeGreaterThanOrEqual(0n);
          expect(reserved).toBeGreaterThanOrEqual(0n);
          expect(inFlight).toBeGreaterThanOrEqual(0n);
          expect(available + reserved + inFlight + settled + paidOut).toBe(collected + toppedUp);
          // Only collections go to the merchant's own destination.
          expect(settled).toBeLessThanOrEqual(collected);
          const stored = await store.read((q) => storedPolicyOn(q, M));
          expect(dueOf(stored, "live")).toBeGreaterThanOrEqual(0n);
          expect(await findUnbalancedTransactions(store)).toEqual([]);
          for (const sum of Object.values(await trialBalance(store))) expect(sum).toBe(0n);
        };
        for (const step of ops) {
          if (step.kind === "policy") {
            await savePolicy(store, { merchantId: M, userId: "usr_owner" }, step.policy, now());
          } else if (step.kind === "payment") {
            const { payment } = await confirmedPayment(db, h, {
              merchantId: M,
              amountKes: step.kes,
              reference: `P-${step.kes}`,
            });
            collected += payment.amountKesCents - payment.feeKesCents - payment.exciseKesCents;
            await planSettlement(store, payment.id, testConfig, now());
            await payTheRails();
          } else if (step.kind === "top-up") {
            const { created } = await creditArrivedTopUp(store, {
              method: step.method,
              providerReference: `REF${++topUps}`,
              amountKesCents: BigInt(step.kes) * 100n,
              merchantId: M,
              now: now(),
            });
            expect(created).toBe(true);
            toppedUp += BigInt(step.kes) * 100n;
          } else if (step.kind === "payout") {
            try {
              const batch = await createBulkBatch(
                store,
                { merchantId: M, memberId: "usr_maker", mode: "live" },
                {
                  title: "Supplier",
                  fileName: null,
                  text: `recipient,amount\n0712500003,${step.kes}`,
                  smsReceipts: false,
                },
                now(),
              );
              await submitBatch(store, { merchantId: M, memberId: "usr_maker" }, batch.id, now());
              await approveBatch(
                store,
                { merchantId: M, memberId: "usr_checker" },
                batch.id,
                now(),
              );
            } catch (error) {
              // A balance too short for the payout refuses it and changes nothing.
              if (!(error instanceof DisbursementError)) throw error;
            }
            await payTheRails();
          } else {
            h.clock.now += step.minutes * 60_000;
            await runDailySettlements(store, now());
            await payTheRails();
          }
          await check();
        }
        expect(await verifyBalances(store)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});
