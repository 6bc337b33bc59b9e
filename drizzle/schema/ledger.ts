/**
 * The double-entry ledger (app/core/ledger, docs/decisions/0012-ledger.md): accounts, transactions
 * and their entries. Append-only: entries are never updated or deleted; corrections are reversing
 * transactions. Amounts are signed integers in each currency's ledger unit (KES cents, BTC satoshi,
 * ETH gwei, USDT/USDC 1e-6), debit positive and credit negative. No ON DELETE CASCADE anywhere.
 */
import { sql, type SQL } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  customType,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { merchants } from "./merchants";

/** Kept in step with app/core/ledger/units.ts and accounts.ts (a test checks they agree). */
export const ledgerCurrencyValues = ["KES", "BTC", "ETH", "USDT", "USDC"] as const;
export const ledgerAccountKindValues = [
  "asset",
  "liability",
  "revenue",
  "expense",
  "equity",
] as const;

/**
 * A signed 64-bit INTEGER column read and written as a JavaScript bigint.
 *
 * Drizzle 0.45's SQLite `integer()` has no bigint mode (only number, boolean and timestamps), and
 * better-sqlite3 returns INTEGER values as (lossy) numbers unless `safeIntegers` is on. So: writes
 * bind a bigint (exact), and readers select amounts through `cast(... as text)` (see
 * app/core/ledger/sql.server.ts) and parse them with BigInt. Should a raw select ever hand this
 * column a number outside the safe range, `fromDriver` throws rather than return a wrong amount.
 */
export const bigintInteger = customType<{ data: bigint; driverData: bigint | number | string }>({
  dataType() {
    return "integer";
  },
  toDriver(value) {
    return value;
  },
  fromDriver(value) {
    if (typeof value === "bigint") return value;
    if (typeof value === "string") return BigInt(value);
    if (!Number.isSafeInteger(value)) {
      throw new RangeError(
        `Ledger amount ${value} was read as an unsafe number; select it as text`,
      );
    }
    return BigInt(value);
  },
});

function inList(column: AnySQLiteColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;
}

/** One account per code (created on first use). `balance` is a cache of the sum of its entries. */
export const ledgerAccounts = sqliteTable(
  "ledger_accounts",
  {
    /**
     * Row id (never reused: accounts are never deleted, so no AUTOINCREMENT bookkeeping per
     * insert).
     */
    id: integer("id").primaryKey(),
    /**
     * e.g. `merchant:MRC-7K2Q9D:available:KES`, `custody:BTC`; built only by
     * app/core/ledger/accounts.ts.
     */
    code: text("code").notNull(),
    currency: text("currency", { enum: ledgerCurrencyValues }).notNull(),
    kind: text("kind", { enum: ledgerAccountKindValues }).notNull(),
    /** The merchant the account belongs to; null for platform accounts. */
    ownerId: text("owner_id").references(() => merchants.id),
    /** Sum of this account's entries (debit positive), updated in the posting transaction. */
    balance: bigintInteger("balance")
      .notNull()
      .default(sql`0`),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("ledger_accounts_code_idx").on(table.code),
    index("ledger_accounts_owner_idx").on(table.ownerId),
    check("ledger_accounts_currency_check", inList(table.currency, ledgerCurrencyValues)),
    check("ledger_accounts_kind_check", inList(table.kind, ledgerAccountKindValues)),
  ],
);

/** One posting: a named, idempotent set of entries that sums to zero per currency. */
export const ledgerTransactions = sqliteTable(
  "ledger_transactions",
  {
    /** ltx_ + 128 random bits. */
    id: text("id").primaryKey(),
    /** The caller's idempotency key: reposting it returns this transaction and writes nothing. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** What happened, e.g. `payment.converted`, `payout.sent`, `reversal`. */
    kind: text("kind").notNull(),
    description: text("description"),
    /** What the transaction is about, e.g. ("payment", "pay_...") or ("payout", "...") . */
    referenceType: text("reference_type"),
    referenceId: text("reference_id"),
    /** Set on a reversing transaction: the transaction it negates (at most one reversal each). */
    reversesTransactionId: text("reverses_transaction_id").references(
      (): AnySQLiteColumn => ledgerTransactions.id,
    ),
    /** SHA-256 of the kind, reference and entries: a repost with the same key must match it. */
    fingerprint: text("fingerprint").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("ledger_transactions_idempotency_key_idx").on(table.idempotencyKey),
    uniqueIndex("ledger_transactions_reverses_idx")
      .on(table.reversesTransactionId)
      .where(sql`${table.reversesTransactionId} is not null`),
    index("ledger_transactions_reference_idx").on(table.referenceType, table.referenceId),
    /** Transactions of one kind (the held-money queue's count: `payment.held`). */
    index("ledger_transactions_kind_idx").on(table.kind),
  ],
);

/** The legs of a transaction. Never updated or deleted. */
export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    /**
     * Increasing row id: the order entries were written (never reused: entries are never deleted).
     */
    id: integer("id").primaryKey(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer("account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    /**
     * Signed, in the account currency's ledger unit: debit positive, credit negative, never zero.
     */
    amount: bigintInteger("amount").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    index("ledger_entries_account_idx").on(table.accountId, table.id),
    /** A statement's lines in time order, a keyset page at a time (issue 28). */
    index("ledger_entries_account_time_idx").on(table.accountId, table.createdAt, table.id),
    index("ledger_entries_transaction_idx").on(table.transactionId),
    check("ledger_entries_amount_nonzero", sql`${table.amount} <> 0`),
  ],
);
