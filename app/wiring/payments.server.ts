/**
 * Payments in the running app: the configuration read from the environment, the custody and M-Pesa
 * clients (pointed at the local simulators when PROVIDER_MODE=simulator, which are loaded only
 * then, or at the providers), the opening M-Pesa float and the background tick. Started once at
 * boot (`startPayments`). Routes reach payments through `payments()`, the payments service on this
 * process's clients (see app/core/payments/service.server.ts); the core itself reads no
 * environment.
 */
import { cryptoLimits, feeBps, mobileMoneyLimits } from "~/content/tariff";
import type { PaymentsConfig } from "~/core/payments/config";
import { apiModes } from "~/core/api/vocabulary";
import {
  createAddressPoolRefill,
  parseAddressPoolSizes,
  type AddressPoolSizes,
} from "~/core/payments/address-pool.server";
import { callbackTokenFor } from "~/core/payments/callback-token.server";
import type { PaymentsDeps } from "~/core/payments/deps";
import { createPaymentsService, type PaymentsService } from "~/core/payments/service.server";
import { fundOpeningFloat, runPaymentsTick } from "~/core/payments/tick.server";
import { createCustodyClient } from "~/core/providers/custody/client.server";
import type { CustodySimulator } from "~/simulators/custody/index.server";
import type { Custody } from "~/core/providers/custody/types";
import { createDarajaClient } from "~/core/providers/daraja/client.server";
import type { DarajaSimulator } from "~/simulators/daraja/index.server";
import type { MobileMoneyPayouts } from "~/core/providers/daraja/types";
import { getDb } from "~/utils/db.server";
import { env, type Env } from "~/utils/env.server";
import { schedule } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import type { BootContext } from "./context";
import { ratesService } from "./rates.server";

export function paymentsConfigFromEnv(values: Env): PaymentsConfig {
  const mpesa = mobileMoneyLimits.find((rail) => rail.id === "mpesa")!;
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
    railPerTransferKes: mpesa.perTransaction,
    railDailyKes: mpesa.daily,
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
}

const state = globalThis as typeof globalThis & { __onehopPayments?: PaymentsRuntime };

/** Tests: make `runtime` the process's payments runtime (null removes it). */
export function installPaymentsRuntime(runtime: PaymentsRuntime | null): void {
  if (runtime) state.__onehopPayments = runtime;
  else delete state.__onehopPayments;
}

/**
 * The running payments dependencies (with the simulators), or null when payments did not start
 * here.
 */
export function runningPayments(): PaymentsRuntime | null {
  return state.__onehopPayments ?? null;
}

/**
 * The payments service for a request or a job: this process's clients when payments run (else none:
 * see the service), its configuration (from the environment when payments did not start), the
 * rates.
 */
export function payments(): PaymentsService {
  const runtime = runningPayments();
  return createPaymentsService({
    db: getDb(),
    config: runtime?.config ?? paymentsConfigFromEnv(env),
    deps: runtime,
    rates: ratesService(),
  });
}

/**
 * Where M-Pesa and custody reach us: ourselves on loopback with the simulators, the public site
 * otherwise.
 */
function callbackOrigin(simulators: boolean): string {
  return simulators ? `http://127.0.0.1:${env.PORT}` : env.PUBLIC_SITE_URL.replace(/\/$/, "");
}

function addressPoolSizesFromEnv(): AddressPoolSizes {
  try {
    return parseAddressPoolSizes(env.DEPOSIT_ADDRESS_POOL);
  } catch (error) {
    throw new Error(`DEPOSIT_ADDRESS_POOL: ${error instanceof Error ? error.message : error}`);
  }
}

function required(name: keyof Env): string {
  const value = env[name];
  if (typeof value !== "string" || value === "")
    throw new Error(`${name} is required when PROVIDER_MODE=live`);
  return value;
}

export async function startPayments({ db, simulators }: BootContext): Promise<void> {
  const config = paymentsConfigFromEnv(env);
  const origin = callbackOrigin(simulators);
  const callbackToken = callbackTokenFor(env.SESSION_SECRET);
  let custodySimulator: CustodySimulator | null = null;
  let darajaSimulator: DarajaSimulator | null = null;
  let custody: Custody;
  let custodyWebhookPublicKeyPem: string;
  let payouts: MobileMoneyPayouts;
  const darajaUrls = {
    resultUrl: `${origin}/webhooks/mpesa/b2c/result?token=${callbackToken}`,
    queueTimeoutUrl: `${origin}/webhooks/mpesa/b2c/timeout?token=${callbackToken}`,
    statusResultUrl: `${origin}/webhooks/mpesa/status/result?token=${callbackToken}`,
    statusQueueTimeoutUrl: `${origin}/webhooks/mpesa/status/timeout?token=${callbackToken}`,
  };

  if (simulators) {
    // Loaded only in simulator mode: a live process never loads the simulator modules.
    const [{ startCustodySimulation }, { startDarajaSimulation, DARAJA_SIMULATOR_KEYS }] =
      await Promise.all([
        import("./simulators/custody.server"),
        import("./simulators/daraja.server"),
      ]);
    custodySimulator = await startCustodySimulation(db, {
      webhookUrl: `${origin}/webhooks/custody`,
      completeAt: config.confirmations,
      autoConfirmMs: env.SIMULATOR_AUTO_CONFIRM_MS > 0 ? env.SIMULATOR_AUTO_CONFIRM_MS : null,
      allowedReturnOrigins: [origin, env.PUBLIC_SITE_URL.replace(/\/$/, "")],
    });
    const keys = custodySimulator.apiKeyPair!;
    custody = createCustodyClient({
      baseUrl: custodySimulator.baseUrl,
      apiKey: keys.apiKey,
      apiSecretPem: keys.privateKeyPem,
      timeoutMs: env.CUSTODY_TIMEOUT_MS,
    });
    custodyWebhookPublicKeyPem = custodySimulator.webhookPublicKeyPem;
    darajaSimulator = await startDarajaSimulation(db, {
      callbackDelayMs: env.DARAJA_SIM_CALLBACK_DELAY_MS,
    });
    payouts = createDarajaClient({
      baseUrl: darajaSimulator.baseUrl,
      ...DARAJA_SIMULATOR_KEYS,
      initiatorName: "onehop-sim",
      securityCredential: "c2ltdWxhdGVk",
      shortCode: "600000",
      timeoutMs: env.DARAJA_TIMEOUT_MS,
      ...darajaUrls,
    });
    fundOpeningFloat(db, Math.max(env.MPESA_FLOAT_OPENING_KES, 5_000_000));
    logger.info("payment simulators started", {
      custody: custodySimulator.baseUrl,
      daraja: darajaSimulator.baseUrl,
    });
  } else {
    custody = createCustodyClient({
      baseUrl: required("CUSTODY_BASE_URL"),
      apiKey: required("CUSTODY_API_KEY"),
      apiSecretPem: required("CUSTODY_API_SECRET_PEM"),
      timeoutMs: env.CUSTODY_TIMEOUT_MS,
    });
    custodyWebhookPublicKeyPem = required("CUSTODY_WEBHOOK_PUBLIC_KEY_PEM");
    payouts = createDarajaClient({
      baseUrl: required("DARAJA_BASE_URL"),
      consumerKey: required("DARAJA_CONSUMER_KEY"),
      consumerSecret: required("DARAJA_CONSUMER_SECRET"),
      initiatorName: required("DARAJA_INITIATOR_NAME"),
      securityCredential: required("DARAJA_SECURITY_CREDENTIAL"),
      shortCode: required("DARAJA_SHORTCODE"),
      timeoutMs: env.DARAJA_TIMEOUT_MS,
      ...darajaUrls,
    });
    fundOpeningFloat(db, env.MPESA_FLOAT_OPENING_KES);
  }

  const reconcileAfterMs = env.PAYMENTS_RECONCILE_SECONDS * 1000;
  const addressPool = createAddressPoolRefill({
    db,
    custody,
    // Test payments run against the simulators, which only run in simulator mode.
    modes: simulators ? apiModes : ["live"],
    sizes: addressPoolSizesFromEnv(),
    onError: (error) =>
      logger.warn("deposit address pool: refill stopped, next payment retries", {
        error: error instanceof Error ? error.message : String(error),
      }),
  });
  const runtime: PaymentsRuntime = {
    config,
    custody,
    payouts,
    custodyWebhookPublicKeyPem,
    callbackToken,
    custodySimulator,
    darajaSimulator,
    reconcileAfterMs,
    addressPool,
  };
  installPaymentsRuntime(runtime);
  addressPool.wake();

  schedule({
    name: "payments.tick",
    // Often enough that a payment due for reconciliation waits at most one more tick.
    pattern: { everySeconds: Math.min(10, env.PAYMENTS_RECONCILE_SECONDS) },
    run: () => {
      addressPool.wake(); // after a custody failure, the pools refill from here
      return runPaymentsTick(db, runtime, Date.now);
    },
  });
}
