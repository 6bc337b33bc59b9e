/**
 * In-process measurements of the core, each on its own throwaway database: ledger postings against
 * the bare SQLite commit rate (interleaved rounds, same pragmas), the news ingest of 20 local feeds
 * of 50 items, and N payments end to end through the custody and M-Pesa simulators over HTTP.
 * Import only after the environment is set (the modules read it at load).
 */
import path from "node:path";
import type { Db } from "~/db/sqlite-connection.server";
import { sqliteStore } from "~/db/sqlite-store.server";

export interface LedgerFigures {
  postingsPerSecond: number;
  bareCommitsPerSecond: number;
  ratio: number;
}

export async function benchLedger(dir: string, rounds = 6, perRound = 400): Promise<LedgerFigures> {
  const { openDatabase } = await import("../../app/db/sqlite-connection.server");
  const { benchBareSqliteCommits, benchLedgerPostings } = await import("./ledger-helpers");
  const db = openDatabase(path.join(dir, "ledger-bench.sqlite"));
  let ledgerMs = 0;
  let bareMs = 0;
  for (let round = 0; round < rounds; round++) {
    ledgerMs += await benchLedgerPostings(sqliteStore(db), perRound);
    bareMs += benchBareSqliteCommits(path.join(dir, `bare-${round}.sqlite`), perRound);
  }
  db.$client.close();
  const total = rounds * perRound;
  const postingsPerSecond = (total / ledgerMs) * 1000;
  const bareCommitsPerSecond = (total / bareMs) * 1000;
  return {
    postingsPerSecond,
    bareCommitsPerSecond,
    ratio: postingsPerSecond / bareCommitsPerSecond,
  };
}

export async function benchNewsIngest(
  dir: string,
): Promise<{ durationMs: number; fetched: number; curated: number }> {
  const { openDatabase } = await import("../../app/db/sqlite-connection.server");
  const { benchIngest } = await import("./news-helpers");
  const db = openDatabase(path.join(dir, "ingest-bench.sqlite"));
  const result = await benchIngest(db, { feeds: 20, itemsPerFeed: 50 });
  db.$client.close();
  const run = result.run as unknown as {
    totalFetched?: number;
    totalCurated?: number;
    stats?: { total_fetched: number; total_curated: number };
  };
  return {
    durationMs: result.durationMs,
    fetched: run.totalFetched ?? run.stats?.total_fetched ?? 0,
    curated: run.totalCurated ?? run.stats?.total_curated ?? 0,
  };
}

export interface PaymentsFigures {
  payments: number;
  concurrency: number;
  seconds: number;
  perSecond: number;
  p99Ms: Record<string, number>;
  settled: number;
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};

/**
 * N payments: quote + address, deposit, confirmations to conversion, settlement with the M-Pesa
 * result.
 */
export async function benchPayments(
  dir: string,
  count: number,
  concurrency = 16,
  options: {
    /** Run on this (new, empty) PostgreSQL database instead of a SQLite file (issue 29's rows). */
    pgUrl?: string;
  } = {},
): Promise<PaymentsFigures> {
  const { openDatabase } = await import("../../app/db/sqlite-connection.server");
  const { openTestDatabase, testStore } = await import("../../tests/setup/db");
  const { addMerchant, liveRates, startPaymentsHarness, testConfig } =
    await import("../../tests/setup/payments");
  const { createPayment } = await import("../../app/core/payments/payments.server");
  const { countPaymentsByStatus } = await import("../../app/core/payments/reads.server");
  const { formatCryptoUnits } = await import("../../app/core/payments/quote");
  const { planSettlement, sendPendingTransfers } =
    await import("../../app/core/payments/settlement.server");
  let db: Db;
  if (options.pgUrl) {
    const { openStoreAt } = await import("../../app/db/process.server");
    const migrated = openStoreAt(options.pgUrl);
    await migrated.read(async () => undefined);
    await migrated.close();
    db = openTestDatabase(options.pgUrl);
  } else {
    db = openDatabase(path.join(dir, "payments-bench.sqlite"));
    db.$client.pragma("synchronous = FULL");
  }
  const store = testStore(db);
  const harness = await startPaymentsHarness(db, { floatKes: 1_000_000_000 });
  harness.clock.now = Date.now();
  // Spread the load over merchants so no one hits the daily limits.
  const merchants = Array.from(
    { length: 64 },
    (_, i) =>
      `MRC-B${"23456789ABCDEFGHJKMNPQRSTVWXYZ"[i % 30]}${"23456789ABCDEFGHJKMNPQRSTVWXYZ"[Math.floor(i / 30)]}QQ2`,
  );
  for (const id of merchants) addMerchant(db, id);
  const config = { ...testConfig, dailyPerMerchantKes: 1_000_000_000, railDailyKes: 1_000_000_000 };
  const steps: Record<string, number[]> = {
    quote: [],
    deposit: [],
    confirm: [],
    settle: [],
    total: [],
  };
  let next = 0;
  const started = performance.now();
  async function one(index: number) {
    const t0 = performance.now();
    const payment = await createPayment(
      store,
      {
        custody: harness.runtime.custody,
        rates: liveRates(harness.clock.now),
        config,
        now: harness.clock.now,
      },
      {
        merchantId: merchants[index % merchants.length]!,
        amountKes: 1_000 + (index % 5_000),
        asset: "USDT",
        reference: `B${index}`,
      },
    );
    const t1 = performance.now();
    const tx = await harness.custodySim.sendPayment({
      address: payment.depositAddress!,
      amount: formatCryptoUnits(payment.cryptoAmountUnits, "USDT"),
    });
    const t2 = performance.now();
    await harness.custodySim.confirm(tx.id, 2);
    const t3 = performance.now();
    await planSettlement(store, payment.id, config, harness.clock.now);
    await sendPendingTransfers(store, harness.rails, () => harness.clock.now, 5);
    await harness.darajaSim.flush();
    const t4 = performance.now();
    steps.quote!.push(t1 - t0);
    steps.deposit!.push(t2 - t1);
    steps.confirm!.push(t3 - t2);
    steps.settle!.push(t4 - t3);
    steps.total!.push(t4 - t0);
  }
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await one(next++);
    }),
  );
  // Transfers another worker had picked up: send and answer what is still open, then count.
  await sendPendingTransfers(store, harness.rails, () => harness.clock.now, 100_000);
  await harness.darajaSim.flush();
  const seconds = (performance.now() - started) / 1000;
  const settled = (await store.read((q) => countPaymentsByStatus(q))).settled;
  await harness.close();
  db.$client.close();
  if (options.pgUrl) await store.close();
  return {
    payments: count,
    concurrency,
    seconds,
    perSecond: count / seconds,
    p99Ms: Object.fromEntries(Object.entries(steps).map(([step, values]) => [step, p99(values)])),
    settled,
  };
}
