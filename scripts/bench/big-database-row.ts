/**
 * The big-database row of `npm run bench` (issue 28, part 5): the production server started in
 * simulator mode on a copy of the big database (scripts/bench/big-database.ts: 1,000,000 payments,
 * about 5,000,000 ledger entries, 100,000 pool addresses, 3,200,000 custody simulator records).
 * Measured: the time from the spawn until /healthz answers 200 and until /readyz answers 200
 * (target: serving within 10 s), then one signed-in fetch of the dashboard, the payments list,
 * this month's statement and a year's statement (the demo merchant: half the payments), and the
 * operator's /admin/reconciliation, each must answer 200 (time per page shown). Peak RSS of the
 * server is information.
 */
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { copyBigDatabase, ensureBigDatabase, BIG_DB } from "./big-database";
import { operatorCookie } from "./operator";
import {
  freePort,
  localServerEnv,
  pollRss,
  procStatusKb,
  spawnAppServer,
  stopChild,
} from "./processes";
import { demoMerchantCookie } from "./scenarios";

export const BIG_DATABASE_TARGET_MS = 10_000;

/** The big database's own operator (its password is kept in the generated file). */
const BIG_DB_OPERATOR = {
  email: "big-db-admin@onehop.test",
  password: "big-db-operator-password-2026",
};

export interface BigDatabaseFigures {
  healthzMs: number | null;
  readyzMs: number | null;
  pages: { name: string; status: number; ms: number }[];
  peakRssMb: number | null;
  error?: string;
}

async function timedFetch(url: string, cookie: string) {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      headers: { cookie },
      redirect: "manual",
      signal: AbortSignal.timeout(120_000),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

/** Poll `path` until it answers 200; the time from `since` (null if the server died or 60 s). */
async function firstOk(baseUrl: string, pathname: string, since: number, alive: () => boolean) {
  const deadline = since + 60_000;
  while (Date.now() < deadline && alive()) {
    try {
      const response = await fetch(`${baseUrl}${pathname}`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

export async function runBigDatabaseBench(context: {
  root: string;
  tmpDir: string;
  log: (line: string) => void;
}): Promise<BigDatabaseFigures> {
  const { root, tmpDir, log } = context;
  const dir = path.join(tmpDir, "big-database");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...localServerEnv(dir, port, "big.sqlite"),
    OPERATOR_BOOTSTRAP_EMAIL: BIG_DB_OPERATOR.email,
    OPERATOR_BOOTSTRAP_PASSWORD: BIG_DB_OPERATOR.password,
    DEPOSIT_ADDRESS_POOL: `0,test:USDT=${BIG_DB.poolAddresses}`,
  };
  const dataDir = path.resolve(
    root,
    process.env.BENCH_DATA_DIR ?? path.join("tests", ".tmp", "bench-data"),
  );
  log(
    `big database: ${BIG_DB.payments.toLocaleString("en-KE")} payments (made once, kept in ${dataDir})`,
  );
  const kept = ensureBigDatabase(root, env, dataDir);
  const database = env.DATABASE_URL!;
  copyBigDatabase(kept, database); // and the simulators' file beside it (ADR 0045)

  const startedAt = Date.now();
  const started = performance.now();
  const app = spawnAppServer(root, env, port);
  const rss = pollRss(app.pid, 100);
  const figures: BigDatabaseFigures = {
    healthzMs: null,
    readyzMs: null,
    pages: [],
    peakRssMb: null,
  };
  try {
    const healthy = await firstOk(app.baseUrl, "/healthz", startedAt, app.isRunning);
    figures.healthzMs = healthy === null ? null : healthy - started;
    const ready = await firstOk(app.baseUrl, "/readyz", startedAt, app.isRunning);
    figures.readyzMs = ready === null ? null : ready - started;
    if (ready === null) throw new Error("the server did not become ready");
    const merchant = (await demoMerchantCookie(app.baseUrl)).headers?.cookie ?? "";
    const today = new Date();
    const iso = (at: Date) => at.toISOString().slice(0, 10);
    const yearAgo = new Date(today.getTime() - 364 * 86_400_000);
    const merchantPages = [
      { name: "/merchant/dashboard", path: "/merchant/dashboard" },
      { name: "/merchant/payments", path: "/merchant/payments" },
      { name: "/merchant/statements (this month)", path: "/merchant/statements" },
      {
        name: "/merchant/statements (a year)",
        path: `/merchant/statements?from=${iso(yearAgo)}&to=${iso(today)}`,
      },
    ];
    for (const page of merchantPages)
      figures.pages.push({
        name: page.name,
        ...(await timedFetch(app.baseUrl + page.path, merchant)),
      });
    const operator = await operatorCookie(app.baseUrl, {
      ...BIG_DB_OPERATOR,
      database,
      sessionSecret: env.SESSION_SECRET!,
    });
    figures.pages.push({
      name: "/admin/reconciliation (operator)",
      ...(await timedFetch(`${app.baseUrl}/admin/reconciliation`, operator)),
    });
  } catch (error) {
    figures.error = error instanceof Error ? error.message : String(error);
    for (const line of app.stderr.tail) process.stderr.write(`  [server] ${line}\n`);
  } finally {
    const peakKb = Math.max(rss.peakKb() ?? 0, procStatusKb(app.pid, "VmHWM") ?? 0);
    figures.peakRssMb = peakKb ? peakKb / 1024 : null;
    rss.stop();
    await stopChild(app.child);
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

export function formatBigDatabase(figures: BigDatabaseFigures): string[] {
  const seconds = (ms: number | null) => (ms === null ? "never" : `${(ms / 1000).toFixed(2)} s`);
  const serving =
    figures.readyzMs !== null &&
    figures.readyzMs < BIG_DATABASE_TARGET_MS &&
    figures.pages.length > 0 &&
    figures.pages.every((page) => page.status === 200);
  const lines = [
    "",
    `Big database (issue 28): ${BIG_DB.payments.toLocaleString("en-KE")} payments, about 5,000,000 ledger entries, ${BIG_DB.poolAddresses.toLocaleString("en-KE")} pool addresses, simulator mode:`,
    `  ${serving ? "PASS" : "FAIL"}  serving within ${BIG_DATABASE_TARGET_MS / 1000} s of the start, the pages below answering 200: /healthz ${seconds(figures.healthzMs)}, /readyz ${seconds(figures.readyzMs)}`,
  ];
  for (const page of figures.pages)
    lines.push(`  info  ${page.name}: HTTP ${page.status} in ${page.ms.toFixed(0)} ms`);
  lines.push(
    `  info  peak server RSS: ${figures.peakRssMb === null ? "n/a" : `${figures.peakRssMb.toFixed(1)} MB`} (Node's default heap limits)`,
  );
  if (figures.error) lines.push(`  note  ${figures.error}`);
  return lines;
}
