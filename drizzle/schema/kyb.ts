/**
 * KYB documents uploaded with a merchant application (issue 11, item 14): one row per stored file.
 * The bytes live on disk under `${DATA_DIR}/kyb/<application id>/`; `storedName` is the random file
 * name inside that folder (never a path). Scanning is a later step: documents start
 * "unscanned" (docs/decisions/0024-kyb-documents.md).
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { kybScanStatuses } from "../../app/core/kyb/scan-statuses";
import { partyRoles } from "../../app/core/kyb/vocabulary";
import { merchantApplications } from "./merchants";

export const applicationDocuments = sqliteTable(
  "application_documents",
  {
    id: text("id").primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => merchantApplications.id),
    /**
     * The applicant's file name, sanitised for display and for Content-Disposition, with the
     * extension of `contentType` (a PDF sent as `x.html` is `x.pdf`).
     */
    fileName: text("file_name").notNull(),
    /** Random name of the file inside the application's KYB folder. */
    storedName: text("stored_name").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** Hex SHA-256 of the stored bytes. */
    sha256: text("sha256").notNull(),
    /** The type found in the file's first bytes (application/pdf, image/jpeg, image/png). */
    contentType: text("content_type").notNull(),
    scanStatus: text("scan_status", { enum: kybScanStatuses }).notNull().default("unscanned"),
    /** What it is (certificate of incorporation, CR12, director's ID...), once known. */
    documentType: text("document_type"),
    /** When it stops being valid (null: it does not expire); re-review is due before then. */
    expiresAt: integer("expires_at"),
    /** The merchant it belongs to once the application is approved (and for later uploads). */
    merchantId: text("merchant_id"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [index("application_documents_application_idx").on(table.applicationId)],
);

/**
 * The people behind a business (issue 31, item 6): its directors and beneficial owners (25% or
 * more), captured in the application and kept in Settings. A removed party keeps its row
 * (`removedAt`): records are kept 7 years.
 */
export const businessParties = sqliteTable(
  "business_parties",
  {
    /** pty_ + readable code. */
    id: text("id").primaryKey(),
    applicationId: text("application_id"),
    merchantId: text("merchant_id"),
    role: text("role", { enum: partyRoles }).notNull(),
    fullName: text("full_name").notNull(),
    /** ISO 3166-1 alpha-2. */
    nationality: text("nationality"),
    /** National ID or passport number as given. */
    idNumber: text("id_number"),
    /** YYYY-MM-DD. */
    dateOfBirth: text("date_of_birth"),
    /** Owners: the share held, in basis points (2500 = 25%). */
    ownershipBps: integer("ownership_bps"),
    /** Declared a politically exposed person (or a family member or close associate of one). */
    pep: integer("pep", { mode: "boolean" }).notNull().default(false),
    pepDetails: text("pep_details"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    removedAt: integer("removed_at"),
  },
  (table) => [
    index("business_parties_application_idx").on(table.applicationId),
    index("business_parties_merchant_idx").on(table.merchantId),
  ],
);
