/**
 * The test helpers (issue 32) on a production server of its own (server.mjs on the build,
 * simulators on, its own DATA_DIR, database and port), as an API client sees them: the real
 * wiring, the custody and M-Pesa simulators calling back our own webhook routes over HTTP. A test
 * payment paid in crypto and one with M-Pesa; the test balance funded; the next M-Pesa payout (a
 * refund to M-Pesa) failed at the rail once, the one after paid; a live key refused.
 */
import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO_MERCHANT } from "./auth";
import {
  freePort,
  killOwnServer,
  ownDatabase,
  ownServerEnv,
  prepareOwnServerDir,
  runOwnScript,
  startOwnServer,
  waitFor,
  type OwnServer,
} from "./own-server";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let port = 0;
let dataDir = "";
let appDir = "";
let databaseFile = "";
let server: OwnServer | null = null;
let key = "";

const serverEnv = () =>
  ownServerEnv(
    { port, dataDir, databaseFile, secretLabel: "api-test-helpers" },
    { SIMULATOR_AUTO_CONFIRM_MS: "0" },
  );

function runScript(script: string, args: string[]): string {
  const run = runOwnScript(script, args, serverEnv());
  expect(run.status, `${script}: ${run.stderr}`).toBe(0);
  return run.stdout;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(method: string, url: string, body?: unknown, secret = key) {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1${url}`, {
    method,
    headers: {
      Authorization: `Bearer ${secret}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

async function ok(method: string, url: string, body?: unknown, status = 200): Promise<Json> {
  const answer = await call(method, url, body);
  expect(answer.status, JSON.stringify(answer.json)).toBe(status);
  return answer.json;
}

const newPayment = () =>
  ok(
    "POST",
    "/payments",
    { amount: 100_000, currency: "KES", asset: "USDT", reference: "helpers" },
    201,
  );

test.beforeAll(async () => {
  port = await freePort();
  ({ dataDir, appDir } = prepareOwnServerDir(`api-test-helpers-${port}`));
  databaseFile = await ownDatabase(`api_test_helpers_${port}`, dataDir);
  runScript("scripts/db-setup.ts", []);
  server = await startOwnServer(appDir, serverEnv(), port);
  key = runScript("scripts/apikey-create.ts", [
    "--merchant",
    DEMO_MERCHANT.merchantId,
    "--mode",
    "test",
    "--scopes",
    "payments:read,payments:write,payouts:write,refunds:write,balances:read",
  ]);
  expect(key).toMatch(/^oh_test_/);
});

test.afterAll(async () => {
  if (server) await killOwnServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test("a test payment paid in crypto answers with its new status", async () => {
  const payment = await newPayment();
  const paid = await ok("POST", `/test_helpers/payments/${payment.id}/pay`, {});
  expect(["confirmed", "settling", "settled"]).toContain(paid.status);
  expect(paid.crypto_received_decimal).toBe(payment.crypto_amount_decimal);
  const short = await newPayment();
  const under = await ok("POST", `/test_helpers/payments/${short.id}/pay`, { amount: "1" });
  expect(under.status).toBe("underpaid");
});

test("funding, then a refund to M-Pesa failed once at the rail by fail_next", async () => {
  const payment = await newPayment();
  const paid = await ok("POST", `/test_helpers/payments/${payment.id}/pay`, { method: "mpesa" });
  expect(paid.paid_with).toBe("mpesa");
  // Its settlement goes to the merchant's M-Pesa first: wait for it before arming the failure.
  await waitFor("the payment to settle", async () => {
    const read = await ok("GET", `/payments/${payment.id}`);
    return read.status === "settled";
  });
  const funded = await ok("POST", "/test_helpers/balance/fund", {
    amount: 1_000_000,
    currency: "KES",
  });
  expect(funded).toMatchObject({ object: "balance", livemode: false });
  expect(funded.available).toBeGreaterThanOrEqual(1_000_000);
  expect(await ok("GET", "/balances")).toEqual(funded);

  expect(await ok("POST", "/test_helpers/payouts/fail_next", {})).toEqual({
    object: "test_helpers.payout_failure",
    armed: true,
    reason: "invalid_account",
  });
  const refundUntil = async (amount: number, status: string) => {
    const refund = await ok("POST", "/refunds", { payment_id: payment.id, amount }, 201);
    return waitFor(`the refund to be ${status}`, async () => {
      const read = await ok("GET", `/refunds/${refund.id}`);
      return read.status === status ? read : null;
    });
  };
  const failed = await refundUntil(20_000, "failed");
  expect(failed.failure_reason).toBe("The phone number is not a valid M-Pesa recipient");
  const paidBack = await refundUntil(20_000, "succeeded");
  expect(paidBack.failure_reason).toBeNull();
});

test("a live key is refused: 403 test_mode_only", async () => {
  const live = runScript("scripts/apikey-create.ts", [
    "--merchant",
    DEMO_MERCHANT.merchantId,
    "--mode",
    "live",
    "--scopes",
    "payouts:write",
  ]);
  const answer = await call(
    "POST",
    "/test_helpers/balance/fund",
    { amount: 100, currency: "KES" },
    live,
  );
  expect(answer.status).toBe(403);
  expect(answer.json.error.code).toBe("test_mode_only");
});
