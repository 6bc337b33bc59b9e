/**
 * The daily reconciliation runs the books check (issue 28): each problem in our own books is a
 * `books` finding in the operators' queue, filed once while it stays open; healthy books add none.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerAccounts, reconciliationFindings } from "../../../drizzle/schema";
import { ledgerBook, postTransaction } from "~/core/ledger/ledger.server";
import type { Db } from "~/db/sqlite-connection.server";
import { freshTestDbPerTest, testStore } from "../../../tests/setup/db";
import { runReconciliation } from "./run.server";

let db: Db;
freshTestDbPerTest((fresh) => (db = fresh));

const now = () => Date.UTC(2026, 10, 29, 0, 0);

async function post(mode: "live" | "test") {
  const book = ledgerBook(mode);
  await postTransaction(testStore(db), {
    idempotencyKey: `books-findings:${mode}`,
    kind: "operator.adjustment",
    entries: [
      { account: book.capital("KES"), amount: 100n },
      { account: book.feeRevenue(), amount: -100n },
    ],
  });
}

const findings = () =>
  db.select().from(reconciliationFindings).where(eq(reconciliationFindings.kind, "books"));

describe("reconciliation: the books check", () => {
  it("healthy books: no books finding, and the run says it checked them", async () => {
    await post("live");
    const run = await runReconciliation(testStore(db), { sources: [] }, now);
    expect(run.status).toBe("completed");
    expect(run.findings).toBe(0);
    expect(await findings()).toEqual([]);
  });

  it("a cached balance off its entries is a finding in its book, filed once while open", async () => {
    await post("live");
    await post("test");
    const code = ledgerBook("test").feeRevenue().code;
    await db
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} - 1` })
      .where(eq(ledgerAccounts.code, code));
    const first = await runReconciliation(testStore(db), { sources: [] }, now);
    expect(first.findings).toBe(1);
    const [finding] = await findings();
    expect(finding).toMatchObject({
      runId: first.id,
      kind: "books",
      book: "test",
      subject: `cached_balance:${code}`,
      subjectLabel: `account ${code} caches a balance of -101 but its entries sum to -100`,
      status: "open",
    });
    expect(JSON.parse(finding!.evidence)).toEqual({
      check: "cached_balance",
      detail: `account ${code} caches a balance of -101 but its entries sum to -100`,
      ids: [code],
    });
    // The next run sees the same problem: not filed again while the first finding is open.
    const second = await runReconciliation(testStore(db), { sources: [] }, now);
    expect(second.findings).toBe(0);
    expect(await findings()).toHaveLength(1);
    // Resolved (an operator repaired it, or not): a run that still finds it files it again.
    await db
      .update(reconciliationFindings)
      .set({ status: "resolved" })
      .where(eq(reconciliationFindings.id, finding!.id));
    expect((await runReconciliation(testStore(db), { sources: [] }, now)).findings).toBe(1);
  });
});
