/**
 * The failover drill (issue 29, ADR 0046), on one machine: a PostgreSQL primary and a streaming
 * standby (synchronous: a commit returns once the standby has it), OneHop's store on both hosts
 * (`postgres://…@127.0.0.1:P1,127.0.0.1:P2/onehop`), money moving (ledger postings, each with an
 * idempotency key), then the primary is killed with SIGKILL and the standby promoted. The store
 * finds the new primary by itself. Every posting a writer was told succeeded must be on the new
 * primary, none twice (a writer whose answer was lost tries again with the same key), and the
 * books must be sound. Reports the outage: from the kill to the first commit on the new primary.
 *
 *   npm run db:failover-drill [-- --seconds 6 --writers 8]
 */
import { parseArgs } from "node:util";
import { like, sql } from "drizzle-orm";
import { ledgerTransactions } from "../../drizzle/schema";
import { checkBooks, describeProblems } from "../../app/core/books/check.server";
import { ledgerBook, postTransaction } from "../../app/core/ledger/ledger.server";
import { openPgStore } from "../../app/db/pg-connection.server";
import { createCluster, createStandby, type Cluster } from "./cluster";

export interface DrillReport {
  acknowledged: number;
  /** Postings whose answer was lost (the connection died during COMMIT), tried again by key. */
  retried: number;
  /** From the kill to the first commit on the promoted standby. */
  outageMs: number;
  /** Acknowledged postings missing on the new primary (must be 0). */
  lost: number;
  /** Keys with more than one transaction (must be 0). */
  twice: number;
  problems: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runFailoverDrill(
  options: { seconds?: number; writers?: number; log?: (line: string) => void } = {},
): Promise<DrillReport> {
  const seconds = options.seconds ?? 6;
  const writers = options.writers ?? 8;
  const log = options.log ?? (() => undefined);
  const clusters: Cluster[] = [];
  try {
    const primary = await createCluster();
    clusters.push(primary);
    const standby = await createStandby(primary);
    clusters.push(standby);
    // Synchronous from now on (not before: with no standby yet, every commit would wait).
    primary.sql("alter system set synchronous_standby_names = '*'", "select pg_reload_conf()");
    const sync = () => primary.sql("select sync_state from pg_stat_replication");
    for (let tries = 0; sync() !== "sync"; tries++) {
      if (tries > 100) throw new Error("the standby did not become synchronous");
      await sleep(50);
    }
    log(`primary on ${primary.port}, synchronous standby on ${standby.port}`);
    const url = `postgres://onehop@127.0.0.1:${primary.port},127.0.0.1:${standby.port}/onehop`;
    const store = openPgStore(url, { max: writers + 2, failoverWaitMs: 60_000 });
    try {
      await store.read(async () => undefined); // migrated, on the primary
      const book = ledgerBook("live");
      const acknowledged: string[] = [];
      let retried = 0;
      let killedAt = 0;
      let firstAfterKill = 0;
      let stop = false;
      const writer = async (w: number) => {
        for (let n = 0; !stop; n++) {
          const key = `drill:${w}:${n}`;
          for (;;) {
            try {
              await postTransaction(store, {
                idempotencyKey: key,
                kind: "operator.adjustment",
                description: "failover drill",
                entries: [
                  { account: book.capital("KES"), amount: 100n },
                  { account: book.feeRevenue(), amount: -100n },
                ],
              });
              acknowledged.push(key);
              if (killedAt && !firstAfterKill) firstAfterKill = Date.now();
              break;
            } catch {
              // The answer was lost (or the wait ran out): the same key again, so at most once.
              retried++;
              await sleep(100);
            }
          }
        }
      };
      const running = Array.from({ length: writers }, (_, w) => writer(w));
      await sleep((seconds * 1000) / 2);
      const before = acknowledged.length;
      killedAt = Date.now();
      primary.kill();
      log(`kill -9 of the primary after ${before} postings`);
      standby.promote();
      log(`standby promoted ${Date.now() - killedAt} ms after the kill`);
      await sleep((seconds * 1000) / 2);
      stop = true;
      await Promise.all(running);
      const stored = await store.read((q) =>
        q
          .select({ key: ledgerTransactions.idempotencyKey, n: sql<number>`count(*)` })
          .from(ledgerTransactions)
          .where(like(ledgerTransactions.idempotencyKey, "drill:%"))
          .groupBy(ledgerTransactions.idempotencyKey),
      );
      const keys = new Set(stored.map((row) => row.key));
      const problems = describeProblems(await checkBooks(store));
      return {
        acknowledged: acknowledged.length,
        retried,
        outageMs: firstAfterKill ? firstAfterKill - killedAt : Number.POSITIVE_INFINITY,
        lost: acknowledged.filter((key) => !keys.has(key)).length,
        twice: stored.filter((row) => Number(row.n) > 1).length,
        problems,
      };
    } finally {
      await store.close();
    }
  } finally {
    for (const cluster of clusters) cluster.remove();
  }
}

if (process.argv[1]?.endsWith("failover-drill.ts")) {
  const { values } = parseArgs({
    options: { seconds: { type: "string" }, writers: { type: "string" } },
  });
  const report = await runFailoverDrill({
    seconds: values.seconds ? Number(values.seconds) : undefined,
    writers: values.writers ? Number(values.writers) : undefined,
    log: (line) => console.log(`[failover] ${line}`),
  });
  const ok = report.lost === 0 && report.twice === 0 && report.problems.length === 0;
  console.log(
    `[failover] ${ok ? "PASS" : "FAIL"}: outage ${(report.outageMs / 1000).toFixed(2)} s; ${report.acknowledged} postings acknowledged, ${report.lost} lost, ${report.twice} twice, ${report.retried} tried again after a lost answer; books ${report.problems.length === 0 ? "sound" : report.problems.join("; ")}`,
  );
  process.exit(ok ? 0 : 1);
}
