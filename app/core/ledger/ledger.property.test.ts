/**
 * Property-based tests: random sequences of postings (collections, payouts, float funding,
 * releases, arbitrary balanced postings with amounts up to 2^63, reposts of earlier keys,
 * conflicting reposts, reversals, postings nested in a caller's transaction that sometimes aborts)
 * against a simple model. Each operation's outcome must match the model's prediction; after each
 * sequence the books must be consistent and guarded accounts never negative.
 */
import { count } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ledgerTransactions, merchants } from "../../../drizzle/schema";
import type { Handle, Store } from "~/db/store";
import type { Db } from "~/db/sqlite-connection.server";
import { createTestDb, TEST_ENGINE, testStore } from "../../../tests/setup/db";
import {
  type AccountRef,
  AlreadyReversedError,
  balance,
  BalanceOverflowError,
  capital,
  type CryptoAsset,
  cryptoAssets,
  type Currency,
  currencies,
  custody,
  customerRefundsPayable,
  feeRevenue,
  findUnbalancedTransactions,
  getTransaction,
  IdempotencyConflictError,
  INT64_MAX,
  INT64_MIN,
  InsufficientBalanceError,
  InvalidPostingError,
  merchantAvailable,
  merchantInFlight,
  merchantPending,
  networkFees,
  NORMAL_SIGN,
  postTransaction,
  type PostingEntry,
  type PostingInput,
  type PostingResult,
  type Rail,
  railCharges,
  railFloat,
  railInFlight,
  rails,
  reverseTransaction,
  suspense,
  treasuryConversion,
  trialBalance,
  verifyBalances,
} from "./ledger.server";

const MERCHANTS = ["MRC-PPPPP2", "MRC-QQQQQ3", "MRC-RRRRR4"] as const;

/**
 * Accounts that must never be negative on their normal side: every posting touching them guards
 * them.
 */
const GUARDED: AccountRef[] = [
  ...MERCHANTS.flatMap((m) => [merchantAvailable(m), merchantPending(m)]),
  ...rails.map((rail) => railFloat(rail)),
];
const GUARDED_CODES = new Set(GUARDED.map((account) => account.code));

function universe(currency: Currency): AccountRef[] {
  const common = [treasuryConversion(currency), suspense(currency), capital(currency)];
  if (currency === "KES") {
    return [
      ...common,
      feeRevenue(),
      ...MERCHANTS.flatMap((m) => [merchantAvailable(m), merchantPending(m), merchantInFlight(m)]),
      ...rails.flatMap((rail) => [railFloat(rail), railInFlight(rail), railCharges(rail)]),
    ];
  }
  const asset = currency as CryptoAsset;
  return [...common, custody(asset), customerRefundsPayable(asset), networkFees(asset)];
}

// ---- operations -------------------------------------------------------------------------------

type Mode = "top" | "nested" | "nested-abort";

type Op =
  | {
      t: "collect";
      m: number;
      asset: CryptoAsset;
      crypto: bigint;
      kes: bigint;
      feeBps: number;
      pending: boolean;
      mode: Mode;
    }
  | { t: "payout"; m: number; rail: Rail; amount: bigint; mode: Mode }
  | { t: "fund"; rail: Rail; amount: bigint; mode: Mode }
  | { t: "release"; m: number; amount: bigint; mode: Mode }
  | { t: "random"; accounts: AccountRef[]; amounts: bigint[]; mode: Mode }
  | { t: "repeat"; pick: number; mode: Mode }
  | { t: "conflict"; pick: number; mode: Mode }
  | { t: "reverse"; pick: number; reuseKey: number | null; mode: Mode };

const amountArb = fc.oneof(
  { weight: 6, arbitrary: fc.bigInt({ min: 1n, max: 1_000_000_000n }) },
  { weight: 2, arbitrary: fc.bigInt({ min: 2n ** 62n - 1_000_000n, max: 2n ** 62n }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: INT64_MAX }) },
);
/** Payouts and releases are usually small next to collections, so many of them succeed. */
const smallAmountArb = fc.oneof(
  { weight: 3, arbitrary: fc.bigInt({ min: 1n, max: 1_000_000n }) },
  { weight: 1, arbitrary: amountArb },
);
const modeArb = fc.constantFrom<Mode>("top", "top", "top", "nested", "nested-abort");
const merchantArb = fc.nat({ max: MERCHANTS.length - 1 });
const railArb = fc.constantFrom(...rails);

const randomOpArb = fc.constantFrom(...currencies).chain((currency) =>
  fc.record({
    t: fc.constant("random" as const),
    accounts: fc.shuffledSubarray(universe(currency), { minLength: 2, maxLength: 4 }),
    amounts: fc.array(
      fc.tuple(amountArb, fc.boolean()).map(([a, negative]) => (negative ? -a : a)),
      { minLength: 3, maxLength: 3 },
    ),
    mode: modeArb,
  }),
);

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant("collect" as const),
      m: merchantArb,
      asset: fc.constantFrom(...cryptoAssets),
      crypto: amountArb,
      kes: amountArb,
      feeBps: fc.integer({ min: 0, max: 300 }),
      pending: fc.boolean(),
      mode: modeArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant("payout" as const),
      m: merchantArb,
      rail: railArb,
      amount: smallAmountArb,
      mode: modeArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant("fund" as const),
      rail: railArb,
      amount: amountArb,
      mode: modeArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant("release" as const),
      m: merchantArb,
      amount: smallAmountArb,
      mode: modeArb,
    }),
  },
  { weight: 3, arbitrary: randomOpArb },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant("repeat" as const), pick: fc.nat(), mode: modeArb }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant("conflict" as const), pick: fc.nat(), mode: modeArb }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant("reverse" as const),
      pick: fc.nat(),
      reuseKey: fc.option(fc.nat(), { nil: null }),
      mode: modeArb,
    }),
  },
);

// ---- the model ---------------------------------------------------------------------------------

type Outcome =
  | { ok: true; created: true }
  | { ok: true; created: false; transactionId: string }
  | { ok: false; error: abstract new (...args: never[]) => Error };

interface ModelTx {
  entries: { account: AccountRef; amount: bigint }[];
  reference: { type: string; id: string } | null;
  reversedBy: string | null;
}

class Model {
  balances = new Map<string, { account: AccountRef; balance: bigint }>();
  keys = new Map<string, { canonical: string; transactionId: string }>();
  txs = new Map<string, ModelTx>();
  order: string[] = [];

  balanceOf(account: AccountRef): bigint {
    return this.balances.get(account.code)?.balance ?? 0n;
  }

  /** Outcome of applying `entries` with `guards` (after validation and the key check). */
  tryApply(
    entries: readonly PostingEntry[],
    guards: readonly AccountRef[],
  ): Outcome | Map<string, bigint> {
    const after = new Map<string, bigint>();
    for (const entry of entries) {
      const next = this.balanceOf(entry.account) + entry.amount;
      if (next < INT64_MIN || next > INT64_MAX) return { ok: false, error: BalanceOverflowError };
      after.set(entry.account.code, next);
    }
    for (const guard of guards) {
      const value = after.get(guard.code) ?? this.balanceOf(guard);
      if (value * NORMAL_SIGN[guard.kind] < 0n)
        return { ok: false, error: InsufficientBalanceError };
    }
    return after;
  }

  commit(
    transactionId: string,
    key: string,
    canonical: string,
    tx: ModelTx,
    after: Map<string, bigint>,
  ) {
    for (const entry of tx.entries)
      this.balances.set(entry.account.code, {
        account: entry.account,
        balance: after.get(entry.account.code) ?? 0n,
      });
    this.keys.set(key, { canonical, transactionId });
    this.txs.set(transactionId, tx);
    this.order.push(transactionId);
  }
}

function canonical(
  kind: string,
  reference: { type: string; id: string } | null,
  reverses: string | null,
  entries: readonly PostingEntry[],
) {
  const sorted = entries
    .map((e) => [e.account.code, e.amount.toString()])
    .sort(([a = ""], [b = ""]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify({ kind, reference, reverses, sorted });
}

function predictPosting(
  model: Model,
  input: PostingInput,
): { outcome: Outcome; after?: Map<string, bigint> } {
  if (input.entries.some((e) => e.amount === 0n || e.amount > INT64_MAX || e.amount < -INT64_MAX)) {
    return { outcome: { ok: false, error: InvalidPostingError } };
  }
  const used = model.keys.get(input.idempotencyKey);
  if (used) {
    const same =
      used.canonical === canonical(input.kind, input.reference ?? null, null, input.entries);
    return {
      outcome: same
        ? { ok: true, created: false, transactionId: used.transactionId }
        : { ok: false, error: IdempotencyConflictError },
    };
  }
  const applied = model.tryApply(input.entries, input.guards ?? []);
  if (applied instanceof Map) return { outcome: { ok: true, created: true }, after: applied };
  return { outcome: applied };
}

const guardsFor = (entries: readonly PostingEntry[]) =>
  entries.map((e) => e.account).filter((a) => GUARDED_CODES.has(a.code));

function inputFor(op: Op, index: number, history: PostingInput[]): PostingInput | null {
  const key = `op:${index}`;
  switch (op.t) {
    case "collect": {
      const m = MERCHANTS[op.m] ?? MERCHANTS[0];
      const fee = (op.kes * BigInt(op.feeBps)) / 10_000n;
      const entries: PostingEntry[] = [
        { account: custody(op.asset), amount: op.crypto },
        { account: treasuryConversion(op.asset), amount: -op.crypto },
        { account: treasuryConversion("KES"), amount: op.kes },
        {
          account: op.pending ? merchantPending(m) : merchantAvailable(m),
          amount: -(op.kes - fee),
        },
      ];
      if (fee > 0n) entries.push({ account: feeRevenue(), amount: -fee });
      return {
        idempotencyKey: key,
        kind: "payment.converted",
        reference: { type: "payment", id: `pay_${index}` },
        entries,
        guards: guardsFor(entries),
      };
    }
    case "payout": {
      const m = MERCHANTS[op.m] ?? MERCHANTS[0];
      const entries: PostingEntry[] = [
        { account: merchantAvailable(m), amount: op.amount },
        { account: merchantInFlight(m), amount: -op.amount },
        { account: railInFlight(op.rail), amount: op.amount },
        { account: railFloat(op.rail), amount: -op.amount },
      ];
      return {
        idempotencyKey: key,
        kind: "payout.sent",
        reference: { type: "payout", id: `po_${index}` },
        entries,
        guards: guardsFor(entries),
      };
    }
    case "fund": {
      const entries: PostingEntry[] = [
        { account: railFloat(op.rail), amount: op.amount },
        { account: capital("KES"), amount: -op.amount },
      ];
      return { idempotencyKey: key, kind: "float.funded", entries, guards: guardsFor(entries) };
    }
    case "release": {
      const m = MERCHANTS[op.m] ?? MERCHANTS[0];
      const entries: PostingEntry[] = [
        { account: merchantPending(m), amount: op.amount },
        { account: merchantAvailable(m), amount: -op.amount },
      ];
      return { idempotencyKey: key, kind: "review.released", entries, guards: guardsFor(entries) };
    }
    case "random": {
      const amounts = op.accounts.slice(0, -1).map((_, i) => op.amounts[i] ?? 1n);
      const last = -amounts.reduce((sum, a) => sum + a, 0n);
      const entries = op.accounts.map((account, i) => ({
        account,
        amount: i < amounts.length ? (amounts[i] ?? 1n) : last,
      }));
      return { idempotencyKey: key, kind: "random.posting", entries, guards: guardsFor(entries) };
    }
    case "repeat": {
      if (history.length === 0) return null;
      const earlier = history[op.pick % history.length] as PostingInput;
      // Same key and content; the entries may come in another order.
      return { ...earlier, entries: [...earlier.entries].reverse() };
    }
    case "conflict": {
      if (history.length === 0) return null;
      const earlier = history[op.pick % history.length] as PostingInput;
      const [first, second, ...rest] = earlier.entries;
      if (!first || !second) return null;
      // Same key, different but still balanced entries: swap the first two amounts' accounts.
      const entries = [
        { account: first.account, amount: second.amount },
        { account: second.account, amount: first.amount },
        ...rest,
      ];
      if (first.amount === second.amount || first.account.currency !== second.account.currency) {
        return { ...earlier, kind: `${earlier.kind}.changed` };
      }
      return { ...earlier, entries };
    }
    case "reverse":
      return null;
  }
}

// ---- running a sequence ------------------------------------------------------------------------

class Abort extends Error {}

async function run<T>(
  db: Db,
  mode: Mode,
  action: (handle: Handle | Store, lock: Store) => Promise<T>,
): Promise<{ value?: T; error?: unknown }> {
  const store = testStore(db);
  let value: T | undefined;
  let error: unknown;
  const attempt = async (handle: Handle | Store) => {
    try {
      value = await action(handle, store);
    } catch (caught) {
      error = caught;
    }
  };
  if (mode === "top") {
    await attempt(store);
  } else {
    try {
      await store.write(async (q) => {
        await attempt(q);
        if (mode === "nested-abort") throw new Abort();
      });
    } catch (caught) {
      if (!(caught instanceof Abort)) throw caught;
    }
  }
  return { value, error };
}

function expectOutcome(actual: { value?: PostingResult; error?: unknown }, expected: Outcome) {
  if (!expected.ok) {
    expect(actual.error).toBeInstanceOf(expected.error);
    return;
  }
  if (actual.error) throw actual.error;
  expect(actual.value?.created).toBe(expected.created);
  if (!expected.created) expect(actual.value?.transactionId).toBe(expected.transactionId);
}

function transactionCount(db: Db): number {
  return db.select({ n: count() }).from(ledgerTransactions).get()?.n ?? 0;
}

async function runSequence(ops: Op[]) {
  const { db, close } = createTestDb();
  try {
    // Durability is not under test here; speed is welcome.
    if (TEST_ENGINE === "sqlite") db.$client.pragma("synchronous = OFF");
    db.insert(merchants)
      .values(
        MERCHANTS.map((id) => ({
          id,
          businessName: id,
          contactEmail: `${id}@shop.example`,
          createdAt: 0,
        })),
      )
      .run();
    const model = new Model();
    const history: PostingInput[] = [];
    const reversalKeys: string[] = [];

    for (const [index, op] of ops.entries()) {
      const countBefore = transactionCount(db);
      if (op.t === "reverse") {
        if (model.order.length === 0) continue;
        const target = model.order[op.pick % model.order.length] as string;
        const original = model.txs.get(target) as ModelTx;
        const key =
          op.reuseKey !== null && reversalKeys.length > 0
            ? (reversalKeys[op.reuseKey % reversalKeys.length] as string)
            : `rev:${index}`;
        const entries = original.entries.map((e) => ({ account: e.account, amount: -e.amount }));
        const guards = guardsFor(entries);
        const print = canonical("reversal", original.reference, target, entries);
        const used = model.keys.get(key);
        let expected: Outcome;
        let after: Map<string, bigint> | undefined;
        if (used) {
          expected =
            used.canonical === print
              ? { ok: true, created: false, transactionId: used.transactionId }
              : { ok: false, error: IdempotencyConflictError };
        } else if (original.reversedBy) {
          expected = { ok: false, error: AlreadyReversedError };
        } else {
          const applied = model.tryApply(entries, guards);
          if (applied instanceof Map) {
            expected = { ok: true, created: true };
            after = applied;
          } else {
            expected = applied;
          }
        }
        const actual = await run(db, op.mode, (handle, lock) =>
          reverseTransaction(
            handle,
            {
              transactionId: target,
              idempotencyKey: key,
              reason: "property test",
              guards,
            },
            lock,
          ),
        );
        expectOutcome(actual, expected);
        if (
          expected.ok &&
          expected.created &&
          after &&
          actual.value &&
          op.mode !== "nested-abort"
        ) {
          model.commit(
            actual.value.transactionId,
            key,
            print,
            { entries, reference: original.reference, reversedBy: null },
            after,
          );
          original.reversedBy = actual.value.transactionId;
          reversalKeys.push(key);
        }
      } else {
        const input = inputFor(op, index, history);
        if (!input) continue;
        const { outcome, after } = predictPosting(model, input);
        const actual = await run(db, op.mode, (handle, lock) =>
          postTransaction(handle, input, lock),
        );
        expectOutcome(actual, outcome);
        if (outcome.ok && outcome.created && after && actual.value && op.mode !== "nested-abort") {
          model.commit(
            actual.value.transactionId,
            input.idempotencyKey,
            canonical(input.kind, input.reference ?? null, null, input.entries),
            {
              entries: input.entries.map((e) => ({ ...e })),
              reference: input.reference ?? null,
              reversedBy: null,
            },
            after,
          );
        }
        if (op.t !== "repeat" && op.t !== "conflict") history.push(input);
      }
      // Duplicates and failures write nothing; successes write exactly one transaction.
      expect(transactionCount(db)).toBe(model.order.length);
      expect(transactionCount(db) - countBefore).toBeLessThanOrEqual(1);
    }

    // The books after the whole sequence.
    expect(await findUnbalancedTransactions(testStore(db))).toEqual([]);
    expect(await verifyBalances(testStore(db))).toEqual([]);
    expect(await trialBalance(testStore(db))).toEqual(
      Object.fromEntries(currencies.map((c) => [c, 0n])),
    );
    for (const account of GUARDED) {
      expect(
        (await balance(testStore(db), account)) * NORMAL_SIGN[account.kind],
      ).toBeGreaterThanOrEqual(0n);
    }
    for (const { account, balance: expected } of model.balances.values()) {
      expect(await balance(testStore(db), account)).toBe(expected);
    }
    for (const [transactionId, tx] of model.txs) {
      const stored = await getTransaction(testStore(db), transactionId);
      expect(stored?.entries.map((e) => [e.account.code, e.amount])).toEqual(
        tx.entries.map((e) => [e.account.code, e.amount]),
      );
      expect(stored?.reversedByTransactionId).toBe(tx.reversedBy);
    }
  } finally {
    close();
  }
}

describe("ledger properties", () => {
  it("random sequences of postings, duplicates, conflicts and reversals keep the books consistent", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 40, size: "max" }), (ops) =>
        runSequence(ops),
      ),
      { numRuns: 100 },
    );
    // Every posting is a store write (a turn of its own and its commit): slower than the
    // synchronous driver's, so more than the default 20 seconds.
  }, 120_000);
});
