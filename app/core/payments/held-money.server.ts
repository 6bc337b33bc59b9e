/**
 * Held money: what arrived for a payment that was already paid or closed, posted as `payment.held`
 * into suspense (crypto sent after an M-Pesa Express payment, deposits.server.ts; an M-Pesa Express
 * success for a payment no longer awaiting payment, mpesa-collections.server.ts). Operators see it
 * per payment and as a queue, and flag each item for refund: the money moves from suspense to what
 * we owe the customer, with a payment event and an audit entry. The payment's status never changes.
 *
 * An item is resolved when its flag transaction (its idempotency key plus `:refund-flagged`)
 * exists: everything is read from the ledger, no table of its own.
 */
import { and, eq, exists, notExists, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { ledgerTransactions } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import {
  codeWithoutBook,
  type Currency,
  getTransaction,
  getTransactionByKey,
  ledgerBook,
  type LedgerTransaction,
  listTransactionsByReference,
  postTransaction,
} from "~/core/ledger/ledger.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { formatCrypto, formatKesCents } from "~/utils/format";
import { ResolutionError } from "./exceptions.server";
import { readPaymentForUpdate, recordEvent, type Payment } from "./payments.server";

export const HELD_KIND = "payment.held";
export const HELD_REFUND_FLAGGED_KIND = "payment.held_refund_flagged";
const FLAG_SUFFIX = ":refund-flagged";

export interface HeldItem {
  /** The `payment.held` ledger transaction. */
  transactionId: string;
  currency: Currency;
  /** Ledger units of `currency` (KES cents, crypto base units), positive. */
  amount: bigint;
  /** KES from M-Pesa Express, or crypto sent to the deposit address. */
  source: "mpesa" | "crypto";
  description: string | null;
  heldAt: number;
  /** When an operator flagged it for refund (null: still waiting). */
  refundFlaggedAt: number | null;
}

/** The held amount: the suspense entry of the transaction, negated (null if it has none). */
function suspenseLeg(held: LedgerTransaction): { currency: Currency; amount: bigint } | null {
  const entry = held.entries.find(
    (e) => codeWithoutBook(e.account.code) === `suspense:${e.account.currency}` && e.amount < 0n,
  );
  return entry ? { currency: entry.account.currency, amount: -entry.amount } : null;
}

function toItem(held: LedgerTransaction, flagged: LedgerTransaction | null): HeldItem | null {
  const leg = suspenseLeg(held);
  if (!leg) return null;
  return {
    transactionId: held.id,
    currency: leg.currency,
    amount: leg.amount,
    source: leg.currency === "KES" ? "mpesa" : "crypto",
    description: held.description,
    heldAt: held.createdAt,
    refundFlaggedAt: flagged?.createdAt ?? null,
  };
}

/** A payment's held money, oldest first, each with whether it was flagged for refund. */
export async function listHeldMoney(store: Store, paymentId: string): Promise<HeldItem[]> {
  const transactions = await store.read(async (q) =>
    listTransactionsByReference(q, { type: "payment", id: paymentId }),
  );
  const flags = new Map(
    transactions
      .filter((t) => t.kind === HELD_REFUND_FLAGGED_KIND)
      .map((t) => [t.idempotencyKey, t] as const),
  );
  return transactions.flatMap((t) => {
    if (t.kind !== HELD_KIND) return [];
    const item = toItem(t, flags.get(t.idempotencyKey + FLAG_SUFFIX) ?? null);
    return item ? [item] : [];
  });
}

const flags = alias(ledgerTransactions, "held_flags");

/** `ledger_transactions` rows that are held money about a payment, not flagged yet. */
function unresolvedHeld(db: Handle): SQL {
  return and(
    eq(ledgerTransactions.kind, HELD_KIND),
    eq(ledgerTransactions.referenceType, "payment"),
    notExists(
      db
        .select({ one: sql`1` })
        .from(flags)
        .where(
          eq(flags.idempotencyKey, sql`${ledgerTransactions.idempotencyKey} || ${FLAG_SUFFIX}`),
        ),
    ),
  )!;
}

/** Held items not flagged yet, and how many payments they belong to (one query). */
export async function countUnresolvedHeldMoney(
  store: Store,
): Promise<{ items: number; payments: number }> {
  const row = await store.read((q) =>
    first(
      q
        .select({
          items: sql<number>`count(*)`.mapWith(Number),
          payments: sql<number>`count(distinct ${ledgerTransactions.referenceId})`.mapWith(Number),
        })
        .from(ledgerTransactions)
        // The condition is a subquery built on the handle (not run on its own).
        .where(unresolvedHeld(q))
        .limit(1),
    ),
  );
  return { items: row?.items ?? 0, payments: row?.payments ?? 0 };
}

/**
 * A condition on payments (`paymentId`: their id column) for those with held money not flagged
 * yet: listPayments' `held` filter, so the held view pages like every other.
 */
export function hasUnresolvedHeldMoney(db: Handle, paymentId: SQLiteColumn): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.referenceId, paymentId), unresolvedHeld(db))),
  );
}

function describe(item: { currency: Currency; amount: bigint }): string {
  return item.currency === "KES"
    ? formatKesCents(item.amount)
    : formatCrypto(item.amount, item.currency);
}

/**
 * An operator flags one held item for refund to the customer: in one transaction, suspense to
 * customer refunds payable (the payment's book), a payment event and an audit entry. Throws
 * ResolutionError when it is not this payment's held money or was flagged already.
 */
export async function flagHeldForRefund(
  store: Store,
  input: { paymentId: string; heldTransactionId: string; operatorId: string; now: number },
): Promise<{ payment: Payment; item: HeldItem }> {
  const { now } = input;
  return store.write(async (q) => {
    const payment = await readPaymentForUpdate(store, q, input.paymentId);
    if (!payment) throw new ResolutionError("Payment not found");
    const held = await getTransaction(q, input.heldTransactionId);
    const leg = held ? suspenseLeg(held) : null;
    if (
      !held ||
      !leg ||
      held.kind !== HELD_KIND ||
      held.reference?.type !== "payment" ||
      held.reference.id !== payment.id
    )
      throw new ResolutionError("That is not money held for this payment.");
    const key = held.idempotencyKey + FLAG_SUFFIX;
    if (await getTransactionByKey(q, key))
      throw new ResolutionError("This money is already flagged for refund.");
    const { customerRefundsPayable, suspense } = ledgerBook(payment.mode);
    const amount = describe(leg);
    const posted = await postTransaction(
      q,
      {
        idempotencyKey: key,
        kind: HELD_REFUND_FLAGGED_KIND,
        description: `Payment ${payment.id}: held ${amount} owed back to the customer`,
        reference: { type: "payment", id: payment.id },
        entries: [
          { account: suspense(leg.currency), amount: leg.amount },
          { account: customerRefundsPayable(leg.currency), amount: -leg.amount },
        ],
        now,
      },
      store,
    );
    // Read and posted in the same write: a flag by someone else cannot slip in between.
    if (!posted.created) throw new ResolutionError("This money is already flagged for refund.");
    await recordEvent(q, payment, {
      type: "held_refund_flagged",
      cause: `an operator flagged the held ${amount} for refund to the customer`,
      at: now,
      detail: { heldTransactionId: held.id, currency: leg.currency, amount: leg.amount },
    });
    await recordAudit(
      q,
      {
        actorType: "operator",
        actorId: input.operatorId,
        action: "payment.held_refund_flagged",
        targetType: "payment",
        targetId: payment.id,
        details: {
          heldTransactionId: held.id,
          currency: leg.currency,
          amount: leg.amount.toString(),
        },
      },
      now,
    );
    const item = toItem(held, await getTransactionByKey(q, key))!;
    return { payment, item };
  });
}
