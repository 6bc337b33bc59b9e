/**
 * Posting: the one way money moves in the ledger, and reversals (the one way to correct it).
 *
 * `postTransaction` validates the entries (at least two, non-zero bigint amounts, every account once,
 * zero sum per currency), then in ONE database transaction: returns the earlier result if the
 * idempotency key was used (or throws if it was used for something else), gets or creates the accounts,
 * writes the transaction and its entries, updates the cached balances and checks the guarded balances.
 * Any failure rolls everything back. Given a `Tx`, it nests in the caller's transaction (a savepoint),
 * so the caller's rollback undoes it too. It never calls out of the process: callers post, commit, and
 * only then talk to a rail or custody (ARCHITECTURE 8).
 */
import { createHash } from "node:crypto";
import { eq, is, sql } from "drizzle-orm";
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
  /** Unique per movement of money; derive it from what caused it (e.g. `payment:pay_x:converted`). */
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

/** Run `fn` in a transaction: a top-level `BEGIN IMMEDIATE` on a `Db`, a savepoint inside a `Tx`. */
export function inLedgerTransaction<T>(db: DbOrTx, fn: (tx: Tx) => T): T {
  if (is(db, SQLiteTransaction)) return (db as Tx).transaction((tx) => fn(tx));
  return (db as Db).transaction((tx) => fn(tx), { behavior: "immediate" });
}

function requireText(value: unknown, what: string): string {
  if (typeof value !== "string" || value.trim() === "" || value.length > MAX_TEXT) {
    throw new InvalidPostingError(`${what} must be a non-empty string of at most ${MAX_TEXT} characters`);
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
    if (!isAccountRef(guard)) throw new InvalidPostingError("guards must be accounts made by the ledger constructors");
  }
  return value as AccountRef[];
}

/** Checks everything that can be checked without the database. */
export function validatePosting(input: PostingInput): ValidPosting {
  if (typeof input !== "object" || input === null) throw new InvalidPostingError("A posting is an object");
  const idempotencyKey = requireText(input.idempotencyKey, "idempotencyKey");
  const kind = requireText(input.kind, "kind");
  if (!KIND.test(kind)) throw new InvalidPostingError(`kind must match ${KIND.source}: ${JSON.stringify(kind)}`);
  if (kind === REVERSAL_KIND) throw new InvalidPostingError("Reversals are posted with reverseTransaction");
  const description =
    input.description === undefined || input.description === null ? null : String(input.description);
  const reference = requireReference(input.reference);
  const entries = input.entries;
  if (!Array.isArray(entries) || entries.length < 2) {
    throw new InvalidPostingError("A transaction needs at least two entries");
  }
  const seen = new Set<string>();
  const sums = new Map<Currency, bigint>();
  for (const entry of entries as readonly unknown[]) {
    if (typeof entry !== "object" || entry === null) throw new InvalidPostingError("An entry is { account, amount }");
    const { account, amount } = entry as Partial<PostingEntry>;
    if (!isAccountRef(account)) throw new InvalidPostingError("An entry's account must come from the ledger constructors");
    if (typeof amount !== "bigint") {
      throw new InvalidPostingError(`Amount for ${account.code} must be a bigint (got ${typeof amount})`);
    }
    if (amount === 0n) throw new InvalidPostingError(`Amount for ${account.code} is zero`);
    // Symmetric range, so that every entry can be negated by a reversal.
    if (amount < -INT64_MAX || amount > INT64_MAX) {
      throw new InvalidPostingError(`Amount for ${account.code} is outside the 64-bit range`);
    }
    if (seen.has(account.code)) {
      throw new InvalidPostingError(`${account.code} appears twice; combine its amounts into one entry`);
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

/** What a repost must match: kind, reference, the reversed transaction and the entries (in any order). */
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

const accountColumns = {
  id: ledgerAccounts.id,
  code: ledgerAccounts.code,
  currency: ledgerAccounts.currency,
  kind: ledgerAccounts.kind,
  ownerId: ledgerAccounts.ownerId,
  balance: amountOf(ledgerAccounts.balance),
};

function findAccount(tx: Tx, code: string): AccountRow | undefined {
  return tx.select(accountColumns).from(ledgerAccounts).where(eq(ledgerAccounts.code, code)).get();
}

function checkMatches(row: AccountRow, ref: AccountRef): AccountRow {
  if (row.currency !== ref.currency || row.kind !== ref.kind || row.ownerId !== ref.ownerId) {
    throw new AccountMismatchError(
      `Account ${ref.code} exists as ${row.kind} ${row.currency} (owner ${row.ownerId ?? "none"})`,
    );
  }
  return row;
}

function getOrCreateAccount(tx: Tx, ref: AccountRef, now: number): AccountRow {
  const existing = findAccount(tx, ref.code);
  if (existing) return checkMatches(existing, ref);
  tx.insert(ledgerAccounts)
    .values({
      code: ref.code,
      currency: ref.currency,
      kind: ref.kind,
      ownerId: ref.ownerId,
      balance: 0n,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: ledgerAccounts.code })
    .run();
  const created = findAccount(tx, ref.code);
  if (!created) throw new AccountMismatchError(`Account ${ref.code} could not be created`);
  return checkMatches(created, ref);
}

function findByKey(tx: Tx, idempotencyKey: string) {
  return tx
    .select({ id: ledgerTransactions.id, fingerprint: ledgerTransactions.fingerprint })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey))
    .get();
}

function checkGuards(tx: Tx, guards: readonly AccountRef[]): void {
  const checked = new Set<string>();
  for (const guard of guards) {
    if (checked.has(guard.code)) continue;
    checked.add(guard.code);
    const row = findAccount(tx, guard.code);
    if (!row) continue; // never used: balance zero
    checkMatches(row, guard);
    const normal = toNormalBalance(row.kind, row.balance);
    if (normal < 0n) throw new InsufficientBalanceError(row.code, row.currency, normal, -normal);
  }
}

function writePosting(
  tx: Tx,
  posting: {
    idempotencyKey: string;
    kind: string;
    description: string | null;
    reference: LedgerReference | null;
    reversesTransactionId: string | null;
    fingerprint: string;
    legs: readonly Leg[];
    guards: readonly AccountRef[];
    now: number;
  },
): PostingResult {
  const transactionId = newId("ltx");
  const { now } = posting;
  tx.insert(ledgerTransactions)
    .values({
      id: transactionId,
      idempotencyKey: posting.idempotencyKey,
      kind: posting.kind,
      description: posting.description,
      referenceType: posting.reference?.type ?? null,
      referenceId: posting.reference?.id ?? null,
      reversesTransactionId: posting.reversesTransactionId,
      fingerprint: posting.fingerprint,
      createdAt: now,
    })
    .run();
  tx.insert(ledgerEntries)
    .values(posting.legs.map((leg) => ({ transactionId, accountId: leg.account.id, amount: leg.amount, createdAt: now })))
    .run();
  for (const leg of posting.legs) {
    const after = leg.account.balance + leg.amount;
    if (after < INT64_MIN || after > INT64_MAX) throw new BalanceOverflowError(leg.account.code);
    tx.update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${leg.amount}`, updatedAt: now })
      .where(eq(ledgerAccounts.id, leg.account.id))
      .run();
  }
  checkGuards(tx, posting.guards);
  return { transactionId, created: true };
}

/**
 * Post one balanced transaction. Returns `{ created: false }` with the first transaction's id when the
 * idempotency key was already posted with the same kind, reference and entries; throws
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
  return inLedgerTransaction(db, (tx) => {
    const existing = findByKey(tx, posting.idempotencyKey);
    if (existing) {
      if (existing.fingerprint !== print) throw new IdempotencyConflictError(posting.idempotencyKey, existing.id);
      return { transactionId: existing.id, created: false };
    }
    const legs = posting.entries.map((entry) => ({
      account: getOrCreateAccount(tx, entry.account, posting.now),
      amount: entry.amount,
    }));
    return writePosting(tx, {
      idempotencyKey: posting.idempotencyKey,
      kind: posting.kind,
      description: posting.description,
      reference: posting.reference,
      reversesTransactionId: null,
      fingerprint: print,
      legs,
      guards: posting.guards,
      now: posting.now,
    });
  });
}

/**
 * Post the negation of a transaction as a new transaction linked to it (kind "reversal", the original's
 * reference, `reason` as description). Entries are never changed. Idempotent by key; a transaction is
 * reversed at most once (`AlreadyReversedError` for a second key); a reversal can itself be reversed.
 * Pass `guards` when the reversal takes money back from an account that must not go negative.
 */
export function reverseTransaction(db: DbOrTx, input: ReversalInput): PostingResult {
  const transactionId = requireText(input.transactionId, "transactionId");
  const idempotencyKey = requireText(input.idempotencyKey, "idempotencyKey");
  const reason = requireText(input.reason, "reason");
  const guards = requireGuards(input.guards);
  const now = requireNow(input.now);
  return inLedgerTransaction(db, (tx) => {
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
    const existing = findByKey(tx, idempotencyKey);
    if (existing) {
      if (existing.fingerprint !== print) throw new IdempotencyConflictError(idempotencyKey, existing.id);
      return { transactionId: existing.id, created: false };
    }
    const earlier = tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reversesTransactionId, transactionId))
      .get();
    if (earlier) throw new AlreadyReversedError(transactionId, earlier.id);
    return writePosting(tx, {
      idempotencyKey,
      kind: REVERSAL_KIND,
      description: reason,
      reference,
      reversesTransactionId: transactionId,
      fingerprint: print,
      legs,
      guards,
      now,
    });
  });
}
