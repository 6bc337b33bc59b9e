/**
 * The ledger's books (docs/decisions/0012-ledger.md, "Books: live and test"): the live book keeps
 * the codes of before, the test book the same codes prefixed `test:`; balances are read per book,
 * and the checks hold per book, so a posting that moved money between books is caught.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { addMerchant } from "../../../tests/setup/payments";
import {
  capital,
  custody,
  findUnbalancedTransactions,
  InvalidPostingError,
  keyInBook,
  type LedgerBook,
  ledgerBook,
  merchantAvailable,
  merchantBalances,
  postTransaction,
  railFloat,
  trialBalance,
  trialBalanceByBook,
} from "./ledger.server";

const { db, close } = createTestDb();
afterAll(close);

const M = "MRC-K3NYA2";
addMerchant(db, M);
const ZERO = { KES: 0n, BTC: 0n, ETH: 0n, USDT: 0n, USDC: 0n };

describe("ledger books", () => {
  it("the live book keeps today's codes; the test book prefixes them with test:", async () => {
    expect(ledgerBook("live").merchantAvailable(M)).toEqual(merchantAvailable(M));
    expect(ledgerBook("live").custody("USDT")).toEqual(custody("USDT"));
    expect(railFloat("mpesa").code).toBe("rail:mpesa:float:KES");
    expect(ledgerBook("test").merchantAvailable(M)).toMatchObject({
      code: `test:merchant:${M}:available:KES`,
      currency: "KES",
      kind: "liability",
      ownerId: M,
    });
    expect(ledgerBook("test").custody("USDT").code).toBe("test:custody:USDT");
    expect(ledgerBook("test").railFloat("mpesa").code).toBe("test:rail:mpesa:float:KES");
    expect(keyInBook("live", "float:mpesa:opening:5")).toBe("float:mpesa:opening:5");
    expect(keyInBook("test", "float:mpesa:opening:5")).toBe("test:float:mpesa:opening:5");
    expect(() => ledgerBook("sandbox" as LedgerBook)).toThrow(InvalidPostingError);
  });

  it("balances are read per book", async () => {
    for (const [mode, cents] of [
      ["live", 10_000n],
      ["test", 70_000n],
    ] as const) {
      const book = ledgerBook(mode);
      await postTransaction(testStore(db), {
        idempotencyKey: keyInBook(mode, "books:credit"),
        kind: "payment.converted",
        entries: [
          { account: book.treasuryConversion("KES"), amount: cents },
          { account: book.merchantAvailable(M), amount: -cents },
        ],
      });
    }
    expect(await merchantBalances(testStore(db), M)).toEqual({
      available: 10_000n,
      pending: 0n,
      inFlight: 0n,
      reserved: 0n,
    });
    expect(await merchantBalances(testStore(db), M, "test")).toEqual({
      available: 70_000n,
      pending: 0n,
      inFlight: 0n,
      reserved: 0n,
    });
    expect(await trialBalanceByBook(testStore(db))).toEqual({ live: ZERO, test: ZERO });
    expect(await findUnbalancedTransactions(testStore(db))).toEqual([]);
  });

  it("a posting that moves money between books is unbalanced in each book", async () => {
    const result = await postTransaction(testStore(db), {
      idempotencyKey: "books:crossed",
      kind: "float.funded",
      entries: [
        { account: ledgerBook("test").railFloat("mpesa"), amount: 5_000n },
        { account: capital("KES"), amount: -5_000n },
      ],
    });
    // Both books together still sum to zero; each on its own does not.
    expect(await trialBalance(testStore(db))).toEqual(ZERO);
    expect(await trialBalanceByBook(testStore(db))).toEqual({
      live: { ...ZERO, KES: -5_000n },
      test: { ...ZERO, KES: 5_000n },
    });
    expect(
      (await findUnbalancedTransactions(testStore(db))).map(({ transactionId, book, sum }) => ({
        transactionId,
        book,
        sum,
      })),
    ).toEqual(
      expect.arrayContaining([
        { transactionId: result.transactionId, book: "live", sum: -5_000n },
        { transactionId: result.transactionId, book: "test", sum: 5_000n },
      ]),
    );
  });
});
