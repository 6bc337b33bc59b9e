/**
 * Payments in the running app: the configuration read from the environment, the custody and M-Pesa
 * clients and the other payout rails (Airtel Money, PesaLink, T-Kash: ./rails.server.ts), pointed
 * at the local simulators when PROVIDER_MODE=simulator, which are loaded only then, or at the
 * providers, with test mode on their sandboxes when configured: ADR 0028), the
 * opening M-Pesa float and the background tick. Started once at
 * boot (`startPayments`). Routes reach payments through `payments()`, the payments service on this
 * process's clients (see app/core/payments/service.server.ts); the core itself reads no
 * environment.
 */
import { cryptoLimits, feeBps } from "~/content/tariff";
import type { PaymentsConfig } from "~/core/payments/config";
import { railProfiles } from "~/core/rails/profiles";
import { apiModes, type ApiMode } from "~/core/api/vocabulary";
import {
  createAddressPoolRefill,
  parseAddressPoolSizes,
  type AddressPoolSizes,
} from "~/core/payments/address-pool.server";
import { callbackTokenFor } from "~/core/payments/callback-token.server";
import { servesMode, type PaymentsDeps } from "~/core/payments/deps";
import { createPaymentsService, type PaymentsService } from "~/core/payments/service.server";
import { railIds } from "~/core/rails/types";
import { fundOpeningFloat, runPaymentsTick } from "~/core/payments/tick.server";
import { createCustodyClient } from "~/core/providers/custody/client.server";
import type { CustodySimulator } from "~/simulators/custody/index.server";
import { createDarajaClient } from "~/core/providers/daraja/client.server";
import { pgStoreOf } from "~/db/pg-connection.server";
import { sqliteDatabaseOf } from "~/db/sqlite-store.server";
import { createStkClient, type StkClient } from "~/core/providers/daraja/stk.server";
import type { DarajaClient } from "~/core/providers/daraja/types";
import type { MpesaB2bSetup } from "~/core/rails/mpesa.server";
import { SANDBOX_STK_PASSKEY, SANDBOX_STK_SHORTCODE } from "~/core/providers/daraja/wire";
import type { DarajaSimulator } from "~/simulators/daraja/index.server";
import type { AirtelSimulator } from "~/simulators/airtel/index.server";
import type { PesalinkSimulator } from "~/simulators/pesalink/index.server";
import type { TkashSimulator } from "~/simulators/tkash/index.server";
import type { RailCallbackKeys } from "~/core/payments/rail-results.server";
import type { RailBalanceClients } from "~/core/reconciliation/run.server";
import { env, SANDBOX_SETTINGS, type Env } from "~/utils/env.server";
import { schedule } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import type { BootContext } from "./context";
import { ratesService } from "./rates.server";
import { configuredRails, providerRails, railCallbackUrls } from "./rails.server";
import { store } from "./store.server";
import { BANK_TRANSFERS_PATH } from "~/core/funding/bank-transfers.server";

export function paymentsConfigFromEnv(values: Env): PaymentsConfig {
  const mpesa = railProfiles.mpesa;
  return {
    spreadBps: values.PAYMENTS_SPREAD_BPS,
    quoteTtlMs: values.QUOTE_TTL_MINUTES * 60_000,
    confirmations: {
      BTC: values.CONFIRMATIONS_BTC,
      ETH: values.CONFIRMATIONS_ETH,
      USDT: values.CONFIRMATIONS_USDT,
      USDC: values.CONFIRMATIONS_USDC,
    },
    c2bFeeBps: feeBps.c2b,
    b2cFeeBps: feeBps.b2c,
    payoutDestinationCoolingOffHours: values.PAYOUT_DESTINATION_COOLING_OFF_HOURS,
    railPerTransferKes: mpesa.perTransferKes,
    railDailyKes: mpesa.dailyKes,
    minimumKes: cryptoLimits.minimum,
    autoMaxKes: cryptoLimits.autoMaxPerTransaction,
    reviewMaxKes: cryptoLimits.reviewMaxPerTransaction,
    dailyPerMerchantKes: cryptoLimits.dailyPerMerchant,
    publicSiteUrl: values.PUBLIC_SITE_URL,
  };
}

/** The payments dependencies as started in this process, with the simulators when they run. */
export interface PaymentsRuntime extends PaymentsDeps {
  custodySimulator: CustodySimulator | null;
  darajaSimulator: DarajaSimulator | null;
  /** The other rails' simulators (simulator mode; absent or null otherwise). */
  airtelSimulator?: AirtelSimulator | null;
  pesalinkSimulator?: PesalinkSimulator | null;
  tkashSimulator?: TkashSimulator | null;
  /** What verifies the callbacks of the rails in `rails` (app/wiring/rail-callbacks.server.ts). */
  railCallbacks?: RailCallbackKeys;
  /** The balance calls of the rails in `rails`, for the daily reconciliation (ADR 0036). */
  railBalances?: RailBalanceClients;
}

const state = globalThis as typeof globalThis & {
  __onehopPayments?: PaymentsRuntime;
  __onehopTestPayments?: PaymentsRuntime;
};

/**
 * Tests: make `runtime` the process's payments runtime (null removes it), and `testRuntime` test
 * mode's when it is another (the providers' sandboxes on a live deployment, ADR 0028).
 */
export function installPaymentsRuntime(
  runtime: PaymentsRuntime | null,
  testRuntime: PaymentsRuntime | null = null,
): void {
  if (runtime) state.__onehopPayments = runtime;
  else delete state.__onehopPayments;
  if (testRuntime) state.__onehopTestPayments = testRuntime;
  else delete state.__onehopTestPayments;
}

/**
 * The running payments dependencies (with the simulators), or null when payments did not start
 * here. On a live deployment: the live providers.
 */
export function runningPayments(): PaymentsRuntime | null {
  return state.__onehopPayments ?? null;
}

/**
 * What test-mode payments run on (ADR 0028): the simulators (the same runtime as above) in
 * simulator mode, the providers' sandboxes on a live deployment when they are configured, else
 * null.
 */
export function runningTestPayments(): PaymentsRuntime | null {
  const runtime = runningPayments();
  return state.__onehopTestPayments ?? (runtime && servesMode(runtime, "test") ? runtime : null);
}

/**
 * The payments service for a request or a job: this process's clients when payments run (else none:
 * see the service), its configuration (from the environment when payments did not start), the
 * rates.
 */
export function payments(): PaymentsService {
  const runtime = runningPayments();
  return createPaymentsService({
    store: store(),
    config: runtime?.config ?? paymentsConfigFromEnv(env),
    deps: runtime,
    testDeps: runningTestPayments(),
    rates: ratesService(),
  });
}

/**
 * Where M-Pesa and custody reach us: ourselves on loopback with the simulators, the public site
 * otherwise.
 */
export function callbackOrigin(simulators: boolean): string {
  return simulators ? `http://127.0.0.1:${env.PORT}` : env.PUBLIC_SITE_URL.replace(/\/$/, "");
}

function addressPoolSizesFromEnv(): AddressPoolSizes {
  try {
    return parseAddressPoolSizes(env.DEPOSIT_ADDRESS_POOL);
  } catch (error) {
    throw new Error(`DEPOSIT_ADDRESS_POOL: ${error instanceof Error ? error.message : error}`);
  }
}

/** Our M-Pesa callback URLs at `origin`, carrying `token` (which says the mode, ADR 0028). */
function darajaCallbackUrls(origin: string, token: string) {
  return {
    resultUrl: `${origin}/webhooks/mpesa/b2c/result?token=${token}`,
    queueTimeoutUrl: `${origin}/webhooks/mpesa/b2c/timeout?token=${token}`,
    statusResultUrl: `${origin}/webhooks/mpesa/status/result?token=${token}`,
    statusQueueTimeoutUrl: `${origin}/webhooks/mpesa/status/timeout?token=${token}`,
    balanceResultUrl: `${origin}/webhooks/mpesa/balance/result?token=${token}`,
  };
}

/**
 * M-Pesa B2B (Paybill and Till disbursements, ADR 0035 "B2B") on a Daraja client: its callback URLs
 * next to the B2C ones; the rail adds `&transfer=<id>` to each request's (the request carries no id
 * of ours, so the URL is what names the transfer when the Result comes).
 */
function darajaB2b(client: DarajaClient, origin: string, token: string): MpesaB2bSetup {
  return {
    client,
    resultUrl: `${origin}/webhooks/mpesa/b2b/result?token=${token}`,
    queueTimeoutUrl: `${origin}/webhooks/mpesa/b2b/timeout?token=${token}`,
  };
}

/** Where M-Pesa Express posts its callbacks, with the mode's token (ADR 0033). */
const stkCallbackUrl = (origin: string, token: string) =>
  `${origin}/webhooks/mpesa/stk?token=${token}`;

/**
 * The M-Pesa Express client of the live Daraja app or its sandbox, when its STK settings are set
 * (all or none, checked at boot); undefined otherwise ("Pay with M-Pesa" is then not offered).
 */
function providerStk(mode: ApiMode, origin: string, token: string): StkClient | undefined {
  const prefix = mode === "test" ? "TEST_" : "";
  const shortCode = env[`${prefix}DARAJA_STK_SHORTCODE`];
  const passkey = env[`${prefix}DARAJA_STK_PASSKEY`];
  const baseUrl = env[`${prefix}DARAJA_BASE_URL`];
  const consumerKey = env[`${prefix}DARAJA_CONSUMER_KEY`];
  const consumerSecret = env[`${prefix}DARAJA_CONSUMER_SECRET`];
  if (!shortCode || !passkey || !baseUrl || !consumerKey || !consumerSecret) return undefined;
  return createStkClient({
    baseUrl,
    consumerKey,
    consumerSecret,
    timeoutMs: env.DARAJA_TIMEOUT_MS,
    businessShortCode: shortCode,
    passkey,
    transactionType: env[`${prefix}DARAJA_STK_TRANSACTION_TYPE`],
    callbackUrl: stkCallbackUrl(origin, token),
  });
}

/**
 * The custody and Daraja clients on one provider account: the live one (`CUSTODY_*`, `DARAJA_*`)
 * or its sandbox (`TEST_CUSTODY_*`, `TEST_DARAJA_*`), with the M-Pesa callback token of that mode.
 * Boot's config step has checked the settings are present (all or none for the sandbox).
 */
function providerClients(mode: ApiMode, origin: string) {
  const prefix = mode === "test" ? "TEST_" : "";
  const setting = (name: string): string => {
    const key = `${prefix}${name}` as keyof Env;
    const value = env[key];
    if (typeof value !== "string" || value === "")
      throw new Error(`${key} is required when PROVIDER_MODE=live`);
    return value;
  };
  const callbackToken = callbackTokenFor(env.SESSION_SECRET, mode);
  const payouts = createDarajaClient({
    baseUrl: setting("DARAJA_BASE_URL"),
    consumerKey: setting("DARAJA_CONSUMER_KEY"),
    consumerSecret: setting("DARAJA_CONSUMER_SECRET"),
    initiatorName: setting("DARAJA_INITIATOR_NAME"),
    securityCredential: setting("DARAJA_SECURITY_CREDENTIAL"),
    shortCode: setting("DARAJA_SHORTCODE"),
    timeoutMs: env.DARAJA_TIMEOUT_MS,
    ...darajaCallbackUrls(origin, callbackToken),
  });
  return {
    callbackToken,
    custody: createCustodyClient({
      baseUrl: setting("CUSTODY_BASE_URL"),
      apiKey: setting("CUSTODY_API_KEY"),
      apiSecretPem: setting("CUSTODY_API_SECRET_PEM"),
      timeoutMs: env.CUSTODY_TIMEOUT_MS,
    }),
    custodyWebhookPublicKeyPem: setting("CUSTODY_WEBHOOK_PUBLIC_KEY_PEM"),
    payouts,
    b2b: darajaB2b(payouts, origin, callbackToken),
    stk: providerStk(mode, origin, callbackToken),
  };
}

/** The sandbox settings are all set (env validation refuses some of them). */
const sandboxConfigured = () => SANDBOX_SETTINGS.every((name) => Boolean(env[name]));

/**
 * Each ledger book's opening float per rail in simulator mode. The simulators, which hold both
 * books' money, open with the sum over the books, so the daily reconciliation finds them in
 * agreement from the start (ADR 0036).
 */
export const simulatorBookFloatKes = () => Math.max(env.MPESA_FLOAT_OPENING_KES, 5_000_000);

/** The simulators, for both modes (simulator mode only: a live process never loads them). */
async function startSimulators(
  on: BootContext["store"],
  config: PaymentsConfig,
  origin: string,
): Promise<Omit<PaymentsRuntime, "config" | "reconcileAfterMs" | "addressPool">> {
  const [
    { startCustodySimulation },
    { startDarajaSimulation, DARAJA_SIMULATOR_KEYS, DARAJA_SIMULATOR_ACCOUNT },
    { startRailSimulations },
    { openSimulatorState },
  ] = await Promise.all([
    import("./simulators/custody.server"),
    import("./simulators/daraja.server"),
    import("./simulators/rails.server"),
    import("./simulators/state.server"),
  ]);
  // The simulators keep their state in their own file, not in our database (ADR 0045).
  const pg = pgStoreOf(on);
  const state = openSimulatorState(
    pg ? { pgUrl: pg.url, dataDir: env.DATA_DIR } : sqliteDatabaseOf(on)!,
  );
  const custodySimulator = await startCustodySimulation(state, {
    webhookUrl: `${origin}/webhooks/custody`,
    completeAt: config.confirmations,
    autoConfirmMs: env.SIMULATOR_AUTO_CONFIRM_MS > 0 ? env.SIMULATOR_AUTO_CONFIRM_MS : null,
    allowedReturnOrigins: [origin, env.PUBLIC_SITE_URL.replace(/\/$/, "")],
  });
  const keys = custodySimulator.apiKeyPair!;
  const darajaSimulator = await startDarajaSimulation(state, {
    callbackDelayMs: env.DARAJA_SIM_CALLBACK_DELAY_MS,
    openingFloatKes: simulatorBookFloatKes() * apiModes.length,
  });
  // Airtel Money, PesaLink and T-Kash: every rail runs on its simulator, for both modes.
  const railSimulations = await startRailSimulations(state, {
    callbackUrls: railCallbackUrls(origin),
    incomingCreditUrl: `${origin}${BANK_TRANSFERS_PATH}`,
    callbackDelayMs: env.RAIL_SIM_CALLBACK_DELAY_MS,
    timeoutMs: env.RAIL_TIMEOUT_MS,
    openingFloatKes: simulatorBookFloatKes() * apiModes.length,
  });
  const callbackToken = callbackTokenFor(env.SESSION_SECRET);
  const payouts = createDarajaClient({
    baseUrl: darajaSimulator.baseUrl,
    ...DARAJA_SIMULATOR_KEYS,
    ...DARAJA_SIMULATOR_ACCOUNT,
    timeoutMs: env.DARAJA_TIMEOUT_MS,
    ...darajaCallbackUrls(origin, callbackToken),
  });
  logger.info("payment simulators started", {
    custody: custodySimulator.baseUrl,
    daraja: darajaSimulator.baseUrl,
    airtel: railSimulations.airtelSimulator.baseUrl,
    pesalink: railSimulations.pesalinkSimulator.baseUrl,
    tkash: railSimulations.tkashSimulator.baseUrl,
  });
  return {
    ...railSimulations,
    custodySimulator,
    darajaSimulator,
    callbackToken,
    custody: createCustodyClient({
      baseUrl: custodySimulator.baseUrl,
      apiKey: keys.apiKey,
      apiSecretPem: keys.privateKeyPem,
      timeoutMs: env.CUSTODY_TIMEOUT_MS,
    }),
    custodyWebhookPublicKeyPem: custodySimulator.webhookPublicKeyPem,
    payouts,
    b2b: darajaB2b(payouts, origin, callbackToken),
    // M-Pesa Express on the simulator, with the public sandbox's shortcode and passkey.
    stk: createStkClient({
      baseUrl: darajaSimulator.baseUrl,
      ...DARAJA_SIMULATOR_KEYS,
      timeoutMs: env.DARAJA_TIMEOUT_MS,
      businessShortCode: SANDBOX_STK_SHORTCODE,
      passkey: SANDBOX_STK_PASSKEY,
      callbackUrl: stkCallbackUrl(origin, callbackToken),
    }),
  };
}

export async function startPayments({ store: on, simulators }: BootContext): Promise<void> {
  const config = paymentsConfigFromEnv(env);
  const origin = callbackOrigin(simulators);
  const reconcileAfterMs = env.PAYMENTS_RECONCILE_SECONDS * 1000;
  const sizes = addressPoolSizesFromEnv();
  const withPool = (
    clients: Omit<PaymentsRuntime, "config" | "reconcileAfterMs" | "addressPool">,
    modes: readonly ApiMode[],
  ): PaymentsRuntime => ({
    ...clients,
    config,
    reconcileAfterMs,
    addressPool: createAddressPoolRefill({
      store: on,
      custody: clients.custody,
      modes,
      sizes,
      onError: (error) =>
        logger.warn("deposit address pool: refill stopped, next payment retries", {
          modes,
          error: error instanceof Error ? error.message : String(error),
        }),
    }),
  });

  let runtimes: PaymentsRuntime[];
  if (simulators) {
    // One set of simulators serves both modes.
    runtimes = [withPool(await startSimulators(on, config, origin), apiModes)];
    await fundOpeningFloat(store(), simulatorBookFloatKes(), apiModes, railIds);
  } else {
    // The live providers serve live payments only; test ones reach the providers' sandboxes when
    // they are configured (ADR 0028), else test keys answer 503.
    // The other payout rails run where their settings are set (each all or none); a rail without
    // them is absent, and its transfers of that mode wait, pending.
    const simulated = { custodySimulator: null, darajaSimulator: null };
    const live = {
      ...simulated,
      ...providerClients("live", origin),
      ...providerRails("live", origin),
      modes: ["live"] as const,
    };
    runtimes = [withPool(live, ["live"])];
    logger.info("payout rails configured", { live: ["mpesa", ...configuredRails("live")] });
    logger.info("M-Pesa Express (Pay with M-Pesa)", {
      live: live.stk ? "configured" : "not configured: not offered",
    });
    if (sandboxConfigured()) {
      const test = {
        ...simulated,
        ...providerClients("test", origin),
        ...providerRails("test", origin),
        modes: ["test"] as const,
      };
      runtimes.push(withPool(test, ["test"]));
      logger.info("test mode runs on the providers' sandboxes", {
        custody: env.TEST_CUSTODY_BASE_URL,
        daraja: env.TEST_DARAJA_BASE_URL,
        rails: ["mpesa", ...configuredRails("test")],
      });
    }
    // Each configured rail starts with the same opening float (until operators fund floats).
    await fundOpeningFloat(store(), env.MPESA_FLOAT_OPENING_KES, undefined, [
      "mpesa",
      ...configuredRails("live"),
    ]);
  }
  installPaymentsRuntime(runtimes[0]!, runtimes[1] ?? null);
  for (const each of runtimes) each.addressPool?.wake();

  schedule({
    name: "payments.tick",
    // Often enough that a payment due for reconciliation waits at most one more tick.
    pattern: { everySeconds: Math.min(10, env.PAYMENTS_RECONCILE_SECONDS) },
    run: () =>
      // One run per set of providers, each on its own mode's payments (and its own lease).
      Promise.all(
        runtimes.map((each) => {
          each.addressPool?.wake(); // after a custody failure, the pools refill from here
          return runPaymentsTick(store(), each, Date.now);
        }),
      ),
  });
}
