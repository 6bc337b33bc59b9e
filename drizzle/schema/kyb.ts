/**
 * KYB documents uploaded with a merchant application (issue 11, item 14): one row per stored file.
 * The bytes live on disk under `${DATA_DIR}/kyb/<application id>/`; `storedName` is the random file
 * name inside that folder (never a path). Scanning is a later step: documents start
 * "unscanned" (docs/decisions/0024-kyb-documents.md).
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { kybScanStatuses } from "../../app/core/kyb/scan-statuses";
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
    createdAt: integer("created_at").notNull(),
  },
  (table) => [index("application_documents_application_idx").on(table.applicationId)],
);
