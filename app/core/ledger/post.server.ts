/**
 * Posting: the one way money moves in the ledger, and reversals (the one way to correct it).
 *
 * `postTransaction` validates the entries (at least two, non-zero bigint amounts, every account
 * once, zero sum per currency), then in the caller's write (ADR 0041), a check then a write: if the
 * idempotency key was used it returns the earlier result (or throws if it was used for something
 * else); it reads the accounts of the entries and guards (through `forUpdate`: the row locks
 * PostgreSQL needs), works out every balance after the posting and refuses an account that does not
 * match, a balance out of range or a guarded balance below zero (`planPosting`), and only then
 * writes the transaction row, the new accounts, the entries and the cached balances. A refusal
 * writes nothing. Given the store instead of a handle, it posts in a write of its own. It never
 * calls out of the process: callers post, commit, and only then talk to a rail or custody
 * (ARCHITECTURE 8).
 */
import { createHash } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../../drizzle/schema";
import { newId } from "~/core/ids.server";
import { first } from "~/db/sql";
import { prepared } from "~/db/prepared";
import { type Handle, isStore, type Store } from "~/db/store";
import {
  type AccountKind,
  type AccountRef,
  accountRefFromRow,
  isAccountRef,
  toNormalBalance,
} from "./accounts";
import {
  AccountMismatchError,
  AlreadyReversedError,
  BalanceOverflowError,
  IdempotencyConflictError,
  InsufficientBalanceError,
  InvalidPostingError,
  TransactionNotFoundError,
  UnbalancedTransactionError,
} from "./errors";
import { amountOf } from "./sql.server";
import { type Currency, INT64_MAX, INT64_MIN } from "./units";

export interface PostingEntry {
  account: AccountRef;
  /** Ledger units of the account's currency: positive = debit, negative = credit. Never zero. */
  amount: bigint;
}

export interface LedgerReference {
  /** What the transaction is about: "payment", "payout", "refund"... */
  type: string;
  id: string;
}

export interface PostingInput {
  /**
   * Unique per movement of money; derive it from what caused it (e.g. `payment:pay_x:converted`).
   */
  idempotencyKey: string;
  /** Machine name of what happened: lower case, e.g. `payment.converted`, `payout.sent`. */
  kind: string;
  description?: string | null;
  reference?: LedgerReference | null;
  entries: readonly PostingEntry[];
  /** Accounts whose normal-side balance must not be negative after this posting. */
  guards?: readonly AccountRef[];
  /** Epoch milliseconds (defaults to now). */
  now?: number;
}

export interface PostingResult {
  transactionId: string;
  /** False when the idempotency key had already been posted: the first result, nothing written. */
  created: boolean;
}

export interface ReversalInput {
  transactionId: string;
  idempotencyKey: string;
  /** Why: stored as the reversal's description. */
  reason: string;
  guards?: readonly AccountRef[];
  now?: number;
}

export const REVERSAL_KIND = "reversal";

const KIND = /^[a-z][a-z0-9_.:-]{0,63}$/;
const MAX_TEXT = 200;

interface AccountRow {
  id: number;
  code: string;
  currency: Currency;
  kind: AccountKind;
  ownerId: string | null;
  balance: bigint;
}

interface ValidPosting {
  idempotencyKey: string;
  kind: string;
  description: string | null;
  reference: LedgerReference | null;
  entries: readonly PostingEntry[];
  guards: readonly AccountRef[];
  now: number;
}

/** Locks the rows a check reads: the store's `forUpdate`. */
export type Lock = Pick<Store, "forUpdate">;

function requireText(value: unknown, what: string): string {
  if (typeof value !== "string" || value.trim() === "" || value.length > MAX_TEXT) {
    throw new InvalidPostingError(
      `${what} must be a non-empty string of at most ${MAX_TEXT} characters`,
    );
  }
  return value;
}

function requireNow(value: unknown): number {
  if (value === undefined) return Date.now();
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new InvalidPostingError("now must be epoch milliseconds");
  }
  return value;
}

function requireReference(value: unknown): LedgerReference | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "object") throw new InvalidPostingError("reference must be { type, id }");
  const { type, id } = value as Partial<LedgerReference>;
  return { type: requireText(type, "reference.type"), id: requireText(id, "reference.id") };
}

function requireGuards(value: unknown): AccountRef[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new InvalidPostingError("guards must be an array of accounts");
  for (const guard of value) {
    if (!isAccountRef(guard))
      throw new InvalidPostingError("guards must be accounts made by the ledger constructors");
  }
  return value as AccountRef[];
}

/** Checks everything that can be checked without the database. */
export function validatePosting(input: PostingInput): ValidPosting {
  if (typeof input !== "object" || input === null)
    throw new InvalidPostingError("A posting is an object");
  const idempotencyKey = requireText(input.idempotencyKey, "idempotencyKey");
  const kind = requireText(input.kind, "kind");
  if (!KIND.test(kind))
    throw new InvalidPostingError(`kind must match ${KIND.source}: ${JSON.stringify(kind)}`);
  if (kind === REVERSAL_KIND)
    throw new InvalidPostingError("Reversals are posted with reverseTransaction");
  const description =
    input.description === undefined || input.description === null
      ? null
      : String(input.description);
  const reference = requireReference(input.reference);
  const entries = input.entries;
  if (!Array.isArray(entries) || entries.length < 2) {
    throw new InvalidPostingError("A transaction needs at least two entries");
  }
  const seen = new Set<string>();
  const sums = new Map<Currency, bigint>();
  for (const entry of entries as readonly unknown[]) {
    if (typeof entry !== "object" || entry === null)
      throw new InvalidPostingError("An entry is { account, amount }");
    const { account, amount } = entry as Partial<PostingEntry>;
    if (!isAccountRef(account))
      throw new InvalidPostingError("An entry's account must come from the ledger constructors");
    if (typeof amount !== "bigint") {
      throw new InvalidPostingError(
        `Amount for ${account.code} must be a bigint (got ${typeof amount})`,
      );
    }
    if (amount === 0n) throw new InvalidPostingError(`Amount for ${account.code} is zero`);
    // Symmetric range, so that every entry can be negated by a reversal.
    if (amount < -INT64_MAX || amount > INT64_MAX) {
      throw new InvalidPostingError(`Amount for ${account.code} is outside the 64-bit range`);
    }
    if (seen.has(account.code)) {
      throw new InvalidPostingError(
        `${account.code} appears twice; combine its amounts into one entry`,
      );
    }
    seen.add(account.code);
    sums.set(account.currency, (sums.get(account.currency) ?? 0n) + amount);
  }
  const imbalances: Record<string, bigint> = {};
  for (const [currency, sum] of sums) if (sum !== 0n) imbalances[currency] = sum;
  if (Object.keys(imbalances).length > 0) throw new UnbalancedTransactionError(imbalances);
  return {
    idempotencyKey,
    kind,
    description,
    reference,
    entries: entries as readonly PostingEntry[],
    guards: requireGuards(input.guards),
    now: requireNow(input.now),
  };
}

/**
 * What a repost must match: kind, reference, the reversed transaction and the entries (in any
 * order).
 */
function fingerprint(parts: {
  kind: string;
  reference: LedgerReference | null;
  reverses: string | null;
  entries: readonly { code: string; amount: bigint }[];
}): string {
  const entries = parts.entries
    .map((entry) => [entry.code, entry.amount.toString()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = JSON.stringify({
    v: 1,
    kind: parts.kind,
    reference: parts.reference ? [parts.reference.type, parts.reference.id] : null,
    reverses: parts.reverses,
    entries,
  });
  return createHash("sha256").update(canonical).digest("hex");
}

function checkMatches<R extends Pick<AccountRow, "code" | "currency" | "kind" | "ownerId">>(
  row: R,
  ref: AccountRef,
): R {
  if (row.currency !== ref.currency || row.kind !== ref.kind || row.ownerId !== ref.ownerId) {
    throw new AccountMismatchError(
      `Account ${ref.code} exists as ${row.kind} ${row.currency} (owner ${row.ownerId ?? "none"})`,
    );
  }
  return row;
}

/** The accounts a posting reads: its entries' and its guards', each once. */
function codesOf(entries: readonly PostingEntry[], guards: readonly AccountRef[]): string[] {
  return [
    ...new Set([...entries.map((entry) => entry.account.code), ...guards.map((g) => g.code)]),
  ];
}

/** One leg of a planned posting: its account as it is (`id` null: to create) and its amount. */
interface PlannedLeg {
  ref: AccountRef;
  id: number | null;
  amount: bigint;
}

/**
 * The rules of a posting, on the account rows read (by code; an account not there is new, balance
 * zero): every entry's account matches its row, no balance leaves the 64-bit range, and every
 * guarded account's normal-side balance after the posting is not negative. Throws the first
 * refusal (`AccountMismatchError`, `BalanceOverflowError`, `InsufficientBalanceError`), in that
 * order; returns the legs to write. Pure: both variants of posting and reversing run it.
 */
export function planPosting(
  rows: ReadonlyMap<string, AccountRow>,
  entries: readonly PostingEntry[],
  guards: readonly AccountRef[],
): PlannedLeg[] {
  const legs = entries.map((entry) => {
    const row = rows.get(entry.account.code);
    if (row) checkMatches(row, entry.account);
    return { ref: entry.account, row, amount: entry.amount };
  });
  const after = new Map<string, AccountRow>();
  for (const leg of legs) {
    const balance = (leg.row?.balance ?? 0n) + leg.amount;
    if (balance < INT64_MIN || balance > INT64_MAX) throw new BalanceOverflowError(leg.ref.code);
    const { code, currency, kind, ownerId } = leg.ref;
    after.set(code, { id: leg.row?.id ?? 0, code, currency, kind, ownerId, balance });
  }
  const checked = new Set<string>();
  for (const guard of guards) {
    if (checked.has(guard.code)) continue;
    checked.add(guard.code);
    const row = after.get(guard.code) ?? rows.get(guard.code);
    if (!row) continue; // never used: balance zero
    checkMatches(row, guard);
    const normal = toNormalBalance(row.kind, row.balance);
    if (normal < 0n) throw new InsufficientBalanceError(row.code, row.currency, normal, -normal);
  }
  return legs.map((leg) => ({ ref: leg.ref, id: leg.row?.id ?? null, amount: leg.amount }));
}

interface TransactionRow {
  id: string;
  idempotencyKey: string;
  kind: string;
  description: string | null;
  reference: LedgerReference | null;
  reversesTransactionId: string | null;
  fingerprint: string;
  now: number;
}

const accountColumns = {
  id: ledgerAccounts.id,
  code: ledgerAccounts.code,
  currency: ledgerAccounts.currency,
  kind: ledgerAccounts.kind,
  ownerId: ledgerAccounts.ownerId,
  balance: amountOf(ledgerAccounts.balance),
};

const transactionValues = (row: TransactionRow) => ({
  id: row.id,
  idempotencyKey: row.idempotencyKey,
  kind: row.kind,
  description: row.description,
  referenceType: row.reference?.type ?? null,
  referenceId: row.reference?.id ?? null,
  reversesTransactionId: row.reversesTransactionId,
  fingerprint: row.fingerprint,
  now: row.now,
});

/** The earlier result for a used key, or a conflict when it was used for something else. */
function earlierOf(
  existing: { id: string; fingerprint: string } | undefined,
  idempotencyKey: string,
  print: string,
): PostingResult | undefined {
  if (!existing) return undefined;
  if (existing.fingerprint !== print)
    throw new IdempotencyConflictError(idempotencyKey, existing.id);
  return { transactionId: existing.id, created: false };
}

const newAccountValues = (ref: AccountRef, now: number) => ({
  code: ref.code,
  currency: ref.currency,
  kind: ref.kind,
  ownerId: ref.ownerId,
  now,
});

function postingPrint(posting: ValidPosting): string {
  return fingerprint({
    kind: posting.kind,
    reference: posting.reference,
    reverses: null,
    entries: posting.entries.map((entry) => ({ code: entry.account.code, amount: entry.amount })),
  });
}

function postingRow(posting: ValidPosting, print: string): TransactionRow {
  return {
    id: newId("ltx"),
    idempotencyKey: posting.idempotencyKey,
    kind: posting.kind,
    description: posting.description,
    reference: posting.reference,
    reversesTransactionId: null,
    fingerprint: print,
    now: posting.now,
  };
}

// ---- On the store ----------------------------------------------------------------------------
// A posting's queries are built once (app/db/prepared.ts): building them cost more than running
// them.

const byKey = prepared("ledger.byKey", (q) =>
  q
    .select({ id: ledgerTransactions.id, fingerprint: ledgerTransactions.fingerprint })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, sql.placeholder("key")))
    .limit(1),
);

async function findByKeyOn(q: Handle, idempotencyKey: string) {
  return byKey(q).get({ key: idempotencyKey });
}

/**
 * The accounts of `count` codes (`c0`, `c1`…), locked or not. In id order: locked, their row locks
 * are taken in that order, the one every posting and `lockAccounts` uses, so two writers wanting
 * the same accounts wait for each other instead of deadlocking (a plain `in (…)` locked them in
 * whatever order the plan found them).
 */
const accountsByCode = prepared("ledger.accounts", (q, count: number) =>
  q
    .select(accountColumns)
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.code,
        Array.from({ length: count }, (_, i) => sql.placeholder(`c${i}`)),
      ),
    )
    .orderBy(asc(ledgerAccounts.id)),
);

/**
 * Lock accounts a write is about to check and post to, in the order every posting locks them (by
 * id), and read their cached balances (current under the lock): for a check then a posting where
 * the check reads a balance (a settlement spending a merchant's available money). Taking one of
 * them first and the rest in the posting would take them out of order and deadlock with another
 * posting. Accounts not made yet are not in the map (and not locked: their posting makes them).
 */
export async function lockAccounts(
  lock: Lock,
  q: Handle,
  accounts: readonly AccountRef[],
): Promise<Map<string, bigint>> {
  const rows = await accountsOn(q, [...new Set(accounts.map((account) => account.code))], lock);
  return new Map([...rows.values()].map((row) => [row.code, row.balance]));
}

/** The accounts by code, read through `lock` (one query). */
async function accountsOn(
  q: Handle,
  codes: readonly string[],
  lock: Lock | undefined,
): Promise<Map<string, AccountRow>> {
  const query = accountsByCode(q, codes.length, lock);
  const rows = await query.all(Object.fromEntries(codes.map((code, i) => [`c${i}`, code])));
  return new Map(rows.map((row) => [row.code, row]));
}

const insertTransaction = prepared("ledger.insertTransaction", (q) =>
  q
    .insert(ledgerTransactions)
    .values({
      id: sql.placeholder("id"),
      idempotencyKey: sql.placeholder("idempotencyKey"),
      kind: sql.placeholder("kind"),
      description: sql.placeholder("description"),
      referenceType: sql.placeholder("referenceType"),
      referenceId: sql.placeholder("referenceId"),
      reversesTransactionId: sql.placeholder("reversesTransactionId"),
      fingerprint: sql.placeholder("fingerprint"),
      createdAt: sql.placeholder("now"),
    })
    // No ON CONFLICT: a key taken by a concurrent posting since the check (another process, on
    // PostgreSQL) fails the insert with a unique violation, and the store runs the write again,
    // whose check then finds the posting and answers it (ADR 0046, 0047).
    .returning({ id: ledgerTransactions.id }),
);

/** The entries of a transaction with `count` legs (`account0`, `amount0`…), one statement. */
const insertEntries = prepared("ledger.insertEntries", (q, count: number) =>
  q.insert(ledgerEntries).values(
    Array.from({ length: count }, (_, i) => ({
      transactionId: sql.placeholder("transactionId"),
      accountId: sql.placeholder(`account${i}`),
      amount: sql.placeholder(`amount${i}`),
      createdAt: sql.placeholder("now"),
    })),
  ),
);

const addToBalance = prepared("ledger.addToBalance", (q) =>
  q
    .update(ledgerAccounts)
    .set({
      balance: sql`${ledgerAccounts.balance} + ${sql.placeholder("amount")}`,
      updatedAt: sql`${sql.placeholder("now")}`,
    })
    .where(eq(ledgerAccounts.id, sql.placeholder("id"))),
);

/**
 * Check, then write (the caller's write): the plan on the accounts read, then the transaction row,
 * the new accounts, the entries and the cached balances. A refusal has written nothing.
 */
async function writePostingOn(
  q: Handle,
  accounts: Map<string, AccountRow>,
  row: TransactionRow,
  entries: readonly PostingEntry[],
  guards: readonly AccountRef[],
): Promise<PostingResult> {
  const legs = planPosting(accounts, entries, guards);
  const { now } = row;
  const transaction = insertTransaction(q).all(transactionValues(row));
  const missing = legs.filter((leg) => leg.id === null);
  if (missing.length > 0) {
    await transaction;
    const created = await q
      .insert(ledgerAccounts)
      .values(
        missing.map((leg) => {
          const { now: at, ...account } = newAccountValues(leg.ref, now);
          return { ...account, createdAt: at, updatedAt: at };
        }),
      )
      .returning({ id: ledgerAccounts.id, code: ledgerAccounts.code });
    const ids = new Map(created.map((account) => [account.code, account.id]));
    for (const leg of missing) leg.id = ids.get(leg.ref.code) ?? null;
    if (missing.some((leg) => leg.id === null))
      throw new AccountMismatchError(`Accounts of ${row.id} could not be created`);
  }
  const entryValues: Record<string, unknown> = { transactionId: row.id, now };
  legs.forEach((leg, i) => {
    entryValues[`account${i}`] = leg.id;
    entryValues[`amount${i}`] = leg.amount;
  });
  // In one order for every posting (by account id): two postings touching the same accounts take
  // their row locks in the same order, so concurrent writers (PostgreSQL, several processes) wait
  // for each other instead of deadlocking.
  const byAccount = [...legs].sort((a, b) => (a.id! < b.id! ? -1 : a.id! > b.id! ? 1 : 0));
  // The transaction row, the balances (their row locks in id order, before the entries' foreign
  // keys touch the rows) and the entries: started in order, awaited together (one round trip on
  // PostgreSQL, ADR 0048); a failure of one fails the write.
  const [claimed] = await Promise.all([
    transaction,
    ...byAccount.map((leg) => addToBalance(q).run({ amount: leg.amount, now, id: leg.id! })),
    insertEntries(q, legs.length).run(entryValues),
  ]);
  if (claimed.length !== 1)
    throw new Error(`Idempotency key ${row.idempotencyKey} was taken during the posting`);
  return { transactionId: row.id, created: true };
}

/**
 * Post one balanced transaction, in the caller's write `q` (its account reads locked through
 * `lock`, the store), or, given the store, in a write of its own. Returns `{ created: false }`
 * with the first transaction's id when the idempotency key was already posted with the same kind,
 * reference and entries; throws `IdempotencyConflictError` when it was posted with different ones.
 * Throws `InvalidPostingError`, `UnbalancedTransactionError`, `InsufficientBalanceError` (a
 * guard), `AccountMismatchError` or `BalanceOverflowError`, and then nothing was written.
 */
export async function postTransaction(
  on: Handle | Store,
  input: PostingInput,
  lock?: Lock,
): Promise<PostingResult> {
  if (isStore(on)) return on.write((q) => postTransaction(q, input, on));
  const posting = validatePosting(input);
  const print = postingPrint(posting);
  // The key's earlier posting and the accounts (locked), read together (one round trip on
  // PostgreSQL); a replay of an earlier posting has then locked its accounts for nothing.
  const [found, accounts] = await Promise.all([
    findByKeyOn(on, posting.idempotencyKey),
    accountsOn(on, codesOf(posting.entries, posting.guards), lock),
  ]);
  const earlier = earlierOf(found, posting.idempotencyKey, print);
  if (earlier) return earlier;
  return writePostingOn(on, accounts, postingRow(posting, print), posting.entries, posting.guards);
}

/** A transaction's reference and its entries negated (with their accounts), for its reversal. */
function reversalOf(
  original: { referenceType: string | null; referenceId: string | null },
  entries: readonly (Pick<AccountRow, "code" | "currency" | "kind" | "ownerId"> & {
    amount: bigint;
  })[],
) {
  const reference =
    original.referenceType !== null && original.referenceId !== null
      ? { type: original.referenceType, id: original.referenceId }
      : null;
  const legs: PostingEntry[] = entries.map(({ amount, ...account }) => ({
    account: accountRefFromRow(account),
    amount: -amount,
  }));
  return { reference, legs };
}

function reversalPrint(
  transactionId: string,
  reference: LedgerReference | null,
  legs: readonly PostingEntry[],
) {
  return fingerprint({
    kind: REVERSAL_KIND,
    reference,
    reverses: transactionId,
    entries: legs.map((leg) => ({ code: leg.account.code, amount: leg.amount })),
  });
}

function validReversal(input: ReversalInput) {
  return {
    transactionId: requireText(input.transactionId, "transactionId"),
    idempotencyKey: requireText(input.idempotencyKey, "idempotencyKey"),
    reason: requireText(input.reason, "reason"),
    guards: requireGuards(input.guards),
    now: requireNow(input.now),
  };
}

const originalColumns = {
  id: ledgerTransactions.id,
  referenceType: ledgerTransactions.referenceType,
  referenceId: ledgerTransactions.referenceId,
};

const entryAccountColumns = {
  code: ledgerAccounts.code,
  currency: ledgerAccounts.currency,
  kind: ledgerAccounts.kind,
  ownerId: ledgerAccounts.ownerId,
  amount: amountOf(ledgerEntries.amount),
};

/**
 * Post the negation of a transaction as a new transaction linked to it (kind "reversal", the
 * original's reference, `reason` as description). Entries are never changed. Idempotent by key; a
 * transaction is reversed at most once (`AlreadyReversedError` for a second key); a reversal can
 * itself be reversed. Pass `guards` when the reversal takes money back from an account that must
 * not go negative. In the caller's write `q` (locked through `lock`), or, given the store, in a
 * write of its own.
 */
export async function reverseTransaction(
  on: Handle | Store,
  input: ReversalInput,
  lock?: Lock,
): Promise<PostingResult> {
  if (isStore(on)) return on.write((q) => reverseTransaction(q, input, on));
  const reversal = validReversal(input);
  const q = on;
  const { transactionId, idempotencyKey } = reversal;
  const original = await first(
    q
      .select(originalColumns)
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, transactionId))
      .limit(1),
  );
  if (!original) throw new TransactionNotFoundError(transactionId);
  const { reference, legs } = reversalOf(
    original,
    await q
      .select(entryAccountColumns)
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerEntries.transactionId, transactionId))
      .orderBy(ledgerEntries.id),
  );
  const print = reversalPrint(transactionId, reference, legs);
  const earlierReversal = earlierOf(await findByKeyOn(q, idempotencyKey), idempotencyKey, print);
  if (earlierReversal) return earlierReversal;
  const earlier = await first(
    q
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reversesTransactionId, transactionId))
      .limit(1),
  );
  if (earlier) throw new AlreadyReversedError(transactionId, earlier.id);
  return writePostingOn(
    q,
    await accountsOn(q, codesOf(legs, reversal.guards), lock),
    {
      id: newId("ltx"),
      idempotencyKey,
      kind: REVERSAL_KIND,
      description: reversal.reason,
      reference,
      reversesTransactionId: transactionId,
      fingerprint: print,
      now: reversal.now,
    },
    legs,
    reversal.guards,
  );
}
