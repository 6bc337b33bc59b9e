/**
 * Disbursements (issue 15, ADR 0035): payouts from a merchant's KES balance to third parties, in
 * batches (a bulk CSV upload, or a single payout as a batch of one). A batch's rows keep what the
 * file said (to show and fix it) next to what it means once checked; once approved each row is
 * paid by a settlement transfer of purpose "disbursement" (`settlement_transfers`), which the
 * payments tick sends through the rail interface like any payout.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
// The vocabulary lives in core (isomorphic); the schema only builds its columns from it (ADR 0020).
import {
  b2bKinds,
  batchKinds,
  batchStatuses,
  nameChecks,
  rowStatuses,
} from "../../app/core/disbursements/vocabulary";
import { outboundMessageStatuses } from "../../app/core/notifications/sms-vocabulary";
import { rails } from "../../app/core/ledger/accounts";
import { bigintInteger } from "./ledger";
import { merchants } from "./merchants";

export const disbursementBatches = sqliteTable(
  "disbursement_batches",
  {
    /** dsb_ + readable code. */
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    /** The book the money moves in: test batches pay through the simulators only. */
    mode: text("mode", { enum: ["live", "test"] }).notNull(),
    kind: text("kind", { enum: batchKinds }).notNull(),
    status: text("status", { enum: batchStatuses }).notNull(),
    /** The uploaded file's name (bulk), for people. */
    fileName: text("file_name"),
    /** What the maker called it ("November salaries"). */
    title: text("title").notNull(),
    /** Send each recipient a receipt text when their row is paid. */
    smsReceipts: integer("sms_receipts", { mode: "boolean" }).notNull().default(false),
    /**
     * The maker: a merchant_users id. A batch made through the API is its key's member's (older
     * rows may still say `key:<id>`); the key is kept in created_with_key for the audit.
     */
    createdBy: text("created_by").notNull(),
    /** The API key it was made with (null: in the dashboard). */
    createdWithKey: text("created_with_key"),
    /** How many rows it was made with (the per-day row allowance counts these). */
    rowCount: integer("row_count").notNull().default(0),
    /**
     * A single payout's form request key (app/utils/request-key.ts): one payout per merchant and
     * key, so a second submit of the same review finds the first. Null for files and the API (its
     * Idempotency-Key header does that there).
     */
    requestKey: text("request_key"),
    submittedAt: integer("submitted_at"),
    /** The checker (approve or reject), never the maker. */
    decidedBy: text("decided_by"),
    decidedAt: integer("decided_at"),
    decisionNote: text("decision_note"),
    /** Amount + fee + rail charge of every row reserved at approval (cents). */
    reservedKesCents: bigintInteger("reserved_kes_cents"),
    completedAt: integer("completed_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    index("disbursement_batches_merchant_idx").on(table.merchantId, table.createdAt),
    index("disbursement_batches_status_idx").on(table.status),
    uniqueIndex("disbursement_batches_request_key_idx").on(table.merchantId, table.requestKey),
  ],
);

export const disbursementRows = sqliteTable(
  "disbursement_rows",
  {
    /** dsr_ + readable code. */
    id: text("id").primaryKey(),
    batchId: text("batch_id")
      .notNull()
      .references(() => disbursementBatches.id),
    /** The row's line in the file (single payouts: 1). */
    line: integer("line").notNull(),
    // What the file (or the form) said, kept to show and fix.
    rawRecipient: text("raw_recipient").notNull(),
    rawRail: text("raw_rail").notNull(),
    rawAmount: text("raw_amount").notNull(),
    rawReference: text("raw_reference").notNull(),
    rawName: text("raw_name").notNull(),
    rawBankCode: text("raw_bank_code").notNull(),
    /** The file's `account` cell (a Paybill's account number); "" when the file had none. */
    rawAccount: text("raw_account").notNull().default(""),
    /** JSON array of { field, message } while invalid; null once valid. */
    errors: text("errors"),
    status: text("status", { enum: rowStatuses }).notNull(),
    // What it means once checked (null while invalid).
    rail: text("rail", { enum: rails }),
    /** Mobile rails: E.164. */
    phone: text("phone"),
    bankCode: text("bank_code"),
    accountNumber: text("account_number"),
    /**
     * M-Pesa B2B rows (ADR 0035, "B2B"): `paybill` (BusinessPayBill, with the account reference) or
     * `till` (BusinessBuyGoods); null for every other row. Their rail stays "mpesa" (same float).
     */
    b2bKind: text("b2b_kind", { enum: b2bKinds }),
    /** B2B rows: the Paybill or Till number (5 to 7 digits). */
    businessNumber: text("business_number"),
    /** Paybill rows: the account number at the Paybill (at most 13 characters). */
    accountReference: text("account_reference"),
    amountKesCents: bigintInteger("amount_kes_cents"),
    /** Our fee on this row: tariff b2c, or b2b for Paybill and Till rows. */
    feeKesCents: bigintInteger("fee_kes_cents"),
    /** Excise duty on our fee (issue 31, item 7). */
    exciseKesCents: bigintInteger("excise_kes_cents"),
    /** The rail's own charge for this row, passed through at cost. */
    railChargeKesCents: bigintInteger("rail_charge_kes_cents"),
    reference: text("reference"),
    name: text("name"),
    /** An earlier line of this batch paying the same recipient the same amount. */
    duplicateOfLine: integer("duplicate_of_line"),
    /** A payout of the last 7 days to the same recipient for the same amount (its row id). */
    recentDuplicateOf: text("recent_duplicate_of"),
    nameCheck: text("name_check", { enum: nameChecks }).notNull().default("not_offered"),
    registeredName: text("registered_name"),
    /** The transfer paying this row now (a retry makes a new one). */
    transferId: text("transfer_id"),
    /** Paid: the rail's receipt. */
    receipt: text("receipt"),
    /** Failed: why, in the rail's words. */
    failureReason: text("failure_reason"),
    completedAt: integer("completed_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("disbursement_rows_batch_line_idx").on(table.batchId, table.line),
    index("disbursement_rows_batch_status_idx").on(table.batchId, table.status),
    index("disbursement_rows_name_check_idx").on(table.nameCheck),
  ],
);

/**
 * Texts to people's phones (disbursement receipts), queued like e-mails: the SMS provider sending
 * them is a live setting (README); until it is set they are stored and shown, not sent.
 */
export const outboundMessages = sqliteTable(
  "outbound_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel", { enum: ["sms"] }).notNull(),
    /** E.164. */
    toPhone: text("to_phone").notNull(),
    body: text("body").notNull(),
    /** What it is about ("disbursement_row:dsr_…"): unique, so a row's receipt is queued once. */
    subjectKey: text("subject_key").notNull().unique(),
    createdAt: integer("created_at").notNull(),
    sentAt: integer("sent_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** The member it is for (a notification), or null (a payout recipient's receipt). */
    merchantUserId: text("merchant_user_id"),
    /** The SMS provider's id of the message (Africa's Talking messageId). */
    providerMessageId: text("provider_message_id"),
    /**
     * Where it is: queued, sent (the provider took it), delivered, failed (the provider or the
     * network refused it), capped (over the member's daily cap: never sent).
     */
    status: text("status", { enum: outboundMessageStatuses }).notNull().default("queued"),
    statusAt: integer("status_at"),
    failureReason: text("failure_reason"),
    /** What the provider says it cost ("KES 0.8000"). */
    cost: text("cost"),
  },
  (table) => [
    index("outbound_messages_unsent_idx").on(table.sentAt),
    index("outbound_messages_provider_idx").on(table.providerMessageId),
    index("outbound_messages_member_idx").on(table.merchantUserId, table.createdAt),
  ],
);

/** Every delivery report the SMS provider sent about a message (issue 30, item 9). */
export const smsDeliveryReports = sqliteTable(
  "sms_delivery_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    providerMessageId: text("provider_message_id").notNull(),
    /** The provider's word: Success, Failed, Rejected, Sent, Submitted, Buffered, … */
    status: text("status").notNull(),
    failureReason: text("failure_reason"),
    networkCode: text("network_code"),
    retryCount: integer("retry_count"),
    receivedAt: integer("received_at").notNull(),
  },
  (table) => [index("sms_delivery_reports_message_idx").on(table.providerMessageId)],
);
