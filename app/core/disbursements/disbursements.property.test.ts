/**
 * Property test of disbursements against the ledger (issue 15): random sequences of fundings,
 * payout files, approvals (by the maker too), payouts through the Daraja simulator where some
 * numbers are refused, retries and cancellations. After every step the merchant's money is
 * conserved: what was funded is in available, reserved or in flight, or was paid out (amount, fee
 * and charge of each paid row); reserved is exactly what the queued rows need; nothing is negative;
 * both books balance.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findUnbalancedTransactions,
  merchantAvailable,
  merchantInFlight,
  merchantReserved,
  owed,
  trialBalance,
  verifyBalances,
} from "~/core/ledger/ledger.server";
import { sendPendingTransfers } from "~/core/payments/settlement.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  creditAvailable,
  merchantIdSequence,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import {
  approveBatch,
  cancelRows,
  createBulkBatch,
  retryRows,
  submitBatch,
} from "./batches.server";
import { DisbursementError } from "./errors";
import { listBatchRows } from "./reads.server";

const { db, close } = createTestDb();
const store = testStore(db);
let h: PaymentsHarness;
const now = () => h.clock.now;

beforeAll(async () => {
  h = await startPaymentsHarness(db);
  // These numbers cannot receive M-Pesa: their rows fail.
  for (const phone of ["254712500001", "254712500002"])
    h.darajaSim.setOutcome(phone, "invalid-number");
});
afterAll(async () => {
  await h.close();
  close();
});

const PHONES = ["0712500001", "0712500002", "0712500003", "0712500004", "0712500005"];
const nextMerchant = merchantIdSequence("PR");

type Op =
  | { kind: "fund"; kes: number }
  | { kind: "batch"; rows: { phone: number; kes: number }[]; approveAsMaker: boolean }
  | { kind: "pay" }
  | { kind: "retry" }
  | { kind: "cancel" };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("fund" as const),
      kes: fc.integer({ min: 1, max: 60_000 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("batch" as const),
      rows: fc.array(
        fc.record({
          phone: fc.integer({ min: 0, max: PHONES.length - 1 }),
          kes: fc.integer({ min: 10, max: 3_000 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      // Now and then the maker tries to approve their own batch.
      approveAsMaker: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    }),
    weight: 3,
  },
  { arbitrary: fc.constant({ kind: "pay" as const }), weight: 3 },
  { arbitrary: fc.constant({ kind: "retry" as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: "cancel" as const }), weight: 1 },
);

describe("disbursements keep the merchant's money whole", () => {
  it("holds over random sequences", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const M = nextMerchant();
        addMerchant(db, M);
        let funded = 0n;
        const batches: string[] = [];
        const check = async () => {
          const rows = await store.read(async (q) => {
            const all = [];
            for (const id of batches)
              all.push(...(await listBatchRows(q, id, { limit: 100 })).rows);
            return all;
          });
          const total = (r: (typeof rows)[number]) =>
            (r.amountKesCents ?? 0n) +
            (r.feeKesCents ?? 0n) +
            (r.exciseKesCents ?? 0n) +
            (r.railChargeKesCents ?? 0n);
          const paid = rows.filter((r) => r.status === "paid").reduce((s, r) => s + total(r), 0n);
          const queued = rows
            .filter((r) => r.status === "queued")
            .reduce((s, r) => s + total(r), 0n);
          const available = await owed(store, merchantAvailable(M));
          const reserved = await owed(store, merchantReserved(M));
          const inFlight = await owed(store, merchantInFlight(M));
          expect(available).toBeGreaterThanOrEqual(0n);
          expect(reserved).toBe(queued);
          expect(inFlight).toBe(0n);
          expect(available + reserved + inFlight + paid).toBe(funded);
          expect(await findUnbalancedTransactions(store)).toEqual([]);
          for (const sum of Object.values(await trialBalance(store))) expect(sum).toBe(0n);
        };
        for (const step of ops) {
          try {
            if (step.kind === "fund") {
              await creditAvailable(db, M, step.kes);
              funded += BigInt(step.kes) * 100n;
            } else if (step.kind === "batch") {
              const text = [
                "recipient,amount",
                ...step.rows.map((r) => `${PHONES[r.phone]},${r.kes}`),
              ].join("\n");
              const batch = await createBulkBatch(
                store,
                { merchantId: M, memberId: "usr_maker", mode: "live" },
                { title: "Random", fileName: null, text, smsReceipts: false },
                now(),
              );
              batches.push(batch.id);
              await submitBatch(store, { merchantId: M, memberId: "usr_maker" }, batch.id, now());
              const approver = step.approveAsMaker ? "usr_maker" : "usr_checker";
              await approveBatch(store, { merchantId: M, memberId: approver }, batch.id, now());
            } else if (step.kind === "pay") {
              await sendPendingTransfers(testStore(db), h.rails, now, { limit: 500 });
              await h.darajaSim.flush();
            } else {
              for (const id of batches) {
                const act = step.kind === "retry" ? retryRows : cancelRows;
                try {
                  await act(
                    store,
                    { merchantId: M, memberId: "usr_checker" },
                    { batchId: id, rowIds: "all_failed" },
                    now(),
                  );
                } catch (error) {
                  if (!(error instanceof DisbursementError)) throw error;
                }
              }
            }
          } catch (error) {
            // Refusals (the maker approving, a short balance, nothing to retry) change nothing.
            if (!(error instanceof DisbursementError)) throw error;
          }
          await check();
        }
        expect(await verifyBalances(store)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
