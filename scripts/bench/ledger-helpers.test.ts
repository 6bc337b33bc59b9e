/** The ledger bench helpers work (their timing is measured by `npm run bench`, not here). */
import { afterAll, describe, expect, it } from "vitest";
import { normalBalance, railFloat, toUnits, verifyBalances } from "~/core/ledger/ledger.server";
import { sqliteStore } from "~/db/sqlite-store.server";
import { createTestDb } from "../../tests/setup/db";
import { benchBareSqliteCommits, benchLedgerPostings } from "./ledger-helpers";

const { file, close } = createTestDb();
afterAll(close);

describe("benchmark helpers", () => {
  it("time ledger postings and bare commits with the same pragmas", async () => {
    const bench = createTestDb();
    const store = sqliteStore(bench.db);
    try {
      const ledgerMs = await benchLedgerPostings(store, 50);
      const bareMs = benchBareSqliteCommits(`${file}.bare`, 50);
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
