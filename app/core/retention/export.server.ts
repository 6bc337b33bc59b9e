/**
 * A merchant's data export (issue 31, item 9; ADR 0060): its own data, section by section, as
 * one JSON document (every section) or one CSV file per section. Each section names the columns it
 * gives out (an allowlist: no password hash, TOTP secret, recovery code or API key secret can
 * leave, whatever a later migration adds), and is read a keyset page at a time, each page in the
 * process's heavy lane (`heavySlice`), so a large merchant's export never holds the event loop nor
 * its whole history in memory, and two exports at once take turns.
 *
 * Audit entries are the merchant's own: what its members did, and what was done to its account
 * except compliance work (a case, a report: never shown to the merchant, tipping-off).
 */
import { and, asc, eq, gt, inArray, not, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  apiKeys,
  auditLog,
  disbursementBatches,
  disbursementRows,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  merchantApplications,
  merchants,
  merchantUsers,
  payments,
  refunds,
  settlementTransfers,
} from "../../../drizzle/schema";
import { textCell } from "~/core/payments/export";
import { startsWith } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { formatEatIso } from "~/utils/format";
import { heavySlice } from "~/utils/yield";

import { exportSections, type ExportSection } from "./sections";

export { exportSections, type ExportSection };

/** Rows per page read (and per slice of the heavy lane). */
export const EXPORT_PAGE_ROWS = 500;

type Value = string | number | boolean | bigint | null;
export type ExportRow = Record<string, Value>;

interface SectionReader {
  columns: readonly string[];
  /** One page after `after` (the last row's key), at most `limit` rows, in key order. */
  page(q: Handle, merchantId: string, after: string | null, limit: number): Promise<ExportRow[]>;
  key(row: ExportRow): string;
}

/** Columns of a table by name: the exported name is the column's own (snake_case). */
function pick<T extends SQLiteTable>(table: T, names: readonly (keyof T["_"]["columns"])[]) {
  const selection: Record<string, SQLiteColumn> = {};
  for (const name of names) {
    const column = (table as unknown as Record<string, SQLiteColumn>)[name as string]!;
    selection[column.name] = column;
  }
  return selection;
}

/** A section read straight from one table of the merchant's, keyed by its text id. */
function tableSection<T extends SQLiteTable>(
  table: T,
  names: readonly (keyof T["_"]["columns"])[],
  id: SQLiteColumn,
  scope: (merchantId: string) => SQL | undefined,
): SectionReader {
  const selection = pick(table, names);
  return {
    columns: Object.keys(selection),
    page: (q, merchantId, after, limit) =>
      q
        .select(selection)
        .from(table as SQLiteTable)
        .where(and(scope(merchantId), after === null ? undefined : gt(id, after)))
        .orderBy(asc(id))
        .limit(limit) as unknown as Promise<ExportRow[]>,
    key: (row) => String(row[id.name]),
  };
}

const memberIds = (q: Handle, merchantId: string) =>
  q
    .select({ id: merchantUsers.id })
    .from(merchantUsers)
    .where(eq(merchantUsers.merchantId, merchantId))
    .then((rows) => rows.map((row) => row.id));

/** Integer-keyed pages: the key is the number, compared as one. */
const numericAfter = (after: string | null) => (after === null ? null : Number(after));

const readers: Record<ExportSection, SectionReader> = {
  business: {
    columns: ["field", "value"],
    async page(q, merchantId, after) {
      if (after !== null) return [];
      const merchant = (
        await q
          .select({
            id: merchants.id,
            business_name: merchants.businessName,
            contact_email: merchants.contactEmail,
            status: merchants.status,
            settlement_phone: merchants.settlementPhone,
            kra_pin: merchants.kraPin,
            kyb_tier: merchants.kybTier,
            created_at: merchants.createdAt,
            relationship_ended_at: merchants.relationshipEndedAt,
            erased_at: merchants.erasedAt,
          })
          .from(merchants)
          .where(eq(merchants.id, merchantId))
          .limit(1)
      )[0];
      const application = (
        await q
          .select({
            application_reference: merchantApplications.reference,
            business_type: merchantApplications.businessType,
            registration_number: merchantApplications.registrationNumber,
            contact_name: merchantApplications.contactName,
            application_email: merchantApplications.email,
            phone: merchantApplications.phone,
            website: merchantApplications.website,
            business_address: merchantApplications.businessAddress,
            country: merchantApplications.country,
            city: merchantApplications.city,
            agreed_to_newsletter: merchantApplications.agreedToNewsletter,
            applied_at: merchantApplications.createdAt,
          })
          .from(merchantApplications)
          .where(eq(merchantApplications.merchantId, merchantId))
          .orderBy(asc(merchantApplications.createdAt))
          .limit(1)
      )[0];
      return Object.entries({ ...merchant, ...application }).map(([field, value]) => ({
        field,
        value: value ?? null,
      }));
    },
    key: (row) => String(row.field),
  },
  members: tableSection(
    merchantUsers,
    [
      "id",
      "username",
      "role",
      "email",
      "status",
      "passwordSetAt",
      "totpEnabledAt",
      "notifyPaymentSettled",
      "notifyDailySummary",
      "notifyMonthlyStatement",
      "smsPhone",
      "smsOnPayment",
      "smsOnPayout",
      "invitedBy",
      "createdAt",
    ],
    merchantUsers.id,
    (merchantId) => eq(merchantUsers.merchantId, merchantId),
  ),
  api_keys: tableSection(
    apiKeys,
    [
      "id",
      "mode",
      "name",
      "prefix",
      "scopes",
      "createdBy",
      "createdAt",
      "lastUsedAt",
      "expiresAt",
      "revokedAt",
      "revokedBy",
    ],
    apiKeys.id,
    (merchantId) => eq(apiKeys.merchantId, merchantId),
  ),
  payments: tableSection(
    payments,
    [
      "id",
      "mode",
      "reference",
      "description",
      "status",
      "paidWith",
      "amountKesCents",
      "feeKesCents",
      "exciseKesCents",
      "asset",
      "network",
      "cryptoAmountUnits",
      "receivedUnits",
      "quoteRate",
      "marketRate",
      "depositAddress",
      "payerAddress",
      "customerEmail",
      "metadata",
      "createdAt",
      "confirmedAt",
      "settledAt",
      "canceledAt",
    ],
    payments.id,
    (merchantId) => eq(payments.merchantId, merchantId),
  ),
  refunds: tableSection(
    refunds,
    [
      "id",
      "paymentId",
      "mode",
      "method",
      "source",
      "status",
      "amountKesCents",
      "asset",
      "cryptoUnits",
      "rateChoice",
      "rate",
      "networkFee",
      "networkFeeAsset",
      "destination",
      "railChargeKesCents",
      "reason",
      "travelRule",
      "createdBy",
      "txHash",
      "receipt",
      "failureReason",
      "createdAt",
      "completedAt",
    ],
    refunds.id,
    (merchantId) => eq(refunds.merchantId, merchantId),
  ),
  payouts: {
    columns: [
      "id",
      "batch_id",
      "batch_title",
      "batch_status",
      "line",
      "status",
      "rail",
      "phone",
      "bank_code",
      "account_number",
      "business_number",
      "account_reference",
      "amount_kes_cents",
      "fee_kes_cents",
      "excise_kes_cents",
      "rail_charge_kes_cents",
      "reference",
      "name",
      "registered_name",
      "receipt",
      "failure_reason",
      "completed_at",
    ],
    page: (q, merchantId, after, limit) =>
      q
        .select({
          id: disbursementRows.id,
          batch_id: disbursementRows.batchId,
          batch_title: disbursementBatches.title,
          batch_status: disbursementBatches.status,
          line: disbursementRows.line,
          status: disbursementRows.status,
          rail: disbursementRows.rail,
          phone: disbursementRows.phone,
          bank_code: disbursementRows.bankCode,
          account_number: disbursementRows.accountNumber,
          business_number: disbursementRows.businessNumber,
          account_reference: disbursementRows.accountReference,
          amount_kes_cents: disbursementRows.amountKesCents,
          fee_kes_cents: disbursementRows.feeKesCents,
          excise_kes_cents: disbursementRows.exciseKesCents,
          rail_charge_kes_cents: disbursementRows.railChargeKesCents,
          reference: disbursementRows.reference,
          name: disbursementRows.name,
          registered_name: disbursementRows.registeredName,
          receipt: disbursementRows.receipt,
          failure_reason: disbursementRows.failureReason,
          completed_at: disbursementRows.completedAt,
        })
        .from(disbursementRows)
        .innerJoin(disbursementBatches, eq(disbursementBatches.id, disbursementRows.batchId))
        .where(
          and(
            eq(disbursementBatches.merchantId, merchantId),
            after === null ? undefined : gt(disbursementRows.id, after),
          ),
        )
        .orderBy(asc(disbursementRows.id))
        .limit(limit),
    key: (row) => String(row.id),
  },
  settlement_transfers: tableSection(
    settlementTransfers,
    [
      "id",
      "paymentId",
      "refundId",
      "purpose",
      "rail",
      "phone",
      "amountKesCents",
      "feeKesCents",
      "exciseKesCents",
      "railChargeKesCents",
      "status",
      "settlementDay",
      "receipt",
      "resultDesc",
      "createdAt",
      "completedAt",
    ],
    settlementTransfers.id,
    (merchantId) => eq(settlementTransfers.merchantId, merchantId),
  ),
  ledger_entries: {
    columns: [
      "id",
      "account",
      "currency",
      "amount",
      "transaction_id",
      "kind",
      "description",
      "reference_type",
      "reference_id",
      "created_at",
    ],
    page: (q, merchantId, after, limit) =>
      q
        .select({
          id: ledgerEntries.id,
          account: ledgerAccounts.code,
          currency: ledgerAccounts.currency,
          amount: ledgerEntries.amount,
          transaction_id: ledgerEntries.transactionId,
          kind: ledgerTransactions.kind,
          description: ledgerTransactions.description,
          reference_type: ledgerTransactions.referenceType,
          reference_id: ledgerTransactions.referenceId,
          created_at: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(
          and(
            eq(ledgerAccounts.ownerId, merchantId),
            after === null ? undefined : gt(ledgerEntries.id, numericAfter(after)!),
          ),
        )
        .orderBy(asc(ledgerEntries.id))
        .limit(limit),
    key: (row) => String(row.id),
  },
  audit: {
    columns: [
      "id",
      "actor_type",
      "actor_id",
      "action",
      "target_type",
      "target_id",
      "details",
      "created_at",
    ],
    async page(q, merchantId, after, limit) {
      const members = await memberIds(q, merchantId);
      const ofMerchant = and(
        eq(auditLog.targetType, "merchant"),
        eq(auditLog.targetId, merchantId),
        not(startsWith(auditLog.action, "compliance")),
      );
      const byMembers =
        members.length > 0
          ? and(eq(auditLog.actorType, "merchant_user"), inArray(auditLog.actorId, members))
          : undefined;
      return q
        .select({
          id: auditLog.id,
          actor_type: auditLog.actorType,
          actor_id: auditLog.actorId,
          action: auditLog.action,
          target_type: auditLog.targetType,
          target_id: auditLog.targetId,
          details: auditLog.details,
          created_at: auditLog.createdAt,
        })
        .from(auditLog)
        .where(
          and(
            byMembers ? or(ofMerchant, byMembers) : ofMerchant,
            after === null ? undefined : gt(auditLog.id, numericAfter(after)!),
          ),
        )
        .orderBy(asc(auditLog.id))
        .limit(limit);
    },
    key: (row) => String(row.id),
  },
};

/** A section's columns (its CSV header). */
export const sectionColumns = (section: ExportSection): readonly string[] =>
  readers[section].columns;

/** A section's rows, a page at a time, each page read in the heavy lane. */
export async function* sectionPages(
  store: Store,
  merchantId: string,
  section: ExportSection,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<ExportRow[]> {
  const reader = readers[section];
  let after: string | null = null;
  for (;;) {
    const cursor: string | null = after;
    const rows = await heavySlice(() =>
      store.read((q) => reader.page(q, merchantId, cursor, pageRows)),
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageRows) return;
    after = reader.key(rows.at(-1)!);
  }
}

const isTimeColumn = (name: string) => name.endsWith("_at");

/** A value as JSON gives it: bigints as strings (exact), times as ISO with Nairobi's offset. */
function jsonValue(name: string, value: Value): unknown {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number" && isTimeColumn(name)) return formatEatIso(value);
  return value;
}

function jsonRow(row: ExportRow): string {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) out[name] = jsonValue(name, value);
  return JSON.stringify(out);
}

function csvCell(name: string, value: Value | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return isTimeColumn(name) ? formatEatIso(value) : String(value);
  return textCell(value);
}

/** The export as one JSON document, in chunks: a header, then every section's rows. */
export async function* exportJsonChunks(
  store: Store,
  merchantId: string,
  header: Record<string, unknown>,
): AsyncGenerator<string> {
  const head = JSON.stringify({ format: "onehop-data-export", version: 1, ...header });
  yield `${head.slice(0, -1)},"sections":{`;
  let firstSection = true;
  for (const section of exportSections) {
    yield `${firstSection ? "" : ","}${JSON.stringify(section)}:[`;
    firstSection = false;
    let firstRow = true;
    for await (const rows of sectionPages(store, merchantId, section)) {
      const text = rows.map(jsonRow).join(",");
      yield `${firstRow ? "" : ","}${text}`;
      firstRow = false;
    }
    yield "]";
  }
  yield "}}\n";
}

/** One section as CSV (UTF-8 with a byte-order mark, CRLF, defused text cells), in chunks. */
export async function* exportCsvChunks(
  store: Store,
  merchantId: string,
  section: ExportSection,
): AsyncGenerator<string> {
  const columns = sectionColumns(section);
  yield `\uFEFF${columns.join(",")}\r\n`;
  for await (const rows of sectionPages(store, merchantId, section))
    yield rows
      .map((row) => `${columns.map((name) => csvCell(name, row[name])).join(",")}\r\n`)
      .join("");
}

export const exportFileName = (merchantId: string, at: number, section?: ExportSection) =>
  `onehop-data-${merchantId}-${formatEatIso(at).slice(0, 10)}${section ? `-${section}.csv` : ".json"}`;

/**
 * One export at a time per merchant in this process: a second download while one streams is
 * refused (the route answers 429), so one caller cannot queue many exports in the heavy lane. A
 * slot whose download was never read nor cancelled lapses after EXPORT_SLOT_MAX_MS.
 */
export const EXPORT_SLOT_MAX_MS = 10 * 60_000;
const exportsInFlight = new Map<string, number>();

/** Claim the merchant's export slot: its release, or null when an export is already running. */
export function claimExportSlot(merchantId: string, now = Date.now()): (() => void) | null {
  const claimed = exportsInFlight.get(merchantId);
  if (claimed !== undefined && now - claimed < EXPORT_SLOT_MAX_MS) return null;
  exportsInFlight.set(merchantId, now);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (exportsInFlight.get(merchantId) === now) exportsInFlight.delete(merchantId);
  };
}

/** `chunks`, releasing the slot when they end, fail or are cancelled. */
export async function* releasingWhenDone(
  chunks: AsyncGenerator<string>,
  release: () => void,
): AsyncGenerator<string> {
  try {
    yield* chunks;
  } finally {
    release();
  }
}
