/**
 * The statement row of `npm run bench` (issue 15, item 6; ADR 0034), in process on its own
 * database: a merchant with a year of activity, 100,000 entries on their accounts
 * (`BENCH_STATEMENT_ENTRIES`), as 25,000 payments each collected (one entry), handed to a rail
 * (available to in flight: two entries, no statement line) and paid (one entry); then the year's
 * statement built and written as CSV, `BENCH_STATEMENT_RUNS` times (default 5). Target: every run
 * under 2 s. Import only after the environment is set (the modules read it at load).
 */
import path from "node:path";

export const STATEMENT_TARGET_MS = 2_000;
const DAY_MS = 86_400_000;

export interface StatementFigures {
  entries: number;
  lines: number;
  runsMs: number[];
}

export async function benchStatement(dir: string): Promise<StatementFigures> {
  const { openDatabase } = await import("../../app/db/sqlite-connection.server");
  const { addMerchant } = await import("../../tests/setup/payments");
  const ledger = await import("../../app/core/ledger/ledger.server");
  const { readStatement, readStatementPages } =
    await import("../../app/core/statements/statement.server");
  const { sqliteStore } = await import("../../app/db/sqlite-store.server");
  const { statementCsvChunks } = await import("../../app/core/statements/csv");
  const { eatToday } = await import("../../app/core/statements/range");
  const entries = Number(process.env.BENCH_STATEMENT_ENTRIES ?? 100_000);
  const runs = Math.max(1, Number(process.env.BENCH_STATEMENT_RUNS ?? 5));
  const db = openDatabase(path.join(dir, "statement-bench.sqlite"));
  const merchantId = "MRC-STMT22";
  addMerchant(db, merchantId, null);

  const payments = Math.ceil(entries / 4);
  const now = Date.now();
  const yearAgo = now - 364 * DAY_MS;
  const step = Math.floor((now - yearAgo) / payments);
  const { feeRevenue, merchantAvailable, merchantInFlight, railFloat, treasuryConversion } = ledger;
  const store = sqliteStore(db);
  await store.write(async (q) => {
    for (let i = 0; i < payments; i++) {
      const at = yearAgo + i * step;
      const gross = BigInt(50_000 + (i % 997) * 100);
      const fee = gross / 100n;
      const net = gross - fee;
      const reference = { type: "payment", id: `pay_bench${i.toString(36).padStart(7, "0")}` };
      await ledger.postTransaction(
        q,
        {
          idempotencyKey: `bench:statement:${i}:converted`,
          kind: "payment.converted",
          description: `Payment ${reference.id} collected`,
          reference,
          entries: [
            { account: treasuryConversion("KES"), amount: gross },
            { account: merchantAvailable(merchantId), amount: -net },
            { account: feeRevenue(), amount: -fee },
          ],
          now: at,
        },
        store,
      );
      await ledger.postTransaction(
        q,
        {
          idempotencyKey: `bench:statement:${i}:sent`,
          kind: "payout.sent",
          reference,
          entries: [
            { account: merchantAvailable(merchantId), amount: net },
            { account: merchantInFlight(merchantId), amount: -net },
          ],
          now: at + 1_000,
        },
        store,
      );
      await ledger.postTransaction(
        q,
        {
          idempotencyKey: `bench:statement:${i}:succeeded`,
          kind: "payout.succeeded",
          description: `Settlement of ${reference.id} paid`,
          reference,
          entries: [
            { account: merchantInFlight(merchantId), amount: net },
            { account: railFloat("mpesa"), amount: -net },
          ],
          now: at + 2_000,
        },
        store,
      );
    }
  });

  const range = { from: eatToday(yearAgo), to: eatToday(now) };
  const runsMs: number[] = [];
  let lines = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    // The page (its first 500 lines) and the CSV as the route streams it, a page of rows at a time.
    await readStatement(sqliteStore(db), merchantId, range, { keepLines: 500 });
    const paged = await readStatementPages(sqliteStore(db), merchantId, range);
    for await (const chunk of statementCsvChunks(paged.statement, paged.lines())) void chunk;
    runsMs.push(performance.now() - started);
    lines = paged.statement.lineCount;
  }
  db.$client.close();
  return { entries: payments * 4, lines, runsMs };
}

export function formatStatement(figures: StatementFigures): string {
  const worst = Math.max(...figures.runsMs);
  const sorted = [...figures.runsMs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `  ${worst < STATEMENT_TARGET_MS ? "PASS" : "FAIL"}  a year's statement (page data and CSV) for a merchant with ${figures.entries.toLocaleString("en-KE")} entries, ${figures.lines.toLocaleString("en-KE")} lines: median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms of ${figures.runsMs.length} (target < ${STATEMENT_TARGET_MS} ms)`;
}
