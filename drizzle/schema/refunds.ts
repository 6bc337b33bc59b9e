/**
 * Refunds to customers (issue 15, item 5; ADR 0037). One row per refund: what was asked (amount,
 * rate, destination), the money's state, and what custody or M-Pesa answered. A crypto refund is
 * sent by custody with the refund's id as Fireblocks' `externalTxId` (sent at most once); an M-Pesa
 * refund is paid by a settlement transfer of purpose "refund" (`settlement_transfers.refund_id`).
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
// The vocabulary lives in core (isomorphic); the schema only builds its columns from it (ADR 0020).
import {
  refundMethods,
  refundRates,
  refundSources,
  refundStatuses,
} from "../../app/core/refunds/vocabulary";
import { bigintInteger } from "./ledger";
import { merchants } from "./merchants";
import { payments } from "./payments";

export const refunds = sqliteTable(
  "refunds",
  {
    /** rfd_ + readable code; also custody's externalTxId. */
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    /** The payment's book. */
    mode: text("mode", { enum: ["live", "test"] }).notNull(),
    method: text("method", { enum: refundMethods }).notNull(),
    source: text("source", { enum: refundSources }).notNull(),
    status: text("status", { enum: refundStatuses }).notNull(),
    /** KES value refunded (cents): what leaves the merchant's balance (0 for held money). */
    amountKesCents: bigintInteger("amount_kes_cents").notNull(),
    /** Crypto: the asset and what the customer receives, in ledger units. */
    asset: text("asset"),
    cryptoUnits: bigintInteger("crypto_units"),
    /** Crypto from the balance: which rate, and the rate used (KES per whole coin). */
    rateChoice: text("rate_choice", { enum: refundRates }),
    rate: text("rate"),
    /** Custody's fee estimate when asked, in `networkFeeAsset` (paid by OneHop). */
    networkFee: text("network_fee"),
    networkFeeAsset: text("network_fee_asset"),
    /** Crypto: the customer's address; M-Pesa: their phone (E.164). */
    destination: text("destination").notNull(),
    /** M-Pesa: the rail's charge passed through at cost (cents). */
    railChargeKesCents: bigintInteger("rail_charge_kes_cents").notNull(),
    reason: text("reason"),
    /**
     * Travel rule (issue 31, item 8): the originator and beneficiary (IVMS101 fields, JSON) sent
     * with a crypto refund worth USD 1,000 or more; null below the threshold.
     */
    travelRule: text("travel_rule"),
    /**
     * The member who made it (through the API: the key's member; older rows may say
     * `key:<api key id>`).
     */
    createdBy: text("created_by").notNull(),
    /** The API key it was made with (null: in the dashboard). */
    createdWithKey: text("created_with_key"),
    /** The form's (or API's) request key: the same request twice makes one refund. */
    requestKey: text("request_key").notNull(),
    /** The money's ledger transaction (balance source): reversed if the refund fails. */
    ledgerTransactionId: text("ledger_transaction_id"),
    /** Crypto: custody's transaction id and hash once it took it. */
    custodyTxId: text("custody_tx_id"),
    txHash: text("tx_hash"),
    /** M-Pesa: the transfer paying it. */
    transferId: text("transfer_id"),
    /** M-Pesa receipt. */
    receipt: text("receipt"),
    failureReason: text("failure_reason"),
    attempts: integer("attempts").notNull().default(0),
    sendLeaseUntil: integer("send_lease_until"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    sentAt: integer("sent_at"),
    completedAt: integer("completed_at"),
  },
  (table) => [
    index("refunds_payment_idx").on(table.paymentId, table.createdAt),
    index("refunds_merchant_idx").on(table.merchantId, table.createdAt),
    index("refunds_status_idx").on(table.status, table.updatedAt),
    uniqueIndex("refunds_request_key_idx").on(table.merchantId, table.requestKey),
  ],
);
