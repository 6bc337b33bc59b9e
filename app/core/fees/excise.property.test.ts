/**
 * Property test (issue 31, item 7): random sequences of collections (crypto conversions and
 * M-Pesa-style postings at the C2B fee, some held for review) and disbursements (B2C and B2B rows,
 * reserved then sent) posted through the real posting functions. After each sequence, to the cent:
 * the excise-payable account holds exactly the excise of every fee, fee revenue every fee, the
 * merchant's balance the amounts less fees, excise and rail charges, and the books balance.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { merchants } from "../../../drizzle/schema";
import { feeBps } from "~/content/tariff";
import { rowCost } from "~/core/disbursements/fees";
import {
  balance,
  findUnbalancedTransactions,
  ledgerBook,
  postTransaction,
  trialBalance,
  verifyBalances,
} from "~/core/ledger/ledger.server";
import { postConversion } from "~/core/payments/deposit-postings.server";
import type { Payment } from "~/core/payments/payments.server";
import { bpsOf } from "~/core/payments/quote";
import type { RailId } from "~/core/rails/types";
import { reservedSending } from "~/core/transfers/records.server";
import type { Transfer } from "~/core/transfers/handler.server";
import { createTestDb, TEST_ENGINE, testStore } from "../../../tests/setup/db";
import { exciseOf } from "./excise";

const MERCHANT = "MRC-EXC3S9";
const book = ledgerBook("live");

type Op =
  | { t: "collect"; amount: bigint; review: boolean }
  | { t: "payout"; amount: bigint; rail: RailId; b2b: "paybill" | "till" | null };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    t: fc.constant("collect" as const),
    // KES 1 to KES 5,000,000 with any cents: fees with every last digit, so rounding is exercised.
    amount: fc.bigInt({ min: 100n, max: 500_000_000n }),
    review: fc.boolean(),
  }),
  fc.record({
    t: fc.constant("payout" as const),
    // Whole shillings, KES 10 to KES 250,000 (the rails move whole shillings).
    amount: fc.bigInt({ min: 10n, max: 250_000n }).map((kes) => kes * 100n),
    rail: fc.constantFrom<RailId>("mpesa", "airtel-money", "pesalink"),
    b2b: fc.constantFrom<"paybill" | "till" | null>(null, null, "paybill", "till"),
  }),
);

describe("excise duty in the books", () => {
  it("fees plus excise reconcile to the cent with excise payable, fee revenue and the merchant's net", async () => {
    const { db, close } = createTestDb();
    try {
      if (TEST_ENGINE === "sqlite") db.$client.pragma("synchronous = OFF");
      db.insert(merchants)
        .values({
          id: MERCHANT,
          businessName: "Excise Traders",
          contactEmail: "excise@shop.example",
          createdAt: 0,
        })
        .run();
      const store = testStore(db);
      const merchantBalance = async () =>
        -(
          (await balance(store, book.merchantAvailable(MERCHANT))) +
          (await balance(store, book.merchantPending(MERCHANT))) +
          (await balance(store, book.merchantReserved(MERCHANT)))
        );
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
          run++;
          const excise0 = -(await balance(store, book.excisePayable()));
          const fees0 = -(await balance(store, book.feeRevenue()));
          const merchant0 = await merchantBalance();
          let fees = 0n;
          let excise = 0n;
          let net = 0n;
          for (const [index, op] of ops.entries()) {
            const id = `${run}-${index}`;
            if (op.t === "collect") {
              const fee = bpsOf(op.amount, feeBps.c2b);
              const tax = exciseOf(fee);
              const payment = {
                id: `pay_${id}`,
                reference: id,
                mode: "live",
                merchantId: MERCHANT,
                asset: "USDT",
                quoteRate: "129.5",
                requiresReview: op.review,
              } as Payment;
              await store.write((q) =>
                postConversion(q, payment, {
                  units: op.amount,
                  grossKesCents: op.amount,
                  feeKesCents: fee,
                  exciseKesCents: tax,
                  fromSuspense: false,
                  key: `payment:${payment.id}:converted`,
                  now: 1,
                }),
              );
              fees += fee;
              excise += tax;
              net += op.amount - fee - tax;
            } else {
              const cost = rowCost(op.rail, op.amount, op.rail === "mpesa" ? op.b2b : null);
              // The merchant tops up what the row costs, the batch reserves it, the rail is funded.
              await store.write(async (q) => {
                await postTransaction(q, {
                  idempotencyKey: `test:topup:${id}`,
                  kind: "balance.topped_up",
                  description: "top-up",
                  entries: [
                    { account: book.suspense("KES"), amount: cost.totalKesCents },
                    { account: book.merchantAvailable(MERCHANT), amount: -cost.totalKesCents },
                  ],
                  now: 1,
                });
                await postTransaction(q, {
                  idempotencyKey: `test:fund:${id}`,
                  kind: "rail.funded",
                  description: "float",
                  entries: [
                    { account: book.capital("KES"), amount: -cost.totalKesCents },
                    { account: book.railFloat(op.rail), amount: cost.totalKesCents },
                  ],
                  now: 1,
                });
                await postTransaction(q, {
                  idempotencyKey: `test:reserve:${id}`,
                  kind: "disbursement.reserved",
                  description: "reserved",
                  entries: [
                    { account: book.merchantAvailable(MERCHANT), amount: cost.totalKesCents },
                    { account: book.merchantReserved(MERCHANT), amount: -cost.totalKesCents },
                  ],
                  guards: [book.merchantAvailable(MERCHANT)],
                  now: 1,
                });
                const transfer = {
                  id: `trf_${id}`,
                  merchantId: MERCHANT,
                  rail: op.rail,
                  phone: null,
                  amountKesCents: cost.amountKesCents,
                  feeKesCents: cost.feeKesCents,
                  exciseKesCents: cost.exciseKesCents,
                  railChargeKesCents: cost.railChargeKesCents,
                } as unknown as Transfer;
                await postTransaction(q, {
                  ...reservedSending(book, transfer),
                  kind: "disbursement.sent",
                  description: "sent",
                  now: 1,
                });
              });
              expect(cost.exciseKesCents).toBe(exciseOf(cost.feeKesCents));
              fees += cost.feeKesCents;
              excise += cost.exciseKesCents;
              // Topped up the total, then the payout took amount, fee, its excise and the charge.
              net +=
                cost.totalKesCents -
                (cost.amountKesCents +
                  cost.feeKesCents +
                  exciseOf(cost.feeKesCents) +
                  cost.railChargeKesCents);
            }
          }
          expect(-(await balance(store, book.excisePayable())) - excise0).toBe(excise);
          expect(-(await balance(store, book.feeRevenue())) - fees0).toBe(fees);
          expect((await merchantBalance()) - merchant0).toBe(net);
          // Every fee's excise is a tenth of it to within half a cent: the sum within ops/2 cents.
          const drift = excise * 10n - fees;
          expect(drift <= BigInt(ops.length) * 5n && drift >= -BigInt(ops.length) * 5n).toBe(true);
        }),
        { numRuns: 40 },
      );
      expect(await findUnbalancedTransactions(store)).toEqual([]);
      expect(await verifyBalances(store)).toEqual([]);
      const totals = await trialBalance(store);
      for (const total of Object.values(totals)) expect(total).toBe(0n);
    } finally {
      close();
    }
  }, 120_000);
});
