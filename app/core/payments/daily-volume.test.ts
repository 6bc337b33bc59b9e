/**
 * The daily-limit counter (`payment_daily_volumes`, ADR 0027) is kept by SQLite triggers: after any
 * sequence of inserts, status changes, amount changes and deletes of payments, by any code path,
 * each merchant's, mode's and EAT day's row equals the sum of that day's payments in a status of
 * DAILY_LIMIT_STATUSES (so the trigger's status list and the code's agree).
 */
import fc from "fast-check";
import { eq, like, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentDailyVolumes, payments } from "../../../drizzle/schema";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  setUpPaymentsHarness,
  testConfig,
} from "../../../tests/setup/payments";
import { createPayment, DAILY_LIMIT_STATUSES, type Payment } from "./payments.server";
import { eatDay } from "./settlement-plan";
import { paymentStatuses } from "./statuses";

const { db, close } = createTestDb();
const h = setUpPaymentsHarness({ db, close });
const MERCHANTS = ["MRC-VQLAA2", "MRC-VQLAB3"] as const;

/** What the counter must hold, computed from the payments themselves. */
function expectedVolumes(): Record<string, bigint> {
  const totals: Record<string, bigint> = {};
  for (const payment of db.select().from(payments).all()) {
    if (!DAILY_LIMIT_STATUSES.includes(payment.status)) continue;
    const key = `${payment.merchantId} ${payment.mode} ${eatDay(payment.createdAt)}`;
    totals[key] = (totals[key] ?? 0n) + payment.amountKesCents;
  }
  return Object.fromEntries(Object.entries(totals).filter(([, cents]) => cents !== 0n));
}

function storedVolumes(): Record<string, bigint> {
  return Object.fromEntries(
    db
      .select()
      .from(paymentDailyVolumes)
      .where(ne(paymentDailyVolumes.countedKesCents, 0n))
      .all()
      .map((row) => [`${row.merchantId} ${row.mode} ${row.day}`, row.countedKesCents]),
  );
}

const op = fc.oneof(
  fc.record({
    kind: fc.constant("insert" as const),
    merchant: fc.constantFrom(...MERCHANTS),
    mode: fc.constantFrom("live" as const, "test" as const),
    status: fc.constantFrom(...paymentStatuses),
    cents: fc.bigInt({ min: 50_000n, max: 1_000_000_000n }),
    // Across EAT midnight: 21:00 UTC is 00:00 in Nairobi.
    createdAt: fc.integer({ min: Date.UTC(2026, 10, 20, 18), max: Date.UTC(2026, 10, 22, 3) }),
  }),
  fc.record({
    kind: fc.constant("status" as const),
    pick: fc.nat(),
    status: fc.constantFrom(...paymentStatuses),
  }),
  fc.record({
    kind: fc.constant("amount" as const),
    pick: fc.nat(),
    cents: fc.bigInt({ min: 50_000n, max: 1_000_000_000n }),
  }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
);

describe("the daily-limit counter", () => {
  it("equals the day's counted payments after any inserts, status and amount changes and deletes", async () => {
    for (const merchant of MERCHANTS) addMerchant(db, merchant);
    // A real payment as the template of the rows written below.
    const template: Payment = await createPayment(
      testStore(db),
      {
        custody: h.runtime.custody,
        rates: liveRates(h.clock.now),
        config: testConfig,
        now: h.clock.now,
      },
      { merchantId: MERCHANTS[0], amountKes: 1_000, asset: "USDT", reference: "TPL" },
    );
    let serial = 0;
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        db.delete(payments).where(like(payments.id, "pay_dv%")).run();
        const ids: string[] = [];
        for (const step of ops) {
          const id = ids.length > 0 && "pick" in step ? ids[step.pick % ids.length]! : null;
          if (step.kind === "insert") {
            const fresh = `pay_dv${++serial}`;
            db.insert(payments)
              .values({
                ...template,
                id: fresh,
                depositAddress: `0xdailyvolume${serial}`,
                merchantId: step.merchant,
                mode: step.mode,
                status: step.status,
                amountKesCents: step.cents,
                createdAt: step.createdAt,
              })
              .run();
            ids.push(fresh);
          } else if (id && step.kind === "status") {
            db.update(payments).set({ status: step.status }).where(eq(payments.id, id)).run();
          } else if (id && step.kind === "amount") {
            db.update(payments)
              .set({ amountKesCents: step.cents })
              .where(eq(payments.id, id))
              .run();
          } else if (id && step.kind === "delete") {
            db.delete(payments).where(eq(payments.id, id)).run();
            ids.splice(ids.indexOf(id), 1);
          }
          expect(storedVolumes()).toEqual(expectedVolumes());
        }
      }),
      { numRuns: 60 },
    );
  });
});
