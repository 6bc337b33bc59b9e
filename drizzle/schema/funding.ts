/**
 * Funding payouts (issue 30, item 1; ADR 0050): each merchant's settlement policy (when its
 * collections are paid out and what stays in the OneHop balance), the daily settlements made under
 * it, and top-ups of the payout balance (M-Pesa STK, M-Pesa Paybill, bank transfer).
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
// The vocabulary lives in core (isomorphic); the schema only builds its columns from it (ADR 0020).
import {
  balanceKeeps,
  settlementSchedules,
  topUpMethods,
  topUpStatuses,
} from "../../app/core/funding/vocabulary";
import { apiModes } from "../../app/core/api/vocabulary";
import { bigintInteger } from "./ledger";
import { merchants } from "./merchants";

/** One row per merchant that changed the default (settle every payment at once, keep nothing). */
export const settlementPolicies = sqliteTable("settlement_policies", {
  merchantId: text("merchant_id")
    .primaryKey()
    .references(() => merchants.id),
  schedule: text("schedule", { enum: settlementSchedules }).notNull().default("instant"),
  /** Daily schedule: the EAT time of day ("17:00") the day's collections are paid out. */
  dailyTime: text("daily_time").notNull().default("17:00"),
  keep: text("keep", { enum: balanceKeeps }).notNull().default("none"),
  /** keep = percent: the whole percent of each payment's net kept (1 to 100). */
  keepPercent: integer("keep_percent").notNull().default(0),
  /** keep = float: the balance (cents) kept for payouts before anything is paid out. */
  keepFloatKesCents: bigintInteger("keep_float_kes_cents")
    .notNull()
    .default(sql`0`),
  /**
   * Collections credited to the balance and still to be paid out by the next daily settlement
   * (cents), per book: the daily settlement pays this, never top-ups or kept money.
   */
  dueLiveKesCents: bigintInteger("due_live_kes_cents")
    .notNull()
    .default(sql`0`),
  dueTestKesCents: bigintInteger("due_test_kes_cents")
    .notNull()
    .default(sql`0`),
  /** The EAT day (YYYY-MM-DD) of the last daily settlement run for this merchant. */
  lastSweepDay: text("last_sweep_day"),
  updatedAt: integer("updated_at").notNull(),
  /** The member who last changed it. */
  updatedBy: text("updated_by"),
});

/** A daily settlement: what was due, what it paid out (its transfers name it). */
export const settlementSweeps = sqliteTable(
  "settlement_sweeps",
  {
    /** swp_ + readable code. */
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    mode: text("mode", { enum: apiModes }).notNull(),
    /** EAT day it ran for. */
    day: text("day").notNull(),
    /** Collections due when it ran (cents). */
    dueKesCents: bigintInteger("due_kes_cents").notNull(),
    /** Planned to the rails: amounts plus charges (cents); the rest stays due or kept. */
    plannedKesCents: bigintInteger("planned_kes_cents").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    // One daily settlement per merchant, book and day.
    uniqueIndex("settlement_sweeps_merchant_day_idx").on(table.merchantId, table.mode, table.day),
  ],
);

/** Money a merchant put into its OneHop balance to fund payouts. */
export const balanceTopUps = sqliteTable(
  "balance_top_ups",
  {
    /** tup_ + readable code. */
    id: text("id").primaryKey(),
    /** Null while unmatched (an account number we do not know). */
    merchantId: text("merchant_id").references(() => merchants.id),
    mode: text("mode", { enum: apiModes }).notNull().default("live"),
    method: text("method", { enum: topUpMethods }).notNull(),
    status: text("status", { enum: topUpStatuses }).notNull(),
    amountKesCents: bigintInteger("amount_kes_cents").notNull(),
    /**
     * The provider's id of the money (M-Pesa TransID or receipt, the bank's reference): one top-up
     * per provider id and method. Null for a requested STK prompt until it is paid.
     */
    providerReference: text("provider_reference"),
    /** What the payer typed or we asked for: the Paybill account number, the bank reference. */
    accountReference: text("account_reference"),
    /** Who paid, as the provider says (a masked phone, a name, a bank account). */
    payer: text("payer"),
    /** STK: Daraja's CheckoutRequestID. */
    checkoutRequestId: text("checkout_request_id"),
    /** The member who asked (STK); null for money that just arrived. */
    requestedBy: text("requested_by"),
    ledgerTransactionId: text("ledger_transaction_id"),
    failureReason: text("failure_reason"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    completedAt: integer("completed_at"),
  },
  (table) => [
    uniqueIndex("balance_top_ups_provider_idx").on(table.method, table.providerReference),
    uniqueIndex("balance_top_ups_checkout_idx").on(table.checkoutRequestId),
    index("balance_top_ups_merchant_idx").on(table.merchantId, table.createdAt),
  ],
);
