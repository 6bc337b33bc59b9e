/** The ledger bench helpers work (their timing is measured by `npm run bench`, not here). */
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { normalBalance, railFloat, toUnits, verifyBalances } from "~/core/ledger/ledger.server";
import { createTestDb, testStore } from "../../tests/setup/db";
import { benchBareSqliteCommits, benchLedgerPostings } from "./ledger-helpers";

/** The bare SQLite file the commit rate is measured on (a SQLite file on either engine). */
const bareFile = path.resolve("tests/.tmp", `bare-${randomUUID()}.sqlite`);
afterAll(() => {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(bareFile + suffix, { force: true });
});

describe("benchmark helpers", () => {
  it("time ledger postings and bare commits with the same pragmas", async () => {
    const bench = createTestDb();
    const store = testStore(bench.db);
    try {
      const ledgerMs = await benchLedgerPostings(store, 50);
      const bareMs = benchBareSqliteCommits(bareFile, 50);
      expect(ledgerMs).toBeGreaterThan(0);
      expect(bareMs).toBeGreaterThan(0);
      expect(await normalBalance(store, railFloat("mpesa"))).toBeGreaterThan(0n);
      expect(await verifyBalances(store)).toEqual([]);
      expect(toUnits("1", "KES")).toBe(100n);
    } finally {
      bench.close();
    }
  });
});
