/**
 * The posting path's queries, prepared once with placeholders (Drizzle's `.prepare()`): building a
 * Drizzle query and compiling its SQL costs far more than running it, and a posting runs a handful.
 *
 * Prepared on a `Db`, they are cached per database and run inside the transaction the ledger opened
 * on that same `Db`: with better-sqlite3 a database is one connection, so they see and join that
 * transaction. Given a caller's `Tx`, they are prepared on the `Tx` for that posting only. (A
 * pooled Postgres port would prepare on the transaction every time, as the `Tx` path does.)
 */
import { eq, sql } from "drizzle-orm";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../../drizzle/schema";
import type { Db, DbOrTx, Tx } from "~/utils/db.server";
import { amountOf } from "./sql.server";

const p = sql.placeholder;

export const accountColumns = {
  id: ledgerAccounts.id,
  code: ledgerAccounts.code,
  currency: ledgerAccounts.currency,
  kind: ledgerAccounts.kind,
  ownerId: ledgerAccounts.ownerId,
  balance: amountOf(ledgerAccounts.balance),
};

function build(h: DbOrTx) {
  return {
    /**
     * Insert the transaction row unless its idempotency key exists; returns the id when inserted.
     */
    claimKey: h
      .insert(ledgerTransactions)
      .values({
        id: p("id"),
        idempotencyKey: p("idempotencyKey"),
        kind: p("kind"),
        description: p("description"),
        referenceType: p("referenceType"),
        referenceId: p("referenceId"),
        reversesTransactionId: p("reversesTransactionId"),
        fingerprint: p("fingerprint"),
        createdAt: p("now"),
      })
      .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
      .returning({ id: ledgerTransactions.id })
      .prepare(),
    findByKey: h
      .select({ id: ledgerTransactions.id, fingerprint: ledgerTransactions.fingerprint })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, p("idempotencyKey")))
      .prepare(),
    findAccount: h
      .select(accountColumns)
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, p("code")))
      .prepare(),
    createAccount: h
      .insert(ledgerAccounts)
      .values({
        code: p("code"),
        currency: p("currency"),
        kind: p("kind"),
        ownerId: p("ownerId"),
        balance: sql`0`,
        createdAt: p("now"),
        updatedAt: p("now"),
      })
      .onConflictDoNothing({ target: ledgerAccounts.code })
      .prepare(),
    insertEntry: h
      .insert(ledgerEntries)
      .values({
        transactionId: p("transactionId"),
        accountId: p("accountId"),
        amount: p("amount"),
        createdAt: p("now"),
      })
      .prepare(),
    addToBalance: h
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${p("delta")}`, updatedAt: sql`${p("now")}` })
      .where(eq(ledgerAccounts.id, p("accountId")))
      .prepare(),
  };
}

export type Statements = ReturnType<typeof build>;

const cache = new WeakMap<Db, Statements>();

/** Statements prepared on a caller's transaction, for one posting. */
export function statementsOn(tx: Tx): Statements {
  return build(tx);
}

/** Statements prepared once per database, to run inside a transaction the ledger opens on it. */
export function cachedStatements(db: Db): Statements {
  let statements = cache.get(db);
  if (!statements) {
    statements = build(db);
    cache.set(db, statements);
  }
  return statements;
}
