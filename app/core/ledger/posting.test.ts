import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  merchants,
} from "../../../drizzle/schema";
import type { Db } from "~/db/sqlite-connection.server";
import { createTestDb, openTestDatabase, TEST_ENGINE, testStore } from "../../../tests/setup/db";
import {
  AccountMismatchError,
  AlreadyReversedError,
  balance,
  BalanceOverflowError,
  capital,
  custody,
  customerRefundsPayable,
  feeRevenue,
  findUnbalancedTransactions,
  getTransaction,
  getTransactionByKey,
  IdempotencyConflictError,
  InsufficientBalanceError,
  InvalidPostingError,
  listEntries,
  listTransactionsByReference,
  merchantAvailable,
  merchantBalances,
  merchantInFlight,
  merchantPending,
  networkFees,
  normalBalance,
  owed,
  postTransaction,
  type PostingEntry,
  railCharges,
  railFloat,
  railInFlight,
  reverseTransaction,
  suspense,
  TransactionNotFoundError,
  treasuryConversion,
  trialBalance,
  UnbalancedTransactionError,
  verifyBalances,
} from "./ledger.server";

const { db, file, close } = createTestDb();
afterAll(close);

const M1 = "MRC-AAAAA2";
const M2 = "MRC-BBBBB3";
db.insert(merchants)
  .values([
    { id: M1, businessName: "Shop One", contactEmail: "one@shop.example", createdAt: 0 },
    { id: M2, businessName: "Shop Two", contactEmail: "two@shop.example", createdAt: 0 },
  ])
  .run();

let keySeq = 0;
const key = (label = "t") => `${label}:${++keySeq}`;

/**
 * A confirmed BTC payment of KES `kes` at a locked rate: custody in, merchant credited net of a 1%
 * fee.
 */
function collection(merchantId: string, sats: bigint, kesCents: bigint): PostingEntry[] {
  const fee = kesCents / 100n;
  return [
    { account: custody("BTC"), amount: sats },
    { account: treasuryConversion("BTC"), amount: -sats },
    { account: treasuryConversion("KES"), amount: kesCents },
    { account: merchantAvailable(merchantId), amount: -(kesCents - fee) },
    { account: feeRevenue(), amount: -fee },
  ];
}

function payout(merchantId: string, cents: bigint): PostingEntry[] {
  return [
    { account: merchantAvailable(merchantId), amount: cents },
    { account: merchantInFlight(merchantId), amount: -cents },
    { account: railInFlight("mpesa"), amount: cents },
    { account: railFloat("mpesa"), amount: -cents },
  ];
}

function tableCounts(database: Db = db) {
  const of = (table: typeof ledgerAccounts | typeof ledgerEntries | typeof ledgerTransactions) =>
    database.select({ n: count() }).from(table).get()?.n ?? 0;
  return {
    accounts: of(ledgerAccounts),
    transactions: of(ledgerTransactions),
    entries: of(ledgerEntries),
  };
}

async function expectBooksConsistent() {
  expect(await verifyBalances(testStore(db))).toEqual([]);
  expect(await findUnbalancedTransactions(testStore(db))).toEqual([]);
  expect(Object.values(await trialBalance(testStore(db))).every((sum) => sum === 0n)).toBe(true);
}

beforeEach(() => expectBooksConsistent());

describe("chart of accounts", () => {
  it("builds codes, currencies and kinds", async () => {
    expect(merchantAvailable(M1)).toMatchObject({
      code: `merchant:${M1}:available:KES`,
      currency: "KES",
      kind: "liability",
      ownerId: M1,
    });
    expect(merchantPending(M1)).toMatchObject({
      code: `merchant:${M1}:pending:KES`,
      kind: "liability",
    });
    expect(merchantInFlight(M1)).toMatchObject({
      code: `merchant:${M1}:in-flight:KES`,
      kind: "liability",
    });
    expect(feeRevenue()).toMatchObject({
      code: "platform:fee-revenue:KES",
      currency: "KES",
      kind: "revenue",
      ownerId: null,
    });
    expect(custody("ETH")).toMatchObject({ code: "custody:ETH", currency: "ETH", kind: "asset" });
    expect(treasuryConversion("USDT")).toMatchObject({
      code: "treasury:conversion:USDT",
      currency: "USDT",
      kind: "equity",
    });
    expect(railInFlight("mpesa")).toMatchObject({
      code: "rail:mpesa:in-flight:KES",
      kind: "asset",
    });
    expect(railFloat("pesalink")).toMatchObject({ code: "rail:pesalink:float:KES", kind: "asset" });
    expect(railCharges("t-kash")).toMatchObject({
      code: "rail:t-kash:charges:KES",
      kind: "expense",
    });
    expect(customerRefundsPayable("USDC")).toMatchObject({
      code: "customer-refunds-payable:USDC",
      currency: "USDC",
      kind: "liability",
    });
    expect(networkFees("BTC")).toMatchObject({ code: "network-fees:BTC", kind: "expense" });
    expect(suspense("BTC")).toMatchObject({ code: "suspense:BTC", kind: "liability" });
    expect(capital("KES")).toMatchObject({ code: "capital:KES", kind: "equity" });
  });

  it("rejects ids and assets that would make odd codes", async () => {
    expect(() => merchantAvailable("MRC-AAAAA2:x")).toThrow(InvalidPostingError);
    expect(() => merchantAvailable("")).toThrow(InvalidPostingError);
    expect(() => custody("KES" as never)).toThrow(InvalidPostingError);
    expect(() => railFloat("swift" as never)).toThrow(InvalidPostingError);
    expect(() => treasuryConversion("EUR" as never)).toThrow(InvalidPostingError);
  });
});

describe("postTransaction rules", () => {
  it("posts a multi-currency transaction, creating accounts on first use", async () => {
    const before = tableCounts();
    const result = await postTransaction(testStore(db), {
      idempotencyKey: key("collect"),
      kind: "payment.converted",
      description: "BTC payment converted at the locked rate",
      reference: { type: "payment", id: "pay_1" },
      entries: collection(M1, 150_000n, 1_000_000n),
      now: 1_000,
    });
    expect(result.created).toBe(true);
    expect(result.transactionId).toMatch(/^ltx_/);
    const after = tableCounts();
    expect(after.transactions - before.transactions).toBe(1);
    expect(after.entries - before.entries).toBe(5);
    expect(await owed(testStore(db), merchantAvailable(M1))).toBe(990_000n);
    expect(await balance(testStore(db), merchantAvailable(M1))).toBe(-990_000n);
    expect(await balance(testStore(db), merchantAvailable(M1), { source: "cached" })).toBe(
      -990_000n,
    );
    expect(await normalBalance(testStore(db), custody("BTC"))).toBe(150_000n);
    expect(await normalBalance(testStore(db), feeRevenue())).toBe(10_000n);
    const stored = await getTransaction(testStore(db), result.transactionId);
    expect(stored).toMatchObject({
      kind: "payment.converted",
      reference: { type: "payment", id: "pay_1" },
      reversesTransactionId: null,
      reversedByTransactionId: null,
      createdAt: 1_000,
    });
    expect(stored?.entries.map((entry) => [entry.account.code, entry.amount])).toEqual([
      ["custody:BTC", 150_000n],
      ["treasury:conversion:BTC", -150_000n],
      ["treasury:conversion:KES", 1_000_000n],
      [`merchant:${M1}:available:KES`, -990_000n],
      ["platform:fee-revenue:KES", -10_000n],
    ]);
  });

  it("rejects a transaction unbalanced in one currency, even when the grand total is zero", async () => {
    const before = tableCounts();
    const entries: PostingEntry[] = [
      { account: custody("BTC"), amount: 100n },
      { account: treasuryConversion("BTC"), amount: -99n },
      { account: treasuryConversion("KES"), amount: 1n },
      { account: merchantAvailable(M1), amount: -2n },
    ];
    let error: unknown;
    try {
      await postTransaction(testStore(db), {
        idempotencyKey: key(),
        kind: "bad.posting",
        entries,
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UnbalancedTransactionError);
    expect((error as UnbalancedTransactionError).imbalances).toEqual({ BTC: 1n, KES: -1n });
    expect((error as UnbalancedTransactionError).code).toBe("unbalanced");
    expect(tableCounts()).toEqual(before);
  });

  it("rejects a single entry, no entries, zero, non-bigint and out-of-range amounts, and an account twice", async () => {
    const before = tableCounts();
    const attempt = (entries: unknown) =>
      postTransaction(testStore(db), {
        idempotencyKey: key(),
        kind: "bad.posting",
        entries: entries as PostingEntry[],
      });
    await expect(attempt([{ account: feeRevenue(), amount: 5n }])).rejects.toThrow(
      /at least two entries/,
    );
    await expect(attempt([])).rejects.toThrow(InvalidPostingError);
    await expect(attempt(undefined)).rejects.toThrow(InvalidPostingError);
    await expect(
      attempt([
        { account: feeRevenue(), amount: 0n },
        { account: capital("KES"), amount: 0n },
      ]),
    ).rejects.toThrow(/is zero/);
    await expect(
      attempt([
        { account: feeRevenue(), amount: 5 },
        { account: capital("KES"), amount: -5 },
      ]),
    ).rejects.toThrow(/must be a bigint/);
    await expect(
      attempt([
        { account: feeRevenue(), amount: 2n ** 63n },
        { account: capital("KES"), amount: -(2n ** 63n) },
      ]),
    ).rejects.toThrow(/64-bit range/);
    await expect(
      attempt([
        { account: feeRevenue(), amount: 5n },
        { account: feeRevenue(), amount: -5n },
      ]),
    ).rejects.toThrow(/appears twice/);
    await expect(
      attempt([
        { account: { code: "made:up", currency: "KES" }, amount: 5n },
        { account: feeRevenue(), amount: -5n },
      ]),
    ).rejects.toThrow(/ledger constructors/);
    expect(tableCounts()).toEqual(before);
  });

  it("rejects a bad idempotency key, kind or reference, and the reserved kind 'reversal'", async () => {
    const entries: PostingEntry[] = [
      { account: railFloat("mpesa"), amount: 5n },
      { account: capital("KES"), amount: -5n },
    ];
    await expect(
      postTransaction(testStore(db), { idempotencyKey: "", kind: "float.funded", entries }),
    ).rejects.toThrow(InvalidPostingError);
    await expect(
      postTransaction(testStore(db), { idempotencyKey: " ", kind: "float.funded", entries }),
    ).rejects.toThrow(InvalidPostingError);
    await expect(
      postTransaction(testStore(db), {
        idempotencyKey: "k".repeat(201),
        kind: "float.funded",
        entries,
      }),
    ).rejects.toThrow(InvalidPostingError);
    await expect(
      postTransaction(testStore(db), { idempotencyKey: key(), kind: "Float Funded", entries }),
    ).rejects.toThrow(InvalidPostingError);
    await expect(
      postTransaction(testStore(db), { idempotencyKey: key(), kind: "reversal", entries }),
    ).rejects.toThrow(/reverseTransaction/);
    await expect(
      postTransaction(testStore(db), {
        idempotencyKey: key(),
        kind: "float.funded",
        entries,
        reference: { type: "payment", id: "" },
      }),
    ).rejects.toThrow(InvalidPostingError);
    await expect(
      postTransaction(testStore(db), {
        idempotencyKey: key(),
        kind: "float.funded",
        entries,
        now: 1.5,
      }),
    ).rejects.toThrow(InvalidPostingError);
  });

  it("reposting the same key returns the first result and writes nothing (entries in any order)", async () => {
    const idempotencyKey = key("fund");
    const entries: PostingEntry[] = [
      { account: railFloat("mpesa"), amount: 50_000_000n },
      { account: capital("KES"), amount: -50_000_000n },
    ];
    const first = await postTransaction(testStore(db), {
      idempotencyKey,
      kind: "float.funded",
      entries,
      reference: { type: "funding", id: "f1" },
    });
    const before = tableCounts();
    const floatBefore = await balance(testStore(db), railFloat("mpesa"));
    const again = await postTransaction(testStore(db), {
      idempotencyKey,
      kind: "float.funded",
      entries: [...entries].reverse(),
      reference: { type: "funding", id: "f1" },
      description: "a retry may describe itself differently",
      now: 99,
    });
    expect(again).toEqual({ transactionId: first.transactionId, created: false });
    expect(first.created).toBe(true);
    expect(tableCounts()).toEqual(before);
    expect(await balance(testStore(db), railFloat("mpesa"))).toBe(floatBefore);
    expect((await getTransactionByKey(testStore(db), idempotencyKey))?.id).toBe(
      first.transactionId,
    );
  });

  it("the same key posted at once from two connections (two server processes): one posting, both answered", async () => {
    const second = openTestDatabase(file);
    try {
      for (let round = 0; round < 5; round++) {
        const idempotencyKey = key("race");
        const post = (on: Db) =>
          postTransaction(testStore(on), {
            idempotencyKey,
            kind: "float.funded",
            entries: [
              { account: railFloat("mpesa"), amount: 1_000n },
              { account: capital("KES"), amount: -1_000n },
            ],
          });
        const answers = await Promise.all([post(db), post(second)]);
        expect(answers.map((answer) => answer.created).sort()).toEqual([false, true]);
        expect(answers[0]!.transactionId).toBe(answers[1]!.transactionId);
      }
      expect(await verifyBalances(testStore(db))).toEqual([]);
    } finally {
      second.$client.close();
    }
  });

  it("throws IdempotencyConflict when a key comes back with different entries, kind or reference", async () => {
    const idempotencyKey = key("conflict");
    const entries: PostingEntry[] = [
      { account: railFloat("airtel-money"), amount: 1_000n },
      { account: capital("KES"), amount: -1_000n },
    ];
    const first = await postTransaction(testStore(db), {
      idempotencyKey,
      kind: "float.funded",
      entries,
      reference: { type: "funding", id: "f2" },
    });
    const before = tableCounts();
    const variants = [
      {
        kind: "float.funded",
        reference: { type: "funding", id: "f2" },
        entries: [
          { account: railFloat("airtel-money"), amount: 1_001n },
          { account: capital("KES"), amount: -1_001n },
        ],
      },
      {
        kind: "float.funded",
        reference: { type: "funding", id: "f2" },
        entries: [
          { account: railFloat("t-kash"), amount: 1_000n },
          { account: capital("KES"), amount: -1_000n },
        ],
      },
      { kind: "float.topped-up", reference: { type: "funding", id: "f2" }, entries },
      { kind: "float.funded", reference: { type: "funding", id: "f3" }, entries },
      { kind: "float.funded", entries },
    ];
    for (const variant of variants) {
      let error: unknown;
      try {
        await postTransaction(testStore(db), { idempotencyKey, ...variant });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(IdempotencyConflictError);
      expect(error).toMatchObject({
        idempotencyKey,
        existingTransactionId: first.transactionId,
        code: "idempotency_conflict",
      });
    }
    expect(tableCounts()).toEqual(before);
  });
});

describe("guards", () => {
  it("rolls back a posting that would overdraw a guarded account and leaves no trace", async () => {
    // M2 has never been used: its accounts do not exist yet.
    const before = tableCounts();
    const accountsBefore = db.select({ code: ledgerAccounts.code }).from(ledgerAccounts).all();
    const floatBefore = await balance(testStore(db), railFloat("mpesa"), { source: "cached" });
    let error: unknown;
    try {
      await postTransaction(testStore(db), {
        idempotencyKey: "payout:M2:1",
        kind: "payout.sent",
        entries: payout(M2, 500n),
        guards: [merchantAvailable(M2), railFloat("mpesa")],
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InsufficientBalanceError);
    expect(error).toMatchObject({
      accountCode: merchantAvailable(M2).code,
      currency: "KES",
      shortfall: 500n,
      balanceAfter: -500n,
    });
    expect(tableCounts()).toEqual(before);
    expect(db.select({ code: ledgerAccounts.code }).from(ledgerAccounts).all()).toEqual(
      accountsBefore,
    );
    expect(await balance(testStore(db), railFloat("mpesa"), { source: "cached" })).toBe(
      floatBefore,
    );
    expect(await getTransactionByKey(testStore(db), "payout:M2:1")).toBeNull();
  });

  it("allows a guarded balance to reach exactly zero, then refuses one cent more; the failed key can be retried", async () => {
    await postTransaction(testStore(db), {
      idempotencyKey: key("collect"),
      kind: "payment.converted",
      entries: collection(M2, 10_000n, 50_000n),
    });
    expect(await owed(testStore(db), merchantAvailable(M2))).toBe(49_500n);
    const tooMuch = () =>
      postTransaction(testStore(db), {
        idempotencyKey: "payout:M2:2",
        kind: "payout.sent",
        entries: payout(M2, 49_501n),
        guards: [merchantAvailable(M2), railFloat("mpesa")],
      });
    await expect(tooMuch()).rejects.toThrow(InsufficientBalanceError);
    const exact = await postTransaction(testStore(db), {
      idempotencyKey: "payout:M2:3",
      kind: "payout.sent",
      entries: payout(M2, 49_500n),
      guards: [merchantAvailable(M2), railFloat("mpesa")],
    });
    expect(exact.created).toBe(true);
    expect(await owed(testStore(db), merchantAvailable(M2))).toBe(0n);
    expect(await merchantBalances(testStore(db), M2)).toEqual({
      available: 0n,
      pending: 0n,
      inFlight: 49_500n,
      reserved: 0n,
    });
    await expect(tooMuch()).rejects.toThrow(InsufficientBalanceError);
    // More money arrives: the same key that failed now posts (a failure wrote nothing, not even the
    // key).
    await postTransaction(testStore(db), {
      idempotencyKey: key("collect"),
      kind: "payment.converted",
      entries: collection(M2, 10_000n, 100_000n),
    });
    expect((await tooMuch()).created).toBe(true);
  });

  it("guards the rail float: a payout larger than the float is refused", async () => {
    const float = await normalBalance(testStore(db), railFloat("t-kash"));
    expect(float).toBe(0n);
    await expect(
      postTransaction(testStore(db), {
        idempotencyKey: key("payout"),
        kind: "payout.sent",
        entries: [
          { account: merchantAvailable(M1), amount: 100n },
          { account: merchantInFlight(M1), amount: -100n },
          { account: railInFlight("t-kash"), amount: 100n },
          { account: railFloat("t-kash"), amount: -100n },
        ],
        guards: [merchantAvailable(M1), railFloat("t-kash")],
      }),
    ).rejects.toThrow(
      expect.objectContaining({ accountCode: "rail:t-kash:float:KES", shortfall: 100n }),
    );
  });

  it("treats a guard on an unused account as zero and passes", async () => {
    const result = await postTransaction(testStore(db), {
      idempotencyKey: key(),
      kind: "float.funded",
      entries: [
        { account: railFloat("pesalink"), amount: 1n },
        { account: capital("KES"), amount: -1n },
      ],
      guards: [merchantPending("MRC-CCCCC4"), railFloat("pesalink")],
    });
    expect(result.created).toBe(true);
  });
});

describe("reversals", () => {
  it("posts the negated entries linked to the original, idempotently; a second key is refused", async () => {
    const original = await postTransaction(testStore(db), {
      idempotencyKey: key("collect"),
      kind: "payment.converted",
      reference: { type: "payment", id: "pay_rev" },
      entries: collection(M1, 20_000n, 200_000n),
    });
    const owedBefore = await owed(testStore(db), merchantAvailable(M1));
    const before = tableCounts();
    const reversal = await reverseTransaction(testStore(db), {
      transactionId: original.transactionId,
      idempotencyKey: "rev:1",
      reason: "Posted twice by mistake",
    });
    expect(reversal.created).toBe(true);
    expect(tableCounts()).toMatchObject({
      transactions: before.transactions + 1,
      entries: before.entries + 5,
    });
    expect(await owed(testStore(db), merchantAvailable(M1))).toBe(owedBefore - 198_000n);
    const stored = await getTransaction(testStore(db), reversal.transactionId);
    expect(stored).toMatchObject({
      kind: "reversal",
      description: "Posted twice by mistake",
      reversesTransactionId: original.transactionId,
      reference: { type: "payment", id: "pay_rev" },
    });
    const originalEntries =
      (await getTransaction(testStore(db), original.transactionId))?.entries ?? [];
    expect(stored?.entries.map((e) => [e.account.code, e.amount])).toEqual(
      originalEntries.map((e) => [e.account.code, -e.amount]),
    );
    expect(
      (await getTransaction(testStore(db), original.transactionId))?.reversedByTransactionId,
    ).toBe(reversal.transactionId);
    expect(
      (await listTransactionsByReference(testStore(db), { type: "payment", id: "pay_rev" })).map(
        (t) => t.id,
      ),
    ).toEqual([original.transactionId, reversal.transactionId]);

    const counts = tableCounts();
    expect(
      await reverseTransaction(testStore(db), {
        transactionId: original.transactionId,
        idempotencyKey: "rev:1",
        reason: "retry",
      }),
    ).toEqual({
      transactionId: reversal.transactionId,
      created: false,
    });
    await expect(
      reverseTransaction(testStore(db), {
        transactionId: original.transactionId,
        idempotencyKey: "rev:2",
        reason: "again",
      }),
    ).rejects.toThrow(AlreadyReversedError);
    // The key of this reversal cannot be reused for another transaction, nor a posting's key for a
    // reversal.
    await expect(
      reverseTransaction(testStore(db), {
        transactionId: reversal.transactionId,
        idempotencyKey: "rev:1",
        reason: "x",
      }),
    ).rejects.toThrow(IdempotencyConflictError);
    expect(tableCounts()).toEqual(counts);

    // Reversing the reversal restores the original effect.
    const reReversal = await reverseTransaction(testStore(db), {
      transactionId: reversal.transactionId,
      idempotencyKey: "rev:3",
      reason: "The first was right",
    });
    expect(reReversal.created).toBe(true);
    expect(await owed(testStore(db), merchantAvailable(M1))).toBe(owedBefore);
    expect(
      (await getTransaction(testStore(db), reReversal.transactionId))?.reversesTransactionId,
    ).toBe(reversal.transactionId);
  });

  it("refuses unknown transactions, and honours guards (money already paid out cannot be clawed back below zero)", async () => {
    await expect(
      reverseTransaction(testStore(db), {
        transactionId: "ltx_nope",
        idempotencyKey: key(),
        reason: "x",
      }),
    ).rejects.toThrow(TransactionNotFoundError);
    await expect(
      reverseTransaction(testStore(db), {
        transactionId: "ltx_nope",
        idempotencyKey: key(),
        reason: " ",
      }),
    ).rejects.toThrow(InvalidPostingError);
    const M = "MRC-DDDDD5";
    db.insert(merchants)
      .values({ id: M, businessName: "Shop D", contactEmail: "d@shop.example", createdAt: 0 })
      .run();
    const credit = await postTransaction(testStore(db), {
      idempotencyKey: key("collect"),
      kind: "payment.converted",
      entries: collection(M, 1_000n, 10_000n),
    });
    await postTransaction(testStore(db), {
      idempotencyKey: key("payout"),
      kind: "payout.sent",
      entries: payout(M, 9_000n),
      guards: [merchantAvailable(M)],
    });
    const before = tableCounts();
    await expect(
      reverseTransaction(testStore(db), {
        transactionId: credit.transactionId,
        idempotencyKey: key("rev"),
        reason: "chargeback",
        guards: [merchantAvailable(M)],
      }),
    ).rejects.toThrow(
      expect.objectContaining({ accountCode: merchantAvailable(M).code, shortfall: 9_000n }),
    );
    expect(tableCounts()).toEqual(before);
    expect(
      (await getTransaction(testStore(db), credit.transactionId))?.reversedByTransactionId,
    ).toBeNull();
  });

  it("a failed payout returns the money to available by reversing it", async () => {
    const M = "MRC-EEEEE6";
    db.insert(merchants)
      .values({ id: M, businessName: "Shop E", contactEmail: "e@shop.example", createdAt: 0 })
      .run();
    await postTransaction(testStore(db), {
      idempotencyKey: key("collect"),
      kind: "payment.converted",
      entries: collection(M, 1_000n, 100_000n),
    });
    const sent = await postTransaction(testStore(db), {
      idempotencyKey: `payout:${M}:1:sent`,
      kind: "payout.sent",
      entries: payout(M, 99_000n),
      guards: [merchantAvailable(M), railFloat("mpesa")],
    });
    expect(await merchantBalances(testStore(db), M)).toEqual({
      available: 0n,
      pending: 0n,
      inFlight: 99_000n,
      reserved: 0n,
    });
    await reverseTransaction(testStore(db), {
      transactionId: sent.transactionId,
      idempotencyKey: `payout:${M}:1:failed`,
      reason: "B2C result 2001: invalid initiator",
    });
    expect(await merchantBalances(testStore(db), M)).toEqual({
      available: 99_000n,
      pending: 0n,
      inFlight: 0n,
      reserved: 0n,
    });
  });
});

describe("transactions and amounts", () => {
  it("nests in a caller's transaction: when the caller throws, nothing is persisted", async () => {
    const before = tableCounts();
    const idempotencyKey = key("nested");
    const store = testStore(db);
    await expect(
      store.write(async (q) => {
        const result = await postTransaction(
          q,
          {
            idempotencyKey,
            kind: "payment.converted",
            reference: { type: "payment", id: "pay_nested" },
            entries: collection(M1, 5_000n, 60_000n),
          },
          store,
        );
        expect(result.created).toBe(true);
        // Visible inside the caller's transaction...
        expect((await getTransactionByKey(q, idempotencyKey))?.id).toBe(result.transactionId);
        // ...and a repost inside it is idempotent too.
        expect(
          (
            await postTransaction(q, {
              idempotencyKey,
              kind: "payment.converted",
              reference: { type: "payment", id: "pay_nested" },
              entries: collection(M1, 5_000n, 60_000n),
            })
          ).created,
        ).toBe(false);
        throw new Error("the caller failed after posting");
      }),
    ).rejects.toThrow("the caller failed after posting");
    expect(tableCounts()).toEqual(before);
    expect(await getTransactionByKey(testStore(db), idempotencyKey)).toBeNull();
  });

  it("nests: a guard failure inside a caller's transaction rolls back only the posting; the caller can go on", async () => {
    const M = "MRC-FFFFF7";
    db.insert(merchants)
      .values({ id: M, businessName: "Shop F", contactEmail: "f@shop.example", createdAt: 0 })
      .run();
    const before = tableCounts();
    const store = testStore(db);
    const committed = await store.write(async (q) => {
      const ok = await postTransaction(
        q,
        {
          idempotencyKey: key("collect"),
          kind: "payment.converted",
          entries: collection(M, 100n, 1_000n),
        },
        store,
      );
      await expect(
        postTransaction(
          q,
          {
            idempotencyKey: key("payout"),
            kind: "payout.sent",
            entries: payout(M, 5_000n),
            guards: [merchantAvailable(M)],
          },
          store,
        ),
      ).rejects.toThrow(InsufficientBalanceError);
      return ok.transactionId;
    });
    expect(tableCounts()).toMatchObject({
      transactions: before.transactions + 1,
      entries: before.entries + 5,
    });
    expect(await getTransaction(testStore(db), committed)).not.toBeNull();
    expect(await owed(testStore(db), merchantAvailable(M))).toBe(990n);
  });

  it("the synchronous variant: a guard failure inside a caller's transaction rolls back only the posting", async () => {
    const M = "MRC-FFFFF8";
    db.insert(merchants)
      .values({ id: M, businessName: "Shop G", contactEmail: "g@shop.example", createdAt: 0 })
      .run();
    const before = tableCounts();
    const committed = await testStore(db).write(async (q) => {
      const ok = await postTransaction(q, {
        idempotencyKey: key("collect"),
        kind: "payment.converted",
        entries: collection(M, 100n, 1_000n),
      });
      await expect(
        postTransaction(q, {
          idempotencyKey: key("payout"),
          kind: "payout.sent",
          entries: payout(M, 5_000n),
          guards: [merchantAvailable(M)],
        }),
      ).rejects.toThrow(InsufficientBalanceError);
      await expect(
        reverseTransaction(q, {
          transactionId: ok.transactionId,
          idempotencyKey: key("reverse"),
          reason: "taken back",
          guards: [merchantAvailable(M)],
        }),
      ).resolves.toBeDefined();
      return ok.transactionId;
    });
    expect(tableCounts()).toMatchObject({
      transactions: before.transactions + 2,
      entries: before.entries + 10,
    });
    expect(
      (await getTransaction(testStore(db), committed))?.reversedByTransactionId,
    ).not.toBeNull();
    expect(await owed(testStore(db), merchantAvailable(M))).toBe(0n);
  });

  it("round-trips 9_000_000_000_000_000_000n exactly, and refuses a balance beyond 64 bits", async () => {
    const huge = 9_000_000_000_000_000_000n;
    const result = await postTransaction(testStore(db), {
      idempotencyKey: key("huge"),
      kind: "test.huge",
      entries: [
        { account: suspense("USDC"), amount: -huge },
        { account: custody("USDC"), amount: huge },
      ],
    });
    expect(
      (await getTransaction(testStore(db), result.transactionId))?.entries.map((e) => e.amount),
    ).toEqual([-huge, huge]);
    expect(await balance(testStore(db), custody("USDC"))).toBe(huge);
    expect(await balance(testStore(db), custody("USDC"), { source: "cached" })).toBe(huge);
    expect((await listEntries(testStore(db), suspense("USDC"), { limit: 1 }))[0]?.amount).toBe(
      -huge,
    );
    expect((await trialBalance(testStore(db))).USDC).toBe(0n);
    const before = tableCounts();
    await expect(
      postTransaction(testStore(db), {
        idempotencyKey: key("huge"),
        kind: "test.huge",
        entries: [
          { account: suspense("USDC"), amount: -huge },
          { account: custody("USDC"), amount: huge },
        ],
      }),
    ).rejects.toThrow(BalanceOverflowError);
    expect(tableCounts()).toEqual(before);
    // Reading the column without the text cast: SQLite's driver would round it, so it is refused;
    // PostgreSQL's pool hands it over exactly (a bigint beyond 2^53).
    const raw = () =>
      db
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.transactionId, result.transactionId))
        .orderBy(ledgerEntries.id)
        .all();
    if (TEST_ENGINE === "sqlite") expect(raw).toThrow(/unsafe number/);
    else expect(raw().map((row) => row.amount)).toEqual([-huge, huge]);
    // And it is stored as a 64-bit integer, not text or a float.
    const typeOf =
      TEST_ENGINE === "sqlite"
        ? sql<string>`typeof(${ledgerEntries.amount})`
        : sql<string>`pg_typeof(${ledgerEntries.amount})::text`;
    expect(
      db
        .select({ type: typeOf })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.transactionId, result.transactionId))
        .all(),
    ).toEqual(
      TEST_ENGINE === "sqlite"
        ? [{ type: "integer" }, { type: "integer" }]
        : [{ type: "bigint" }, { type: "bigint" }],
    );
    // Cleanly reversible.
    await reverseTransaction(testStore(db), {
      transactionId: result.transactionId,
      idempotencyKey: key("huge-rev"),
      reason: "test",
    });
    expect(await balance(testStore(db), custody("USDC"))).toBe(0n);
  });

  it("refuses an account code that exists with another currency or kind", async () => {
    db.insert(ledgerAccounts)
      .values({
        code: suspense("ETH").code,
        currency: "BTC",
        kind: "liability",
        createdAt: 0,
        updatedAt: 0,
      })
      .run();
    await expect(
      postTransaction(testStore(db), {
        idempotencyKey: key(),
        kind: "test.mismatch",
        entries: [
          { account: suspense("ETH"), amount: -1n },
          { account: custody("ETH"), amount: 1n },
        ],
      }),
    ).rejects.toThrow(AccountMismatchError);
  });

  it("refuses a merchant account for a merchant that does not exist (foreign key) and writes nothing", async () => {
    const before = tableCounts();
    await expect(
      postTransaction(testStore(db), {
        idempotencyKey: key(),
        kind: "payment.converted",
        entries: collection("MRC-ZZZZZ9", 1n, 100n),
      }),
    ).rejects.toThrow(/FOREIGN KEY|foreign key/);
    expect(tableCounts()).toEqual(before);
  });

  it("lists an account's entries newest first, with paging", async () => {
    const M = "MRC-GGGGG8";
    db.insert(merchants)
      .values({ id: M, businessName: "Shop G", contactEmail: "g@shop.example", createdAt: 0 })
      .run();
    for (let i = 1; i <= 5; i++) {
      await postTransaction(testStore(db), {
        idempotencyKey: key("collect"),
        kind: "payment.converted",
        reference: { type: "payment", id: `pay_g${i}` },
        entries: collection(M, BigInt(i), BigInt(i) * 1_000n),
        now: i,
      });
    }
    const firstPage = await listEntries(testStore(db), merchantAvailable(M), { limit: 3 });
    expect(firstPage.map((e) => e.amount)).toEqual([-4_950n, -3_960n, -2_970n]);
    expect(firstPage[0]).toMatchObject({
      kind: "payment.converted",
      reference: { type: "payment", id: "pay_g5" },
      createdAt: 5,
    });
    const secondPage = await listEntries(testStore(db), merchantAvailable(M), {
      limit: 3,
      beforeEntryId: firstPage[2]?.entryId,
    });
    expect(secondPage.map((e) => e.amount)).toEqual([-1_980n, -990n]);
    expect(await listEntries(testStore(db), merchantPending(M))).toEqual([]);
    expect(await merchantBalances(testStore(db), M)).toEqual({
      available: 14_850n,
      pending: 0n,
      inFlight: 0n,
      reserved: 0n,
    });
  });

  it("owed() is for liabilities only", async () => {
    await expect(owed(testStore(db), custody("BTC"))).rejects.toThrow(InvalidPostingError);
    expect(await owed(testStore(db), customerRefundsPayable("ETH"))).toBe(0n);
  });

  it("keeps the books consistent: trial balance zero, cached balances equal entries, every transaction balanced", async () => {
    await expectBooksConsistent();
    // A tampered cache is reported.
    const account = db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, feeRevenue().code))
      .get();
    db.update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + 1` })
      .where(eq(ledgerAccounts.id, account?.id ?? 0))
      .run();
    expect(await verifyBalances(testStore(db))).toEqual([
      expect.objectContaining({ code: feeRevenue().code, cached: expect.any(BigInt) }),
    ]);
    db.update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} - 1` })
      .where(eq(ledgerAccounts.id, account?.id ?? 0))
      .run();
    expect(await verifyBalances(testStore(db))).toEqual([]);
  });

  it("computes exact sums whatever the size and order of amounts (no SQL integer overflow)", async () => {
    const big = 2n ** 62n + 12345n;
    // Four large entries of one currency in a row: a running SQL sum would pass 2^63.
    await postTransaction(testStore(db), {
      idempotencyKey: key("big"),
      kind: "test.big",
      entries: [
        { account: custody("BTC"), amount: big },
        { account: networkFees("BTC"), amount: big },
        { account: suspense("BTC"), amount: -big },
        { account: customerRefundsPayable("BTC"), amount: -big },
      ],
    });
    expect((await trialBalance(testStore(db))).BTC).toBe(0n);
    await expectBooksConsistent();
    // What a plain SQL sum over the same entries does: SQLite's overflows; PostgreSQL sums bigints
    // as numeric, exactly.
    const plainSum = () =>
      db
        .select({ sum: sql`cast(sum(${ledgerEntries.amount}) as text)` })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(eq(ledgerAccounts.currency, "BTC"))
        .all();
    if (TEST_ENGINE === "sqlite") expect(plainSum).toThrow(/integer overflow/);
    else expect(plainSum()).toEqual([{ sum: "0" }]);
  });
});
