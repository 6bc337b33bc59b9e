/**
 * The server rows of issue 29 (ADR 0046, 0047): the production server (server.mjs on the build)
 * on SQLite with one process, PostgreSQL with one process and PostgreSQL with two
 * (WEB_CONCURRENCY=2), side by side in one run. Each row gets a fresh database with the demo seed
 * and a live API key, and the same simulators, started here in the bench process (the simulator
 * host, ADR 0047) so that no server process pays for them and the rows compare the servers alone:
 *
 * - API creates: `POST /api/v1/payments` for `seconds` over 20 connections (quote, address from the
 *   pool, the daily limit, the idempotency-free path), 201s per second;
 * - payments end to end: `count` payments, `concurrency` at a time, each created through the API,
 *   paid at the custody simulator, confirmed, converted and settled to M-Pesa (its result
 *   callback included); settled payments per second from the first create to the last settlement.
 *
 * Targets on this 2-core machine (the load, the simulators and PostgreSQL share it): PostgreSQL one
 * process at least 0.7x SQLite; two processes at least 1.3x one on PostgreSQL.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { createCluster, type Cluster } from "../pg/cluster";
import { measure } from "./load";
import { freePort, spawnAppServer, stopChild, waitForHealthy } from "./processes";

export interface ServerRow {
  label: string;
  createsPerSecond: number;
  createsNon2xx: number;
  paymentsPerSecond: number;
  settled: number;
  payments: number;
  /** Payments that did not settle, by the last status seen (or the create's refusal). */
  unsettled: Record<string, number>;
}

interface RowSetup {
  label: string;
  engine: "sqlite" | "postgresql";
  processes: number;
}

export const SERVER_ROWS: RowSetup[] = [
  { label: "SQLite, one process", engine: "sqlite", processes: 1 },
  { label: "PostgreSQL, one process", engine: "postgresql", processes: 1 },
  { label: "PostgreSQL, two processes", engine: "postgresql", processes: 2 },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function runScript(root: string, env: NodeJS.ProcessEnv, script: string, args: string[]): string {
  const run = spawnSync(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: root,
    env,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`${script} failed: ${run.stderr.trim()}`);
  return run.stdout;
}

interface Payment {
  id: string;
  status: string;
  deposit_address: string;
  crypto_amount_decimal: string;
}

async function benchRow(
  root: string,
  dir: string,
  cluster: Cluster | null,
  row: RowSetup,
  options: { seconds: number; count: number; concurrency: number; merchants: number },
  log: (line: string) => void,
): Promise<ServerRow> {
  const { startSimulatorHost } = await import("../../app/wiring/simulators/host.server");
  const port = await freePort();
  const name = `bench_${row.engine}_${row.processes}`;
  if (cluster) cluster.sql(`create database ${name}`);
  const databaseUrl = cluster ? cluster.url(name) : path.join(dir, `${name}.sqlite`);
  const host = await startSimulatorHost({
    appOrigin: `http://127.0.0.1:${port}`,
    databaseUrl,
    dataDir: dir,
    floatKes: 1_000_000_000,
    confirmations: { BTC: 1, ETH: 1, USDT: 1, USDC: 1 },
    autoConfirmMs: 50,
    // 0 would mean "only on flush()" (tests): the shortest real delay.
    callbackDelayMs: { daraja: 1, rails: 1 },
    railTimeoutMs: 15_000,
    newsFixturesDir: "tests/fixtures/feeds",
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...host.settings,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(24).toString("hex"),
    PUBLIC_SITE_URL: `http://localhost:${port}`,
    DEMO_SEED: "true",
    WEB_CONCURRENCY: String(row.processes),
    API_RATE_LIMIT_PER_SECOND: "100000",
    DEPOSIT_ADDRESS_POOL: "300",
    PAYMENTS_RECONCILE_SECONDS: "5",
  };
  runScript(root, env, "scripts/db-setup.ts", []);
  // A live key of each merchant (the demo merchant's first): the creates use the first, the
  // payments end to end take them in turn.
  const keys = runScript(root, env, "scripts/bench/bench-merchants.ts", [String(options.merchants)])
    .trim()
    .split("\n");
  const key = keys[0];
  if (!key?.startsWith("oh_live_")) throw new Error(`no API key: ${keys.join(" ")}`);
  const server = spawnAppServer(root, env, port);
  try {
    await waitForHealthy(server);
    const api = (pathname: string) => `${server.baseUrl}/api/v1${pathname}`;
    const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
    // A live USDT rate and a filled address pool before anything is measured.
    for (let tries = 0; ; tries++) {
      const response = await fetch(api("/rates"), { headers });
      const body = (await response.json()) as { data?: { asset: string; kind: string }[] };
      if (body.data?.some((rate) => rate.asset === "USDT" && rate.kind === "live")) break;
      if (tries > 300) throw new Error("no live USDT rate");
      await sleep(100);
    }
    await sleep(3_000);

    log(`${row.label}: API creates for ${options.seconds} s`);
    const creates = await measure(
      api("/payments"),
      {
        method: "POST",
        headers,
        body: JSON.stringify({
          amount: 50_000,
          currency: "KES",
          asset: "USDT",
          reference: "bench-create",
        }),
      },
      options.seconds,
      20,
    );

    log(`${row.label}: ${options.count} payments end to end`);
    const started = Date.now();
    let next = 0;
    let settled = 0;
    const unsettled: Record<string, number> = {};
    const one = async (n: number) => {
      const own = { ...headers, Authorization: `Bearer ${keys[n % keys.length]}` };
      const created = await fetch(api("/payments"), {
        method: "POST",
        headers: own,
        body: JSON.stringify({
          amount: 100_000,
          currency: "KES",
          asset: "USDT",
          reference: `bench-e2e-${n}`,
        }),
      });
      if (created.status !== 201) {
        unsettled[`create ${created.status}`] = (unsettled[`create ${created.status}`] ?? 0) + 1;
        return;
      }
      const payment = (await created.json()) as Payment;
      await fetch(`${host.custodyBaseUrl}/__sim/payments`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          address: payment.deposit_address,
          amount: payment.crypto_amount_decimal,
        }),
      });
      let status = "";
      for (let polls = 0; polls < 600; polls++) {
        const read = await fetch(api(`/payments/${payment.id}`), { headers: own });
        status = ((await read.json()) as Payment).status;
        if (status === "settled") {
          settled++;
          return;
        }
        await sleep(50);
      }
      unsettled[status] = (unsettled[status] ?? 0) + 1;
    };
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < options.count) await one(next++);
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    return {
      label: row.label,
      createsPerSecond: creates.rps * (1 - creates.non2xx / Math.max(1, creates.requests)),
      createsNon2xx: creates.non2xx,
      paymentsPerSecond: settled / seconds,
      settled,
      payments: options.count,
      unsettled,
    };
  } finally {
    await stopChild(server.child, 15_000);
    await host.close();
  }
}

/** The three rows, then the lines of the report (with PASS/FAIL against the targets). */
export async function benchServerEngines(
  root: string,
  dir: string,
  options: { seconds: number; count: number; concurrency: number; merchants: number },
  log: (line: string) => void,
): Promise<string[]> {
  const cluster = await createCluster();
  const rows: ServerRow[] = [];
  try {
    for (const row of SERVER_ROWS)
      rows.push(
        await benchRow(root, dir, row.engine === "postgresql" ? cluster : null, row, options, log),
      );
  } finally {
    cluster.remove();
  }
  const [sqlite, pg1, pg2] = rows as [ServerRow, ServerRow, ServerRow];
  const verdict = (ratio: number, target: number) => (ratio >= target ? "PASS" : "FAIL");
  const lines = rows.map(
    (row) =>
      `        ${row.label.padEnd(26)} API creates ${row.createsPerSecond.toFixed(0).padStart(5)}/s (${row.createsNon2xx} refused); payments end to end ${row.paymentsPerSecond.toFixed(1).padStart(5)}/s (${row.settled} of ${row.payments} settled${Object.keys(row.unsettled).length > 0 ? `; not: ${JSON.stringify(row.unsettled)}` : ""})`,
  );
  for (const [what, of] of [
    ["API creates", (row: ServerRow) => row.createsPerSecond],
    ["payments end to end", (row: ServerRow) => row.paymentsPerSecond],
  ] as const) {
    const pgRatio = of(pg1) / of(sqlite);
    const scale = of(pg2) / of(pg1);
    lines.push(
      `  ${verdict(pgRatio, 0.7)}  ${what}, PostgreSQL one process vs SQLite: ${pgRatio.toFixed(2)}x (target >= 0.7)`,
      `  ${verdict(scale, 1.3)}  ${what}, PostgreSQL two processes vs one: ${scale.toFixed(2)}x (target >= 1.3)`,
    );
  }
  return lines;
}
