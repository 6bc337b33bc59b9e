/**
 * Runs the hardening rows (scripts/bench/hardening.ts) against the bench's server and formats them.
 */
import { HEAP_FLAG, type AppServer, spawnAppServer, stopChild } from "./processes";
import {
  benchBigPost,
  benchConcurrentCreates,
  benchKilledPayment,
  benchSignInFlood,
  percentile,
  timeToHealthy,
  type BigPostFigures,
  type CreatesFigures,
  type FloodFigures,
  type KilledPaymentFigures,
} from "./hardening";

export const HARDENING_TARGETS = {
  bigPostMs: 1000,
  signInP99Ms: 2000,
  restartP99Ms: 3000,
  reconcileIntervals: 2,
} as const;

export interface HardeningFigures {
  bigPost: BigPostFigures;
  flood: FloodFigures;
  creates: CreatesFigures;
  restartsMs: number[];
  killed: KilledPaymentFigures | { error: string };
}

interface Context {
  root: string;
  env: NodeJS.ProcessEnv;
  app: AppServer;
  log: (message: string) => void;
  /** The bench stops whatever server it was last given. */
  replaceServer: (server: AppServer) => void;
}

const port = (app: AppServer) => Number(new URL(app.baseUrl).port);

/** kill -9, start again on the same port and database, wait for /healthz. */
async function killAndRestart(
  context: Context,
  current: AppServer,
  env: NodeJS.ProcessEnv,
): Promise<{ app: AppServer; ms: number }> {
  // A server that already died (it crashed) sends no second "exit": do not wait for one.
  if (current.isRunning()) {
    const gone = new Promise((resolve) => current.child.once("exit", resolve));
    current.child.kill("SIGKILL");
    await gone;
  }
  const started = performance.now();
  const next = spawnAppServer(context.root, env, port(current));
  context.replaceServer(next);
  await timeToHealthy(next);
  return { app: next, ms: performance.now() - started };
}

export async function runHardeningBench(context: Context): Promise<HardeningFigures> {
  const { log } = context;
  log("hardening: a 20 MB form POST");
  const bigPost = await benchBigPost(context.app);
  log("hardening: 50 concurrent creates of KES 1,000,000");
  const creates = await benchConcurrentCreates(context.app, context.env.DATABASE_URL!);
  log("hardening: a correct sign-in during a 50-connection wrong-password flood (20 s)");
  const flood = await benchSignInFlood(context.app);

  log("hardening: 10 restarts after kill -9");
  const restartsMs: number[] = [];
  let app = context.app;
  for (let round = 0; round < 10; round++) {
    const restarted = await killAndRestart(context, app, context.env);
    app = restarted.app;
    restartsMs.push(restarted.ms);
  }
  await stopChild(app.child);

  log("hardening: a payment killed mid-confirmation");
  let killed: HardeningFigures["killed"];
  try {
    killed = await benchKilledPayment({
      start: (env) => {
        const next = spawnAppServer(context.root, { ...context.env, ...env }, port(app));
        context.replaceServer(next);
        return next;
      },
      databaseFile: context.env.DATABASE_URL!,
    });
  } catch (error) {
    killed = { error: error instanceof Error ? error.message : String(error) };
  }
  return { bigPost, flood, creates, restartsMs, killed };
}

const pass = (ok: boolean) => (ok ? "PASS" : "FAIL");

export function formatHardening(figures: HardeningFigures): string[] {
  const { bigPost, flood, creates, restartsMs, killed } = figures;
  const restartP99 = percentile(restartsMs, 99);
  const rss = bigPost.peakRssMb;
  const lines = [
    "",
    "Hardening (issue #10):",
    `  ${pass(bigPost.status === 413 && bigPost.ms < HARDENING_TARGETS.bigPostMs && bigPost.healthyAfter)}  a 20 MB form POST is answered 413 in under 1 s: HTTP ${bigPost.status} in ${bigPost.ms.toFixed(0)} ms; server ${bigPost.healthyAfter ? "still serving" : "NOT serving"} afterwards`,
    `  info  peak server RSS through the 20 MB POST: ${rss?.toFixed(1) ?? "n/a"} MB (${HEAP_FLAG})`,
    `  ${pass(flood.signedIn === flood.tries && flood.p99Ms < HARDENING_TARGETS.signInP99Ms)}  a correct sign-in during a 50-connection wrong-password flood answers in under 2 s (p99 of ${flood.tries}): p50 ${flood.p50Ms.toFixed(0)} ms, p99 ${flood.p99Ms.toFixed(0)} ms, ${flood.signedIn}/${flood.tries} signed in`,
    `        the flood: ${flood.floodRequests} wrong-password posts from 50 addresses in ${flood.floodSeconds} s, answered ${describeCounts(flood.floodByStatus)}`,
    `  ${pass(creates.countedBeforeKes + creates.todayTotalKes <= creates.capKes && creates.created === creates.roomFor)}  ${creates.attempts} concurrent creates of KES 1,000,000 never exceed the daily cap and fill it: ${creates.created} created (room for ${creates.roomFor}), KES ${creates.todayTotalKes.toLocaleString("en-KE")} + KES ${creates.countedBeforeKes.toLocaleString("en-KE")} counted before of KES ${creates.capKes.toLocaleString("en-KE")}; answers ${describeCounts(creates.byStatus)}`,
    `  ${pass(restartP99 < HARDENING_TARGETS.restartP99Ms)}  restart after kill -9 to serving again, p99 of ${restartsMs.length}: ${restartP99.toFixed(0)} ms (p50 ${percentile(restartsMs, 50).toFixed(0)} ms)`,
  ];
  if ("error" in killed) {
    lines.push(
      `  FAIL  a payment killed mid-confirmation is settled exactly once: could not run (${killed.error})`,
    );
  } else {
    const within =
      killed.settledAfterRestartMs !== null &&
      killed.settledAfterRestartMs <=
        HARDENING_TARGETS.reconcileIntervals * killed.reconcileIntervalMs;
    lines.push(
      `  ${pass(within && killed.succeededTransfers === 1 && killed.status === "settled")}  a payment killed mid-confirmation is settled exactly once within two reconciliation intervals (${(killed.reconcileIntervalMs / 1000).toFixed(0)} s) of the restart: ${killed.status}, ${killed.succeededTransfers} successful transfer(s), ${killed.settledAfterRestartMs === null ? "not settled" : `settled ${(killed.settledAfterRestartMs / 1000).toFixed(1)} s after the restart`}`,
    );
  }
  return lines;
}

function describeCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([status, count]) => `${count}x ${status}`)
    .join(", ");
}
