/**
 * Issue 29 §2 with a real `kill -9`: `WEB_CONCURRENCY=2` (server.mjs as node:cluster's primary, the
 * simulators started once in it, ADR 0047) on one database, SQLite here and PostgreSQL under
 * `npm run test:e2e:pg`. Sign-ins, API payments and their settlements to M-Pesa go through both
 * server processes; one is killed with SIGKILL while a wave of creates is in flight and payments
 * are settling. A client must see: the primary starts another process; every create retried with
 * its key answers the one payment of its request; every payment settles, each with exactly one
 * transfer, and M-Pesa (its simulator) paid each transfer once; `npm run db:verify` finds the
 * books sound; a session made by one process is good in the other, and the sign-in throttle counts
 * failures from both.
 */
import { rmSync } from "node:fs";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { simulatorFileFor } from "../../app/wiring/simulators/host.server";
import { DEMO_MERCHANT } from "./auth";
import { withDatabaseAt } from "./db";
import { postForm } from "./form-post";
import {
  freePort,
  ownDatabase,
  ownServerEnv,
  prepareOwnServerDir,
  runOwnScript,
  startOwnServer,
  waitFor,
  type OwnServer,
} from "./own-server";

test.describe.configure({ mode: "serial", timeout: 150_000 });

/** Payments created, paid and settled before the kill; the wave in flight at the kill. */
const FIRST = 12;
const WAVE = 12;

let port = 0;
let dataDir = "";
let appDir = "";
let database = "";
let server: OwnServer | null = null;

function serverEnv(): NodeJS.ProcessEnv {
  return ownServerEnv(
    { port, dataDir, databaseFile: database, secretLabel: "two-processes" },
    {
      WEB_CONCURRENCY: "2",
      SIMULATOR_AUTO_CONFIRM_MS: "200",
      DARAJA_SIM_CALLBACK_DELAY_MS: "50",
      // A webhook lost with the killed process is asked about at custody this soon.
      PAYMENTS_RECONCILE_SECONDS: "2",
      API_RATE_LIMIT_PER_SECOND: "100000",
    },
  );
}

function runScript(script: string, args: string[]) {
  const run = runOwnScript(script, args, serverEnv());
  return { status: run.status, stdout: `${run.stdout}\n${run.stderr}` };
}

const logText = () => server!.log.join("");
const workerPids = () =>
  [...logText().matchAll(/server process (\d+) started/g)].map((match) => Number(match[1]));
/** The server processes whose access-log lines match `line`. */
const answeredBy = (line: RegExp) =>
  new Set(
    logText()
      .split("\n")
      .filter((entry) => line.test(entry))
      .map((entry) => Number(/ pid=(\d+)$/.exec(entry)?.[1])),
  );
const custodyUrl = () => /CUSTODY_BASE_URL=(\S+)/.exec(logText())?.[1];
const api = (pathname: string) => `http://127.0.0.1:${port}/api/v1${pathname}`;

interface Payment {
  id: string;
  status: string;
  reference: string;
  deposit_address: string | null;
  crypto_amount_decimal: string;
}

/** POST /payments on a connection of its own; null when the connection was cut (the kill). */
async function createPayment(key: string, reference: string): Promise<Payment | null> {
  try {
    const response = await fetch(api("/payments"), {
      method: "POST",
      headers: {
        Authorization: `Bearer ${key}`,
        "Content-Type": "application/json",
        "Idempotency-Key": `two-processes-${reference}`,
        Connection: "close",
      },
      body: JSON.stringify({ amount: 100_000, currency: "KES", asset: "USDT", reference }),
    });
    const body = await response.text();
    expect(response.status, `${reference}: ${body}`).toBe(201);
    return JSON.parse(body) as Payment;
  } catch (error) {
    if (error instanceof Error && /fetch failed|socket|ECONNRESET/i.test(error.message)) {
      return null;
    }
    throw error;
  }
}

/** Pay a payment's deposit address in full at the custody simulator. */
async function pay(payment: Payment) {
  const response = await fetch(`${custodyUrl()}/__sim/payments`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      address: payment.deposit_address,
      amount: payment.crypto_amount_decimal,
    }),
  });
  expect(response.status, payment.reference).toBeLessThan(300);
}

const settledCount = (references: string[]) =>
  withDatabaseAt(
    database,
    (db) =>
      (
        db
          .prepare(
            `select count(*) as n from payments where status = 'settled' and reference in (${references.map(() => "?").join(",")})`,
          )
          .get(...references) as { n: number }
      ).n,
  );

test.beforeAll(async () => {
  port = await freePort();
  ({ dataDir, appDir } = prepareOwnServerDir(`two-processes-${port}`));
  database = await ownDatabase(`two_processes_${port}`, dataDir);
  const setup = runScript("scripts/db-setup.ts", []);
  expect(setup.status, setup.stdout).toBe(0);
});

test.afterAll(async () => {
  if (server && server.child.exitCode === null) {
    const exited = new Promise((resolve) => server!.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    await exited;
  }
  server = null;
  rmSync(dataDir, { recursive: true, force: true });
});

test("two server processes on one database: a kill -9 of one loses nothing and pays nothing twice", async () => {
  server = await startOwnServer(appDir, serverEnv(), port);
  await waitFor("two server processes", () => workerPids().length === 2);
  expect(custodyUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const made = runScript("scripts/apikey-create.ts", [
    "--merchant",
    DEMO_MERCHANT.merchantId,
    "--mode",
    "live",
    "--scopes",
    "payments:read,payments:write",
  ]);
  const key = /oh_live_\w+/.exec(made.stdout)?.[0];
  expect(key, made.stdout).toBeDefined();
  await waitFor("a live USDT rate", async () => {
    const response = await fetch(api("/rates"), { headers: { Authorization: `Bearer ${key}` } });
    const body = (await response.json()) as { data?: { asset: string; kind: string }[] };
    return body.data?.some((rate) => rate.asset === "USDT" && rate.kind === "live");
  });

  // Sign-ins: each on a connection of its own (the primary hands them out in turn); the session
  // cookie one process set opens the dashboard in whichever process the next request reaches.
  for (let i = 0; i < 4; i++) {
    const signedIn = await postForm(port, "/merchant-signin", DEMO_MERCHANT, "127.0.4.1");
    expect(signedIn.status).toBe(302);
    const cookie = String(signedIn.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
    for (let j = 0; j < 2; j++) {
      const dashboard = await fetch(`http://127.0.0.1:${port}/merchant/dashboard`, {
        headers: { Cookie: cookie, Host: `localhost:${port}`, Connection: "close" },
        redirect: "manual",
      });
      expect(dashboard.status).toBe(200);
    }
  }
  // The throttle counts failures in the database: the client's 20, each for another account,
  // spread over both processes, then 429.
  for (let i = 0; i < 20; i++) {
    const failed = await postForm(
      port,
      "/merchant-signin",
      { merchantId: "MRC-NOPE22", username: `someone${i}`, password: `wrong ${i}` },
      "127.0.4.2",
    );
    expect(failed.status).toBe(401);
  }
  expect((await postForm(port, "/merchant-signin", DEMO_MERCHANT, "127.0.4.2")).status).toBe(429);
  // Each process writes its access-log lines at the end of its event loop's turn: wait for them.
  await waitFor(
    "both processes' sign-in lines",
    () => answeredBy(/^POST \/merchant-signin /).size === workerPids().length,
  );
  expect(answeredBy(/^POST \/merchant-signin /)).toEqual(new Set(workerPids()));

  // The first payments: made, paid and settled through both processes.
  const first = Array.from({ length: FIRST }, (_, i) => `TWO-PROC-A${i}`);
  const firstPayments = await Promise.all(first.map((reference) => createPayment(key!, reference)));
  for (const payment of firstPayments) await pay(payment!);

  // The kill: a wave of creates in flight, and the first payments still settling.
  const [victim] = workerPids();
  const wave = Array.from({ length: WAVE }, (_, i) => `TWO-PROC-B${i}`);
  const inFlight = Promise.all(wave.map((reference) => createPayment(key!, reference)));
  await waitFor("a first settlement", () => settledCount(first) > 0);
  process.kill(victim!, "SIGKILL");
  await inFlight;
  await waitFor("the primary to start another process", () => workerPids().length === 3, 30_000);

  // Every create of the wave retried with its key: the one payment of its request.
  const retried = await Promise.all(wave.map((reference) => createPayment(key!, reference)));
  expect(retried.every((payment) => payment !== null)).toBe(true);
  for (const payment of retried) await pay(payment!);

  const all = [...first, ...wave];
  // Creates, custody's webhooks and M-Pesa's results: answered by more than one process.
  expect(answeredBy(/^POST \/(api\/v1\/payments|webhooks\/)/).size).toBeGreaterThanOrEqual(2);
  // What the killed process held (a job lease, a transfer's send claim) is taken over at once.
  await waitFor("every payment settled", () => settledCount(all) === all.length, 60_000).catch(
    (error: Error) => {
      const stuck = withDatabaseAt(database, (db) =>
        db
          .prepare(
            `select p.id, p.status, t.status as transfer, t.send_lease_holder from payments p left join settlement_transfers t on t.payment_id = p.id where p.status <> 'settled' and p.reference in (${all.map(() => "?").join(",")})`,
          )
          .all(...all),
      );
      throw new Error(`${error.message}: ${JSON.stringify(stuck)}`);
    },
  );

  // One payment per reference; their money paid out in full and no more; M-Pesa paid each transfer
  // once. A settlement pays the merchant's whole settleable balance, so two payments settling at
  // once in two processes may leave it to one transfer (the other payment settles with nothing
  // left to send): transfers are counted by money, not one per payment.
  const inList = all.map(() => "?").join(",");
  const { transfers, owed, paidOut } = withDatabaseAt(database, (db) => {
    const byReference = db
      .prepare(
        `select reference, count(*) as n from payments where reference in (${inList}) group by reference`,
      )
      .all(...all) as { reference: string; n: number }[];
    expect(byReference).toHaveLength(all.length);
    expect(byReference.every((row) => row.n === 1)).toBe(true);
    const sum = (sql: string) =>
      BigInt((db.prepare(sql).get(...all) as { total: string | number | bigint }).total);
    return {
      transfers: db
        .prepare(
          `select t.id, t.status from settlement_transfers t join payments p on p.id = t.payment_id where p.reference in (${inList})`,
        )
        .all(...all) as { id: string; status: string }[],
      owed: sum(
        `select sum(amount_kes_cents - fee_kes_cents - excise_kes_cents) as total from payments where reference in (${inList})`,
      ),
      paidOut: sum(
        `select sum(t.amount_kes_cents + t.rail_charge_kes_cents + t.fee_kes_cents) as total from settlement_transfers t join payments p on p.id = t.payment_id where p.reference in (${inList})`,
      ),
    };
  });
  expect(transfers.length).toBeGreaterThan(0);
  expect(transfers.every((transfer) => transfer.status === "succeeded")).toBe(true);
  // Whole shillings and the rail's charge may leave a few shillings in the balance, never more.
  expect(paidOut).toBeLessThanOrEqual(owed);
  expect(owed - paidOut).toBeLessThan(BigInt(all.length) * 100n);
  const simulators = new Database(simulatorFileFor(database, dataDir), { readonly: true });
  try {
    const paid = (
      simulators
        .prepare("select body from simulator_records where simulator = 'daraja' and kind = 'tx'")
        .all() as { body: string }[]
    ).map((row) => JSON.parse(row.body) as { originatorConversationId: string; status: string });
    const ours = new Set(transfers.map((transfer) => transfer.id));
    const paidOurs = paid.filter((tx) => ours.has(tx.originatorConversationId));
    expect(paidOurs).toHaveLength(transfers.length);
    expect(new Set(paidOurs.map((tx) => tx.originatorConversationId)).size).toBe(transfers.length);
    expect(paidOurs.every((tx) => tx.status === "Completed")).toBe(true);
  } finally {
    simulators.close();
  }

  const verify = runScript("scripts/db-verify.ts", []);
  expect(verify.status, verify.stdout).toBe(0);
});
