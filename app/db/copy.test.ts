/**
 * `npm run db:copy` (issue 29): the seed plus generated data (payments confirmed through the
 * custody simulator, so the daily volumes' trigger has rows; ledger postings past 2^53; a
 * reversal, which refers to its own table) copied into an empty database: every row arrives,
 * counts and books verified, identities continue after the copied ids. On the PostgreSQL run it
 * goes both ways (PostgreSQL → SQLite → PostgreSQL); on the SQLite run, SQLite → SQLite. A target
 * with rows is refused.
 */
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { getTableName } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, ledgerTransactions, paymentDailyVolumes } from "../../drizzle/schema";
import {
  custody,
  ledgerBook,
  postTransaction,
  reverseTransaction,
} from "~/core/ledger/ledger.server";
import { seed } from "../../scripts/seed";
import { createTestDb, TEST_ENGINE, testStore } from "../../tests/setup/db";
import {
  addMerchant,
  confirmedPayment,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../../tests/setup/payments";
import { CopyError, copyDatabase, exactColumns, tablesInCopyOrder } from "./copy.server";
import { openStoreAt } from "./process.server";
import type { Store } from "./store";

const source = createTestDb();
const target = createTestDb();
const files: string[] = [];
const stores: Store[] = [];
let h: PaymentsHarness;

/** A new SQLite file (migrated on first use), removed after the run. */
function sqliteFile(): Store {
  const file = path.resolve("tests/.tmp", `copy-${randomUUID()}.sqlite`);
  files.push(file);
  const store = openStoreAt(file);
  stores.push(store);
  return store;
}

/** Every table's rows, as the store reads them, in one order on both engines. */
async function everything(store: Store): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  await store.read(async (q) => {
    for (const table of tablesInCopyOrder())
      all[getTableName(table)] = (await q.select(exactColumns(table)).from(table))
        .map((row) =>
          JSON.stringify(row, (_, value: unknown) =>
            typeof value === "bigint" ? `${value}n` : value,
          ),
        )
        .sort();
  });
  return all;
}

const HUGE = 9_000_000_000_000_000_000n;

beforeAll(async () => {
  const store = testStore(source.db);
  await seed(store);
  h = await startPaymentsHarness(source.db);
  addMerchant(source.db, "MRC-CPYA22");
  for (const amountKes of [1_500, 2_750])
    await confirmedPayment(source.db, h, { merchantId: "MRC-CPYA22", amountKes });
  const book = ledgerBook("live");
  const posted = await postTransaction(store, {
    idempotencyKey: "copy:huge",
    kind: "test.huge",
    entries: [
      { account: book.suspense("USDC"), amount: -HUGE },
      { account: custody("USDC"), amount: HUGE },
    ],
  });
  await reverseTransaction(store, {
    transactionId: posted.transactionId,
    idempotencyKey: "copy:huge:reversal",
    reason: "copied reversal",
  });
});

afterAll(async () => {
  await h?.close();
  await Promise.allSettled(stores.map((store) => store.close()));
  for (const file of files)
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  source.close();
  target.close();
});

describe("copying a database", () => {
  it("copies every row into an empty database, both ways between the engines", async () => {
    const from = testStore(source.db);
    const before = await everything(from);
    expect(before[getTableName(paymentDailyVolumes)]!.length).toBeGreaterThan(0);
    expect(
      before[getTableName(ledgerTransactions)]!.some((row) =>
        row.includes('"reversesTransactionId":"'),
      ),
    ).toBe(true);

    // SQLite run: one SQLite file into another. PostgreSQL run: this run's PostgreSQL database
    // into a SQLite file, and that file into an empty PostgreSQL database.
    const hops: [Store, Store][] =
      TEST_ENGINE === "sqlite"
        ? [[from, testStore(target.db)]]
        : (() => {
            const file = sqliteFile();
            return [
              [from, file],
              [file, testStore(target.db)],
            ];
          })();
    for (const [a, b] of hops) {
      const report = await copyDatabase(a, b);
      expect(report.rows).toBe(Object.values(before).reduce((n, rows) => n + rows.length, 0));
      expect(await everything(b)).toEqual(before);
    }

    // Identities continue after the copied ids: a new row gets the next one.
    const copy = testStore(target.db);
    const maxBefore = Math.max(
      ...before[getTableName(auditLog)]!.map((row) => (JSON.parse(row) as { id: number }).id),
    );
    const [added] = await copy.write((q) =>
      q
        .insert(auditLog)
        .values({ actorType: "system", action: "copy.checked", createdAt: Date.now() })
        .returning({ id: auditLog.id }),
    );
    expect(added!.id).toBeGreaterThan(maxBefore);
  });

  it("refuses a target that has rows, naming the table, and writes nothing", async () => {
    // The source database has rows: as a target it is refused.
    const occupied = testStore(source.db);
    const before = await everything(occupied);
    const copying = copyDatabase(sqliteFile(), occupied);
    await expect(copying).rejects.toThrow(CopyError);
    await expect(copying).rejects.toThrow(
      /^the target database is not empty \(\w+ has \d+ rows\): copy into a new, empty database$/,
    );
    expect(await everything(occupied)).toEqual(before);
  });
});
