/**
 * The engine rows of `npm run bench` (issue 29, ADR 0046), after the SQLite payments row, on a
 * throwaway PostgreSQL cluster with PostgreSQL's durable defaults (fsync, synchronous_commit on):
 * the same payments end to end on PostgreSQL in one process (target: at least 0.7x SQLite's
 * rate), `db:copy` of the SQLite payments database into PostgreSQL (rows/s), and the failover
 * drill's outage. Two processes on PostgreSQL come with WEB_CONCURRENCY.
 */
import path from "node:path";
import { copyDatabase } from "../../app/db/copy.server";
import { openStoreAt } from "../../app/db/process.server";
import { createCluster, postgresBin } from "../pg/cluster";
import { runFailoverDrill } from "../pg/failover-drill";
import type { PaymentsFigures } from "./core-bench";

export async function benchEngines(
  dir: string,
  sqlite: PaymentsFigures,
  count: number,
  log: (line: string) => void,
): Promise<string[]> {
  if (!postgresBin()) return ["  n/a   PostgreSQL rows (PostgreSQL is not installed)"];
  const core = await import("./core-bench");
  const lines: string[] = [];
  const cluster = await createCluster();
  try {
    log(`payments: ${count} on PostgreSQL, one process`);
    cluster.sql("create database bench_payments", "create database bench_copy");
    const pg = await core.benchPayments(dir, count, sqlite.concurrency, {
      pgUrl: cluster.url("bench_payments"),
    });
    const ratio = pg.perSecond / sqlite.perSecond;
    lines.push(
      `  ${ratio >= 0.7 ? "PASS" : "FAIL"}  payments end to end, PostgreSQL one process vs SQLite: ${pg.perSecond.toFixed(1)} / ${sqlite.perSecond.toFixed(1)} payments/s = ${ratio.toFixed(2)} (target >= 0.7); ${pg.settled} of ${pg.payments} settled`,
      `        PostgreSQL p99 per step (ms): ${Object.entries(pg.p99Ms)
        .map(([step, ms]) => `${step} ${ms.toFixed(1)}`)
        .join(", ")}`,
    );
    log("db:copy: the SQLite payments database into PostgreSQL");
    const from = openStoreAt(path.join(dir, "payments-bench.sqlite"), { migrate: false });
    const to = openStoreAt(cluster.url("bench_copy"));
    try {
      const copied = await copyDatabase(from, to);
      lines.push(
        `        db:copy SQLite → PostgreSQL: ${copied.rows} rows in ${(copied.ms / 1000).toFixed(1)} s = ${Math.round(copied.rows / (copied.ms / 1000))} rows/s, counts equal, books sound`,
      );
    } finally {
      await Promise.allSettled([from.close(), to.close()]);
    }
  } finally {
    cluster.remove();
  }
  log("failover drill: kill -9 of the primary under load, standby promoted");
  const drill = await runFailoverDrill({ seconds: 8, writers: 8 });
  const ok = drill.lost === 0 && drill.twice === 0 && drill.problems.length === 0;
  lines.push(
    `  ${ok ? "PASS" : "FAIL"}  failover to a synchronous standby: outage ${(drill.outageMs / 1000).toFixed(2)} s; ${drill.acknowledged} postings acknowledged, ${drill.lost} lost, ${drill.twice} twice, books ${drill.problems.length === 0 ? "sound" : "NOT sound"}`,
  );
  return lines;
}
