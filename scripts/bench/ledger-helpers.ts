/**
 * Ledger micro-benchmarks for `npm run bench` (through core-bench.ts): ledger postings against bare
 * SQLite commits with the same pragmas, measured on the same machine in the same run (the ratio is
 * the figure).
 */
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { capital, postTransaction, railFloat } from "~/core/ledger/ledger.server";
import type { Store } from "~/db/store";

/**
 * Post `n` two-leg KES transactions (capital -> M-Pesa float) through the store, one after the
 * other, each its own durable write (one COMMIT each: nothing else shares its group). Returns
 * elapsed ms.
 */
export async function benchLedgerPostings(store: Store, n: number): Promise<number> {
  const run = randomBytes(6).toString("hex");
  const from = capital("KES");
  const to = railFloat("mpesa");
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const amount = BigInt(100 + (i % 1000));
    await postTransaction(store, {
      idempotencyKey: `bench:${run}:${i}`,
      kind: "bench.posting",
      entries: [
        { account: to, amount },
        { account: from, amount: -amount },
      ],
    });
  }
  return performance.now() - started;
}

/**
 * `n` single-row INSERT commits on a fresh table in `file` (a new better-sqlite3 connection with
 * the app's pragmas: WAL, synchronous=FULL, foreign_keys=ON). Returns elapsed ms. The caller owns
 * the file.
 */
export function benchBareSqliteCommits(file: string, n: number): number {
  const sqlite = new Database(file);
  try {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("synchronous = FULL");
    sqlite.exec("drop table if exists bench_commits");
    sqlite.exec(
      "create table bench_commits (id integer primary key autoincrement, amount integer not null, created_at integer not null)",
    );
    const insert = sqlite.prepare("insert into bench_commits (amount, created_at) values (?, ?)");
    const started = performance.now();
    for (let i = 0; i < n; i++) insert.run(100 + (i % 1000), Date.now());
    return performance.now() - started;
  } finally {
    sqlite.close();
  }
}
