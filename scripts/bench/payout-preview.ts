/**
 * The payout preview row of `npm run bench` (issue 15, item 2), in process on its own database: a
 * 10,000-row payout file (`BENCH_PAYOUT_ROWS`) across M-Pesa, Airtel Money, T-Kash and bank
 * accounts, with phone numbers in every common form, some duplicates and some bad rows, for a
 * merchant who already paid 10,000 rows in the last 7 days (the duplicate check reads them). Each
 * run reads the file, checks and stores every row, and reads what the preview page shows (the
 * summary: counts, totals with fees, rows to look at; the first page of rows). `BENCH_PAYOUT_RUNS`
 * runs (default 5). Target: every run under 5 s. Import only after the environment is set.
 */
import path from "node:path";
import { eq } from "drizzle-orm";

export const PAYOUT_PREVIEW_TARGET_MS = 5_000;

export interface PayoutPreviewFigures {
  rows: number;
  bytes: number;
  invalid: number;
  duplicates: number;
  recentDuplicates: number;
  runsMs: number[];
}

/** A payout file of `rows` rows: varied rails and number forms, 1% bad rows, 1% repeated rows. */
export function payoutFile(rows: number, seed = 0): string {
  const lines = ["recipient,rail,amount,reference,name,bank_code"];
  const forms = [
    (n: string) => `07${n}`,
    (n: string) => `+2547${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}`,
    (n: string) => `2547${n}`,
    (n: string) => `7${n}`,
  ];
  for (let i = 0; i < rows; i++) {
    const n = String((seed * 1_000_003 + i * 7_919) % 100_000_000).padStart(8, "0");
    const amount = 100 + ((i * 37) % 9_000);
    const reference = `PAY-${seed}-${i}`;
    if (i % 100 === 99) lines.push(`0712${n.slice(0, 3)},mpesa,-${amount},${reference},Bad Row`);
    else if (i % 100 === 98 && i > 0) lines.push(lines[lines.length - 1]!);
    else if (i % 4 === 0)
      lines.push(`${forms[i % 4]!(`1${n.slice(1)}`)},mpesa,${amount},${reference},Recipient ${i}`);
    else if (i % 4 === 1)
      lines.push(
        `073${n.slice(0, 7)},airtel,"${amount.toLocaleString("en-KE")}",${reference},Recipient ${i}`,
      );
    else if (i % 4 === 2)
      lines.push(`077${n.slice(0, 7)},t-kash,${amount}.00,${reference},Recipient ${i}`);
    else lines.push(`1450${n}0,bank,${amount},${reference},Recipient ${i},68`);
  }
  return lines.join("\r\n") + "\r\n";
}

export async function benchPayoutPreview(dir: string): Promise<PayoutPreviewFigures> {
  const { openDatabase } = await import("../../app/db/sqlite-connection.server");
  const { addMerchant } = await import("../../tests/setup/payments");
  const batches = await import("../../app/core/disbursements/batches.server");
  const reads = await import("../../app/core/disbursements/reads.server");
  const { disbursementRows } = await import("../../drizzle/schema");
  const rows = Number(process.env.BENCH_PAYOUT_ROWS ?? 10_000);
  const runs = Math.max(1, Number(process.env.BENCH_PAYOUT_RUNS ?? 5));
  const db = openDatabase(path.join(dir, "payout-preview-bench.sqlite"));
  const merchantId = "MRC-PAYQUT";
  addMerchant(db, merchantId, null);
  const maker = { merchantId, memberId: "usr_bench_maker", mode: "live" as const };
  const now = Date.now();

  // Last week's payouts: a file like this week's, marked paid (the duplicate check reads them).
  const { sqliteStore } = await import("../../app/db/sqlite-store.server");
  const store = sqliteStore(db);
  const history = await batches.createBulkBatch(
    store,
    maker,
    {
      title: "Last week",
      fileName: "last-week.csv",
      text: payoutFile(rows, 0),
      smsReceipts: false,
    },
    now - 3 * 86_400_000,
  );
  db.update(disbursementRows)
    .set({ status: "paid", updatedAt: now - 3 * 86_400_000 })
    .where(eq(disbursementRows.batchId, history.id))
    .run();

  const text = payoutFile(rows, 0);
  const runsMs: number[] = [];
  let last: Awaited<ReturnType<typeof reads.batchSummary>> | null = null;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const batch = await batches.createBulkBatch(
      store,
      maker,
      { title: `Run ${run}`, fileName: "payouts.csv", text, smsReceipts: false },
      Date.now(),
    );
    // The preview page reads in one store.read (app/wiring/disbursements.server.ts).
    last = await store.read(async (q) => {
      const summary = await reads.batchSummary(q, batch);
      await reads.listBatchRows(q, batch.id, { filter: "all" });
      await reads.listBatchRows(q, batch.id, { filter: "attention" });
      return summary;
    });
    runsMs.push(performance.now() - started);
  }
  await store.close();
  return {
    rows: last?.rows ?? 0,
    bytes: Buffer.byteLength(text),
    invalid: last?.counts.invalid ?? 0,
    duplicates: last?.attention.duplicatesInFile ?? 0,
    recentDuplicates: last?.attention.recentDuplicates ?? 0,
    runsMs,
  };
}

export function formatPayoutPreview(figures: PayoutPreviewFigures): string {
  const worst = Math.max(...figures.runsMs);
  const sorted = [...figures.runsMs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `  ${worst < PAYOUT_PREVIEW_TARGET_MS ? "PASS" : "FAIL"}  preview of a ${figures.rows.toLocaleString("en-KE")}-row payout file (${(figures.bytes / 1024).toFixed(0)} KB; ${figures.invalid} rows to fix, ${figures.duplicates} repeated in the file, ${figures.recentDuplicates} paid in the last 7 days): median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms of ${figures.runsMs.length} (target < ${PAYOUT_PREVIEW_TARGET_MS} ms)`;
}
