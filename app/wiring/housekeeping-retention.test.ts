/**
 * Housekeeping never deletes a financial or KYC record (issue 31, item 9; ADR 0060). Two proofs:
 * every scheduled clean-up (expired sessions, idempotency keys, rates history, stale payout
 * uploads) run thirty years on leaves every retained table's rows as they were; and no code in the
 * app deletes from a retained table at all, except the one place named below (rows of a payout
 * upload that never became a batch anyone could approve: no money moved, no record yet).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { getTableName, is, sql } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../drizzle/schema";
import {
  applicationDocuments,
  auditLog,
  complianceCases,
  idempotencyKeys,
  merchantApplications,
  merchantUsers,
  screenings,
} from "../../drizzle/schema";
import { pruneIdempotencyKeys } from "~/core/api/idempotency.server";
import { expireStaleBatches } from "~/core/disbursements/expiry.server";
import { pruneHistory } from "~/core/rates/snapshot-store.server";
import { RETAINED_RECORDS } from "~/core/retention/rule";
import { createTestDb, testStore } from "../../tests/setup/db";
import {
  addMerchant,
  confirmedPayment,
  creditAvailable,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../../tests/setup/payments";
import { deleteExpiredSessionsPass } from "./housekeeping.server";

const retainedTables = new Set<string>(RETAINED_RECORDS.map((record) => record.table));

/** The schema's exported tables by their variable name. */
const tablesByExport = new Map<string, string>(
  Object.entries(schema).flatMap(([name, value]) =>
    is(value, SQLiteTable) ? [[name, getTableName(value)] as [string, string]] : [],
  ),
);

/** Where deleting from a retained table is allowed, and why (file: tables). */
const ALLOWED: Record<string, readonly string[]> = {
  // Rows of an upload still being checked (or a draft's rows being replaced): never approved.
  "app/core/disbursements/batch-rows.server.ts": ["disbursement_rows"],
  "app/core/disbursements/batch-uploads.server.ts": ["disbursement_batches"],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("no code deletes a retained record", () => {
  it("knows every retained table in the schema", () => {
    const known = new Set(tablesByExport.values());
    expect([...retainedTables].filter((table) => !known.has(table))).toEqual([]);
  });

  it("finds no delete from a retained table outside the allowed place", () => {
    const root = join(__dirname, "..", "..");
    const found: string[] = [];
    for (const file of sourceFiles(join(root, "app"))) {
      const text = readFileSync(file, "utf8");
      const path = relative(root, file).replaceAll("\\", "/");
      for (const match of text.matchAll(/\.delete\(\s*(\w+)\s*\)/g)) {
        const table = tablesByExport.get(match[1]!);
        if (table && retainedTables.has(table) && !ALLOWED[path]?.includes(table))
          found.push(`${path}: ${table}`);
      }
    }
    expect(found).toEqual([]);
  });
});

const { db, close } = createTestDb();
const store = testStore(db);
let h: PaymentsHarness;
const SHOP = "MRC-KEEP22";

beforeAll(async () => {
  h = await startPaymentsHarness(db);
  addMerchant(db, SHOP);
  await creditAvailable(db, SHOP, 5_000);
  await confirmedPayment(db, h, { merchantId: SHOP, amountKes: 2_000 });
  db.insert(merchantUsers)
    .values({ id: "usr_keep", merchantId: SHOP, username: "keep", createdAt: 0 })
    .run();
  db.insert(merchantApplications)
    .values({
      id: "app_keep",
      reference: "APP-KEEP0001",
      status: "approved",
      businessName: "Keep",
      businessType: "limited_company",
      contactName: "K",
      email: "k@keep.example",
      emailNormalized: "k@keep.example",
      countryCode: "+254",
      phone: "712345678",
      country: "KE",
      city: "Nairobi",
      agreedToTerms: true,
      agreedToNewsletter: false,
      createdAt: 0,
      merchantId: SHOP,
    })
    .run();
  db.insert(applicationDocuments)
    .values({
      id: "doc_keep",
      applicationId: "app_keep",
      fileName: "cr12.pdf",
      storedName: "x",
      sizeBytes: 1,
      sha256: "0".repeat(64),
      contentType: "application/pdf",
      createdAt: 0,
    })
    .run();
  db.insert(screenings)
    .values({
      id: "scr_keep",
      subject: "merchant",
      subjectRef: SHOP,
      screened: "Keep",
      context: "application",
      snapshotIds: "",
      result: "clear",
      createdAt: 0,
    })
    .run();
  db.insert(complianceCases)
    .values({
      id: "case_keep",
      kind: "manual",
      severity: "low",
      merchantId: SHOP,
      title: "Keep",
      dueAt: 0,
      createdAt: 0,
      updatedAt: 0,
    })
    .run();
  db.insert(idempotencyKeys)
    .values({
      merchantId: SHOP,
      mode: "live",
      key: "k1",
      requestHash: "f",
      state: "done",
      createdAt: 0,
      expiresAt: 1,
    })
    .run();
});
afterAll(async () => {
  await h.close();
  close();
});

function counts(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const table of retainedTables)
    out[table] = db.get<{ n: number }>(sql.raw(`select count(*) as n from "${table}"`))!.n;
  return out;
}

describe("housekeeping", () => {
  it("run thirty years on, keeps every financial and KYC record", async () => {
    const before = counts();
    // The seed made records in the tables that matter most.
    for (const table of [
      "payments",
      "ledger_entries",
      "ledger_transactions",
      "merchant_applications",
      "application_documents",
      "screenings",
      "compliance_cases",
    ])
      expect(before[table], table).toBeGreaterThan(0);
    const later = h.clock.now + 30 * 365 * 86_400_000;
    await deleteExpiredSessionsPass(store, later);
    expect(await pruneIdempotencyKeys(store, later)).toBe(1);
    await pruneHistory(store, later);
    await expireStaleBatches(store, later);
    expect(counts()).toEqual(before);
    expect(db.select().from(auditLog).all().length).toBe(before.audit_log);
  });
});
