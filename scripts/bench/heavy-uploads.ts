/**
 * The heavy-uploads row of `npm run bench` (issue 27, item 8); `BENCH_ONLY=heavy-uploads` runs it
 * alone (about half a minute).
 *
 * Three API keys of the demo merchant each post 10,000-row payout batches (JSON `payouts`, about
 * 1 MB each, as the probe did) in a loop for `BENCH_UPLOAD_SECONDS` (default 20). Meanwhile two
 * customers load the checkout `/pay/:id` one request after another, and `/healthz` is asked every
 * 100 ms. Target: the checkout's p99 < 250 ms during the uploads. Printed with it: what the uploads
 * were answered (201 made, 429 busy or over the day's rows, 409 too many drafts) and the payout
 * rows the database holds afterwards (the limits bound it).
 *
 * Every request goes to the bench's own server on loopback; every loop is bounded in time.
 */
import { spawnSync } from "node:child_process";
import { demoCheckout } from "./scenarios";
import { percentile } from "./hardening";
import { positiveInt, type AppServer } from "./processes";

export const HEAVY_UPLOADS = {
  keys: 3,
  rows: 10_000,
  customers: 2,
  target: { checkoutP99Ms: 250 },
} as const;

export interface HeavyUploadFigures {
  seconds: number;
  uploads: Record<string, number>;
  rowsMade: number;
  checkoutRequests: number;
  checkoutP50Ms: number;
  checkoutP99Ms: number;
  healthP99Ms: number;
}

/** A test-mode key of the demo merchant that sends payouts (its owner's). */
function payoutsKey(root: string, env: NodeJS.ProcessEnv, n: number): string {
  const made = spawnSync(
    process.execPath,
    [
      ...["--import", "tsx", "scripts/apikey-create.ts", "--merchant", "MRC-K3NYA2"],
      ...["--mode", "test", "--scopes", "payouts:read,payouts:write", "--name", `Uploads ${n}`],
    ],
    { cwd: root, env, encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`apikey:create failed: ${made.stderr.trim()}`);
  return made.stdout.trim();
}

function payouts(rows: number, batch: number) {
  return Array.from({ length: rows }, (_, i) => ({
    recipient: `07${String(20_000_000 + ((batch * rows + i) % 9_000_000)).padStart(8, "0")}`,
    amount: 10_000 + (i % 500) * 100,
    reference: `Salary ${batch}-${i}`,
    name: `Worker ${i}`,
  }));
}

async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

export async function benchHeavyUploads(
  app: AppServer,
  context: { root: string; env: NodeJS.ProcessEnv },
): Promise<HeavyUploadFigures> {
  const seconds = positiveInt("BENCH_UPLOAD_SECONDS", 20);
  const keys = Array.from({ length: HEAVY_UPLOADS.keys }, (_, n) =>
    payoutsKey(context.root, context.env, n + 1),
  );
  const checkout = (await demoCheckout(app.baseUrl)).path!;
  const until = Date.now() + seconds * 1000;
  const uploads: Record<string, number> = {};
  let rowsMade = 0;
  let batchNumber = 0;
  const uploader = async (key: string) => {
    while (Date.now() < until) {
      const body = JSON.stringify({
        title: `Bench salaries ${++batchNumber}`,
        payouts: payouts(HEAVY_UPLOADS.rows, batchNumber),
      });
      try {
        const response = await fetch(`${app.baseUrl}/api/v1/payout_batches`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body,
        });
        const answer = (await response.json()) as { rows?: number; error?: { code?: string } };
        const label = response.ok
          ? String(response.status)
          : `${response.status} ${answer.error?.code ?? ""}`;
        uploads[label] = (uploads[label] ?? 0) + 1;
        if (response.status === 201) rowsMade += answer.rows ?? 0;
        // Refused: try again soon, as a retrying client would (not a tight loop).
        if (!response.ok) await new Promise((resolve) => setTimeout(resolve, 250));
      } catch (error) {
        const label = (error as NodeJS.ErrnoException).code ?? "error";
        uploads[label] = (uploads[label] ?? 0) + 1;
      }
    }
  };
  const checkoutMs: number[] = [];
  const customer = async () => {
    while (Date.now() < until) checkoutMs.push((await timed(`${app.baseUrl}${checkout}`)).ms);
  };
  const healthMs: number[] = [];
  const health = async () => {
    while (Date.now() < until) {
      healthMs.push((await timed(`${app.baseUrl}/healthz`)).ms);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await Promise.all([
    ...keys.map(uploader),
    ...Array.from({ length: HEAVY_UPLOADS.customers }, customer),
    health(),
  ]);
  return {
    seconds,
    uploads,
    rowsMade,
    checkoutRequests: checkoutMs.length,
    checkoutP50Ms: percentile(checkoutMs, 50),
    checkoutP99Ms: percentile(checkoutMs, 99),
    healthP99Ms: percentile(healthMs, 99),
  };
}

export function formatHeavyUploads(figures: HeavyUploadFigures): string[] {
  const ok = figures.checkoutP99Ms < HEAVY_UPLOADS.target.checkoutP99Ms;
  const answers = Object.entries(figures.uploads)
    .sort(([, a], [, b]) => b - a)
    .map(([status, times]) => `${times}x ${status}`)
    .join(", ");
  return [
    `  ${ok ? "PASS" : "FAIL"}  checkout /pay/:id p99 < ${HEAVY_UPLOADS.target.checkoutP99Ms} ms while ${HEAVY_UPLOADS.keys} keys upload ${HEAVY_UPLOADS.rows.toLocaleString("en-US")}-row payout batches for ${figures.seconds} s: p99 ${figures.checkoutP99Ms.toFixed(0)} ms, p50 ${figures.checkoutP50Ms.toFixed(0)} ms over ${figures.checkoutRequests} requests from ${HEAVY_UPLOADS.customers} customers; /healthz p99 ${figures.healthP99Ms.toFixed(0)} ms`,
    `  info  the uploads were answered: ${answers}; ${figures.rowsMade.toLocaleString("en-US")} payout rows made (at most 20 drafts and 100,000 rows a day per merchant)`,
  ];
}
