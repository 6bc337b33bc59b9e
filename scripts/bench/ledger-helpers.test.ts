/** The ledger bench helpers work (their timing is measured by `npm run bench`, not here). */
import { afterAll, describe, expect, it } from "vitest";
import { normalBalance, railFloat, toUnits, verifyBalances } from "~/core/ledger/ledger.server";
import { createTestDb } from "../../tests/setup/db";
import { benchBareSqliteCommits, benchLedgerPostings } from "./ledger-helpers";

const { file, close } = createTestDb();
afterAll(close);

describe("benchmark helpers", () => {
  it("time ledger postings and bare commits with the same pragmas", () => {
    const bench = createTestDb();
    try {
      const ledgerMs = benchLedgerPostings(bench.db, 50);
      const bareMs = benchBareSqliteCommits(`${file}.bare`, 50);
      expect(ledgerMs).toBeGreaterThan(0);
      expect(bareMs).toBeGreaterThan(0);
      expect(normalBalance(bench.db, railFloat("mpesa"))).toBeGreaterThan(0n);
      expect(verifyBalances(bench.db)).toEqual([]);
      expect(toUnits("1", "KES")).toBe(100n);
    } finally {
      bench.close();
    }
  });
});
