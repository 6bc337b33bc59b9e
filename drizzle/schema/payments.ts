/**
 * Payments (a KES amount paid in crypto at a locked quote), their timeline, custody webhook
 * deliveries, and settlement transfers to the merchant's rail. Money: KES in cents, crypto in base
 * units (bigint), rates as decimal strings.
 */
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { bigintInteger } from "./ledger";
import { merchants } from "./merchants";
import { settlementDestinations } from "./destinations";
// The vocabulary lives in core (isomorphic); the schema only builds its columns from it (ADR 0020).
import {
  mpesaCollectionStatuses,
  paymentMethods,
  paymentStatuses,
  transferStatuses,
} from "../../app/core/payments/statuses";
import { apiModes } from "../../app/core/api/vocabulary";
import { transferPurposes } from "../../app/core/destinations/vocabulary";
import { rails } from "../../app/core/ledger/accounts";

export const payments = sqliteTable(
  "payments",
  {
    /** pay_ + readable code; shown to customers on the checkout URL. */
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    /** Test payments (made with a test key) never mix with live ones (issue 13). */
    mode: text("mode", { enum: apiModes }).notNull().default("live"),
    /** The merchant's own reference (order number). */
    reference: text("reference").notNull(),
    /** The API caller's key-value pairs (JSON object), returned as given. */
    metadata: text("metadata"),
    /** Where checkout sends the customer after paying / on "Cancel" (validated https URLs). */
    successUrl: text("success_url"),
    cancelUrl: text("cancel_url"),
    customerEmail: text("customer_email"),
    /** The API key that created it (null: the dashboard or a payment link). */
    apiKeyId: text("api_key_id"),
    /** The payment link it was opened from, if any. */
    paymentLinkId: text("payment_link_id"),
    canceledAt: integer("canceled_at"),
    description: text("description"),
    asset: text("asset", { enum: ["BTC", "ETH", "USDT", "USDC"] }).notNull(),
    network: text("network").notNull(),
    amountKesCents: bigintInteger("amount_kes_cents").notNull(),
    feeKesCents: bigintInteger("fee_kes_cents").notNull(),
    /** Excise duty on our fee (issue 31, item 7): 10% of it, to the cent. */
    exciseKesCents: bigintInteger("excise_kes_cents")
      .notNull()
      .default(sql`0`),
    /** KES per whole coin after the spread, as locked. */
    quoteRate: text("quote_rate").notNull(),
    marketRate: text("market_rate").notNull(),
    spreadBps: integer("spread_bps").notNull(),
    rateSource: text("rate_source").notNull(),
    rateFetchedAt: integer("rate_fetched_at").notNull(),
    /** What the customer must send, in the asset's base units. */
    cryptoAmountUnits: bigintInteger("crypto_amount_units").notNull(),
    quotedAt: integer("quoted_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    requiresReview: integer("requires_review", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: paymentStatuses }).notNull(),
    depositAddress: text("deposit_address"),
    custodyAssetId: text("custody_asset_id"),
    custodyTxId: text("custody_tx_id"),
    /**
     * Custody vault account of the deposit address (lets reconciliation ask custody by
     * destination).
     */
    custodyVaultAccountId: text("custody_vault_account_id"),
    /** Last time the reconciliation tick asked custody about this payment (issue 10, item 4). */
    reconciledAt: integer("reconciled_at"),
    /** The customer's sending address (counts "active customers"). */
    payerAddress: text("payer_address"),
    receivedUnits: bigintInteger("received_units")
      .notNull()
      .default(sql`0`),
    confirmations: integer("confirmations").notNull().default(0),
    /** Set when an exception was resolved by an operator. */
    resolution: text("resolution"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    confirmedAt: integer("confirmed_at"),
    settledAt: integer("settled_at"),
    /** How the customer paid: crypto to the deposit address, or M-Pesa Express (ADR 0033). */
    paidWith: text("paid_with", { enum: paymentMethods }).notNull().default("crypto"),
  },
  (table) => [
    index("payments_merchant_created_idx").on(table.merchantId, table.createdAt),
    index("payments_merchant_mode_created_idx").on(table.merchantId, table.mode, table.createdAt),
    index("payments_status_idx").on(table.status, table.expiresAt),
    uniqueIndex("payments_deposit_address_idx").on(table.depositAddress),
  ],
);

/**
 * An amount held against a merchant's EAT-day limit while its payment is being created (between the
 * limit check and the insert, across the custody call). Deleted in the transaction that inserts the
 * payment (which then counts itself), or when custody fails; a crashed creation's hold lapses at
 * `expires_at` (issue 10, item 2; docs/decisions/0019).
 */
export const paymentReservations = sqliteTable(
  "payment_reservations",
  {
    /** The id the payment will have. */
    paymentId: text("payment_id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    /** Test and live payments have separate daily limits. */
    mode: text("mode", { enum: apiModes }).notNull().default("live"),
    /** EAT day (YYYY-MM-DD) the amount counts against. */
    day: text("day").notNull(),
    amountKesCents: bigintInteger("amount_kes_cents").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("payment_reservations_merchant_day_idx").on(table.merchantId, table.day)],
);

/**
 * Deposit addresses made ahead at the custody provider, so that creating a payment never waits on
 * it (ADR 0027). A payment takes the oldest one of its mode and asset in the transaction that
 * inserts it (the row is deleted there: an address is never given to two payments); a background
 * refill keeps each pool at its size.
 */
export const depositAddressPool = sqliteTable(
  "deposit_address_pool",
  {
    /** Our id for the slot; the custody requests that made the address carry it. */
    id: text("id").primaryKey(),
    mode: text("mode", { enum: apiModes }).notNull(),
    asset: text("asset").notNull(),
    /** The network the address is on (core/networks): USDT has a pool on Ethereum and on Tron. */
    network: text("network").notNull().default(""),
    address: text("address").notNull().unique(),
    custodyAssetId: text("custody_asset_id").notNull(),
    custodyVaultAccountId: text("custody_vault_account_id"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    index("deposit_address_pool_take_idx").on(
      table.mode,
      table.asset,
      table.network,
      table.createdAt,
    ),
  ],
);

/**
 * What counts against each merchant's daily limit, per mode and EAT day: the sum of the amounts of
 * its payments created that day in a counted status (awaiting payment up to settled). Kept by
 * SQLite triggers on `payments` (migration 0012: insert, update of status or amount, delete), so no
 * code path can let it drift; the daily-limit check reads one row instead of summing the day.
 */
export const paymentDailyVolumes = sqliteTable(
  "payment_daily_volumes",
  {
    merchantId: text("merchant_id").notNull(),
    mode: text("mode", { enum: apiModes }).notNull(),
    /** EAT day (YYYY-MM-DD) of the payments' creation. */
    day: text("day").notNull(),
    countedKesCents: bigintInteger("counted_kes_cents").notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.mode, table.day] })],
);

/** Every state change and fact of a payment, with its time and cause. Append-only. */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    at: integer("at").notNull(),
    type: text("type").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    cause: text("cause").notNull(),
    detail: text("detail"),
  },
  (table) => [index("payment_events_payment_idx").on(table.paymentId, table.id)],
);

/**
 * Custody webhook deliveries we accepted (deduplicated on transaction id, status, confirmations).
 */
export const custodyEvents = sqliteTable("custody_events", {
  dedupeKey: text("dedupe_key").primaryKey(),
  custodyTxId: text("custody_tx_id").notNull(),
  paymentId: text("payment_id").references(() => payments.id),
  status: text("status").notNull(),
  confirmations: integer("confirmations").notNull(),
  receivedAt: integer("received_at").notNull(),
  body: text("body").notNull(),
});

/**
 * One payout to a merchant's destination on a rail, or the small payout that verifies a new
 * destination. Its id is the idempotent id sent to the rail (M-Pesa's OriginatorConversationID).
 */
export const settlementTransfers = sqliteTable(
  "settlement_transfers",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    paymentId: text("payment_id").references(() => payments.id),
    sequence: integer("sequence").notNull(),
    purpose: text("purpose", { enum: transferPurposes }).notNull().default("settlement"),
    rail: text("rail", { enum: rails }).notNull(),
    /** Where it goes (null only for transfers made before destinations existed). */
    destinationId: text("destination_id").references(() => settlementDestinations.id),
    /** Mobile-money rails: the number; null for a bank account (see the destination). */
    phone: text("phone"),
    /** Sent to the rail (whole shillings, in cents). */
    amountKesCents: bigintInteger("amount_kes_cents").notNull(),
    /**
     * Our fee on this transfer: 0 for settlements (the B2C rate is for third-party disbursements).
     */
    feeKesCents: bigintInteger("fee_kes_cents").notNull(),
    /** Excise duty on our fee (issue 31, item 7). */
    exciseKesCents: bigintInteger("excise_kes_cents")
      .notNull()
      .default(sql`0`),
    /**
     * The rail's own charge for this transfer (M-Pesa B2C band), passed through to the merchant.
     */
    railChargeKesCents: bigintInteger("rail_charge_kes_cents")
      .notNull()
      .default(sql`0`),
    status: text("status", { enum: transferStatuses }).notNull(),
    /** EAT day (YYYY-MM-DD) the transfer counts against / waits for. */
    settlementDay: text("settlement_day").notNull(),
    attempts: integer("attempts").notNull().default(0),
    conversationId: text("conversation_id"),
    receipt: text("receipt"),
    resultCode: integer("result_code"),
    resultDesc: text("result_desc"),
    ledgerTransactionId: text("ledger_transaction_id"),
    /** The failed transfer this one pays again (one retry per failed transfer). */
    retryOf: text("retry_of").unique(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    sentAt: integer("sent_at"),
    completedAt: integer("completed_at"),
    /**
     * A sender's claim on a pending transfer: until then nobody else sends it (issue 10, item 3).
     */
    sendLeaseUntil: integer("send_lease_until"),
    sendLeaseHolder: text("send_lease_holder"),
    /** A disbursement's row this transfer pays (purpose "disbursement"; ADR 0035). */
    disbursementRowId: text("disbursement_row_id"),
    /** The refund this transfer pays (purpose "refund"; ADR 0037). */
    refundId: text("refund_id"),
    /** The daily settlement this transfer pays (purpose "sweep"; ADR 0050). */
    sweepId: text("sweep_id"),
  },
  (table) => [
    uniqueIndex("settlement_transfers_payment_seq_idx").on(table.paymentId, table.sequence),
    index("settlement_transfers_status_idx").on(table.status, table.settlementDay),
    index("settlement_transfers_merchant_day_idx").on(table.merchantId, table.settlementDay),
    // A rail's health reads its transfers of the last 30 minutes (core/rails/health.server.ts).
    index("settlement_transfers_rail_updated_idx").on(table.rail, table.updatedAt),
    index("settlement_transfers_disbursement_row_idx").on(table.disbursementRowId),
    index("settlement_transfers_refund_idx").on(table.refundId),
    index("settlement_transfers_sweep_idx").on(table.sweepId),
  ],
);

/**
 * M-Pesa Express (STK Push) collections: each PIN prompt sent to a customer's phone for a
 * payment (ADR 0033). Keyed by Daraja's CheckoutRequestID once the push is accepted; until then
 * (the push is claimed before Daraja is called) by our own `claim_…` id. At most one pending
 * prompt per payment (partial unique index); the receipt is M-Pesa's and unique.
 */
export const mpesaCollections = sqliteTable(
  "mpesa_collections",
  {
    checkoutRequestId: text("checkout_request_id").primaryKey(),
    merchantRequestId: text("merchant_request_id"),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    mode: text("mode", { enum: apiModes }).notNull(),
    /** The phone that got the prompt, E.164 (+2547…). */
    phone: text("phone").notNull(),
    /** What the prompt asked for: whole shillings, in cents. */
    amountKesCents: bigintInteger("amount_kes_cents").notNull(),
    status: text("status", { enum: mpesaCollectionStatuses }).notNull(),
    /** M-Pesa's ResultCode (null: refused before any prompt, or no answer from Daraja). */
    resultCode: integer("result_code"),
    resultDesc: text("result_desc"),
    receipt: text("receipt").unique(),
    createdAt: integer("created_at").notNull(),
    completedAt: integer("completed_at"),
    /** Last STK query for a callback that did not come (at most one a minute). */
    lastQueriedAt: integer("last_queried_at"),
    /**
     * Which prompt of its payment this is (1, 2, …): the order of prompts created in the same
     * millisecond (an explicit column, not SQLite's rowid, ADR 0041; the CheckoutRequestID that
     * replaces the claim id says nothing of order).
     */
    attempt: integer("attempt").notNull().default(0),
  },
  (table) => [
    index("mpesa_collections_payment_idx").on(table.paymentId, table.createdAt),
    uniqueIndex("mpesa_collections_one_pending_idx")
      .on(table.paymentId)
      .where(sql`${table.status} = 'pending'`),
    index("mpesa_collections_status_idx").on(table.status, table.createdAt),
  ],
);
