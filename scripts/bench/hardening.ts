/**
 * The hardening rows of `npm run bench` (issue #10): what the outside probe did, measured.
 *
 * - A 20 MB anonymous form POST: answered 413 quickly, the server's peak RSS stays in budget and it
 *   still serves afterwards.
 * - A correct sign-in during a wrong-password flood from 50 other client addresses (127.0.1.x, each
 *   its own connection loop): the real merchant signs in from 127.0.0.2; p99 of 20 tries.
 * - 50 concurrent "Create Payment" posts of KES 1,000,000 by one merchant: the day's total never
 *   passes the KES 10,000,000 cap.
 * - Restart after `kill -9` to serving again (GET /healthz 200), p99 over 10 restarts.
 * - A payment killed mid-confirmation (after its first confirmation): after the restart it is
 *   settled exactly once (one successful transfer), within two reconciliation intervals.
 *
 * Every request goes to loopback addresses only; every loop is bounded in count and time.
 */
import http from "node:http";
import Database from "better-sqlite3";
import { type AppServer, pollRss, procStatusKb } from "./processes";

const MB = 1024 * 1024;

export interface BigPostFigures {
  status: number | string;
  ms: number;
  peakRssMb: number | undefined;
  healthyAfter: boolean;
}

/**
 * One anonymous 20 MB urlencoded POST to /get-started, streamed; the time to the answer's status
 * line.
 */
export async function benchBigPost(app: AppServer, sizeMb = 20): Promise<BigPostFigures> {
  const rss = pollRss(app.pid, 20);
  const url = new URL("/get-started", app.baseUrl);
  const started = performance.now();
  const status = await new Promise<number | string>((resolve) => {
    const request = http.request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(sizeMb * MB),
        },
        timeout: 30_000,
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.on("timeout", () => request.destroy(new Error("timeout")));
    const chunk = Buffer.alloc(MB, "a");
    chunk.write("businessName=");
    let sent = 0;
    const pump = () => {
      while (sent < sizeMb) {
        sent++;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      request.end();
    };
    pump();
  });
  const ms = performance.now() - started;
  // Let a late allocation show in the samples before reading the peak.
  await new Promise((resolve) => setTimeout(resolve, 300));
  rss.stop();
  const hwm = procStatusKb(app.pid, "VmHWM");
  const peakKb = Math.max(rss.peakKb() ?? 0, hwm ?? 0) || undefined;
  let healthyAfter = false;
  try {
    healthyAfter = (await fetch(`${app.baseUrl}/healthz`, { signal: AbortSignal.timeout(5000) }))
      .ok;
  } catch {
    healthyAfter = false;
  }
  return { status, ms, peakRssMb: peakKb === undefined ? undefined : peakKb / 1024, healthyAfter };
}

interface Answer {
  status: number;
  location: string | null;
  setCookie: string[];
  body: string;
}

/** A form POST over plain node:http from a chosen loopback source address. */
function postForm(
  baseUrl: string,
  path: string,
  form: Record<string, string>,
  options: { localAddress?: string; cookie?: string } = {},
): Promise<Answer> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, baseUrl),
      {
        method: "POST",
        localAddress: options.localAddress,
        agent: false,
        timeout: 30_000,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          // A signed-in post shows our own origin (ADR 0004), as a browser does.
          origin: new URL(baseUrl).origin,
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? null,
            setCookie: response.headers["set-cookie"] ?? [],
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    request.on("error", reject);
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.end(body);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)] ?? 0;
};

export const DEMO_MERCHANT = {
  merchantId: "MRC-K3NYA2",
  username: "demo",
  password: "onehop-demo-2024",
};

export interface FloodFigures {
  floodSeconds: number;
  floodRequests: number;
  floodByStatus: Record<string, number>;
  tries: number;
  signedIn: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * 50 loops of wrong passwords (each from its own 127.0.1.x address, for another merchant ID) for
 * `seconds`; meanwhile the demo merchant signs in 20 times from 127.0.0.2, one after another.
 */
export async function benchSignInFlood(
  app: AppServer,
  connections = 50,
  seconds = 20,
  tries = 20,
): Promise<FloodFigures> {
  const deadline = Date.now() + seconds * 1000;
  const byStatus: Record<string, number> = {};
  let floodRequests = 0;
  let triesDone = false;
  // The flood lasts `seconds`, and longer if the tries are not done by then (at most twice as
  // long).
  const floodGoesOn = () =>
    Date.now() < deadline || (!triesDone && Date.now() < deadline + seconds * 1000);
  const flooder = async (index: number) => {
    const localAddress = `127.0.1.${index + 1}`;
    while (floodGoesOn()) {
      try {
        const answer = await postForm(
          app.baseUrl,
          "/merchant-signin",
          {
            merchantId: "MRC-FL00D2",
            username: `flood${index}`,
            password: `wrong-password-${floodRequests}`,
          },
          { localAddress },
        );
        byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? "error";
        byStatus[code] = (byStatus[code] ?? 0) + 1;
      }
      floodRequests++;
    }
  };
  const flood = Promise.all(Array.from({ length: connections }, (_, index) => flooder(index)));
  // Let the flood build up before the real merchant arrives.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const latencies: number[] = [];
  let signedIn = 0;
  for (let attempt = 0; attempt < tries && floodGoesOn(); attempt++) {
    const started = performance.now();
    // A connection the server dropped is a try that did not sign in, not the end of the bench.
    const answer = await postForm(app.baseUrl, "/merchant-signin", DEMO_MERCHANT, {
      localAddress: "127.0.0.2",
    }).catch((error: NodeJS.ErrnoException) => {
      byStatus[`merchant ${error.code ?? "error"}`] =
        (byStatus[`merchant ${error.code ?? "error"}`] ?? 0) + 1;
      return null;
    });
    latencies.push(performance.now() - started);
    if (
      answer?.status === 302 &&
      answer.setCookie.some((cookie) => cookie.startsWith("onehop_session="))
    )
      signedIn++;
    // Spread the tries over the flood.
    await new Promise((resolve) =>
      setTimeout(
        resolve,
        Math.max(0, ((seconds - 4) * 1000) / tries - (performance.now() - started)),
      ),
    );
  }
  triesDone = true;
  await flood;
  return {
    floodSeconds: Math.round((Date.now() - deadline) / 1000 + seconds),
    floodRequests,
    floodByStatus: byStatus,
    tries: latencies.length,
    signedIn,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

/** Sign in as the demo merchant from `localAddress` and return the session cookie pair. */
export async function demoSessionCookie(
  baseUrl: string,
  localAddress = "127.0.0.3",
): Promise<string> {
  const answer = await postForm(baseUrl, "/merchant-signin", DEMO_MERCHANT, { localAddress });
  const cookie = answer.setCookie
    .map((value) => value.split(";")[0])
    .find((pair) => pair?.startsWith("onehop_session="));
  if (!cookie) throw new Error(`demo sign-in failed (HTTP ${answer.status})`);
  return cookie;
}

export interface CreatesFigures {
  attempts: number;
  created: number;
  byStatus: Record<string, number>;
  todayTotalKes: number;
  capKes: number;
  /** KES the merchant's day already counted before the creates (the checkout row's payment). */
  countedBeforeKes: number;
  /** How many of the creates fit under the cap: (cap − counted before) / 1,000,000. */
  roomFor: number;
}

/** KES the demo merchant's live payments of today (Nairobi) count against its daily limit. */
function countedTodayKes(databaseFile: string): number {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const day = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const row = db
      .prepare(
        "select counted_kes_cents as counted from payment_daily_volumes where merchant_id = ? and mode = 'live' and day = ?",
      )
      .get(DEMO_MERCHANT.merchantId, day) as { counted: number | bigint } | undefined;
    return Number(BigInt(row?.counted ?? 0) / 100n);
  } finally {
    db.close();
  }
}

/**
 * `attempts` concurrent creates of KES 1,000,000 by the demo merchant; the day's counted total from
 * the database.
 */
export async function benchConcurrentCreates(
  app: AppServer,
  databaseFile: string,
  attempts = 50,
  capKes = 10_000_000,
): Promise<CreatesFigures> {
  const countedBeforeKes = countedTodayKes(databaseFile);
  const cookie = await demoSessionCookie(app.baseUrl);
  const form = (index: number) => ({
    intent: "create",
    amountKes: "1000000",
    asset: "USDT",
    reference: `bench-cap-${index}`,
  });
  const answers = await Promise.all(
    Array.from({ length: attempts }, (_, index) =>
      postForm(app.baseUrl, "/merchant/payments/new", form(index), { cookie }).catch(
        (error: Error) => ({ status: error.message }) as unknown as Answer,
      ),
    ),
  );
  const byStatus: Record<string, number> = {};
  for (const answer of answers) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
  const created = answers.filter(
    (answer) => answer.status === 302 && answer.location?.startsWith("/merchant/payments/pay_"),
  ).length;
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `select coalesce(sum(amount_kes_cents), 0) as total from payments
         where merchant_id = ? and reference like 'bench-cap-%'
           and status not in ('expired', 'failed', 'cancelled')`,
      )
      .get(DEMO_MERCHANT.merchantId) as { total: number | bigint };
    return {
      attempts,
      created,
      byStatus,
      todayTotalKes: Number(BigInt(row.total) / 100n),
      capKes,
      countedBeforeKes,
      roomFor: Math.floor(Math.max(0, capKes - countedBeforeKes) / 1_000_000),
    };
  } finally {
    db.close();
    // The rows after this one pay with the same merchant today: give the day's cap back.
    const writer = new Database(databaseFile);
    writer.pragma("busy_timeout = 5000");
    writer
      .prepare(
        "update payments set status = 'expired' where merchant_id = ? and reference like 'bench-cap-%' and status = 'awaiting_payment'",
      )
      .run(DEMO_MERCHANT.merchantId);
    writer.close();
  }
}

/**
 * Poll GET /healthz until 200; the milliseconds it took. Throws after `timeoutMs` or if the server
 * exits.
 */
export async function timeToHealthy(app: AppServer, timeoutMs = 30_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (!app.isRunning())
      throw new Error(
        `server exited (${app.child.exitCode ?? app.child.signalCode}) before serving`,
      );
    try {
      const response = await fetch(`${app.baseUrl}/healthz`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no /healthz 200 within ${timeoutMs} ms`);
}

export interface KilledPaymentFigures {
  reconcileIntervalMs: number;
  status: string;
  succeededTransfers: number;
  transferAttempts: number[];
  /**
   * From the restart (spawn) to the payment's status "settled"; null when it did not settle within
   * the deadline.
   */
  settledAfterRestartMs: number | null;
}

/**
 * The server settings for the killed-payment row: custody confirms every second (3 for USDT),
 * reconciliation every 5 s.
 */
export const KILLED_PAYMENT_ENV = {
  SIMULATOR_AUTO_CONFIRM_MS: "1000",
  CONFIRMATIONS_USDT: "3",
  DARAJA_SIM_CALLBACK_DELAY_MS: "300",
  PAYMENTS_RECONCILE_SECONDS: "5",
} as const;

/** Poll `check` every 20 ms until it returns true or `timeoutMs` passes. */
async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

/**
 * Create a KES 5,000 USDT payment as the demo merchant, pay it with the checkout's test wallet,
 * kill -9 the server after the first of three confirmations, start it again (same port and
 * database), and time how long after the restart the payment is settled; count its successful
 * transfers.
 */
export async function benchKilledPayment(options: {
  start: (env: Record<string, string>) => AppServer;
  databaseFile: string;
}): Promise<KilledPaymentFigures> {
  const read = <T>(sql: string, ...params: unknown[]): T => {
    const db = new Database(options.databaseFile, { readonly: true });
    db.pragma("busy_timeout = 5000");
    try {
      return db.prepare(sql).get(...params) as T;
    } finally {
      db.close();
    }
  };
  let app = options.start(KILLED_PAYMENT_ENV);
  await timeToHealthy(app);
  const cookie = await demoSessionCookie(app.baseUrl, "127.0.0.4");
  let paymentId: string | undefined;
  // The first live rate may take a moment after a start: retry the create (bounded).
  for (let attempt = 0; attempt < 50 && !paymentId; attempt++) {
    const created = await postForm(
      app.baseUrl,
      "/merchant/payments/new",
      { intent: "create", amountKes: "5000", asset: "USDT", reference: `bench-kill-${Date.now()}` },
      { cookie },
    );
    paymentId = /\/merchant\/payments\/(pay_[a-z0-9]+)/.exec(created.location ?? "")?.[1];
    if (!paymentId) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!paymentId) throw new Error("could not create the payment");
  const { units } = read<{ units: number | bigint }>(
    "select crypto_amount_units as units from payments where id = ?",
    paymentId,
  );
  const micro = BigInt(units);
  const amount = `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, "0")}`;
  const paid = await postForm(app.baseUrl, "/simulator/custody/payments", {
    payment: paymentId,
    amount,
  });
  if (paid.status !== 303) throw new Error(`the test wallet answered HTTP ${paid.status}`);
  const row = () =>
    read<{ status: string; confirmations: number }>(
      "select status, confirmations from payments where id = ?",
      paymentId,
    );
  if (!(await until(() => row().confirmations >= 1, 30_000)))
    throw new Error("no first confirmation within 30 s");
  const gone = new Promise((resolve) => app.child.once("exit", resolve));
  app.child.kill("SIGKILL");
  await gone;
  const restarted = performance.now();
  app = options.start(KILLED_PAYMENT_ENV);
  const settled = await until(() => row().status === "settled", 60_000);
  const settledAfterRestartMs = settled ? performance.now() - restarted : null;
  // Let any duplicate send show before counting.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const transfers = (() => {
    const db = new Database(options.databaseFile, { readonly: true });
    try {
      return db
        .prepare("select status, attempts from settlement_transfers where payment_id = ?")
        .all(paymentId) as { status: string; attempts: number }[];
    } finally {
      db.close();
    }
  })();
  return {
    reconcileIntervalMs: Number(KILLED_PAYMENT_ENV.PAYMENTS_RECONCILE_SECONDS) * 1000,
    status: row().status,
    succeededTransfers: transfers.filter((transfer) => transfer.status === "succeeded").length,
    transferAttempts: transfers.map((transfer) => transfer.attempts),
    settledAfterRestartMs,
  };
}

export { percentile, postForm };
