/**
 * The merchant's daily limit (KES 10,000,000 per EAT day) under concurrent "Create Payment" calls
 * (issue 10, item 2): the amount is checked and held in one transaction before custody is called,
 * the hold becomes the payment (or is given back when custody fails), so the cap is never beaten.
 */
import fc from "fast-check";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { merchants, paymentReservations, payments } from "../../../drizzle/schema";
import { createCustodyClient } from "~/core/providers/custody/client.server";
import type { Custody, DepositAddress } from "~/core/providers/custody/types";
import { createTestDb, TEST_ENGINE, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  testConfig,
  setUpPaymentsHarness,
} from "../../../tests/setup/payments";
import {
  createPayment,
  eatDayStart,
  PaymentError,
  RESERVATION_TTL_MS,
  reserveDailyAmount,
  type Payment,
} from "./payments.server";

const { db, close } = createTestDb();
const h = setUpPaymentsHarness({ db, close });

const CAP_CENTS = BigInt(testConfig.dailyPerMerchantKes) * 100n;
let merchantCounter = 0;
function newMerchant(): string {
  const alphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
  let n = ++merchantCounter;
  let code = "";
  for (let i = 0; i < 5; i++, n = Math.floor(n / alphabet.length))
    code = alphabet[n % alphabet.length] + code;
  const id = `MRC-D${code}`;
  addMerchant(db, id);
  return id;
}

function create(
  merchantId: string,
  amountKes: number,
  custody: Custody = h.runtime.custody,
  now = h.clock.now,
) {
  return createPayment(
    testStore(db),
    { custody, rates: liveRates(now), config: testConfig, now },
    { merchantId, amountKes, asset: "USDT", reference: `DL-${amountKes}` },
  );
}

/** KES cents of the merchant's payments that count against today's limit, as stored. */
function countedCents(merchantId: string, now = h.clock.now): bigint {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.merchantId, merchantId),
        gte(payments.createdAt, eatDayStart(now)),
        inArray(payments.status, [
          "awaiting_payment",
          "confirming",
          "confirmed",
          "in_review",
          "settling",
          "settled",
        ]),
      ),
    )
    .all()
    .reduce((sum, p) => sum + p.amountKesCents, 0n);
}

/**
 * What counts against the merchant's day, as stored: its counted payments plus its holds, read in
 * one statement (one snapshot: on PostgreSQL a create may commit between two reads, turning a hold
 * into its payment, and two reads would count it twice).
 */
function dayUseCents(merchantId: string, now = h.clock.now): bigint {
  const [row] = db
    .select({
      counted: sql<string>`cast(coalesce((select sum(${payments.amountKesCents}) from ${payments} where ${payments.merchantId} = ${merchantId} and ${payments.createdAt} >= ${eatDayStart(now)} and ${payments.status} in ('awaiting_payment', 'confirming', 'confirmed', 'in_review', 'settling', 'settled')), 0) as text)`,
      held: sql<string>`cast(coalesce((select sum(${paymentReservations.amountKesCents}) from ${paymentReservations} where ${paymentReservations.merchantId} = ${merchantId}), 0) as text)`,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .all();
  return BigInt(row!.counted) + BigInt(row!.held);
}

const holds = (merchantId: string) =>
  db.select().from(paymentReservations).where(eq(paymentReservations.merchantId, merchantId)).all();

function outcomes(results: PromiseSettledResult<Payment>[]) {
  return results.map((r) =>
    r.status === "fulfilled"
      ? "created"
      : r.reason instanceof PaymentError
        ? r.reason.code
        : String(r.reason),
  );
}

describe("the daily limit under concurrent creates", () => {
  it("twelve concurrent KES 1,000,000 creates against the KES 10,000,000 cap: exactly ten are created", async () => {
    const merchant = newMerchant();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => create(merchant, 1_000_000)),
    );
    const seen = outcomes(results);
    expect(seen.filter((o) => o === "created")).toHaveLength(10);
    expect(seen.filter((o) => o === "daily_limit")).toHaveLength(2);
    expect(countedCents(merchant)).toBe(CAP_CENTS);
    expect(holds(merchant)).toEqual([]);
    // Every created payment has its own deposit address at custody.
    const addresses = new Set(h.custodySim.depositAddresses().map((a) => a.address));
    for (const result of results)
      if (result.status === "fulfilled")
        expect(addresses.has(result.value.depositAddress!)).toBe(true);
  });

  it("fifty concurrent creates of mixed amounts: the cap holds, every refusal is justified (and on one writer, exactly the ones that fit in order are created)", async () => {
    const merchant = newMerchant();
    const amounts = Array.from(
      { length: 50 },
      (_, i) => [400_000, 1_250_000, 90_000, 2_000_000, 650_000][i % 5]!,
    );
    const results = await Promise.allSettled(amounts.map((amount) => create(merchant, amount)));
    const seen = outcomes(results);
    expect(new Set(seen)).toEqual(new Set(["created", "daily_limit"]));
    const cents = amounts.map((amount) => BigInt(amount) * 100n);
    const created = cents.reduce((sum, c, i) => (seen[i] === "created" ? sum + c : sum), 0n);
    expect(countedCents(merchant)).toBe(created);
    expect(created).toBeLessThanOrEqual(CAP_CENTS);
    expect(holds(merchant)).toEqual([]);
    // Every refusal was justified: it would not fit even beside what was created in the end.
    cents.forEach((c, i) => {
      if (seen[i] === "daily_limit") expect(created + c).toBeGreaterThan(CAP_CENTS);
    });
    // SQLite's one writer takes the calls in the order they were made, so exactly the ones that
    // fit in that order are created (a refused one leaves room for a smaller one). PostgreSQL's
    // writers reach the day's lock in no fixed order.
    if (TEST_ENGINE === "sqlite") {
      let used = 0n;
      const expected = cents.map((c) => {
        if (used + c > CAP_CENTS) return "daily_limit";
        used += c;
        return "created";
      });
      expect(seen).toEqual(expected);
    }
  });

  it("a custody failure gives the hold back: the full day is still available", async () => {
    const merchant = newMerchant();
    const keys = h.custodySim.apiKeyPair!;
    // A custody endpoint that refuses connections (nothing listens on port 9 here).
    const unreachable = createCustodyClient({
      baseUrl: "http://127.0.0.1:9",
      apiKey: keys.apiKey,
      apiSecretPem: keys.privateKeyPem,
      timeoutMs: 2_000,
    });
    // The two that hold the day reach custody only once the third was refused (where writers run
    // at once, a refused connection could otherwise give a hold back before the third checks).
    let refusedYet!: () => void;
    const thirdRefused = new Promise<void>((resolve) => (refusedYet = resolve));
    const gated: Custody = {
      ...unreachable,
      createDepositAddress: async (request) => {
        await thirdRefused;
        return unreachable.createDepositAddress(request);
      },
    };
    const attempts = Array.from({ length: 3 }, () =>
      create(merchant, 5_000_000, gated).catch((error: unknown) => {
        if (error instanceof PaymentError && error.code === "daily_limit") refusedYet();
        throw error;
      }),
    );
    const failed = await Promise.allSettled(attempts);
    expect(outcomes(failed).sort()).toEqual([
      "custody_unavailable",
      "custody_unavailable",
      "daily_limit",
    ]);
    expect(holds(merchant)).toEqual([]);
    expect(countedCents(merchant)).toBe(0n);
    const ok = await Promise.allSettled([create(merchant, 5_000_000), create(merchant, 5_000_000)]);
    expect(outcomes(ok)).toEqual(["created", "created"]);
    expect(countedCents(merchant)).toBe(CAP_CENTS);
    await expect(create(merchant, 500)).rejects.toMatchObject({ code: "daily_limit" });
  });

  it("a hold left by a creation that crashed lapses after its time and frees the day", async () => {
    const merchant = newMerchant();
    await reserveDailyAmount(testStore(db), {
      paymentId: "pay_crashedhold1",
      merchantId: merchant,
      amountKesCents: CAP_CENTS,
      config: testConfig,
      now: h.clock.now,
    });
    await expect(create(merchant, 500)).rejects.toMatchObject({ code: "daily_limit" });
    const later = h.clock.now + RESERVATION_TTL_MS + 1;
    const payment = await create(merchant, 5_000_000, h.runtime.custody, later);
    expect(payment.status).toBe("awaiting_payment");
    expect(holds(merchant)).toEqual([]);
  });
});

describe("test and live payments have separate daily limits (issue 13)", () => {
  it("a day of test payments at the cap leaves the live limit whole, and the other way round", async () => {
    const merchant = newMerchant();
    const make = (amountKes: number, mode: "test" | "live") =>
      createPayment(
        testStore(db),
        {
          custody: h.runtime.custody,
          rates: liveRates(h.clock.now),
          config: testConfig,
          now: h.clock.now,
        },
        { merchantId: merchant, amountKes, asset: "USDT", reference: `DL-${mode}`, mode },
      );
    for (let i = 0; i < 2; i++) await make(5_000_000, "test");
    await expect(make(500, "test")).rejects.toMatchObject({ code: "daily_limit" });
    const live = await make(5_000_000, "live");
    expect(live.mode).toBe("live");
    await make(5_000_000, "live");
    await expect(make(500, "live")).rejects.toMatchObject({ code: "daily_limit" });
  });
});

describe("property: random amounts, custody outcomes and interleavings", () => {
  it("the counted total never exceeds the cap, every refusal was justified, and no hold is left behind", async () => {
    const op = fc.record({
      amountKes: fc.oneof(
        fc.integer({ min: 500, max: 5_000_000 }),
        fc.constantFrom(1_000_000, 2_500_000, 5_000_000),
      ),
      custodyFails: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(op, { minLength: 1, maxLength: 14 }),
        async (s, ops) => {
          const merchant = newMerchant();
          const now = h.clock.now;
          let addressCounter = 0;
          // Ops that may hold their amount (from their launch to their end: the hold is in the
          // database before the op's custody call is seen here, so another op's check may count it
          // first), and the ones created.
          const holding = new Map<number, bigint>();
          let created = 0n;
          // Per op still running: the most the other ops created or may have held at any moment
          // since it was launched (with writers running at once, a hold its check saw may be gone
          // by its end).
          const peaks = new Map<number, bigint>();
          const inFlight = () =>
            created + [...holding.values()].reduce((sum, amount) => sum + amount, 0n);
          // What the others hold or created, for an op (its own amount is added by its check).
          const othersInFlight = (index: number) => inFlight() - (holding.get(index) ?? 0n);
          const notePeak = () => {
            for (const [index, peak] of peaks) {
              const others = othersInFlight(index);
              if (others > peak) peaks.set(index, others);
            }
          };
          const overCap: bigint[] = [];
          // Each op asks its own custody (its create awaits the store before it calls custody, so
          // other ops may start meanwhile).
          const custodyFor = (index: number): Custody => ({
            // Custody answers in an order the scheduler picks; a failure is a provider error.
            createDepositAddress: () => {
              const amount = BigInt(ops[index]!.amountKes) * 100n;
              holding.set(index, amount);
              notePeak();
              // At this moment the hold is in the database: counted payments plus live holds fit
              // the cap.
              const usedNow = dayUseCents(merchant, now);
              if (usedNow > CAP_CENTS) overCap.push(usedNow);
              const answer: Promise<DepositAddress> = ops[index]!.custodyFails
                ? Promise.reject(new Error("custody is down"))
                : Promise.resolve({
                    address: `0xprop${merchant}${++addressCounter}`.padEnd(42, "0"),
                    assetId: "USDT_ERC20",
                    vaultAccountId: "9",
                  });
              return s.schedule(answer, `custody ${index}`);
            },
            getTransaction: () => Promise.reject(new Error("not used")),
            findDeposits: () => Promise.reject(new Error("not used")),
          });
          const launches = ops.map((item, index) =>
            s.schedule(Promise.resolve(), `create ${index}`).then(async () => {
              peaks.set(index, othersInFlight(index));
              holding.set(index, BigInt(item.amountKes) * 100n);
              notePeak();
              try {
                await createPayment(
                  testStore(db),
                  { custody: custodyFor(index), rates: liveRates(now), config: testConfig, now },
                  {
                    merchantId: merchant,
                    amountKes: item.amountKes,
                    asset: "USDT",
                    reference: `P-${index}`,
                  },
                );
                created += BigInt(item.amountKes) * 100n;
                return "created";
              } catch (error) {
                if (!(error instanceof PaymentError)) throw error;
                if (error.code === "daily_limit") {
                  // Justified: what was created or held when it was refused, plus this, is over the
                  // cap. The check runs in a store write after the launch, so what was created or
                  // held then is at least what was at the launch or what the database holds now.
                  const inDatabase = dayUseCents(merchant, now);
                  const peak = peaks.get(index)!;
                  const before = peak > inDatabase ? peak : inDatabase;
                  expect(before + BigInt(item.amountKes) * 100n).toBeGreaterThan(CAP_CENTS);
                } else {
                  expect(error.code).toBe("custody_unavailable");
                  expect(item.custodyFails).toBe(true);
                }
                return error.code;
              } finally {
                holding.delete(index);
                peaks.delete(index);
              }
            }),
          );
          const results = await s.waitFor(Promise.all(launches));
          expect(countedCents(merchant, now)).toBe(created);
          expect(created).toBeLessThanOrEqual(CAP_CENTS);
          expect(holds(merchant)).toEqual([]);
          expect(overCap).toEqual([]);
          // Every op whose custody call succeeded was created; none other was.
          expect(results.filter((r) => r === "created").length).toBe(
            db.select().from(payments).where(eq(payments.merchantId, merchant)).all().length,
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
