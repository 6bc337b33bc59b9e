/**
 * The payouts run row of `npm run bench` (issue 15), `BENCH_ONLY=payouts-run` alone (in the full
 * run, after the settlement rails rows):
 *
 * - 10,000 payouts (BENCH_PAYOUTS_ROWS) of one approved batch paid through the simulators at each
 *   rail's allowed rate, across a `kill -9`: payouts-db.ts seeds a merchant with a live balance and
 *   the approved batch (spread over M-Pesa, Airtel Money, T-Kash and PesaLink) before the server
 *   starts; the payments tick sends its rows (`pumpDisbursements`, each rail's `sendsPerSecond`).
 *   When half the rows are paid the server is killed with SIGKILL and started again on the same
 *   port and database; then the row waits until no row is queued or sent. The check: every row paid
 *   once (one succeeded transfer per paid row, none paid twice by us or by a rail), each
 *   simulator's own records vs our transfers one to one, the merchant's money (funded = available +
 *   reserved + in flight + what the paid rows cost; nothing left reserved or in flight), the ledger
 *   (trial balance 0 per book, no unbalanced transaction, no cached-balance mismatch).
 * - The rate: each rail's sends from its first to its last sent_at (written when the rail has
 *   answered the request), which must not exceed its sendsPerSecond (rounded to whole rows a
 *   second); the busiest second by sent_at and by the simulator's own receipt time are printed.
 *
 * Every wait is bounded (15 minutes in all; a run where nothing moves for QUIET_MS stops early).
 */
import Database from "better-sqlite3";
// `import type` only: payouts-db.ts opens the database when run, and reads the server's env.
import type {
  PayoutsCheck,
  PayoutsCheckArguments,
  RailRate,
  SeededBatch,
  SendSpan,
} from "./payouts-db";
import type { BenchRail } from "./rails-db";
import {
  type AppServer,
  killAndRestartAppServer,
  positiveInt,
  runDbScript,
  sleep,
  spawnAppServer,
  stopChild,
  waitForHealthy,
} from "./processes";

export const PAYOUTS_RUN_TARGETS = { rows: 10_000 } as const;

const RAIL_NAMES: Record<BenchRail | "daraja", string> = {
  mpesa: "M-Pesa",
  daraja: "M-Pesa",
  "airtel-money": "Airtel Money",
  "t-kash": "T-Kash",
  pesalink: "PesaLink",
};

/**
 * The server's settings for the row: the rails call back after 300 ms, the tick runs every 5 s (it
 * also asks the rails about transfers unanswered for 5 s), and each rail's opening float covers
 * the run.
 */
const PAYOUTS_SERVER_ENV = {
  DARAJA_SIM_CALLBACK_DELAY_MS: "300",
  RAIL_SIM_CALLBACK_DELAY_MS: "300",
  PAYMENTS_RECONCILE_SECONDS: "5",
  MPESA_FLOAT_OPENING_KES: "100000000",
} as const;

/** From the server's start to the last row's outcome, at most. */
const DEADLINE_MS = 15 * 60_000;
/**
 * With rows still open, nothing changing this long ends the wait: longer than what a kill -9 leaves
 * behind (the tick's lease and a claimed transfer's send lease, 2 minutes each).
 */
const QUIET_MS = 200_000;

interface Context {
  root: string;
  env: NodeJS.ProcessEnv;
  app: AppServer;
  log: (message: string) => void;
  /** The bench stops whatever server it was last given. */
  replaceServer: (server: AppServer) => void;
}

export interface PayoutsRunFigures {
  seeded: SeededBatch;
  /** Rows by status when the server was killed. */
  atKill: Record<string, number>;
  /** From the kill to /healthz answering again. */
  downSeconds: number;
  /** From the restarted server's start to its first send (null: it sent nothing). */
  resumedSeconds: number | null;
  /** From the server's start to the last row paid (null: not all paid). */
  wallSeconds: number | null;
  /** From the first send to the last row paid. */
  sendingSeconds: number | null;
  /** How the wait ended. */
  ended: "done" | "quiet" | "deadline";
  check: PayoutsCheck;
}

export interface PayoutsRunResult {
  figures: PayoutsRunFigures | { error: string };
  app: AppServer;
}

/** The batch's rows by status (read-only, beside the running server). */
function rowStatuses(databaseFile: string, batchId: string): Record<string, number> {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const rows = db
      .prepare(
        "select status, count(*) as n from disbursement_rows where batch_id = ? group by status",
      )
      .safeIntegers(false)
      .all(batchId) as { status: string; n: number }[];
    return Object.fromEntries(rows.map((row) => [row.status, row.n]));
  } finally {
    db.close();
  }
}

/** The first send of the batch at or after `since` (epoch ms), or null. */
function firstSendSince(databaseFile: string, batchId: string, since: number): number | null {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const { first } = db
      .prepare(
        `select min(t.sent_at) as first from settlement_transfers t
           join disbursement_rows r on r.id = t.disbursement_row_id
          where r.batch_id = ? and t.sent_at >= ?`,
      )
      .safeIntegers(false)
      .get(batchId, since) as { first: number | null };
    return first;
  } finally {
    db.close();
  }
}

const describe = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([status, n]) => `${n} ${status}`)
    .join(", ") || "none";

const openRows = (counts: Record<string, number>) => (counts.queued ?? 0) + (counts.sent ?? 0);

export async function runPayoutsRunBench(context: Context): Promise<PayoutsRunResult> {
  const { root, env, log } = context;
  const count = positiveInt("BENCH_PAYOUTS_ROWS", PAYOUTS_RUN_TARGETS.rows);
  const databaseFile = env.DATABASE_URL!;
  const serverEnv = { ...env, ...PAYOUTS_SERVER_ENV };
  let app = context.app;
  try {
    await stopChild(app.child);
    const seedStarted = Date.now();
    const seeded = runDbScript(context, "payouts-db.ts", ["seed", String(count)]) as SeededBatch;
    log(
      `payouts-run: batch ${seeded.batchId} of ${seeded.rows} rows approved (${Object.entries(
        seeded.rowsByRail,
      )
        .map(([rail, n]) => `${RAIL_NAMES[rail as BenchRail]} ${n}`)
        .join(", ")}) in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const port = Number(new URL(app.baseUrl).port);
    const started = Date.now();
    const deadline = started + DEADLINE_MS;
    app = spawnAppServer(root, serverEnv, port);
    context.replaceServer(app);
    await waitForHealthy(app);

    // Until half the rows are paid; then kill -9.
    const half = Math.floor(count / 2);
    let loggedAt = 0;
    let atKill: Record<string, number>;
    for (;;) {
      const counts = rowStatuses(databaseFile, seeded.batchId);
      if ((counts.paid ?? 0) >= half) {
        atKill = counts;
        break;
      }
      if (Date.now() - loggedAt > 10_000) {
        log(`payouts-run: ${describe(counts)}`);
        loggedAt = Date.now();
      }
      if (!app.isRunning()) throw new Error("the server exited before half the rows were paid");
      if (Date.now() > deadline)
        throw new Error(`fewer than ${half} rows paid in ${DEADLINE_MS / 60_000} minutes`);
      await sleep(250);
    }
    const killedAt = Date.now();
    app = await killAndRestartAppServer(root, app, serverEnv);
    const restartedAt = Date.now();
    context.replaceServer(app);
    // What the database held at the kill: read before the new server has booted.
    atKill = rowStatuses(databaseFile, seeded.batchId);
    await waitForHealthy(app);
    const downSeconds = (Date.now() - killedAt) / 1000;
    log(
      `payouts-run: killed -9 with ${describe(atKill)}; healthy again after ${downSeconds.toFixed(1)} s`,
    );

    // Until no row is queued or sent, nothing moves for QUIET_MS, or the deadline.
    let last = "";
    let changedAt = Date.now();
    let ended: PayoutsRunFigures["ended"];
    loggedAt = 0;
    for (;;) {
      const counts = rowStatuses(databaseFile, seeded.batchId);
      const key = JSON.stringify(counts);
      if (key !== last) {
        last = key;
        changedAt = Date.now();
      }
      if (Date.now() - loggedAt > 10_000) {
        log(`payouts-run: after the restart: ${describe(counts)}`);
        loggedAt = Date.now();
      }
      if (openRows(counts) === 0) {
        ended = "done";
        break;
      }
      if (Date.now() - changedAt > QUIET_MS) {
        ended = "quiet";
        break;
      }
      if (Date.now() > deadline) {
        ended = "deadline";
        break;
      }
      await sleep(500);
    }
    const resumedAt = firstSendSince(databaseFile, seeded.batchId, restartedAt);
    const args: PayoutsCheckArguments = {
      batchId: seeded.batchId,
      merchantId: seeded.merchantId,
      fundedKesCents: seeded.fundedKesCents,
      killedAt,
      restartedAt,
    };
    const check = runDbScript(context, "payouts-db.ts", [
      "check",
      JSON.stringify(args),
    ]) as PayoutsCheck;
    // BENCH_PAYOUTS_KEEP_DB=<file>: a copy of the database, to look into afterwards.
    if (process.env.BENCH_PAYOUTS_KEEP_DB) {
      const copy = new Database(databaseFile, { readonly: true });
      await copy.backup(process.env.BENCH_PAYOUTS_KEEP_DB);
      copy.close();
    }
    const allPaid = (check.rowsByStatus.paid ?? 0) === count;
    return {
      app,
      figures: {
        seeded,
        atKill,
        downSeconds,
        resumedSeconds: resumedAt === null ? null : (resumedAt - restartedAt) / 1000,
        wallSeconds:
          allPaid && check.lastPaidAt !== null ? (check.lastPaidAt - started) / 1000 : null,
        sendingSeconds:
          allPaid && check.lastPaidAt !== null && check.firstSentAt !== null
            ? (check.lastPaidAt - check.firstSentAt) / 1000
            : null,
        ended,
        check,
      },
    };
  } catch (error) {
    if (!app.isRunning()) {
      log("payouts-run: the server is gone; its last stderr:");
      for (const line of app.stderr.tail) process.stderr.write(`  [server] ${line}\n`);
    }
    return { app, figures: { error: error instanceof Error ? error.message : String(error) } };
  }
}

const pass = (ok: boolean) => (ok ? "PASS" : "FAIL");
const kes = (cents: string) => {
  const value = BigInt(cents);
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  return `KES ${sign}${(abs / 100n).toLocaleString("en-KE")}.${(abs % 100n).toString().padStart(2, "0")}`;
};
const railName = (rail: string) => RAIL_NAMES[rail as keyof typeof RAIL_NAMES] ?? rail;

function simulatorTrouble(check: PayoutsCheck): string[] {
  return Object.entries(check.simulators).flatMap(([rail, figures]) => [
    ...figures.paidButNotOurs.map((id) => `${rail} paid ${id} but our transfer is not succeeded`),
    ...figures.oursButNotPaid.map(
      (id) => `our ${rail} transfer ${id} succeeded, the simulator has no payment`,
    ),
    ...figures.paidTwice.map((id) => `${rail} holds two paid records of ${id}`),
  ]);
}

function ledgerBalanced(check: PayoutsCheck): boolean {
  const zero = Object.values(check.ledger.trialBalance).every((byCurrency) =>
    Object.values(byCurrency).every((value) => value === "0"),
  );
  return zero && check.ledger.mismatches === 0 && check.ledger.unbalanced === 0;
}

export function formatPayoutsRun(result: PayoutsRunResult): string[] {
  const lines = ["", "Payouts run (issue 15):"];
  const { figures } = result;
  const title = `${PAYOUTS_RUN_TARGETS.rows.toLocaleString("en-KE")} payouts across a kill -9: all paid once, none lost`;
  const rateTitle = "sent at the rails' allowed rate";
  if ("error" in figures) {
    lines.push(`  FAIL  ${title}: could not run (${figures.error})`);
    lines.push(`  FAIL  ${rateTitle}: could not run`);
    return lines;
  }
  const { check, seeded } = figures;
  const count = seeded.rows;
  const paid = check.rowsByStatus.paid ?? 0;
  const trouble = simulatorTrouble(check);
  const money = check.money;
  const moneyHolds = money.difference === "0" && money.reserved === "0" && money.inFlight === "0";
  const killedHalfWay = (figures.atKill.paid ?? 0) < count;
  const ok =
    count === PAYOUTS_RUN_TARGETS.rows &&
    check.rows === count &&
    paid === count &&
    check.batchStatus === "completed" &&
    check.paidNotOnce.length === 0 &&
    check.succeededButNotPaid.length === 0 &&
    check.wrongTransfer.length === 0 &&
    check.railPaidTwice.length === 0 &&
    trouble.length === 0 &&
    moneyHolds &&
    ledgerBalanced(check) &&
    killedHalfWay;
  const countNote =
    count === PAYOUTS_RUN_TARGETS.rows
      ? ""
      : ` [BENCH_PAYOUTS_ROWS=${count}: not the target's count]`;
  const seconds = (value: number | null) => (value === null ? "n/a" : `${value.toFixed(0)} s`);
  lines.push(
    `  ${pass(ok)}  ${title}${countNote}: ${paid} of ${check.rows} rows paid, batch ${check.batchStatus} (${Object.entries(
      seeded.rowsByRail,
    )
      .map(([rail, n]) => `${railName(rail)} ${n}`)
      .join(
        ", ",
      )}); wall ${seconds(figures.wallSeconds)} from the server's start to the last row paid, ${seconds(figures.sendingSeconds)} from the first send`,
    `        kill -9 at ${describe(figures.atKill)}; /healthz again ${figures.downSeconds.toFixed(1)} s after the kill, first send ${figures.resumedSeconds === null ? "never" : `${figures.resumedSeconds.toFixed(0)} s`} after the restart; the wait ended: ${figures.ended}`,
    `        rows by rail: ${Object.entries(check.rowsByRail)
      .map(([rail, statuses]) => `${railName(rail)} ${describe(statuses)}`)
      .join("; ")}; transfers: ${describe(check.transfersByStatus)}`,
    `        once each: ${check.paidNotOnce.length} paid rows without exactly one succeeded transfer, ${check.succeededButNotPaid.length} unpaid rows with one, ${check.wrongTransfer.length} paid by another transfer than their own, ${check.railPaidTwice.length} paid twice`,
    `        simulators vs our transfers: ${Object.entries(check.simulators)
      .map(([rail, s]) => `${railName(rail)} ${s.paid} paid of ${s.records} requests`)
      .join(
        ", ",
      )}${trouble.length ? `; ${trouble.slice(0, 5).join("; ")}` : ", each paid once and matching ours"}`,
    `        money: funded ${kes(money.funded)} = available ${kes(money.available)} + reserved ${kes(money.reserved)} + in flight ${kes(money.inFlight)} + paid rows (amount, fee, charge) ${kes(money.paid)}${money.sentCosts === "0" ? "" : ` + fees and charges of rows still sent ${kes(money.sentCosts)}`}; difference ${kes(money.difference)}`,
    `        ledger: trial balance ${JSON.stringify(check.ledger.trialBalance)}, ${check.ledger.mismatches} cached-balance mismatches, ${check.ledger.unbalanced} unbalanced transactions`,
  );
  for (const problem of [
    ...check.paidNotOnce.map((p) => `paid row ${p.row}: ${p.succeeded} succeeded transfers`),
    ...check.succeededButNotPaid.map((row) => `row ${row}: a succeeded transfer`),
    ...check.wrongTransfer.map((row) => `row ${row}: paid by another transfer`),
    ...check.railPaidTwice.map((row) => `row ${row}: paid twice`),
  ].slice(0, 5))
    lines.push(`        ${problem}`);
  for (const open of check.open.slice(0, 5))
    lines.push(
      `        open ${open.row} (${open.status}): ${open.transfers.join(", ") || "no transfers"}`,
    );

  // The rate: each rail's sends over its first-to-last sent_at span, in whole rows a second; over
  // the whole run (the kill -9's gap inside it), and for each server apart.
  const rails = Object.entries(check.rates);
  const within = (span: SendSpan | null, allowed: number) =>
    span === null || Math.round(span.perSecond) <= allowed;
  const rateOk =
    rails.length === 4 &&
    rails.every(
      ([, rate]) =>
        within(rate, rate.allowed) &&
        within(rate.beforeKill, rate.allowed) &&
        within(rate.afterRestart, rate.allowed),
    );
  const span = (s: SendSpan | null) =>
    s === null
      ? "none"
      : `${s.perSecond.toFixed(1)}/s (${s.sent} in ${s.spanSeconds.toFixed(0)} s)`;
  const highest = (rate: RailRate) =>
    Math.max(rate.perSecond, rate.beforeKill?.perSecond ?? 0, rate.afterRestart?.perSecond ?? 0);
  lines.push(
    `  ${pass(rateOk)}  ${rateTitle} (each rail's sends from its first to its last sent_at, rounded to whole rows a second, at most its sendsPerSecond, over the whole run and for each server apart): highest ${
      rails
        .map(([rail, rate]) => `${railName(rail)} ${highest(rate).toFixed(1)}/s of ${rate.allowed}`)
        .join(", ") || "nothing sent"
    }`,
  );
  for (const [rail, rate] of rails)
    lines.push(
      `        ${railName(rail)} (allowed ${rate.allowed}/s): whole run ${span(rate)}; before the kill ${span(rate.beforeKill)}; after the restart ${span(rate.afterRestart)}; busiest second ${rate.peakInOneSecond} by sent_at${rate.peakInOneSecondAtSimulator === null ? "" : `, ${rate.peakInOneSecondAtSimulator} by the simulator's receipt time`}`,
    );
  return lines;
}
