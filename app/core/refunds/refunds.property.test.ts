/**
 * Property test of refunds against the ledger (issue 15, item 5): for a paid payment, random
 * sequences of refunds (any amount, even more than is left; locked or today's rate; to an address
 * custody accepts or to one it blocks), custody confirming the ones sent, some racing on a second
 * connection. After every step: what was refunded never exceeds the payment; the merchant's balance
 * is what it had less the live refunds; the crypto owed to customers is exactly what the refunds
 * custody has not confirmed yet; nothing is negative; the books balance.
 */
import fc from "fast-check";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refunds } from "../../../drizzle/schema";
import {
  customerRefundsPayable,
  findUnbalancedTransactions,
  merchantAvailable,
  owed,
  trialBalance,
  verifyBalances,
} from "~/core/ledger/ledger.server";
import { getPayment, type Payment } from "~/core/payments/payments.server";
import { createTestDb, openTestDatabase, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  confirmedPayment,
  creditAvailable,
  merchantIdSequence,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import { sendPendingRefunds } from "./custody-send.server";
import { RefundError } from "./errors";
import { planRefund } from "./plan.server";
import { createRefund, refundedKesCents } from "./refunds.server";

const { db, file, close } = createTestDb();
const store = testStore(db);
const other = openTestDatabase(file);
let h: PaymentsHarness;
const now = () => h.clock.now;

const GOOD = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const BLOCKED = "0x52908400098527886E0F7030069857D2E4169EE7";

beforeAll(async () => {
  h = await startPaymentsHarness(db);
  h.custodySim.failTransfersTo(BLOCKED, "BLOCKED_BY_POLICY");
});
afterAll(async () => {
  await h.close();
  other.$client.close();
  close();
});

const nextMerchant = merchantIdSequence("PR");

type Step =
  | { kind: "refund"; permille: number; current: boolean; blocked: boolean; racing: boolean }
  | { kind: "confirm" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("refund" as const),
    permille: fc.integer({ min: 1, max: 1_300 }),
    current: fc.boolean(),
    blocked: fc.boolean(),
    racing: fc.boolean(),
  }),
  fc.constant({ kind: "confirm" as const }),
);

const deps = {
  currentRate: () => "125",
  estimateNetworkFee: (assetId: string) => h.runtime.custody.estimateNetworkFee(assetId),
  runningRails: [] as const,
};

let keys = 0;
async function tryRefund(payment: Payment, s: Extract<Step, { kind: "refund" }>) {
  const amount = (payment.amountKesCents * BigInt(s.permille)) / 1_000n;
  const request = {
    paymentId: payment.id,
    source: "balance" as const,
    amountKesCents: amount,
    rate: s.current ? ("current" as const) : ("locked" as const),
    address: s.blocked ? BLOCKED : GOOD,
  };
  const conns = s.racing ? [db, other] : [db];
  try {
    const plans = await Promise.all(
      conns.map((conn) => planRefund(testStore(conn), deps, payment, request)),
    );
    for (const [i, plan] of plans.entries()) {
      try {
        await createRefund(testStore(conns[i]!), plan, {
          createdBy: "usr_p",
          requestKey: `p-${++keys}`,
          reason: null,
          now: now(),
        });
      } catch (error) {
        if (!(error instanceof RefundError)) throw error;
      }
    }
  } catch (error) {
    if (!(error instanceof RefundError)) throw error;
  }
  await sendPendingRefunds(testStore(db), h.runtime.custody, now);
  await h.custodySim.flushWebhooks();
}

async function confirmSent(merchantId: string) {
  const sent = db
    .select()
    .from(refunds)
    .where(and(eq(refunds.merchantId, merchantId), eq(refunds.status, "sent")))
    .all();
  for (const refund of sent) await h.custodySim.completeTransfer(refund.custodyTxId!);
  await h.custodySim.flushWebhooks();
}

describe("refunds against the ledger", () => {
  it("never refunds more than the payment or the balance, and keeps the books", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3_000 }),
        fc.array(step, { minLength: 1, maxLength: 6 }),
        async (extraKes, steps) => {
          const merchantId = nextMerchant();
          addMerchant(db, merchantId);
          if (extraKes > 0) await creditAvailable(db, merchantId, extraKes);
          const { payment: made } = await confirmedPayment(db, h, {
            merchantId,
            amountKes: 1_000,
            reference: `P-${merchantId}`,
          });
          const payment = (await testStore(db).read((q) => getPayment(q, made.id)))!;
          const start = await owed(store, merchantAvailable(merchantId));
          const payableStart = await owed(store, customerRefundsPayable("USDT"));
          for (const s of steps) {
            if (s.kind === "refund") await tryRefund(payment, s);
            else await confirmSent(merchantId);
            const live = db
              .select()
              .from(refunds)
              .where(
                and(
                  eq(refunds.merchantId, merchantId),
                  inArray(refunds.status, ["pending", "sent", "succeeded"]),
                ),
              )
              .all();
            const liveKes = live.reduce((sum, r) => sum + r.amountKesCents, 0n);
            expect(await testStore(db).read((q) => refundedKesCents(q, payment.id))).toBe(liveKes);
            expect(liveKes).toBeLessThanOrEqual(payment.amountKesCents);
            const availableNow = await owed(store, merchantAvailable(merchantId));
            expect(availableNow).toBe(start - liveKes);
            expect(availableNow).toBeGreaterThanOrEqual(0n);
            const unconfirmed = live
              .filter((r) => r.status !== "succeeded")
              .reduce((sum, r) => sum + r.cryptoUnits!, 0n);
            expect((await owed(store, customerRefundsPayable("USDT"))) - payableStart).toBe(
              unconfirmed,
            );
          }
          await confirmSent(merchantId);
          expect(await owed(store, customerRefundsPayable("USDT"))).toBe(payableStart);
          expect(await trialBalance(store)).toEqual({
            KES: 0n,
            BTC: 0n,
            ETH: 0n,
            USDT: 0n,
            USDC: 0n,
          });
          expect(await verifyBalances(store)).toEqual([]);
          expect(await findUnbalancedTransactions(store)).toEqual([]);
        },
      ),
      { numRuns: 20 },
    );
  });
});
