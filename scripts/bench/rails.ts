/**
 * The settlement rails rows of `npm run bench` (issue 14), `BENCH_ONLY=rails` alone:
 *
 * - 10,000 payments (BENCH_RAILS_PAYMENTS) settled across all four rails through the simulators,
 *   with one rail (PesaLink) failing half way: merchants spread over the four rails
 *   (BENCH_RAILS_MERCHANTS, default 40), each with a verified default destination, a verified
 *   second one on another rail and failover allowed (rails-db.ts seeds them before the server
 *   starts). Each payment is created through the API with the merchant's test key and paid with
 *   the checkout's test wallet (/simulator/custody/payments, as the hardening row pays); the
 *   custody simulator confirms it, the server settles it at once. When half the payments have been
 *   made, every PesaLink account answers 503 (the simulator's "bank-down", through its /__sim
 *   control API), so that PesaLink's health turns down and settlements fail over. When every
 *   payment has gone as far as it can, the database is checked (the "during the outage" figures);
 *   then PesaLink comes back, what waited on it is paid, and the database is checked again.
 * - Confirmation -> rail request, per rail: payments.confirmed_at to settlement_transfers.sent_at
 *   (written when the rail has answered the request: an upper bound of when the request reached
 *   it), first sends only; the simulators' own receipt times (Daraja, Airtel, PesaLink keep them in
 *   simulator_records; T-Kash keeps none) are printed beside it. Target p99 < 1 s on each rail.
 *
 * Every wait is bounded. The server is restarted with the row's settings (faster confirmations and
 * callbacks, a large opening float) on the same port and database.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
// `import type` only: rails-db.ts opens the database when run, and reads the server's env.
import type { BenchRail, CheckArguments, CheckFigures, SeededMerchant } from "./rails-db";
import {
  type AppServer,
  positiveInt,
  runDbScript,
  sleep,
  spawnAppServer,
  stopChild,
  waitForHealthy,
} from "./processes";

export const RAILS_TARGETS = { payments: 10_000, p99Ms: 1000 } as const;

const REFERENCE_PREFIX = "bench-rails-"; // rails-db.ts RAILS_REFERENCE_PREFIX
const FAILED_RAIL: BenchRail = "pesalink";
const RAIL_NAMES: Record<BenchRail, string> = {
  mpesa: "M-Pesa",
  "airtel-money": "Airtel Money",
  "t-kash": "T-Kash",
  pesalink: "PesaLink",
};

/**
 * The server's settings for the row: custody confirms every 300 ms (2 for USDT), the rails call
 * back after 300 ms, the tick runs every 5 s, and each rail's opening float covers the run.
 */
const RAILS_SERVER_ENV = {
  SIMULATOR_AUTO_CONFIRM_MS: "300",
  CONFIRMATIONS_USDT: "2",
  DARAJA_SIM_CALLBACK_DELAY_MS: "300",
  RAIL_SIM_CALLBACK_DELAY_MS: "300",
  PAYMENTS_RECONCILE_SECONDS: "5",
  MPESA_FLOAT_OPENING_KES: "100000000",
} as const;

/** After the last payment was made: how long to wait for every payment to go as far as it can. */
const SETTLE_DEADLINE_MS = 600_000;
/** Once nothing moves this long (and nothing waits for custody), the phase is over. */
const QUIET_MS = 20_000;
/** Longer than the send backoff's cap (5 minutes): what was tried in the outage is tried again. */
const RECOVERY_DEADLINE_MS = 420_000;

interface Context {
  root: string;
  env: NodeJS.ProcessEnv;
  app: AppServer;
  log: (message: string) => void;
  /** The bench stops whatever server it was last given. */
  replaceServer: (server: AppServer) => void;
}

export interface RailsFigures {
  payments: number;
  merchants: number;
  concurrency: number;
  /** Payments started per second (BENCH_RAILS_PACE), at most `concurrency` at a time. */
  pace: number;
  /** Settled payments when PesaLink was made to fail (half), and payments made by then. */
  outageAtSettled: number;
  outageAtMade: number;
  createFailures: Record<string, number>;
  /** From the first create to the last payment made (created and paid). */
  driveSeconds: number;
  /** From the first create to the last payment settled before PesaLink came back. */
  settleSeconds: number;
  /** From PesaLink coming back to the last payment settled (null: not all settled). */
  recoverySeconds: number | null;
  duringOutage: CheckFigures;
  final: CheckFigures;
}

export interface RailsResult {
  figures: RailsFigures | { error: string };
  app: AppServer;
}

/** The simulators' addresses, from the server's "payment simulators started" log line. */
async function simulatorUrls(logFile: string, offset: number): Promise<Record<string, string>> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const text = readFileSync(logFile, "utf8").slice(offset);
    for (const line of text.split("\n")) {
      if (!line.includes("payment simulators started")) continue;
      return JSON.parse(line) as Record<string, string>;
    }
    await sleep(100);
  }
  throw new Error(`no "payment simulators started" line in ${logFile} within 30 s`);
}

/** Make every PesaLink account of the row answer 503 (`down`), or succeed again. */
async function setPesalink(baseUrl: string, accounts: string[], down: boolean): Promise<void> {
  for (const accountNumber of accounts) {
    const response = await fetch(`${baseUrl}/__sim/account`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ accountNumber, account: down ? { outcome: "bank-down" } : null }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`PesaLink simulator control answered ${response.status}`);
  }
}

interface Made {
  id: string;
  crypto: string;
}

async function createPayment(
  baseUrl: string,
  merchant: SeededMerchant,
  n: number,
): Promise<Made | { status: string }> {
  const response = await fetch(`${baseUrl}/api/v1/payments`, {
    method: "POST",
    headers: { authorization: `Bearer ${merchant.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({
      // KES 1,000 to 1,199, in cents.
      amount: (1_000 + (n % 200)) * 100,
      currency: "KES",
      asset: "USDT",
      reference: `${REFERENCE_PREFIX}${n}`,
    }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    id?: string;
    crypto_amount_decimal?: string;
    error?: { code?: string };
  };
  if (response.status === 201 && body.id && body.crypto_amount_decimal)
    return { id: body.id, crypto: body.crypto_amount_decimal };
  return { status: `${response.status}${body.error?.code ? ` ${body.error.code}` : ""}` };
}

/** The checkout's test wallet pays the payment's own deposit address (answers 303). */
async function pay(baseUrl: string, made: Made): Promise<string | null> {
  const response = await fetch(`${baseUrl}/simulator/custody/payments`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ payment: made.id, amount: made.crypto }).toString(),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status === 303 ? null : `pay ${response.status}`;
}

interface Progress {
  byStatus: Record<string, number>;
  lastSettledAt: number | null;
  /** Transfers waiting out a send backoff: they will be sent again, so the work is not over. */
  backingOff: number;
  /**
   * Transfers of the row's payments still pending (in a backoff, or due to be sent): once the rail
   * is back they are what the recovery waits for. Counting only those in a backoff ended the wait
   * in the moment between a backoff's end and the next payments run (every 5 s), with the
   * transfers about to be sent.
   */
  unsent: number;
}

function progress(databaseFile: string): Progress {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const rows = db
      .prepare(
        "select status, count(*) as n, max(settled_at) as last from payments where reference like ? group by status",
      )
      .safeIntegers(false)
      .all(`${REFERENCE_PREFIX}%`) as { status: string; n: number; last: number | null }[];
    // The row's transfers not yet handed to their rail: in a send backoff, or due (the next
    // payments run sends them).
    const { unsent, backingOff } = db
      .prepare(
        `select count(*) as unsent, coalesce(sum(t.send_lease_until > ?), 0) as backingOff
         from settlement_transfers t join payments p on p.id = t.payment_id
         where t.status = 'pending' and p.reference like ?`,
      )
      .safeIntegers(false)
      .get(Date.now(), `${REFERENCE_PREFIX}%`) as { unsent: number; backingOff: number };
    return {
      byStatus: Object.fromEntries(rows.map((row) => [row.status, row.n])),
      lastSettledAt: rows.find((row) => row.status === "settled")?.last ?? null,
      backingOff,
      unsent,
    };
  } finally {
    db.close();
  }
}

const describe = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([status, n]) => `${n} ${status}`)
    .join(", ");

/**
 * Poll until every payment is settled, or nothing waits for custody (nor, once the rail is back,
 * for a transfer still to be sent) and the statuses have not changed for QUIET_MS, or the deadline
 * passes.
 * During the outage the failed rail's transfers back off for as long as it lasts, so only the
 * recovery waits them out.
 */
async function settleDown(
  databaseFile: string,
  count: number,
  deadlineMs: number,
  log: (message: string) => void,
  what: string,
  waitOutBackoffs = false,
): Promise<Progress> {
  const deadline = Date.now() + deadlineMs;
  let last = "";
  let changedAt = Date.now();
  let loggedAt = 0;
  for (;;) {
    const now = progress(databaseFile);
    const key = JSON.stringify(now.byStatus);
    if (key !== last) {
      last = key;
      changedAt = Date.now();
    }
    if (Date.now() - loggedAt > 10_000) {
      const due = now.unsent - now.backingOff;
      const backoff =
        (now.backingOff > 0 ? `; ${now.backingOff} transfers in send backoff` : "") +
        (due > 0 ? `; ${due} due to be sent` : "");
      log(`rails: ${what}: ${describe(now.byStatus)}${backoff}`);
      loggedAt = Date.now();
    }
    const waitingForCustody =
      (now.byStatus.awaiting_payment ?? 0) +
      (now.byStatus.confirming ?? 0) +
      (now.byStatus.confirmed ?? 0);
    if ((now.byStatus.settled ?? 0) === count) return now;
    const waiting = waitingForCustody + (waitOutBackoffs ? now.unsent : 0);
    if (waiting === 0 && Date.now() - changedAt > QUIET_MS) return now;
    if (Date.now() > deadline) return now;
    await sleep(500);
  }
}

export async function runRailsBench(context: Context): Promise<RailsResult> {
  const { root, env, log } = context;
  const count = positiveInt("BENCH_RAILS_PAYMENTS", RAILS_TARGETS.payments);
  const merchantCount = positiveInt("BENCH_RAILS_MERCHANTS", 40);
  const concurrency = positiveInt("BENCH_RAILS_CONCURRENCY", 8);
  const pace = positiveInt("BENCH_RAILS_PACE", 10);
  const databaseFile = env.DATABASE_URL!;
  let app = context.app;
  try {
    await stopChild(app.child);
    const merchants = runDbScript(context, "rails-db.ts", [
      "seed",
      String(merchantCount),
    ]) as SeededMerchant[];
    const pesalinkAccounts = merchants.flatMap((merchant) => merchant.pesalinkAccounts);

    // The server again, same port and database, with the row's settings and its stdout in a file
    // (where it says the simulators' addresses).
    const logFile =
      process.env.BENCH_SERVER_LOG ?? path.join(path.dirname(databaseFile), "rails-server.log");
    const offset = statSync(logFile, { throwIfNoEntry: false })?.size ?? 0;
    const savedLog = process.env.BENCH_SERVER_LOG;
    process.env.BENCH_SERVER_LOG = logFile;
    try {
      app = spawnAppServer(
        root,
        { ...env, ...RAILS_SERVER_ENV },
        Number(new URL(app.baseUrl).port),
      );
    } finally {
      if (savedLog === undefined) delete process.env.BENCH_SERVER_LOG;
      else process.env.BENCH_SERVER_LOG = savedLog;
    }
    context.replaceServer(app);
    await waitForHealthy(app);
    const pesalinkUrl = (await simulatorUrls(logFile, offset)).pesalink;
    if (!pesalinkUrl) throw new Error("the server did not say where the PesaLink simulator is");

    // The first live rate may take a moment after a start (bounded).
    const first = Date.now();
    for (;;) {
      const probe = await createPayment(app.baseUrl, merchants[0]!, -1);
      if ("id" in probe) break;
      if (Date.now() - first > 15_000)
        throw new Error(`no payment could be created in 15 s (last: HTTP ${probe.status})`);
      await sleep(200);
    }
    // The probe is a payment of the row that nobody pays: let it out of the figures.
    const probeDb = new Database(databaseFile);
    probeDb.pragma("busy_timeout = 5000");
    probeDb
      .prepare("update payments set reference = 'probe-bench-rails' where reference = ?")
      .run(`${REFERENCE_PREFIX}-1`);
    probeDb.close();

    const half = Math.floor(count / 2);
    log(
      `rails: ${count} payments for ${merchants.length} merchants, ${pace}/s, at most ${concurrency} at a time; ${RAIL_NAMES[FAILED_RAIL]} fails once ${half} are settled`,
    );
    const createFailures: Record<string, number> = {};
    let next = 0;
    let outageAt: number | null = null;
    let outageAtMade = 0;
    let made = 0;
    const started = Date.now();
    // Half way: when half the payments are settled, the rail fails.
    // Bounded once every payment is made (SETTLE_DEADLINE_MS from then).
    let giveUpAt = Number.POSITIVE_INFINITY;
    const failHalfWay = async () => {
      while (Date.now() < giveUpAt) {
        if ((progress(databaseFile).byStatus.settled ?? 0) >= half) {
          await setPesalink(pesalinkUrl, pesalinkAccounts, true);
          outageAt = Date.now();
          outageAtMade = made;
          log(
            `rails: ${RAIL_NAMES[FAILED_RAIL]} answers 503 from now on (${half} settled, ${made} made)`,
          );
          return;
        }
        await sleep(250);
      }
    };
    const failing = failHalfWay();
    const worker = async () => {
      for (;;) {
        const n = next++;
        if (n >= count) return;
        // A steady pace: payment n starts no earlier than n / pace seconds after the first.
        const wait = started + (n * 1000) / pace - Date.now();
        if (wait > 0) await sleep(wait);
        const merchant = merchants[n % merchants.length]!;
        const created = await createPayment(app.baseUrl, merchant, n);
        if (!("id" in created)) {
          createFailures[created.status] = (createFailures[created.status] ?? 0) + 1;
          continue;
        }
        const refused = await pay(app.baseUrl, created);
        if (refused) createFailures[refused] = (createFailures[refused] ?? 0) + 1;
        else if (++made % 1000 === 0) log(`rails: ${made} payments made`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const driveSeconds = (Date.now() - started) / 1000;
    log(`rails: ${made} payments made in ${driveSeconds.toFixed(1)} s; waiting for settlement`);
    giveUpAt = Date.now() + SETTLE_DEADLINE_MS;
    await failing;
    if (outageAt === null) throw new Error(`fewer than ${half} payments were ever settled`);

    const outage = await settleDown(
      databaseFile,
      count,
      SETTLE_DEADLINE_MS,
      log,
      "during the outage",
    );
    const settleSeconds = ((outage.lastSettledAt ?? started) - started) / 1000;
    const outageStarted: number = outageAt;
    const checkArgs = (recoveredAt: number | null): CheckArguments => ({
      failedRail: FAILED_RAIL,
      outageAt: outageStarted,
      recoveredAt,
    });
    const duringOutage = runDbScript(context, "rails-db.ts", [
      "check",
      JSON.stringify(checkArgs(null)),
    ]) as CheckFigures;

    await setPesalink(pesalinkUrl, pesalinkAccounts, false);
    const recoveredAt = Date.now();
    log(`rails: ${RAIL_NAMES[FAILED_RAIL]} answers again; waiting for what waited on it`);
    const after = await settleDown(
      databaseFile,
      count,
      RECOVERY_DEADLINE_MS,
      log,
      "after the recovery",
      true,
    );
    const final = runDbScript(context, "rails-db.ts", [
      "check",
      JSON.stringify(checkArgs(recoveredAt)),
    ]) as CheckFigures;
    // BENCH_RAILS_KEEP_DB=<file>: a copy of the database, to look into afterwards.
    if (process.env.BENCH_RAILS_KEEP_DB) {
      const copy = new Database(databaseFile, { readonly: true });
      await copy.backup(process.env.BENCH_RAILS_KEEP_DB);
      copy.close();
    }
    const allSettled = (after.byStatus.settled ?? 0) === count;
    return {
      app,
      figures: {
        payments: count,
        merchants: merchants.length,
        concurrency,
        pace,
        outageAtSettled: half,
        outageAtMade,
        createFailures,
        driveSeconds,
        settleSeconds,
        recoverySeconds:
          allSettled && after.lastSettledAt !== null
            ? Math.max(0, after.lastSettledAt - recoveredAt) / 1000
            : null,
        duringOutage,
        final,
      },
    };
  } catch (error) {
    if (!app.isRunning()) {
      log("rails: the server is gone; its last stderr:");
      for (const line of app.stderr.tail) process.stderr.write(`  [server] ${line}\n`);
    }
    return { app, figures: { error: error instanceof Error ? error.message : String(error) } };
  }
}

const pass = (ok: boolean) => (ok ? "PASS" : "FAIL");
const kes = (cents: string) =>
  `KES ${(BigInt(cents) / 100n).toLocaleString("en-KE")}.${(BigInt(cents) % 100n).toString().padStart(2, "0")}`;

function ledgerBalanced(check: CheckFigures): boolean {
  const zero = Object.values(check.ledger.trialBalance).every((byCurrency) =>
    Object.values(byCurrency).every((value) => value === "0"),
  );
  return zero && check.ledger.mismatches === 0 && check.ledger.unbalanced === 0;
}

function simulatorTrouble(check: CheckFigures): string[] {
  return Object.entries(check.simulators).flatMap(([rail, figures]) => [
    ...figures.paidButNotOurs.map((id) => `${rail} paid ${id} but our transfer is not succeeded`),
    ...figures.oursButNotPaid.map(
      (id) => `our ${rail} transfer ${id} succeeded, the simulator has no payment`,
    ),
  ]);
}

export function formatRails(result: RailsResult): string[] {
  const lines = ["", "Settlement rails (issue 14):"];
  const { figures } = result;
  const title = `${RAILS_TARGETS.payments.toLocaleString("en-KE")} payments settled across all four rails through the simulators with one rail failing half way`;
  if ("error" in figures) {
    lines.push(`  FAIL  ${title}: could not run (${figures.error})`);
    lines.push(
      `  FAIL  confirmation -> rail request p99 < ${RAILS_TARGETS.p99Ms} ms on each rail: could not run`,
    );
    return lines;
  }
  const { final, duringOutage: during } = figures;
  const failed = RAIL_NAMES[FAILED_RAIL];
  const settled = final.byStatus.settled ?? 0;
  const share = during.failedRailShare;
  const railsPaid = Object.entries(final.transfersByRail).filter(
    ([, statuses]) => (statuses.succeeded ?? 0) > 0,
  ).length;
  const trouble = simulatorTrouble(final);
  const ok =
    figures.payments === RAILS_TARGETS.payments &&
    final.payments === figures.payments &&
    settled === figures.payments &&
    final.moneyMismatches.length === 0 &&
    ledgerBalanced(final) &&
    trouble.length === 0 &&
    final.paidTwice.length === 0 &&
    final.failedOver > 0 &&
    share.paidOnFallback > 0 &&
    railsPaid === 4;
  const countNote =
    figures.payments === RAILS_TARGETS.payments
      ? ""
      : ` [BENCH_RAILS_PAYMENTS=${figures.payments}: not the target's count]`;
  lines.push(
    `  ${pass(ok)}  ${title}${countNote}: ${settled} of ${final.payments} settled in the end (${figures.merchants} merchants; paced at ${figures.pace}/s, at most ${figures.concurrency} at a time: made in ${figures.driveSeconds.toFixed(0)} s = ${(figures.payments / figures.driveSeconds).toFixed(1)}/s; ${failed} made to answer 503 once ${figures.outageAtSettled} were settled, ${figures.outageAtMade} made)`,
    `        during the outage: ${describe(during.byStatus)}; last settlement ${figures.settleSeconds.toFixed(0)} s after the first payment was made`,
    `        ${failed}'s share: ${share.confirmedAfterOutage} payments of ${failed} merchants confirmed after it failed; ${share.paidOnFallback} paid on their fallback, ${share.onFailedRail} planned on ${failed} before its health turned down (${share.onFailedRailUnpaid} of them unpaid until it came back)`,
    `        failed over: ${during.failedOver} settlements (${describe(during.failedOverByRoute) || "none"})`,
    `        after ${failed} came back: ${describe(final.byStatus)}${figures.recoverySeconds === null ? "" : `, the last settled ${figures.recoverySeconds.toFixed(0)} s after`}`,
    `        transfers by rail: ${Object.entries(final.transfersByRail)
      .map(([rail, statuses]) => `${RAIL_NAMES[rail as BenchRail] ?? rail} ${describe(statuses)}`)
      .join("; ")}`,
    `        money per merchant (nets = paid + in flight + available): ${final.moneyMismatches.length === 0 ? "holds for every merchant" : `${final.moneyMismatches.length} mismatches: ${JSON.stringify(final.moneyMismatches.slice(0, 5))}`}; nets ${kes(final.totals.nets)} = paid ${kes(final.totals.paid)} + open ${kes(final.totals.open)} + left in balances ${kes(final.totals.available)}`,
    `        ledger: trial balance ${JSON.stringify(final.ledger.trialBalance)}, ${final.ledger.mismatches} cached-balance mismatches, ${final.ledger.unbalanced} unbalanced transactions`,
    `        paid twice: ${final.paidTwice.length === 0 ? "none" : final.paidTwice.join(", ")}; simulators vs our transfers: ${Object.entries(
      final.simulators,
    )
      .map(
        ([rail, s]) =>
          `${RAIL_NAMES[rail as BenchRail] ?? rail} ${s.paid} paid of ${s.records} requests`,
      )
      .join(
        ", ",
      )}${trouble.length ? `; ${trouble.slice(0, 5).join("; ")}` : ", each paid once and matching ours"}`,
  );
  if (Object.keys(figures.createFailures).length > 0)
    lines.push(`        not made: ${describe(figures.createFailures)}`);
  for (const unsettled of final.unsettled.slice(0, 5))
    lines.push(
      `        unsettled ${unsettled.id} (${unsettled.status}): ${unsettled.transfers.join(", ") || "no transfers"}`,
    );

  for (const rail of ["mpesa", "airtel-money", "t-kash", "pesalink"] as const) {
    const latency = final.latencyMs[rail];
    const sent = latency?.sentAt;
    const sim = latency?.simulatorAt;
    const what = `confirmation -> rail request on ${RAIL_NAMES[rail]}, p99 < ${RAILS_TARGETS.p99Ms} ms`;
    if (!sent) {
      lines.push(`  FAIL  ${what}: no transfer was sent`);
      continue;
    }
    lines.push(
      `  ${pass(sent.p99 < RAILS_TARGETS.p99Ms)}  ${what}: p99 ${sent.p99} ms (p50 ${sent.p50} ms, max ${sent.max} ms, ${sent.n} transfers; confirmed_at -> sent_at, first sends${latency.laterAttempts ? `; ${latency.laterAttempts} sent on a later attempt during the outage left out` : ""})${sim ? `; the simulator's own receipt time: p99 ${sim.p99} ms, p50 ${sim.p50} ms, max ${sim.max} ms` : ""}`,
    );
  }
  return lines;
}
