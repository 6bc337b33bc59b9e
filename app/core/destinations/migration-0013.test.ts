/**
 * Migration 0013 rebuilds `settlement_transfers` (phone nullable, rail widened, destination and
 * purpose added). Run on a database at 0012 holding rows as the old code wrote them: every transfer
 * survives with its values, each merchant's old M-Pesa number becomes its verified default
 * destination (still held when it was), and the old transfers name that destination.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

const dir = path.resolve(__dirname, "../../../drizzle");
const files = readdirSync(dir)
  .filter((file) => /^\d{4}_.*\.sql$/.test(file))
  .sort();
const db = new Database(":memory:");
db.pragma("foreign_keys = ON");
afterAll(() => db.close());

function apply(file: string) {
  for (const statement of readFileSync(path.join(dir, file), "utf8").split(
    "--> statement-breakpoint",
  ))
    if (statement.trim()) db.exec(statement);
}

describe("migration 0013: settlement destinations", () => {
  it("keeps every transfer and turns the old numbers into destinations", () => {
    for (const file of files.filter((f) => f < "0013")) apply(file);
    const insertMerchant = db.prepare(
      "insert into merchants (id, business_name, contact_email, settlement_phone, settlement_phone_held_until, created_at) values (?, ?, ?, ?, ?, ?)",
    );
    insertMerchant.run("MRC-MGRA22", "A", "a@x.example", "254712345678", null, 1_000);
    insertMerchant.run("MRC-MGRB22", "B", "b@x.example", "+254722000111", 9_999_999, 2_000);
    insertMerchant.run("MRC-MGRC22", "C", "c@x.example", null, null, 3_000);
    db.prepare(
      "insert into settlement_transfers (id, merchant_id, payment_id, sequence, rail, phone, amount_kes_cents, fee_kes_cents, rail_charge_kes_cents, status, settlement_day, attempts, receipt, created_at, updated_at) values ('trf_old1', 'MRC-MGRA22', null, 1, 'mpesa', '254712345678', 500000, 0, 1300, 'succeeded', '2026-11-20', 1, 'SK12345678', 5, 6)",
    ).run();

    apply(files.find((f) => f.startsWith("0013"))!);

    expect(db.prepare("select * from settlement_transfers").all()).toEqual([
      expect.objectContaining({
        id: "trf_old1",
        merchant_id: "MRC-MGRA22",
        purpose: "settlement",
        rail: "mpesa",
        phone: "254712345678",
        amount_kes_cents: 500000,
        rail_charge_kes_cents: 1300,
        status: "succeeded",
        receipt: "SK12345678",
        destination_id: expect.stringMatching(/^dst_[0-9a-f]{14}$/),
      }),
    ]);
    const destinations = db
      .prepare(
        "select merchant_id, rail, phone, status, is_default, held_until, id from settlement_destinations order by merchant_id",
      )
      .all() as { id: string }[];
    expect(destinations).toEqual([
      expect.objectContaining({
        merchant_id: "MRC-MGRA22",
        rail: "mpesa",
        phone: "+254712345678",
        status: "verified",
        is_default: 1,
        held_until: null,
      }),
      expect.objectContaining({
        merchant_id: "MRC-MGRB22",
        phone: "+254722000111",
        held_until: 9_999_999,
      }),
    ]);
    const transfer = db.prepare("select destination_id from settlement_transfers").get() as {
      destination_id: string;
    };
    expect(transfer.destination_id).toBe(destinations[0]!.id);
    expect(db.pragma("foreign_key_check")).toEqual([]);
  });
});
