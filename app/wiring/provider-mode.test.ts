/**
 * The composition place loads the provider simulators only in simulator mode (issue 16, item 2):
 * with PROVIDER_MODE=live, starting payments and rates wires the clients to the configured
 * providers and never imports a simulator module (each is watched through a module mock that
 * records its loading). The simulator-mode case shows the watch sees a load when there is one.
 */
import { generateKeyPairSync } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { payoutRailsOf } from "~/core/payments/rails.server";
import { env, SANDBOX_SETTINGS, type RAIL_SETTINGS } from "~/utils/env.server";
import { stopAllJobs } from "~/utils/jobs.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import {
  installPaymentsRuntime,
  payments,
  runningPayments,
  runningTestPayments,
  startPayments,
} from "./payments.server";
import { runningMarketSimulator, startRates } from "./rates.server";

const loaded = vi.hoisted(() => new Set<string>());
vi.mock("~/simulators/custody/index.server", async (importOriginal) => {
  loaded.add("custody");
  return importOriginal();
});
vi.mock("~/simulators/daraja/index.server", async (importOriginal) => {
  loaded.add("daraja");
  return importOriginal();
});
vi.mock("~/simulators/airtel/index.server", async (importOriginal) => {
  loaded.add("airtel");
  return importOriginal();
});
vi.mock("~/simulators/pesalink/index.server", async (importOriginal) => {
  loaded.add("pesalink");
  return importOriginal();
});
vi.mock("~/simulators/tkash/index.server", async (importOriginal) => {
  loaded.add("tkash");
  return importOriginal();
});
vi.mock("~/simulators/market/index.server", async (importOriginal) => {
  loaded.add("market");
  return importOriginal();
});
vi.mock("~/simulators/store.server", async (importOriginal) => {
  loaded.add("simulator-store");
  return importOriginal();
});

const { db, close } = installTestDatabase();
const saved = { ...env };
afterAll(async () => {
  stopAllJobs();
  const running = runningPayments();
  await Promise.all([
    running?.custodySimulator?.close(),
    running?.darajaSimulator?.close(),
    running?.airtelSimulator?.close(),
    running?.pesalinkSimulator?.close(),
    running?.tkashSimulator?.close(),
    runningMarketSimulator()?.stop(),
  ]);
  installPaymentsRuntime(null);
  Object.assign(env, saved);
  close();
});

describe("which provider modules a process loads", () => {
  it("PROVIDER_MODE=live: payments and rates start on the providers' settings, and no simulator module is loaded", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    Object.assign(env, {
      PROVIDER_MODE: "live",
      CUSTODY_BASE_URL: "https://custody.example.test",
      CUSTODY_API_KEY: "live-key",
      CUSTODY_API_SECRET_PEM: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      CUSTODY_WEBHOOK_PUBLIC_KEY_PEM: publicKey.export({ type: "spki", format: "pem" }).toString(),
      DARAJA_BASE_URL: "https://daraja.example.test",
      DARAJA_CONSUMER_KEY: "consumer",
      DARAJA_CONSUMER_SECRET: "secret",
      DARAJA_INITIATOR_NAME: "onehop",
      DARAJA_SECURITY_CREDENTIAL: "credential",
      DARAJA_SHORTCODE: "600000",
    });
    await startPayments({ store: testStore(db), simulators: false });
    await startRates({ store: testStore(db), simulators: false });
    expect(runningPayments()).toMatchObject({ custodySimulator: null, darajaSimulator: null });
    // Without their settings the other payout rails do not run: M-Pesa alone.
    expect(Object.keys(payoutRailsOf(runningPayments()!))).toEqual(["mpesa"]);
    // Without the sandbox settings, test mode has no providers here (test keys answer 503).
    expect(runningTestPayments()).toBeNull();
    expect(payments().runsMode("test")).toBe(false);
    expect(runningMarketSimulator()).toBeNull();
    expect([...loaded]).toEqual([]);
    stopAllJobs();
  });

  it("PROVIDER_MODE=live with the payout rails' settings: Airtel Money, PesaLink and T-Kash run on their providers, without a simulator module", async () => {
    const pair = () =>
      generateKeyPairSync("rsa", {
        modulusLength: 2048,
        publicKeyEncoding: { type: "spki", format: "pem" },
        privateKeyEncoding: { type: "pkcs8", format: "pem" },
      });
    const [airtelKey, ours, bank] = [pair(), pair(), pair()];
    const railEnv = {
      AIRTEL_BASE_URL: "https://openapi.airtel.africa",
      AIRTEL_CLIENT_ID: "client",
      AIRTEL_CLIENT_SECRET: "secret",
      AIRTEL_PIN: "1234",
      AIRTEL_PIN_PUBLIC_KEY: airtelKey.publicKey,
      AIRTEL_CALLBACK_SECRET: "airtel-callback-secret",
      PESALINK_BASE_URL: "https://api.finserve.africa",
      PESALINK_API_KEY: "api-key",
      PESALINK_MERCHANT_CODE: "0011547896",
      PESALINK_CONSUMER_SECRET: "consumer-secret",
      PESALINK_PRIVATE_KEY_PEM: ours.privateKey,
      PESALINK_BANK_PUBLIC_KEY_PEM: bank.publicKey,
      PESALINK_SOURCE_ACCOUNT_NUMBER: "1450160649886",
      PESALINK_SOURCE_NAME: "OneHop Ltd",
      TKASH_BASE_URL: "https://payouts.aggregator.example.test",
      TKASH_API_KEY: "key",
      TKASH_API_SECRET: "tkash-secret",
    } satisfies Record<(typeof RAIL_SETTINGS)[keyof typeof RAIL_SETTINGS][number], string>;
    Object.assign(env, railEnv);
    await startPayments({ store: testStore(db), simulators: false });
    const live = runningPayments()!;
    expect(Object.keys(payoutRailsOf(live)).sort()).toEqual([
      "airtel-money",
      "mpesa",
      "pesalink",
      "t-kash",
    ]);
    expect(live.railCallbacks).toMatchObject({
      "airtel-money": { callbackSecret: "airtel-callback-secret" },
      pesalink: { bankPublicKey: bank.publicKey },
      "t-kash": { apiSecret: "tkash-secret" },
    });
    expect([live.airtelSimulator, live.pesalinkSimulator, live.tkashSimulator]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect([...loaded]).toEqual([]);
    stopAllJobs();
    for (const name of Object.keys(railEnv)) delete env[name as keyof typeof railEnv];
  });

  it("PROVIDER_MODE=live with the sandbox settings: test mode runs on the sandboxes, still without a simulator module", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    Object.assign(env, {
      TEST_CUSTODY_BASE_URL: "https://sandbox-custody.example.test",
      TEST_CUSTODY_API_KEY: "sandbox-key",
      TEST_CUSTODY_API_SECRET_PEM: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      TEST_CUSTODY_WEBHOOK_PUBLIC_KEY_PEM: publicKey
        .export({ type: "spki", format: "pem" })
        .toString(),
      TEST_DARAJA_BASE_URL: "https://sandbox.safaricom.example.test",
      TEST_DARAJA_CONSUMER_KEY: "sandbox-consumer",
      TEST_DARAJA_CONSUMER_SECRET: "sandbox-secret",
      TEST_DARAJA_INITIATOR_NAME: "testapi",
      TEST_DARAJA_SECURITY_CREDENTIAL: "sandbox-credential",
      TEST_DARAJA_SHORTCODE: "600999",
    });
    await startPayments({ store: testStore(db), simulators: false });
    const live = runningPayments();
    const test = runningTestPayments();
    expect(live?.modes).toEqual(["live"]);
    expect(test?.modes).toEqual(["test"]);
    expect(test).not.toBe(live);
    // Each mode's M-Pesa calls back with its own token: a callback names the mode that sent it.
    expect(test?.callbackToken).not.toBe(live?.callbackToken);
    expect(test?.custodyWebhookPublicKeyPem).not.toBe(live?.custodyWebhookPublicKeyPem);
    expect(payments().runsMode("test")).toBe(true);
    expect([...loaded]).toEqual([]);
    stopAllJobs();
    for (const name of SANDBOX_SETTINGS) delete env[name];
  });

  it("PROVIDER_MODE=simulator: the simulators are loaded and started", async () => {
    env.PROVIDER_MODE = "simulator";
    await startPayments({ store: testStore(db), simulators: true });
    await startRates({ store: testStore(db), simulators: true });
    expect(runningPayments()?.custodySimulator).not.toBeNull();
    expect(runningMarketSimulator()).not.toBeNull();
    expect(Object.keys(payoutRailsOf(runningPayments()!)).sort()).toEqual([
      "airtel-money",
      "mpesa",
      "pesalink",
      "t-kash",
    ]);
    expect([...loaded].sort()).toEqual([
      "airtel",
      "custody",
      "daraja",
      "market",
      "pesalink",
      "simulator-store",
      "tkash",
    ]);
  });
});
