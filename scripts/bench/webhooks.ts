/**
 * The webhook rows of `npm run bench` (issue 13), against the bench's server with a receiver on
 * 127.0.0.1 in this process and one test-mode endpoint of the demo merchant pointing at it:
 *
 * - Latency: payments created through the API at a steady pace; for each payment.created, the time
 *   the receiver got it minus the event's `created_at` (the state change). Target p99 < 1 s.
 * - 10,000 events through a kill -9: ping events written straight into the outbox
 *   (webhook-enqueue.ts, against the bench database while the server runs); the server is killed
 *   once a few thousand arrived and started again on the same port and database; the receiver must
 *   end with all 10,000 distinct ids (duplicates allowed: at-least-once).
 *
 * Every wait is bounded. The receiver answers 200 at once.
 */
import { spawn, spawnSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { percentile } from "./hardening";
import { type AppServer, killAndRestartAppServer, waitForHealthy } from "./processes";

export const WEBHOOK_TARGETS = { latencyP99Ms: 1000, events: 10_000 } as const;

const MERCHANT = "MRC-K3NYA2";
const LATENCY_PAYMENTS = 300;
/** Payments per second for the latency row (BENCH_WEBHOOK_PACE overrides it). */
const LATENCY_PACE = Number(process.env.BENCH_WEBHOOK_PACE) || 20;
const KILL_AFTER = 3_000;
const ENQUEUE_BATCH = 500;
const DELIVERY_DEADLINE_MS = 180_000;

export interface LatencyFigures {
  payments: number;
  received: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface RestartFigures {
  events: number;
  distinct: number;
  missing: number;
  duplicates: number;
  receivedAtKill: number;
  restartMs: number;
  /** From the first event written to the last distinct one received (or the deadline). */
  seconds: number;
  /** From the restart to the last distinct one received. */
  afterRestartSeconds: number;
  /** Distinct events per second before the kill. */
  perSecondBeforeKill: number;
  /**
   * When the arrivals after the restart stop for more than 5 s and then resume (the posts the kill
   * cut, whose claims lapse only after their lease): when the backlog was done, and how many came
   * after the pause.
   */
  pause: { backlogDoneSeconds: number; lateEvents: number } | null;
}

export interface WebhookFigures {
  latency: LatencyFigures | { error: string };
  restart: RestartFigures | { error: string };
  /** The server now running (the one killed was replaced). */
  app: AppServer;
}

interface Context {
  root: string;
  env: NodeJS.ProcessEnv;
  app: AppServer;
  apiKey: string;
  log: (message: string) => void;
  /** The bench stops whatever server it was last given. */
  replaceServer: (server: AppServer) => void;
}

interface Delivery {
  firstAt: number;
  count: number;
  createdAt: number;
  type: string;
  paymentId?: string;
}

/** A receiver recording the first arrival and the count of each event id; answers 200 at once. */
function startReceiver(): Promise<{ server: Server; port: number; seen: Map<string, Delivery> }> {
  const seen = new Map<string, Delivery>();
  const server = createServer((request, response) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
      const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        id: string;
        type: string;
        created_at: string;
        data: { object?: { id?: string } };
      };
      const known = seen.get(event.id);
      if (known) known.count++;
      else
        seen.set(event.id, {
          firstAt: at,
          count: 1,
          createdAt: Date.parse(event.created_at),
          type: event.type,
          paymentId: event.data.object?.id,
        });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, port: (server.address() as AddressInfo).port, seen }),
    );
  });
}

/** Poll until `check` holds or `timeoutMs` passes; whether it held. */
async function until(check: () => boolean, timeoutMs: number, everyMs = 20): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return true;
}

async function createPayment(baseUrl: string, apiKey: string, n: number): Promise<string | null> {
  const response = await fetch(`${baseUrl}/api/v1/payments`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({
      amount: 100_000,
      currency: "KES",
      asset: "USDT",
      reference: `bench-webhook-${n}`,
    }),
  });
  const body = (await response.json()) as { id?: string };
  return response.status === 201 && body.id ? body.id : null;
}

async function benchLatency(
  context: Context,
  seen: Map<string, Delivery>,
): Promise<LatencyFigures> {
  const { app, apiKey } = context;
  // The first live rate may take a moment after a start (bounded).
  const first = Date.now();
  while (!(await createPayment(app.baseUrl, apiKey, -1))) {
    if (Date.now() - first > 15_000) throw new Error("no payment could be created in 15 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const created: string[] = [];
  const sent: Promise<void>[] = [];
  const started = performance.now();
  for (let n = 0; n < LATENCY_PAYMENTS; n++) {
    const due = started + (n * 1000) / LATENCY_PACE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(
      createPayment(app.baseUrl, apiKey, n).then((id) => {
        if (id) created.push(id);
      }),
    );
  }
  await Promise.all(sent);
  const byPayment = () => {
    const map = new Map<string, Delivery>();
    for (const delivery of seen.values())
      if (delivery.type === "payment.created" && delivery.paymentId)
        map.set(delivery.paymentId, delivery);
    return map;
  };
  await until(() => {
    const map = byPayment();
    return created.every((id) => map.has(id));
  }, 30_000);
  const map = byPayment();
  const latencies = created
    .map((id) => map.get(id))
    .filter((delivery): delivery is Delivery => delivery !== undefined)
    .map((delivery) => delivery.firstAt - delivery.createdAt)
    .sort((a, b) => a - b);
  if (latencies.length === 0) throw new Error("no payment.created event was received");
  return {
    payments: created.length,
    received: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1)!,
  };
}

async function benchRestart(
  context: Context,
  seen: Map<string, Delivery>,
  endpointId: string,
): Promise<{ figures: RestartFigures; app: AppServer }> {
  const { root, env, log } = context;
  const startedAt = Date.now();
  const writer = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(root, "scripts/bench/webhook-enqueue.ts"),
      MERCHANT,
      endpointId,
      String(WEBHOOK_TARGETS.events),
      String(ENQUEUE_BATCH),
    ],
    { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  writer.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const written = new Promise<string[]>((resolve, reject) =>
    writer.once("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(output) as string[])
        : reject(new Error(`webhook-enqueue exited ${code}`)),
    ),
  );
  written.catch(() => undefined);
  const pings = () => {
    let n = 0;
    for (const delivery of seen.values()) if (delivery.type === "ping") n++;
    return n;
  };
  if (!(await until(() => pings() >= KILL_AFTER, 120_000, 5)))
    throw new Error(`fewer than ${KILL_AFTER} events arrived in 120 s (${pings()})`);
  const receivedAtKill = pings();
  const killAt = Date.now();
  log(`webhooks: kill -9 after ${receivedAtKill} events received`);
  const restartStarted = performance.now();
  const app = await killAndRestartAppServer(root, context.app, env);
  context.replaceServer(app);
  await waitForHealthy(app);
  const restartMs = performance.now() - restartStarted;
  const restartedAt = Date.now();
  const ids = await written;
  const expected = new Set(ids);
  await until(
    () => [...expected].every((id) => seen.has(id)),
    DELIVERY_DEADLINE_MS - (Date.now() - startedAt),
    100,
  );
  let distinct = 0;
  let deliveries = 0;
  let lastAt = startedAt;
  const afterRestart: number[] = [];
  for (const id of expected) {
    const delivery = seen.get(id);
    if (!delivery) continue;
    distinct++;
    deliveries += delivery.count;
    lastAt = Math.max(lastAt, delivery.firstAt);
    if (delivery.firstAt >= restartedAt) afterRestart.push(delivery.firstAt);
  }
  afterRestart.sort((a, b) => a - b);
  const gapAt = afterRestart.findIndex((at, i) => i > 0 && at - afterRestart[i - 1]! > 5_000);
  const pause =
    gapAt > 0
      ? {
          backlogDoneSeconds: (afterRestart[gapAt - 1]! - restartedAt) / 1000,
          lateEvents: afterRestart.length - gapAt,
        }
      : null;
  return {
    app,
    figures: {
      events: expected.size,
      distinct,
      missing: expected.size - distinct,
      duplicates: deliveries - distinct,
      receivedAtKill,
      restartMs,
      seconds: (lastAt - startedAt) / 1000,
      afterRestartSeconds: Math.max(0, lastAt - restartedAt) / 1000,
      perSecondBeforeKill: receivedAtKill / Math.max(0.001, (killAt - startedAt) / 1000),
      pause,
    },
  };
}

const failure = (error: unknown) => ({
  error: error instanceof Error ? error.message : String(error),
});

export async function runWebhookBench(context: Context): Promise<WebhookFigures> {
  const { root, env, log } = context;
  const receiver = await startReceiver();
  try {
    const made = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "tests/support/webhook-endpoint-create.ts",
        MERCHANT,
        `http://127.0.0.1:${receiver.port}/hook`,
      ],
      { cwd: root, env, encoding: "utf8" },
    );
    if (made.status !== 0) {
      const error = `could not register the endpoint: ${made.stderr.trim()}`;
      return { latency: { error }, restart: { error }, app: context.app };
    }
    const endpoint = JSON.parse(made.stdout) as { id: string };

    log(`webhooks: latency of ${LATENCY_PAYMENTS} payments at ${LATENCY_PACE}/s`);
    let latency: WebhookFigures["latency"];
    try {
      latency = await benchLatency(context, receiver.seen);
    } catch (error) {
      latency = failure(error);
    }

    log(`webhooks: ${WEBHOOK_TARGETS.events} events through a kill -9 and restart`);
    let restart: WebhookFigures["restart"];
    let app = context.app;
    try {
      const result = await benchRestart(context, receiver.seen, endpoint.id);
      restart = result.figures;
      app = result.app;
    } catch (error) {
      restart = failure(error);
    }
    return { latency, restart, app };
  } finally {
    receiver.server.closeAllConnections();
    receiver.server.close();
  }
}

const pass = (ok: boolean) => (ok ? "PASS" : "FAIL");

export function formatWebhooks(figures: WebhookFigures): string[] {
  const { latency, restart } = figures;
  const lines: string[] = [];
  if ("error" in latency)
    lines.push(
      `  FAIL  webhook latency from state change to first delivery attempt, p99 < ${WEBHOOK_TARGETS.latencyP99Ms} ms: could not run (${latency.error})`,
    );
  else
    lines.push(
      `  ${pass(latency.p99Ms < WEBHOOK_TARGETS.latencyP99Ms && latency.received === latency.payments)}  webhook latency from state change to first delivery attempt, p99 < ${WEBHOOK_TARGETS.latencyP99Ms} ms: p99 ${latency.p99Ms.toFixed(0)} ms (p50 ${latency.p50Ms.toFixed(0)} ms, max ${latency.maxMs} ms; ${latency.received} of ${latency.payments} payment.created received, ${LATENCY_PACE} payments/s through the API)`,
    );
  if ("error" in restart)
    lines.push(
      `  FAIL  ${WEBHOOK_TARGETS.events.toLocaleString("en-KE")} events delivered through a kill -9 and restart: could not run (${restart.error})`,
    );
  else
    lines.push(
      `  ${pass(restart.missing === 0 && restart.events === WEBHOOK_TARGETS.events)}  ${WEBHOOK_TARGETS.events.toLocaleString("en-KE")} events delivered through a kill -9 and restart: ${restart.distinct} distinct ids received, ${restart.missing} missing, ${restart.duplicates} duplicate deliveries; killed after ${restart.receivedAtKill}, serving again in ${restart.restartMs.toFixed(0)} ms; all in ${restart.seconds.toFixed(1)} s (${restart.afterRestartSeconds.toFixed(1)} s after the restart; ${restart.perSecondBeforeKill.toFixed(0)} events/s before the kill${restart.pause ? `; backlog done ${restart.pause.backlogDoneSeconds.toFixed(1)} s after the restart, then ${restart.pause.lateEvents} more after a pause: posts cut by the kill wait for their claim's lease to lapse` : ""})`,
    );
  return lines;
}
