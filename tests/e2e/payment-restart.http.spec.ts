/**
 * Issue 10, item 4, with a real `kill -9`: a production server of its own (server.mjs on the build,
 * simulators on, its own DATA_DIR and database, a short reconciliation interval) is killed in the
 * middle of a payment and started again on the same port and database. The payment must end settled
 * exactly once: one successful M-Pesa transfer sent once, and balanced books.
 *  1. Killed after the deposit's first confirmation (of three): custody's simulator keeps its state
 *     in its own database beside ours (ADR 0045), goes on confirming after the restart, and
 *     reconciliation asks custody.
 *  2. Killed after the M-Pesa transfer was sent but before its Result callback came: the status
 *     query (reconciliation) settles it.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { simulatorDatabaseFile } from "../../app/simulators/store.server";
import {
  freePort,
  killOwnServer,
  ownServerEnv,
  prepareOwnServerDir,
  startOwnServer,
  waitFor,
  type OwnServer,
} from "./own-server";
import { expect, request as apiRequest, test, type APIRequestContext } from "@playwright/test";
import { DEMO_MERCHANT } from "./auth";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const root = process.cwd();
let port = 0;
let dataDir = "";
let appDir = "";
let databaseFile = "";
let server: OwnServer | null = null;

function serverEnv(): NodeJS.ProcessEnv {
  return ownServerEnv(
    { port, dataDir, databaseFile, secretLabel: "payment-restart" },
    {
      // Custody confirms on its own (three confirmations for USDT), M-Pesa answers after 1.5 s, and
      // anything unanswered for 2 s is reconciled with the provider.
      SIMULATOR_AUTO_CONFIRM_MS: "800",
      CONFIRMATIONS_USDT: "3",
      DARAJA_SIM_CALLBACK_DELAY_MS: "1500",
      PAYMENTS_RECONCILE_SECONDS: "2",
    },
  );
}

function withDb<T>(work: (db: Database.Database) => T, file = databaseFile): T {
  const db = new Database(file, { readonly: true });
  db.pragma("busy_timeout = 5000");
  try {
    return work(db);
  } finally {
    db.close();
  }
}

async function start() {
  server = await startOwnServer(appDir, serverEnv(), port);
  return server;
}

async function kill9() {
  await killOwnServer(server!);
  server = null;
}

/** The custody simulator's own API (its port changes at every start), from the boot log. */
function custodySimulatorUrl(): string {
  const line = server!.log
    .join("")
    .split("\n")
    .find((l) => l.includes("payment simulators started"));
  const url = line
    ? (JSON.parse(line.slice(line.indexOf("{"))) as { custody?: string }).custody
    : undefined;
  if (!url)
    throw new Error(`no custody simulator URL in the log: ${server!.log.join("").slice(-1000)}`);
  return url;
}

async function merchantApi(): Promise<APIRequestContext> {
  const baseURL = `http://localhost:${port}`;
  // Our Origin on every post, as a browser sends it: a signed-in post without one is refused.
  const api = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const signIn = await api.post("/merchant-signin", {
    form: {
      merchantId: DEMO_MERCHANT.merchantId,
      username: DEMO_MERCHANT.username,
      password: DEMO_MERCHANT.password,
    },
    maxRedirects: 0,
  });
  expect(signIn.status(), "demo merchant sign-in").toBe(302);
  return api;
}

/**
 * Create a payment as the merchant (waiting, bounded, for the first live rate) and pay it at
 * custody.
 */
async function createAndPay(api: APIRequestContext, reference: string) {
  const paymentId = await waitFor("a payment to be created", async () => {
    const response = await api.post("/merchant/payments/new", {
      form: { intent: "create", amountKes: "5000", asset: "USDT", reference },
      maxRedirects: 0,
    });
    return /\/merchant\/payments\/(pay_[a-z0-9]+)/.exec(response.headers().location ?? "")?.[1];
  });
  const payment = withDb(
    (db) =>
      db
        .prepare(
          "select deposit_address as address, crypto_amount_units as units from payments where id = ?",
        )
        .get(paymentId) as { address: string; units: number },
  );
  const units = BigInt(payment.units);
  const amount = `${units / 1_000_000n}.${(units % 1_000_000n).toString().padStart(6, "0")}`;
  const sent = await fetch(`${custodySimulatorUrl()}/__sim/payments`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ address: payment.address, amount }),
  });
  expect(sent.status).toBe(200);
  return paymentId;
}

const paymentRow = (id: string) =>
  withDb(
    (db) =>
      db.prepare("select status, confirmations from payments where id = ?").get(id) as {
        status: string;
        confirmations: number;
      },
  );
const transfersOf = (id: string) =>
  withDb(
    (db) =>
      db
        .prepare("select id, status, attempts from settlement_transfers where payment_id = ?")
        .all(id) as { id: string; status: string; attempts: number }[],
  );

/** Settled exactly once: one transfer, succeeded, sent once; one conversion; books balanced. */
function expectSettledOnce(paymentId: string) {
  expect(paymentRow(paymentId).status).toBe("settled");
  const transfers = transfersOf(paymentId);
  expect(transfers.map((t) => [t.status, t.attempts])).toEqual([["succeeded", 1]]);
  withDb((db) => {
    const events = db
      .prepare("select type from payment_events where payment_id = ?")
      .all(paymentId) as { type: string }[];
    expect(events.filter((e) => e.type === "converted")).toHaveLength(1);
    expect(events.filter((e) => e.type === "settled")).toHaveLength(1);
    const unbalanced = db
      .prepare(
        "select e.transaction_id from ledger_entries e join ledger_accounts a on a.id = e.account_id group by e.transaction_id, a.currency having sum(e.amount) != 0",
      )
      .all();
    expect(unbalanced).toEqual([]);
  });
  // M-Pesa (its simulator's own records, in the simulators' file: ADR 0045) accepted it once.
  const atMpesa = withDb(
    (db) =>
      db
        .prepare(
          "select count(*) as n from simulator_records where simulator = 'daraja' and kind = 'tx' and id = ?",
        )
        .get(transfers[0]!.id) as { n: number },
    simulatorDatabaseFile(databaseFile),
  );
  expect(atMpesa.n).toBe(1);
}

test.beforeAll(async () => {
  port = await freePort();
  ({ dataDir, appDir } = prepareOwnServerDir(`restart-${port}`));
  databaseFile = path.join(dataDir, "restart.sqlite");
  const setup = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-setup.ts"], {
    cwd: root,
    env: serverEnv(),
    encoding: "utf8",
  });
  expect(setup.status, setup.stderr).toBe(0);
});

test.afterAll(async () => {
  if (server) await kill9();
  rmSync(dataDir, { recursive: true, force: true });
});

test("killed after the first confirmation: settled exactly once after the restart", async () => {
  await start();
  const api = await merchantApi();
  const paymentId = await createAndPay(api, "KILL-CONFIRMING");
  await waitFor("the first confirmation", () => paymentRow(paymentId).confirmations >= 1);
  await kill9();
  expect(paymentRow(paymentId)).toMatchObject({ status: "confirming" });
  expect(paymentRow(paymentId).confirmations).toBeLessThan(3);

  await start();
  await waitFor(
    "the payment to settle after the restart",
    () => paymentRow(paymentId).status === "settled",
    60_000,
  );
  expectSettledOnce(paymentId);
  await api.dispose();
});

test("killed while M-Pesa's result was on its way: the status query settles it, once", async () => {
  if (!server) await start();
  const api = await merchantApi();
  const paymentId = await createAndPay(api, "KILL-SENT");
  await waitFor(
    "the transfer to be sent to M-Pesa",
    () => transfersOf(paymentId).some((t) => t.status === "sent"),
    60_000,
  );
  await kill9();
  expect(transfersOf(paymentId).map((t) => t.status)).toEqual(["sent"]);

  await start();
  await waitFor(
    "the payment to settle after the restart",
    () => paymentRow(paymentId).status === "settled",
    60_000,
  );
  expectSettledOnce(paymentId);
  await api.dispose();
});
