/**
 * Posting: the one way money moves in the ledger, and reversals (the one way to correct it).
 *
 * `postTransaction` validates the entries (at least two, non-zero bigint amounts, every account
 * once, zero sum per currency), then in ONE database transaction: claims the idempotency key by
 * inserting the transaction row (if the key was used: returns the earlier result, or throws if it
 * was used for something else, having written nothing), gets or creates the accounts, writes the
 * entries, updates the cached balances and reads back the guarded balances. Any failure rolls
 * everything back. Given a `Tx`, it nests in the caller's transaction (a savepoint), so the
 * caller's rollback undoes it too. It never calls out of the process: callers post, commit, and
 * only then talk to a rail or custody (ARCHITECTURE 8).
 */
import { createHash } from "node:crypto";
import { eq, is } from "drizzle-orm";
import { SQLiteTransaction } from "drizzle-orm/sqlite-core";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../../drizzle/schema";
import { newId } from "~/core/ids.server";
import type { Db, DbOrTx, Tx } from "~/utils/db.server";
import { type AccountKind, type AccountRef, isAccountRef, toNormalBalance } from "./accounts";
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
import {
  accountColumns,
  cachedStatements,
  type Statements,
  statementsOn,
} from "./statements.server";
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

interface Leg {
  account: AccountRow;
  amount: bigint;
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

/**
 * Run `fn` in a transaction: `BEGIN IMMEDIATE` on a `Db` (the write lock is taken up front, so a
 * posting never fails half-way on a lock upgrade), a savepoint inside a caller's `Tx` (or when the
 * `Db` is already inside a transaction: better-sqlite3 nests with savepoints).
 */
export function inLedgerTransaction<T>(db: DbOrTx, fn: (tx: Tx) => T): T {
  if (is(db, SQLiteTransaction)) return (db as Tx).transaction((tx) => fn(tx));
  return (db as Db).transaction((tx) => fn(tx), { behavior: "immediate" });
}

/**
 * `inLedgerTransaction` plus the posting statements (prepared once per `Db`, per posting on a
 * `Tx`).
 */
function inPostingTransaction<T>(db: DbOrTx, fn: (tx: Tx, statements: Statements) => T): T {
  if (is(db, SQLiteTransaction)) return (db as Tx).transaction((tx) => fn(tx, statementsOn(tx)));
  const statements = cachedStatements(db as Db);
  return (db as Db).transaction((tx) => fn(tx, statements), { behavior: "immediate" });
}

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

function checkMatches(row: AccountRow, ref: AccountRef): AccountRow {
  if (row.currency !== ref.currency || row.kind !== ref.kind || row.ownerId !== ref.ownerId) {
    throw new AccountMismatchError(
      `Account ${ref.code} exists as ${row.kind} ${row.currency} (owner ${row.ownerId ?? "none"})`,
    );
  }
  return row;
}

/** The account's row, created (balance zero) on first use. */
function getOrCreateAccount(s: Statements, ref: AccountRef, now: number): AccountRow {
  const existing = s.findAccount.get({ code: ref.code });
  if (existing) return checkMatches(existing, ref);
  s.createAccount.run({
    code: ref.code,
    currency: ref.currency,
    kind: ref.kind,
    ownerId: ref.ownerId,
    now,
  });
  const created = s.findAccount.get({ code: ref.code });
  if (!created) throw new AccountMismatchError(`Account ${ref.code} could not be created`);
  return checkMatches(created, ref);
}

/**
 * Read back the guarded balances (after the writes, same transaction) and refuse any below zero.
 */
function checkGuards(s: Statements, guards: readonly AccountRef[]): void {
  const checked = new Set<string>();
  for (const guard of guards) {
    if (checked.has(guard.code)) continue;
    checked.add(guard.code);
    const row = s.findAccount.get({ code: guard.code });
    if (!row) continue; // never used: balance zero
    checkMatches(row, guard);
    const normal = toNormalBalance(row.kind, row.balance);
    if (normal < 0n) throw new InsufficientBalanceError(row.code, row.currency, normal, -normal);
  }
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

/** Insert the transaction row unless its key was used: true when inserted. */
function claimKey(s: Statements, row: TransactionRow): boolean {
  const inserted = s.claimKey.get({
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
  return inserted !== undefined;
}

/** The earlier result for a used key, or a conflict when it was used for something else. */
function earlierResult(
  s: Statements,
  idempotencyKey: string,
  print: string,
): PostingResult | undefined {
  const existing = s.findByKey.get({ idempotencyKey });
  if (!existing) return undefined;
  if (existing.fingerprint !== print)
    throw new IdempotencyConflictError(idempotencyKey, existing.id);
  return { transactionId: existing.id, created: false };
}

/** Entries, cached balances and guards of a transaction whose row is written. */
function writeLegs(
  s: Statements,
  transactionId: string,
  legs: readonly Leg[],
  guards: readonly AccountRef[],
  now: number,
): void {
  for (const leg of legs) {
    const after = leg.account.balance + leg.amount;
    if (after < INT64_MIN || after > INT64_MAX) throw new BalanceOverflowError(leg.account.code);
    s.insertEntry.run({ transactionId, accountId: leg.account.id, amount: leg.amount, now });
    s.addToBalance.run({ accountId: leg.account.id, delta: leg.amount, now });
  }
  checkGuards(s, guards);
}

/**
 * Post one balanced transaction. Returns `{ created: false }` with the first transaction's id when
 * the idempotency key was already posted with the same kind, reference and entries; throws
 * `IdempotencyConflictError` when it was posted with different ones. Throws `InvalidPostingError`,
 * `UnbalancedTransactionError`, `InsufficientBalanceError` (a guard), `AccountMismatchError` or
 * `BalanceOverflowError`, and then nothing was written.
 */
export function postTransaction(db: DbOrTx, input: PostingInput): PostingResult {
  const posting = validatePosting(input);
  const print = fingerprint({
    kind: posting.kind,
    reference: posting.reference,
    reverses: null,
    entries: posting.entries.map((entry) => ({ code: entry.account.code, amount: entry.amount })),
  });
  const transactionId = newId("ltx");
  return inPostingTransaction(db, (_tx, s) => {
    const claimed = claimKey(s, {
      id: transactionId,
      idempotencyKey: posting.idempotencyKey,
      kind: posting.kind,
      description: posting.description,
      reference: posting.reference,
      reversesTransactionId: null,
      fingerprint: print,
      now: posting.now,
    });
    if (!claimed) {
      const earlier = earlierResult(s, posting.idempotencyKey, print);
      if (!earlier)
        throw new Error(`Idempotency key ${posting.idempotencyKey} neither claimed nor found`);
      return earlier;
    }
    const legs = posting.entries.map((entry) => ({
      account: getOrCreateAccount(s, entry.account, posting.now),
      amount: entry.amount,
    }));
    writeLegs(s, transactionId, legs, posting.guards, posting.now);
    return { transactionId, created: true };
  });
}

/**
 * Post the negation of a transaction as a new transaction linked to it (kind "reversal", the
 * original's reference, `reason` as description). Entries are never changed. Idempotent by key; a
 * transaction is reversed at most once (`AlreadyReversedError` for a second key); a reversal can
 * itself be reversed. Pass `guards` when the reversal takes money back from an account that must
 * not go negative.
 */
export function reverseTransaction(db: DbOrTx, input: ReversalInput): PostingResult {
  const transactionId = requireText(input.transactionId, "transactionId");
  const idempotencyKey = requireText(input.idempotencyKey, "idempotencyKey");
  const reason = requireText(input.reason, "reason");
  const guards = requireGuards(input.guards);
  const now = requireNow(input.now);
  return inPostingTransaction(db, (tx, s) => {
    const original = tx
      .select({
        id: ledgerTransactions.id,
        referenceType: ledgerTransactions.referenceType,
        referenceId: ledgerTransactions.referenceId,
      })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, transactionId))
      .get();
    if (!original) throw new TransactionNotFoundError(transactionId);
    const reference =
      original.referenceType !== null && original.referenceId !== null
        ? { type: original.referenceType, id: original.referenceId }
        : null;
    const legs: Leg[] = tx
      .select({ ...accountColumns, amount: amountOf(ledgerEntries.amount) })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerEntries.transactionId, transactionId))
      .orderBy(ledgerEntries.id)
      .all()
      .map(({ amount, ...account }) => ({ account, amount: -amount }));
    const print = fingerprint({
      kind: REVERSAL_KIND,
      reference,
      reverses: transactionId,
      entries: legs.map((leg) => ({ code: leg.account.code, amount: leg.amount })),
    });
    const earlierReversal = earlierResult(s, idempotencyKey, print);
    if (earlierReversal) return earlierReversal;
    const earlier = tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reversesTransactionId, transactionId))
      .get();
    if (earlier) throw new AlreadyReversedError(transactionId, earlier.id);
    const reversalId = newId("ltx");
    const claimed = claimKey(s, {
      id: reversalId,
      idempotencyKey,
      kind: REVERSAL_KIND,
      description: reason,
      reference,
      reversesTransactionId: transactionId,
      fingerprint: print,
      now,
    });
    if (!claimed)
      throw new Error(`Idempotency key ${idempotencyKey} was taken during the reversal`);
    writeLegs(s, reversalId, legs, guards, now);
    return { transactionId: reversalId, created: true };
  });
}
