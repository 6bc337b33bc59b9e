/**
 * Where merchants are paid (issue 14, item 5): several destinations per merchant on any payout rail
 * (M-Pesa, Airtel Money, T-Kash numbers; bank accounts over PesaLink), one default, optional split
 * shares, each verified before use. Rows are never edited into another destination: a change is a
 * new row (so a transfer's `destination_id` always names what it was paid to).
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { merchants } from "./merchants";
// The vocabulary lives in core (isomorphic); the schema only builds its columns from it (ADR 0020).
import { destinationStatuses } from "../../app/core/destinations/vocabulary";
import { rails } from "../../app/core/ledger/accounts";

export const settlementDestinations = sqliteTable(
  "settlement_destinations",
  {
    /** dst_ + readable code. */
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    rail: text("rail", { enum: rails }).notNull(),
    /** Mobile-money rails: the number in E.164 (+2547XXXXXXXX). */
    phone: text("phone"),
    /** PesaLink: the bank's code (app/content/banks.ts), account number and the name given. */
    bankCode: text("bank_code"),
    accountNumber: text("account_number"),
    accountName: text("account_name"),
    /** The name the rail has for the number or account (from the verification). */
    registeredName: text("registered_name"),
    status: text("status", { enum: destinationStatuses }).notNull(),
    /** Failure reason shown to the owner (rail refusal, name not recognised). */
    failureReason: text("failure_reason"),
    /** The verification payout (settlement_transfers.id, purpose "verification"), if any. */
    verificationTransferId: text("verification_transfer_id"),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    /** Share of each settlement in whole percent (split rules); null: not part of a split. */
    splitPercent: integer("split_percent"),
    /** Payouts here wait until then (cooling-off of a destination added after the first). */
    heldUntil: integer("held_until"),
    createdBy: text("created_by"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    verifiedAt: integer("verified_at"),
    removedAt: integer("removed_at"),
  },
  (table) => [
    index("settlement_destinations_merchant_idx").on(table.merchantId, table.status),
    uniqueIndex("settlement_destinations_one_default_idx")
      .on(table.merchantId)
      .where(sql`${table.isDefault} = 1 and ${table.status} <> 'removed'`),
  ],
);
