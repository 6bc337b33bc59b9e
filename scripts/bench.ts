/**
 * `npm run bench`: load-test the production build against a static baseline and print one table.
 *
 * Builds if needed, migrates and seeds a throwaway database, starts the server exactly like
 * production (server.mjs with Node's default heap limits, ADR 0044), then for each scenario in
 * scripts/bench/scenarios.ts: warm up, autocannon the app, autocannon a bare node:http server
 * replaying the same response bytes, and measure the page's HTML and JS. Progress goes to stderr,
 * the table to stdout. See docs/bench.md.
 *
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) override the load.
 * Exit code: 0 when the run completed (even with FAIL targets), 1 when it could not run.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { measureJs, buildScriptUrls, hasPageForm } from "./bench/assets";
import { buildNeeded, runBuild } from "./bench/build";
import { measure, warmUp, type LoadRequest } from "./bench/load";
import {
  type AppServer,
  HEAP_FLAG,
  type StaticServer,
  freePort,
  localServerEnv,
  pollRss,
  positiveInt,
  procStatusKb,
  processCpuMs,
  spawnAppServer,
  startStaticServer,
  stopChild,
  waitForHealthy,
  killAndRestartAppServer,
} from "./bench/processes";
import { formatTable, formatTargets, TARGETS, type Row } from "./bench/report";
import { operatorCookie, type BenchOperator } from "./bench/operator";
import { measureSignInCpu } from "./bench/sign-in-cpu";
import { runHardeningBench, formatHardening } from "./bench/hardening-run";
import {
  addressPoolFilled,
  BENCH_ADDRESS_POOL,
  type Scenario,
  scenarios,
  setBenchApiKey,
} from "./bench/scenarios";
import { formatWebhooks, runWebhookBench } from "./bench/webhooks";
import { formatRails, runRailsBench } from "./bench/rails";
import { formatPayoutsRun, runPayoutsRunBench } from "./bench/payouts-run";
import { formatStatement } from "./bench/statements";
import { formatPayoutPreview } from "./bench/payout-preview";
import { benchHeavyUploads, formatHeavyUploads } from "./bench/heavy-uploads";
import { benchSignInFairness, formatSignInFairness } from "./bench/sign-in-fairness";
import { formatBigDatabase, runBigDatabaseBench } from "./bench/big-database-row";
import { formatLedger, formatPayments } from "./bench/core-format";

const WARMUP_REQUESTS = 200;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tmpDir = path.join(root, "tests/.tmp", `bench-${process.pid}`);

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

// ---- cleanup: on normal exit, on error, on SIGINT/SIGTERM ----

let server: AppServer | undefined;
let staticServer: StaticServer | undefined;
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all([
      server && stopChild(server.child),
      staticServer && stopChild(staticServer.child),
    ]);
    rmSync(tmpDir, { recursive: true, force: true });
  })();
  return cleaning;
}

// Last resort if the process exits without the async cleanup having finished.
process.on("exit", () => {
  for (const child of [server?.child, staticServer?.child]) {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  rmSync(tmpDir, { recursive: true, force: true });
});
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping servers`);
    void cleanup().finally(() => process.exit(code));
  });
}

// ---- one scenario ----

async function benchScenario(
  scenario: Scenario,
  app: AppServer,
  baseline: StaticServer,
  seconds: number,
  connections: number,
): Promise<Row> {
  const prepared = scenario.prepare ? await scenario.prepare(app.baseUrl) : {};
  const method = prepared.method ?? scenario.method ?? "GET";
  const requestPath = prepared.path ?? scenario.path;
  const headers = Object.fromEntries(
    Object.entries({ ...scenario.headers, ...prepared.headers }).map(([key, value]) => [
      key.toLowerCase(),
      value,
    ]),
  );
  const body = prepared.body ?? scenario.body;
  const appUrl = app.baseUrl + requestPath;

  // The page once, uncompressed: its bytes, its JS, and what the static baseline will replay.
  const response = await fetch(appUrl, {
    method,
    headers: { ...headers, "accept-encoding": "identity" },
    body,
    redirect: "manual",
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get("content-type") ?? "application/octet-stream";
  const html = contentType.includes("text/html") ? bytes.toString("utf8") : "";
  const js = await measureJs(buildScriptUrls(html, appUrl));
  const publicPage =
    method === "GET" &&
    !("cookie" in headers) &&
    !("authorization" in headers) &&
    response.ok &&
    html !== "";
  const jsTarget = scenario.jsTarget ?? publicPage;
  const jsLimit =
    typeof jsTarget === "object"
      ? jsTarget
      : jsTarget
        ? hasPageForm(html)
          ? { kb: TARGETS.jsGzipKbWithForm, what: "a public page with a form" }
          : { kb: TARGETS.jsGzipKb, what: "a public page without a form" }
        : undefined;
  const replayHeaders: Record<string, string> = { "content-type": contentType };
  const location = response.headers.get("location");
  if (location) replayHeaders.location = location;
  await baseline.serve(response.status, replayHeaders, bytes);

  const load: LoadRequest = {
    method,
    headers: { "accept-encoding": "gzip, br", ...headers },
    body,
    uniqueQuery: scenario.uniqueQuery,
  };
  const rowConnections = scenario.connections ?? connections;
  log(
    `${scenario.name}: HTTP ${response.status}, ${bytes.length} B; app then static, ${seconds} s each at ${rowConnections} connections`,
  );
  await warmUp(appUrl, load, scenario.warmupRequests ?? WARMUP_REQUESTS, rowConnections);
  const cpuBefore = processCpuMs(app.pid);
  const appResult = await measure(appUrl, load, seconds, rowConnections);
  const cpuAfter = processCpuMs(app.pid);
  const staticUrl = baseline.baseUrl + requestPath;
  await warmUp(staticUrl, load, WARMUP_REQUESTS, rowConnections);
  const staticResult = await measure(staticUrl, load, seconds, rowConnections);

  return {
    name: scenario.name,
    method,
    path: requestPath,
    status: response.status,
    app: appResult,
    static: staticResult,
    htmlBytes: bytes.length,
    // The server's CPU per answer while the load ran (issue 34): what a request costs it.
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || appResult.requests === 0
        ? undefined
        : (cpuAfter - cpuBefore) / appResult.requests,
    cpuMsTarget: scenario.cpuMsTarget,
    jsGzipBytes: js.gzipBytes,
    jsMissing: js.failed,
    jsLimit,
    ...(scenario.htmlGzipInfo ? { htmlGzipBytes: gzipSync(bytes, { level: 6 }).length } : {}),
    latencyTarget: scenario.latencyTarget ?? true,
    connections: scenario.connections,
  };
}

/**
 * The bench's operator (seeded from OPERATOR_BOOTSTRAP_*): the simulator control routes need one.
 */
const BENCH_OPERATOR = {
  email: "bench-admin@onehop.test",
  password: randomBytes(12).toString("hex"),
};

/**
 * Market-data provider calls while /functions/v1/rates is under load for 30 s (the simulator counts
 * them).
 */
async function countProviderCalls(baseUrl: string, connections: number, operator: BenchOperator) {
  const seconds = positiveInt("BENCH_RATES_SECONDS", 30);
  const headers = { cookie: await operatorCookie(baseUrl, operator) };
  const calls = async () =>
    (
      (await (await fetch(`${baseUrl}/simulator/market`, { headers })).json()) as {
        calls: { prices: number };
      }
    ).calls.prices;
  const before = await calls();
  await measure(
    `${baseUrl}/functions/v1/rates`,
    { method: "GET", headers: {} },
    seconds,
    connections,
  );
  const after = await calls();
  return { seconds, calls: after - before, allowed: Math.ceil(seconds / 60) + 1 };
}

// ---- main ----

/** The environment of the in-process rows (the modules read it when first imported). */
function setCoreEnvironment() {
  Object.assign(process.env, {
    DATA_DIR: tmpDir,
    DATABASE_URL: path.join(tmpDir, "core.sqlite"),
    NODE_ENV: "test",
  });
}

/** Issue 29's server rows (scripts/bench/server-engines.ts), or one line saying why not. */
async function serverRows(): Promise<string[]> {
  const { postgresBin } = await import("./pg/cluster");
  if (!postgresBin()) return ["  n/a   server rows (PostgreSQL is not installed)"];
  const { benchServerEngines } = await import("./bench/server-engines");
  return benchServerEngines(
    root,
    tmpDir,
    {
      seconds: positiveInt("BENCH_SECONDS", 10),
      count: positiveInt("BENCH_SERVER_PAYMENTS", 300),
      concurrency: 32,
      merchants: positiveInt("BENCH_SERVER_MERCHANTS", 1),
    },
    log,
  );
}

async function main(): Promise<number> {
  const seconds = positiveInt("BENCH_SECONDS", 10);
  const connections = positiveInt("BENCH_CONNECTIONS", 50);

  // BENCH_ONLY=screening: only the name-screening row (issue 31), in process: no build, no server.
  if (process.env.BENCH_ONLY === "screening") {
    const { benchScreening, formatScreening } = await import("./bench/screening");
    process.stdout.write(formatScreening(await benchScreening()).join("\n") + "\n");
    return 0;
  }

  const reason = buildNeeded(root);
  if (reason) {
    log(`building: ${reason}`);
    if (!runBuild(root)) {
      log("build failed");
      return 1;
    }
  } else {
    log("build is up to date");
  }

  rmSync(tmpDir, { recursive: true, force: true });
  mkdirSync(tmpDir, { recursive: true });
  // BENCH_ONLY=statements: only the statement row (issue 15), in process, no server.
  if (process.env.BENCH_ONLY === "statements") {
    setCoreEnvironment();
    const { benchStatement } = await import("./bench/statements");
    process.stdout.write(formatStatement(await benchStatement(tmpDir)) + "\n");
    return 0;
  }
  // BENCH_ONLY=sanctions: only the sanctions list import rows (issue 31), a child process each.
  if (process.env.BENCH_ONLY === "sanctions") {
    const { benchSanctionsImport, formatSanctionsImport } = await import("./bench/sanctions-lists");
    log("sanctions lists: generating full-size lists and importing them");
    process.stdout.write(
      formatSanctionsImport(benchSanctionsImport(root, tmpDir)).join("\n") + "\n",
    );
    return 0;
  }
  // BENCH_ONLY=payouts: only the payout preview row (issue 15, item 2), in process, no server.
  if (process.env.BENCH_ONLY === "payouts") {
    setCoreEnvironment();
    const { benchPayoutPreview } = await import("./bench/payout-preview");
    process.stdout.write(formatPayoutPreview(await benchPayoutPreview(tmpDir)) + "\n");
    return 0;
  }
  // BENCH_ONLY=core: only the ledger postings and payments end to end rows (issue 28's comparison),
  // in process, no server.
  if (process.env.BENCH_ONLY === "core") {
    setCoreEnvironment();
    const core = await import("./bench/core-bench");
    const ledger = await core.benchLedger(tmpDir);
    const count = positiveInt("BENCH_PAYMENTS", 10_000);
    const paid = await core.benchPayments(tmpDir, count);
    const { benchEngines } = await import("./bench/engines");
    const engines = await benchEngines(tmpDir, paid, count, log);
    process.stdout.write(
      [formatLedger(ledger), ...formatPayments(paid), ...engines].join("\n") + "\n",
    );
    return 0;
  }
  // BENCH_ONLY=servers: only the server rows of issue 29 (SQLite one process, PostgreSQL one and
  // two), each its own production server, database and simulators.
  if (process.env.BENCH_ONLY === "servers") {
    setCoreEnvironment();
    process.stdout.write((await serverRows()).join("\n") + "\n");
    return 0;
  }
  // BENCH_ONLY=big-database: only the big-database row (issue 28), its own server and database.
  if (process.env.BENCH_ONLY === "big-database") {
    const big = await runBigDatabaseBench({ root, tmpDir, log });
    process.stdout.write(formatBigDatabase(big).join("\n") + "\n");
    return 0;
  }
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...localServerEnv(tmpDir, port, "bench.sqlite"),
    OPERATOR_BOOTSTRAP_EMAIL: BENCH_OPERATOR.email,
    OPERATOR_BOOTSTRAP_PASSWORD: BENCH_OPERATOR.password,
    // The per-key limit guards fairness between integrations; the API rows measure capacity.
    API_RATE_LIMIT_PER_SECOND: "100000",
    DEPOSIT_ADDRESS_POOL: "0",
  };

  const setup = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-setup.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", 2, 2],
  });
  if (setup.status !== 0) {
    log(`db setup failed (exit ${setup.status ?? setup.signal})`);
    return 1;
  }

  const seeded = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/bench/seed-articles.ts"],
    { cwd: root, env, stdio: ["ignore", "pipe", 2] },
  );
  if (seeded.status !== 0) {
    log("seeding the bench articles failed");
    return 1;
  }
  const { middleSlug } = JSON.parse(seeded.stdout.toString()) as { middleSlug: string };
  const key = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/apikey-create.ts",
      "--merchant",
      "MRC-K3NYA2",
      "--mode",
      "test",
      "--scopes",
      "payments:read,payments:write",
      "--name",
      "Bench",
    ],
    { cwd: root, env, stdio: ["ignore", "pipe", 2] },
  );
  if (key.status !== 0) {
    log("creating the bench API key failed");
    return 1;
  }
  const apiKey = key.stdout.toString().trim();
  setBenchApiKey(apiKey, path.join(tmpDir, "bench.sqlite"));

  // build/index.js is loaded once; a rebuild during the run makes its /build/* URLs 404.
  const buildStamp = () =>
    statSync(path.join(root, "build/index.js"), { throwIfNoEntry: false })?.mtimeMs;
  const builtAt = buildStamp();
  let app = spawnAppServer(root, env, port);
  server = app;
  let rss = pollRss(app.pid);
  let earlierPeakKb = 0; // the peak RSS of servers the bench restarted
  try {
    await waitForHealthy(app);
  } catch (error) {
    log(`server failed to start: ${error instanceof Error ? error.message : String(error)}`);
    for (const line of app.stderr.tail) process.stderr.write(`  [server] ${line}\n`);
    return 1;
  }
  log(`server up at ${app.baseUrl} (pid ${app.pid})`);
  const replaceServer = (next: AppServer) => (server = next);
  const restartWith = async (next: NodeJS.ProcessEnv) => {
    earlierPeakKb = Math.max(earlierPeakKb, rss.peakKb() ?? 0);
    rss.stop();
    const restarted = await killAndRestartAppServer(root, app, next);
    rss = pollRss(restarted.pid);
    server = restarted;
    await waitForHealthy(restarted);
    return restarted;
  };
  // BENCH_ONLY=webhooks: only the webhook rows (issue #13).
  if (process.env.BENCH_ONLY === "webhooks") {
    const webhooks = await runWebhookBench({ root, env, app, apiKey, log, replaceServer });
    rss.stop();
    process.stdout.write(formatWebhooks(webhooks).join("\n") + "\n");
    return 0;
  }
  // BENCH_ONLY=rails: only the settlement rails rows (issue 14).
  if (process.env.BENCH_ONLY === "rails") {
    const rails = await runRailsBench({ root, env, app, log, replaceServer });
    rss.stop();
    process.stdout.write(formatRails(rails).join("\n") + "\n");
    return 0;
  }
  // BENCH_ONLY=sign-in-fairness: only the sign-in fairness row (issue 27, item 6).
  if (process.env.BENCH_ONLY === "sign-in-fairness") {
    log(
      "sign-in fairness: 20 correct sign-ins during a 40-connection flood from rotating addresses",
    );
    const fairness = await benchSignInFairness(app);
    rss.stop();
    process.stdout.write(formatSignInFairness(fairness).join("\n") + "\n");
    return 0;
  }
  // BENCH_ONLY=heavy-uploads: only the checkout during payout-file uploads row (issue 27, item 8).
  if (process.env.BENCH_ONLY === "heavy-uploads") {
    log("heavy uploads: the checkout while three keys upload 10,000-row payout batches");
    const heavy = await benchHeavyUploads(app, { root, env });
    rss.stop();
    process.stdout.write(formatHeavyUploads(heavy).join("\n") + "\n");
    return 0;
  }
  // BENCH_ONLY=payouts-run: only the payouts run row (issue 15).
  if (process.env.BENCH_ONLY === "payouts-run") {
    const payoutsRun = await runPayoutsRunBench({ root, env, app, log, replaceServer });
    rss.stop();
    process.stdout.write(formatPayoutsRun(payoutsRun).join("\n") + "\n");
    return 0;
  }
  const baseline = await startStaticServer(root);
  staticServer = baseline;

  const rows: Row[] = [];
  let crashed = false;
  const allScenarios: Scenario[] = [
    ...scenarios,
    { name: "/blog (5,000 articles)", path: "/blog" },
    { name: "/blog/{slug} (5,000 articles)", path: `/blog/${middleSlug}` },
  ];
  // BENCH_ONLY=hardening: only the hardening rows (issue #10), a few minutes instead of ten.
  // BENCH_ONLY=<group>: only the table rows of that scenario group, their targets and nothing else.
  const only = process.env.BENCH_ONLY;
  const hardeningOnly = only === "hardening";
  const groupOnly = only && !hardeningOnly ? only : undefined;
  const selected = hardeningOnly
    ? []
    : groupOnly
      ? allScenarios.filter((scenario) => scenario.group === groupOnly)
      : allScenarios;
  if (groupOnly && selected.length === 0) {
    log(`BENCH_ONLY=${groupOnly}: no scenario has that group`);
    return 1;
  }
  // The API rows run last, on a server restarted with a deposit-address pool (ADR 0027) that is
  // filled before they start, so that filling it disturbs no other row; then the usual server
  // again.
  const apiRows = selected.filter((scenario) => scenario.group === "api");
  for (const scenario of selected.filter((candidate) => candidate.group !== "api")) {
    rows.push(await benchScenario(scenario, app, baseline, seconds, connections));
    if (!app.isRunning()) {
      crashed = true;
      break;
    }
  }
  if (apiRows.length > 0 && !crashed) {
    app = await restartWith({ ...env, DEPOSIT_ADDRESS_POOL: BENCH_ADDRESS_POOL.env });
    await addressPoolFilled(log);
    for (const scenario of apiRows) {
      rows.push(await benchScenario(scenario, app, baseline, seconds, connections));
      if (!app.isRunning()) {
        crashed = true;
        break;
      }
    }
    if (!crashed && !groupOnly) app = await restartWith(env);
  }
  const hwmKb = procStatusKb(app.pid, "VmHWM");
  const stopRss = () => rss.stop();
  const peakKb = Math.max(rss.peakKb() ?? 0, earlierPeakKb) || undefined;

  const mb = (value: number | undefined) => (value === undefined ? undefined : value / 1024);
  const peakMb = mb(peakKb);
  const hwmMb = mb(hwmKb);
  const worstMb = peakMb === undefined ? hwmMb : Math.max(peakMb, hwmMb ?? 0);
  if (groupOnly) {
    stopRss();
    process.stdout.write(
      [
        "",
        `OneHop bench (BENCH_ONLY=${groupOnly}): ${connections} connections, ${seconds} s per run, warm-up ${WARMUP_REQUESTS} requests, accept-encoding: gzip, br`,
        "",
        formatTable(rows),
        "",
        ...formatTargets(rows, connections, worstMb),
      ].join("\n") + "\n",
    );
    return crashed ? 1 : 0;
  }
  const signIn = hardeningOnly ? null : await measureSignInCpu();
  const providerCalls =
    crashed || hardeningOnly
      ? null
      : await countProviderCalls(app.baseUrl, connections, {
          ...BENCH_OPERATOR,
          database: path.join(tmpDir, "bench.sqlite"),
          sessionSecret: env.SESSION_SECRET!,
        }).catch((error: unknown) => {
          log(`provider calls: the server is ${app.isRunning() ? "running" : "gone"}; stderr:`);
          for (const line of app.stderr.tail) process.stderr.write(`  [server] ${line}\n`);
          throw error;
        });
  stopRss();
  let webhooks: Awaited<ReturnType<typeof runWebhookBench>> | null = null;
  if (!crashed && !hardeningOnly) {
    log("webhooks: latency to the first delivery attempt, 10,000 events through a kill -9");
    webhooks = await runWebhookBench({ root, env, app, apiKey, log, replaceServer });
  }
  let fairness: Awaited<ReturnType<typeof benchSignInFairness>> | null = null;
  if (!crashed && !hardeningOnly) {
    log(
      "sign-in fairness: 20 correct sign-ins during a 40-connection flood from rotating addresses",
    );
    fairness = await benchSignInFairness(webhooks?.app ?? app);
  }
  let heavyUploads: Awaited<ReturnType<typeof benchHeavyUploads>> | null = null;
  if (!crashed && !hardeningOnly) {
    log("heavy uploads: the checkout while three keys upload 10,000-row payout batches");
    heavyUploads = await benchHeavyUploads(webhooks?.app ?? app, { root, env });
  }
  log(
    "hardening: 20 MB post, sign-in flood, concurrent creates, restarts after kill -9, a payment killed mid-confirmation",
  );
  const hardening = crashed
    ? null
    : await runHardeningBench({ root, env, app: webhooks?.app ?? app, log, replaceServer });
  // The rails rows restart the server with their own settings (after every row that measures it).
  const rails =
    crashed || hardeningOnly || !server
      ? null
      : await runRailsBench({ root, env, app: server, log, replaceServer });
  // The payouts run row restarts the server with its own settings too (after the rails rows).
  const payoutsRun =
    crashed || hardeningOnly || !server
      ? null
      : await runPayoutsRunBench({ root, env, app: server, log, replaceServer });
  // The big-database row starts its own server on its own copy of the big database (issue 28).
  let bigDatabase: Awaited<ReturnType<typeof runBigDatabaseBench>> | null = null;
  if (!hardeningOnly) {
    log("big database: the server on 1,000,000 payments, serving within 10 s");
    bigDatabase = await runBigDatabaseBench({ root, tmpDir, log });
  }
  if (hardeningOnly || !signIn) {
    process.stdout.write(
      [
        ...(hardening
          ? formatHardening(hardening)
          : ["  n/a   hardening rows (server not running)"]),
      ].join("\n") + "\n",
    );
    return crashed ? 1 : 0;
  }
  log("core: ledger postings vs bare SQLite commits, news ingest, payments end to end");
  setCoreEnvironment();
  const core = await import("./bench/core-bench");
  const ledger = await core.benchLedger(tmpDir);
  const ingest = await core.benchNewsIngest(tmpDir);
  const paymentCount = positiveInt("BENCH_PAYMENTS", 10_000);
  log(`payments: ${paymentCount} through the simulators`);
  const paid = await core.benchPayments(tmpDir, paymentCount);
  const { benchEngines } = await import("./bench/engines");
  const engines = [
    ...(await benchEngines(tmpDir, paid, paymentCount, log)),
    ...(await serverRows()),
  ];
  log("statement: a year's statement for a merchant with 100,000 entries");
  const statement = await (await import("./bench/statements")).benchStatement(tmpDir);
  log("payouts: the preview of a 10,000-row payout file");
  const payoutPreview = await (await import("./bench/payout-preview")).benchPayoutPreview(tmpDir);
  log("screening: 10,000 names against a synthetic full-size sanctions list");
  const screeningBench = await import("./bench/screening");
  const screening = await screeningBench.benchScreening();
  log("sanctions lists: full-size OFAC and UN lists imported");
  const sanctions = await import("./bench/sanctions-lists");
  const sanctionsRows = sanctions.benchSanctionsImport(root, tmpDir);
  const output = [
    "",
    `OneHop bench: ${connections} connections, ${seconds} s per run, warm-up ${WARMUP_REQUESTS} requests, accept-encoding: gzip, br`,
    "",
    formatTable(rows),
    "",
    `Peak server RSS: ${peakMb?.toFixed(1) ?? "n/a"} MB (heap limit ${HEAP_FLAG})`,
    `VmHWM at end: ${hwmMb?.toFixed(1) ?? "n/a"} MB`,
    `Sign-in password check (scrypt N=2^15, r=8, p=1): ${signIn.cpuMsPerSignIn.toFixed(1)} ms CPU, ${signIn.wallMsPerSignIn.toFixed(1)} ms wall per sign-in`,
    ...formatTargets(rows, connections, worstMb),
    `  ${signIn.cpuMsPerSignIn < TARGETS.signInCpuMs ? "PASS" : "FAIL"}  one sign-in costs < ${TARGETS.signInCpuMs} ms of CPU (${signIn.cpuMsPerSignIn.toFixed(1)} ms)`,
    `  ${signIn.totpCpuMsPerSignIn < TARGETS.totpCpuMs ? "PASS" : "FAIL"}  the TOTP second step adds < ${TARGETS.totpCpuMs} ms of CPU to a sign-in (${signIn.totpCpuMsPerSignIn.toFixed(3)} ms)`,
    providerCalls
      ? `  ${providerCalls.calls <= providerCalls.allowed ? "PASS" : "FAIL"}  market-data provider calls during ${providerCalls.seconds} s of /functions/v1/rates at ${connections} connections: ${providerCalls.calls} (at most ${providerCalls.allowed}: one per refresh interval)`
      : "  n/a   provider calls (server not running)",
    formatLedger(ledger),
    ...(hardening ? formatHardening(hardening) : ["  n/a   hardening rows (server not running)"]),
    ...(fairness
      ? formatSignInFairness(fairness)
      : ["  n/a   sign-in fairness row (server not running)"]),
    ...(heavyUploads
      ? formatHeavyUploads(heavyUploads)
      : ["  n/a   heavy uploads row (server not running)"]),
    ...(webhooks ? formatWebhooks(webhooks) : ["  n/a   webhook rows (server not running)"]),
    ...(rails ? formatRails(rails) : ["  n/a   settlement rails rows (server not running)"]),
    ...(payoutsRun
      ? formatPayoutsRun(payoutsRun)
      : ["  n/a   payouts run rows (server not running)"]),
    ...(bigDatabase ? formatBigDatabase(bigDatabase) : []),
    formatStatement(statement),
    formatPayoutPreview(payoutPreview),
    ...screeningBench.formatScreening(screening),
    ...sanctions.formatSanctionsImport(sanctionsRows),
    "",
    `News ingest of 20 local feeds x 50 items: ${(ingest.durationMs / 1000).toFixed(2)} s (${ingest.fetched} fetched, ${ingest.curated} curated)`,
    ...formatPayments(paid),
    ...engines,
  ];
  for (const row of rows) {
    if (row.status < 200 || row.status >= 300)
      output.push(`Note: ${row.name} answered HTTP ${row.status} to the single fetch.`);
    const failures = (row.app?.errors ?? 0) + (row.app?.timeouts ?? 0);
    if (failures)
      output.push(
        `Note: ${row.name}: ${row.app?.errors ?? 0} socket errors, ${row.app?.timeouts ?? 0} timeouts against the app.`,
      );
  }
  if (rows.some((row) => row.jsMissing.length)) {
    output.push("* Some .js files the HTML references answered 404 and are not counted:");
    for (const row of rows)
      if (row.jsMissing.length) output.push(`  ${row.name}: ${row.jsMissing.join(", ")}`);
  }
  if (buildStamp() !== builtAt)
    output.push(
      "Note: build/index.js changed during the run (a concurrent rebuild); rerun for clean numbers.",
    );
  if (crashed)
    output.push(
      `Server exited during the run (${app.child.exitCode ?? app.child.signalCode}); later scenarios were skipped.`,
    );
  process.stdout.write(output.join("\n") + "\n");

  if (app.stderr.lines > 0) {
    log(`the server wrote ${app.stderr.lines} line(s) to stderr; last ${app.stderr.tail.length}:`);
    for (const line of app.stderr.tail) process.stderr.write(`  [server] ${line}\n`);
  }
  return crashed ? 1 : 0;
}

/** When the bench fails: whether the app server is still up, and what it wrote to stderr. */
function reportServer() {
  if (!server) return;
  const state = server.isRunning()
    ? "running"
    : `exited (${server.child.exitCode ?? server.child.signalCode})`;
  log(`the app server is ${state}; the last of its stderr:`);
  for (const line of server.stderr.tail) process.stderr.write(`  [server] ${line}\n`);
}

const describeFailure = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

process.on("unhandledRejection", (error) => {
  log(`failed: ${describeFailure(error)}`);
  reportServer();
  void cleanup().finally(() => process.exit(1));
});

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  log(`failed: ${describeFailure(error)}`);
  reportServer();
} finally {
  await cleanup();
}
process.exit(exitCode);
