/**
 * The payments core in the running app: the custody and M-Pesa clients (pointed at the local
 * simulators when PROVIDER_MODE=simulator, at the providers otherwise), the configuration from the
 * environment, and the background tick that expires quotes, settles confirmed payments, sends pending
 * transfers and chases unanswered ones. Started once at boot.
 */
import { createHmac, randomInt } from "node:crypto";
import { cryptoLimits, feeBps, mobileMoneyLimits } from "~/content/tariff";
import { capital, postTransaction, railFloat } from "~/core/ledger/ledger.server";
import { createCustodyClient } from "~/core/providers/custody/client.server";
import { startCustodySimulator, type CustodySimulator } from "~/core/providers/custody/simulator.server";
import type { Custody } from "~/core/providers/custody/types";
import { createDarajaClient } from "~/core/providers/daraja/client.server";
import { startDarajaSimulator, type DarajaSimulator } from "~/core/providers/daraja/simulator.server";
import type { MobileMoneyPayouts } from "~/core/providers/daraja/types";
import { createDbSimulatorStore } from "~/core/providers/simulator-store.server";
import type { BootContext } from "~/utils/boot.server";
import type { Db } from "~/utils/db.server";
import { env, type Env } from "~/utils/env.server";
import { runLeased, schedule } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import type { PaymentsConfig } from "./config";
import { expireOverduePayments } from "./payments.server";
import { listPayments } from "./reads.server";
import { DEFAULT_RECONCILE_AFTER_MS, reconcileCustodyPayments } from "./reconcile.server";
import { planSettlement, queryOverdueTransfers, releaseScheduledTransfers, sendPendingTransfers } from "./settlement.server";

export function paymentsConfigFromEnv(values: Env): PaymentsConfig {
  const mpesa = mobileMoneyLimits.find((rail) => rail.id === "mpesa")!;
  return {
    spreadBps: values.PAYMENTS_SPREAD_BPS,
    quoteTtlMs: values.QUOTE_TTL_MINUTES * 60_000,
    confirmations: { BTC: values.CONFIRMATIONS_BTC, ETH: values.CONFIRMATIONS_ETH, USDT: values.CONFIRMATIONS_USDT, USDC: values.CONFIRMATIONS_USDC },
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

export interface PaymentsRuntime {
  config: PaymentsConfig;
  custody: Custody;
  payouts: MobileMoneyPayouts;
  custodyWebhookPublicKeyPem: string;
  /** Secret in our M-Pesa callback URLs, so only M-Pesa (who got the URL from us) can call them. */
  callbackToken: string;
  custodySimulator: CustodySimulator | null;
  darajaSimulator: DarajaSimulator | null;
  /** Reconciliation interval (PAYMENTS_RECONCILE_SECONDS): unchanged this long -> ask the provider. Default 60 s. */
  reconcileAfterMs?: number;
}

const state = globalThis as typeof globalThis & { __onehopPayments?: PaymentsRuntime };

export function hasPaymentsRuntime(): boolean {
  return state.__onehopPayments !== undefined;
}

/** Tests: make `runtime` the process's payments runtime (null removes it). */
export function installPaymentsRuntime(runtime: PaymentsRuntime | null): void {
  if (runtime) state.__onehopPayments = runtime;
  else delete state.__onehopPayments;
}

export function paymentsRuntime(): PaymentsRuntime {
  if (!state.__onehopPayments) throw new Error("The payments runtime has not started");
  return state.__onehopPayments;
}

export const callbackTokenFor = (secret: string) => createHmac("sha256", secret).update("mpesa-callbacks").digest("base64url").slice(0, 32);

/** Where M-Pesa and custody reach us: ourselves on loopback with the simulators, the public site otherwise. */
function callbackOrigin(simulators: boolean): string {
  return simulators ? `http://127.0.0.1:${env.PORT}` : env.PUBLIC_SITE_URL.replace(/\/$/, "");
}

function required(name: keyof Env): string {
  const value = env[name];
  if (typeof value !== "string" || value === "") throw new Error(`${name} is required when PROVIDER_MODE=live`);
  return value;
}

/** The M-Pesa float we may pay out from: an opening balance, posted once. */
function fundFloat(db: Db, kes: number) {
  if (kes <= 0) return;
  postTransaction(db, {
    idempotencyKey: `float:mpesa:opening:${kes}`,
    kind: "float.funded",
    description: `Opening M-Pesa B2C float of KES ${kes}`,
    entries: [
      { account: railFloat("mpesa"), amount: BigInt(kes) * 100n },
      { account: capital("KES"), amount: -BigInt(kes) * 100n },
    ],
  });
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
    custodySimulator = await startCustodySimulator({
      // Its state lives in our database, so a restart forgets nothing (like a real provider).
      store: createDbSimulatorStore(db, "custody"),
      webhookUrl: `${origin}/webhooks/custody`,
      generateApiKeyPair: true,
      completeAt: config.confirmations,
      autoConfirmMs: env.SIMULATOR_AUTO_CONFIRM_MS > 0 ? env.SIMULATOR_AUTO_CONFIRM_MS : null,
      allowedReturnOrigins: [origin, env.PUBLIC_SITE_URL.replace(/\/$/, "")],
    });
    const keys = custodySimulator.apiKeyPair!;
    custody = createCustodyClient({ baseUrl: custodySimulator.baseUrl, apiKey: keys.apiKey, apiSecretPem: keys.privateKeyPem, timeoutMs: env.CUSTODY_TIMEOUT_MS });
    custodyWebhookPublicKeyPem = custodySimulator.webhookPublicKeyPem;
    darajaSimulator = await startDarajaSimulator({
      store: createDbSimulatorStore(db, "daraja"),
      // Fresh ids and receipts after a restart (the stored transactions keep theirs).
      seed: randomInt(1, 2 ** 31),
      consumerKey: "onehop-sim",
      consumerSecret: "onehop-sim-secret",
      callbackDelayMs: env.DARAJA_SIM_CALLBACK_DELAY_MS,
    });
    payouts = createDarajaClient({
      baseUrl: darajaSimulator.baseUrl,
      consumerKey: "onehop-sim",
      consumerSecret: "onehop-sim-secret",
      initiatorName: "onehop-sim",
      securityCredential: "c2ltdWxhdGVk",
      shortCode: "600000",
      timeoutMs: env.DARAJA_TIMEOUT_MS,
      ...darajaUrls,
    });
    fundFloat(db, Math.max(env.MPESA_FLOAT_OPENING_KES, 5_000_000));
    logger.info("payment simulators started", { custody: custodySimulator.baseUrl, daraja: darajaSimulator.baseUrl });
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
    fundFloat(db, env.MPESA_FLOAT_OPENING_KES);
  }

  const reconcileAfterMs = env.PAYMENTS_RECONCILE_SECONDS * 1000;
  state.__onehopPayments = { config, custody, payouts, custodyWebhookPublicKeyPem, callbackToken, custodySimulator, darajaSimulator, reconcileAfterMs };

  schedule({
    name: "payments.tick",
    // Often enough that a payment due for reconciliation waits at most one more tick.
    pattern: { everySeconds: Math.min(10, env.PAYMENTS_RECONCILE_SECONDS) },
    run: () => runPaymentsTick(db, Date.now),
  });
}

/** One pass of the background work; safe to run any time (leased, idempotent). */
export function runPaymentsTick(db: Db, now: () => number) {
  return runLeased(db, "payments.tick", { ttlMs: 120_000, recordSkipped: false }, async () => {
    const runtime = paymentsRuntime();
    const reconcileAfterMs = runtime.reconcileAfterMs ?? DEFAULT_RECONCILE_AFTER_MS;
    // First ask custody about payments whose webhooks may have been lost (before expiring quotes: a
    // deposit custody saw in time must not be expired for our own downtime).
    const reconciled = await reconcileCustodyPayments(db, runtime, now, { afterMs: reconcileAfterMs });
    const expired = expireOverduePayments(db, now());
    let planned = 0;
    for (const payment of listPayments(db, { statuses: ["confirmed"], limit: 200 })) {
      if (planSettlement(db, payment.id, runtime.config, now()) === "planned") planned++;
    }
    const released = releaseScheduledTransfers(db, now());
    const sent = await sendPendingTransfers(db, runtime.payouts, now);
    const queried = await queryOverdueTransfers(db, runtime.payouts, now(), reconcileAfterMs);
    const detail = { reconciled: reconciled.changed, expired, planned, released, sent, queried };
    return Object.values(detail).some((n) => n > 0) ? { outcome: "succeeded" as const, detail } : { outcome: "skipped" as const };
  });
}

/** Settle one payment now (after its confirmation), without waiting for the tick. */
export async function settleNow(db: Db, paymentId: string): Promise<void> {
  const runtime = paymentsRuntime();
  try {
    planSettlement(db, paymentId, runtime.config, Date.now());
    await sendPendingTransfers(db, runtime.payouts, Date.now);
  } catch (error) {
    logger.error("settlement failed", { paymentId, error: error instanceof Error ? error.message : String(error) });
  }
}
