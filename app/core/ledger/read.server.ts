/**
 * Reading the ledger: balances (derived from entries, or the cached column), account statements,
 * transactions with their entries, and the checks that prove the books are consistent: the trial
 * balance (zero per currency), cached balances against their entries, and transactions that do not
 * balance (there must be none). Amounts are exact bigints (see sql.server.ts).
 */
import { and, desc, eq, lt, not, type SQL, sql } from "drizzle-orm";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../../drizzle/schema";
import { first, notStartsWith, startsWith } from "~/db/sql";
import { type Handle, isStore, readOn, type Store } from "~/db/store";
import {
  type AccountKind,
  type AccountRef,
  accountRefFromRow,
  type LedgerBook,
  ledgerBook,
  TEST_BOOK_PREFIX,
  toNormalBalance,
} from "./accounts";
import { InvalidPostingError } from "./errors";
import type { LedgerReference } from "./post.server";
import { amountOf, bookOfAccount, combineSum, exactSumIsZero, exactSumParts } from "./sql.server";
import { type Currency, currencies } from "./units";

async function findAccountId(q: Handle, account: AccountRef): Promise<number | undefined> {
  const row = await first(
    q
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, account.code))
      .limit(1),
  );
  return row?.id;
}

/**
 * An account's balance in ledger units, debit positive / credit negative (a merchant's available
 * balance of KES 100 is -10000n). `source: "entries"` (default) sums the entries; `"cached"` reads
 * the balance column kept in the posting transaction (equal by `verifyBalances`). 0n for an unused
 * account.
 */
export function balance(
  on: Handle | Store,
  account: AccountRef,
  options: { source?: "entries" | "cached" } = {},
): Promise<bigint> {
  return readOn(on, async (q) => {
    if (options.source === "cached") {
      const row = await first(
        q
          .select({ balance: amountOf(ledgerAccounts.balance) })
          .from(ledgerAccounts)
          .where(eq(ledgerAccounts.code, account.code))
          .limit(1),
      );
      return row?.balance ?? 0n;
    }
    const id = await findAccountId(q, account);
    if (id === undefined) return 0n;
    const parts = await first(
      q
        .select(exactSumParts(ledgerEntries.amount))
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, id)),
    );
    return parts ? combineSum(parts) : 0n;
  });
}

/**
 * The balance seen from the account's normal side (positive for what an asset holds or a liability
 * owes).
 */
export async function normalBalance(
  on: Handle | Store,
  account: AccountRef,
  options: { source?: "entries" | "cached" } = {},
): Promise<bigint> {
  return toNormalBalance(account.kind, await balance(on, account, options));
}

/**
 * What a liability account owes, as a positive amount: `owed(db, merchantAvailable(id))` in KES
 * cents.
 */
export async function owed(
  on: Handle | Store,
  account: AccountRef,
  options: { source?: "entries" | "cached" } = {},
): Promise<bigint> {
  if (account.kind !== "liability")
    throw new InvalidPostingError(`owed() is for liability accounts, not ${account.code}`);
  return -(await balance(on, account, options));
}

export interface MerchantBalances {
  /** KES cents, positive: what we owe the merchant in each state. */
  available: bigint;
  pending: bigint;
  inFlight: bigint;
  /** Set aside for approved disbursements not yet sent (ADR 0035). */
  reserved: bigint;
}

/**
 * A merchant's KES balances in one book (live unless asked: test payments have their own book) for
 * pages and the API (one indexed query, cached balances).
 */
export async function merchantBalances(
  on: Handle | Store,
  merchantId: string,
  mode: LedgerBook = "live",
): Promise<MerchantBalances> {
  const accounts = ledgerBook(mode).merchantAccounts(merchantId);
  // The merchant's accounts by owner (ledger_accounts_owner_idx): one indexed query.
  const rows = await readOn(on, (q) =>
    q
      .select({ code: ledgerAccounts.code, balance: amountOf(ledgerAccounts.balance) })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.ownerId, merchantId)),
  );
  const of = (account: AccountRef) =>
    -(rows.find((row) => row.code === account.code)?.balance ?? 0n);
  return {
    available: of(accounts.available),
    pending: of(accounts.pending),
    inFlight: of(accounts.inFlight),
    reserved: of(accounts.reserved),
  };
}

export interface AccountEntry {
  entryId: number;
  transactionId: string;
  kind: string;
  description: string | null;
  reference: LedgerReference | null;
  /** Debit positive, credit negative. */
  amount: bigint;
  createdAt: number;
}

function referenceOf(row: {
  referenceType: string | null;
  referenceId: string | null;
}): LedgerReference | null {
  return row.referenceType !== null && row.referenceId !== null
    ? { type: row.referenceType, id: row.referenceId }
    : null;
}

/** An account's statement, newest first. Page with `beforeEntryId` (the last `entryId` you got). */
export function listEntries(
  on: Handle | Store,
  account: AccountRef,
  options: { limit?: number; beforeEntryId?: number } = {},
): Promise<AccountEntry[]> {
  return readOn(on, (q) => entriesOn(q, account, options));
}

async function entriesOn(
  q: Handle,
  account: AccountRef,
  options: { limit?: number; beforeEntryId?: number },
): Promise<AccountEntry[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50), 1), 1000);
  const id = await findAccountId(q, account);
  if (id === undefined) return [];
  const where =
    options.beforeEntryId === undefined
      ? eq(ledgerEntries.accountId, id)
      : and(eq(ledgerEntries.accountId, id), lt(ledgerEntries.id, options.beforeEntryId));
  const rows = await q
    .select({
      entryId: ledgerEntries.id,
      transactionId: ledgerEntries.transactionId,
      kind: ledgerTransactions.kind,
      description: ledgerTransactions.description,
      referenceType: ledgerTransactions.referenceType,
      referenceId: ledgerTransactions.referenceId,
      amount: amountOf(ledgerEntries.amount),
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
  return rows.map(({ referenceType, referenceId, ...row }) => ({
    ...row,
    reference: referenceOf({ referenceType, referenceId }),
  }));
}

export interface LedgerTransaction {
  id: string;
  idempotencyKey: string;
  kind: string;
  description: string | null;
  reference: LedgerReference | null;
  /** Set on a reversal: the transaction it negates. */
  reversesTransactionId: string | null;
  /** The reversal of this transaction, if any. */
  reversedByTransactionId: string | null;
  createdAt: number;
  entries: { entryId: number; account: AccountRef; amount: bigint }[];
}

const transactionColumns = {
  id: ledgerTransactions.id,
  idempotencyKey: ledgerTransactions.idempotencyKey,
  kind: ledgerTransactions.kind,
  description: ledgerTransactions.description,
  referenceType: ledgerTransactions.referenceType,
  referenceId: ledgerTransactions.referenceId,
  reversesTransactionId: ledgerTransactions.reversesTransactionId,
  createdAt: ledgerTransactions.createdAt,
};

async function withEntries(
  q: Handle,
  row: { [K in keyof typeof transactionColumns]: (typeof ledgerTransactions.$inferSelect)[K] },
): Promise<LedgerTransaction> {
  const entries = await q
    .select({
      entryId: ledgerEntries.id,
      code: ledgerAccounts.code,
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      ownerId: ledgerAccounts.ownerId,
      amount: amountOf(ledgerEntries.amount),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.transactionId, row.id))
    .orderBy(ledgerEntries.id);
  const reversal = await first(
    q
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reversesTransactionId, row.id))
      .limit(1),
  );
  const { referenceType, referenceId, ...rest } = row;
  return {
    ...rest,
    reference: referenceOf({ referenceType, referenceId }),
    reversedByTransactionId: reversal?.id ?? null,
    entries: entries.map(({ entryId, amount, ...account }) => ({
      entryId,
      amount,
      account: accountRefFromRow(account),
    })),
  };
}

/** One transaction with its entries, or null. */
export async function getTransaction(
  on: Handle | Store,
  id: string,
): Promise<LedgerTransaction | null> {
  if (isStore(on)) return on.read((q) => getTransaction(q, id));
  const row = await first(
    on
      .select(transactionColumns)
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, id))
      .limit(1),
  );
  return row ? withEntries(on, row) : null;
}

/** The transaction posted under an idempotency key, or null. */
export async function getTransactionByKey(
  on: Handle | Store,
  idempotencyKey: string,
): Promise<LedgerTransaction | null> {
  if (isStore(on)) return on.read((q) => getTransactionByKey(q, idempotencyKey));
  const row = await first(
    on
      .select(transactionColumns)
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey))
      .limit(1),
  );
  return row ? withEntries(on, row) : null;
}

/**
 * Every transaction about one thing (a payment, a payout), oldest first: by time, then in the
 * order they were written (a reversal can share its original's millisecond; ids are random): by
 * the first of their entries, written in the same transaction as the row (ids only grow; never
 * `rowid`, which is SQLite's).
 */
export async function listTransactionsByReference(
  on: Handle | Store,
  reference: LedgerReference,
): Promise<LedgerTransaction[]> {
  if (isStore(on)) return on.read((q) => listTransactionsByReference(q, reference));
  const rows = await on
    .select(transactionColumns)
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.referenceType, reference.type),
        eq(ledgerTransactions.referenceId, reference.id),
      ),
    )
    .orderBy(
      ledgerTransactions.createdAt,
      sql`(select min(${ledgerEntries.id}) from ${ledgerEntries} where ${ledgerEntries.transactionId} = ${ledgerTransactions.id})`,
    );
  const transactions: LedgerTransaction[] = [];
  for (const row of rows) transactions.push(await withEntries(on, row));
  return transactions;
}

/** The accounts of one book, as a condition on `ledger_accounts.code` (case-sensitive prefix). */
function inBook(mode: LedgerBook): SQL {
  return mode === "test"
    ? startsWith(ledgerAccounts.code, TEST_BOOK_PREFIX)
    : notStartsWith(ledgerAccounts.code, TEST_BOOK_PREFIX);
}

/**
 * Sum of all entries per currency, from the entries: of one book when `mode` is given, else of both
 * together. Every value must be 0n, and each book's too (`trialBalanceByBook`).
 */
export async function trialBalance(
  on: Handle | Store,
  mode?: LedgerBook,
): Promise<Record<Currency, bigint>> {
  const result = Object.fromEntries(currencies.map((currency) => [currency, 0n])) as Record<
    Currency,
    bigint
  >;
  const rows = await readOn(on, (q) =>
    q
      .select({ currency: ledgerAccounts.currency, ...exactSumParts(ledgerEntries.amount) })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(mode === undefined ? undefined : inBook(mode))
      .groupBy(ledgerAccounts.currency),
  );
  for (const row of rows) result[row.currency] = combineSum(row);
  return result;
}

/** The trial balance of each book on its own (every value must be 0n). */
export function trialBalanceByBook(
  on: Handle | Store,
): Promise<Record<LedgerBook, Record<Currency, bigint>>> {
  return readOn(on, async (q) => ({
    live: await trialBalance(q, "live"),
    test: await trialBalance(q, "test"),
  }));
}

export interface BalanceMismatch {
  accountId: number;
  code: string;
  currency: Currency;
  kind: AccountKind;
  cached: bigint;
  fromEntries: bigint;
}

/** Accounts whose cached balance differs from the sum of their entries. Must be empty. */
export async function verifyBalances(on: Handle | Store): Promise<BalanceMismatch[]> {
  const rows = await readOn(on, (q) =>
    q
      .select({
        accountId: ledgerAccounts.id,
        code: ledgerAccounts.code,
        currency: ledgerAccounts.currency,
        kind: ledgerAccounts.kind,
        cached: amountOf(ledgerAccounts.balance),
        ...exactSumParts(ledgerEntries.amount),
      })
      .from(ledgerAccounts)
      .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
      .groupBy(ledgerAccounts.id),
  );
  const mismatches: BalanceMismatch[] = [];
  for (const { high, low, ...row } of rows) {
    const fromEntries = combineSum({ high, low });
    if (fromEntries !== row.cached) mismatches.push({ ...row, fromEntries });
  }
  return mismatches;
}

/**
 * Transactions whose entries do not sum to zero in some currency within each book (a transaction
 * moving money between the live and the test book is unbalanced in both), or that have fewer than
 * two entries. Must be empty.
 */
export function findUnbalancedTransactions(on: Handle | Store): Promise<
  {
    transactionId: string;
    currency: Currency | null;
    book?: LedgerBook;
    sum: bigint;
    entries: number;
  }[]
> {
  return readOn(on, unbalancedOn);
}

async function unbalancedOn(q: Handle) {
  const unbalanced = (
    await q
      .select({
        transactionId: ledgerEntries.transactionId,
        currency: ledgerAccounts.currency,
        book: bookOfAccount,
        entries: sql<number>`count(*)`.mapWith(Number),
        ...exactSumParts(ledgerEntries.amount),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .groupBy(ledgerEntries.transactionId, ledgerAccounts.currency, bookOfAccount)
      .having(not(exactSumIsZero(ledgerEntries.amount)))
  ).map(({ high, low, ...row }) => ({ ...row, sum: combineSum({ high, low }) as bigint }));
  const short = (
    await q
      .select({
        transactionId: ledgerTransactions.id,
        entries: sql<number>`count(${ledgerEntries.id})`.mapWith(Number),
      })
      .from(ledgerTransactions)
      .leftJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .groupBy(ledgerTransactions.id)
      .having(sql`count(${ledgerEntries.id}) < 2`)
  ).map((row) => ({ ...row, currency: null as Currency | null, sum: 0n }));
  return [...unbalanced, ...short];
}
