/**
 * The simulator host (ADR 0047): the payment, market and news simulators in one process, for app
 * processes that reach them as they would reach the real providers. Several app processes
 * (`WEB_CONCURRENCY`) cannot each start their own simulators: a simulator's keys are made at its
 * start and a transfer in flight lives in its process, so a callback answered by another process
 * could not be checked, and two simulators would pay from two floats. So the cluster's primary
 * (server.mjs) starts the simulators once, here, and gives every app process their addresses and
 * keys as live settings: the app processes run with PROVIDER_MODE=live against them, one custody,
 * one M-Pesa, one of each rail, as in production.
 *
 * What that changes for a local trial with several processes: test-mode keys answer 503 (only the
 * live settings are given), and the simulator control pages (paying a checkout by a click) are for
 * one process.
 */
import { smsReportTokenFor } from "~/core/notifications/sms-callback-token.server";
import { SANDBOX_STK_PASSKEY, SANDBOX_STK_SHORTCODE } from "~/core/providers/daraja/wire";
import { isPostgresUrl } from "~/db/pg-connection.server";
import { openSimulatorDatabase, simulatorDatabaseFile } from "~/simulators/store.server";
import { railCallbackUrls } from "../rails.server";
import { startAfricasTalkingSimulation } from "./africastalking.server";
import { startCustodySimulation } from "./custody.server";
import {
  DARAJA_SIMULATOR_ACCOUNT,
  DARAJA_SIMULATOR_KEYS,
  startDarajaSimulation,
} from "./daraja.server";
import { startMarketSimulation } from "./market.server";
import { startNewsFeedSimulation } from "./news.server";
import { startRailSimulations } from "./rails.server";
import { simulatorFileForPg } from "./state.server";

export interface SimulatorHostOptions {
  /** Where the simulators call back: the app's origin (its callbacks and webhooks). */
  appOrigin: string;
  /** The app's DATABASE_URL: the simulators' file is kept beside it (ADR 0045, 0046). */
  databaseUrl: string;
  dataDir: string;
  /** The ledger's opening float per book and rail (KES); each simulator holds both books'. */
  floatKes: number;
  confirmations: Partial<Record<"BTC" | "ETH" | "USDT" | "USDC", number>>;
  autoConfirmMs: number | null;
  callbackDelayMs: { daraja: number; rails: number };
  railTimeoutMs: number;
  newsFixturesDir: string;
  /**
   * The SMS simulator (ADR 0051): the app's SESSION_SECRET (its delivery-report token comes from
   * it) and how long after a send each report comes. Without it no SMS simulator starts.
   */
  sms?: { sessionSecret: string; reportDelayMs: number };
}

export interface SimulatorHost {
  /** The app processes' environment: PROVIDER_MODE=live and every provider's settings. */
  settings: Record<string, string>;
  /** The custody simulator's control API (`/__sim`), for tests and drills. */
  custodyBaseUrl: string;
  close(): Promise<void>;
}

/** The simulators' file for an app database URL (a path, `file:` URL or PostgreSQL URL). */
export function simulatorFileFor(databaseUrl: string, dataDir: string): string {
  if (isPostgresUrl(databaseUrl)) return simulatorFileForPg(databaseUrl, dataDir);
  return simulatorDatabaseFile(databaseUrl);
}

export async function startSimulatorHost(options: SimulatorHostOptions): Promise<SimulatorHost> {
  const state = openSimulatorDatabase(simulatorFileFor(options.databaseUrl, options.dataDir));
  const origin = options.appOrigin.replace(/\/$/, "");
  // Live settings serve the live book only; the simulators hold the float of both books, as in
  // simulator mode, so the two books' opening floats and the simulators' agree (ADR 0036).
  const floatKes = options.floatKes * 2;
  const custody = await startCustodySimulation(state, {
    webhookUrl: `${origin}/webhooks/custody`,
    completeAt: options.confirmations,
    autoConfirmMs: options.autoConfirmMs,
    allowedReturnOrigins: [origin],
  });
  const daraja = await startDarajaSimulation(state, {
    callbackDelayMs: options.callbackDelayMs.daraja,
    openingFloatKes: floatKes,
  });
  const rails = await startRailSimulations(state, {
    callbackUrls: railCallbackUrls(origin),
    callbackDelayMs: options.callbackDelayMs.rails,
    timeoutMs: options.railTimeoutMs,
    openingFloatKes: floatKes,
  });
  const sms = options.sms
    ? await startAfricasTalkingSimulation(state, {
        callbackUrl: `${origin}/webhooks/sms/delivery?token=${smsReportTokenFor(options.sms.sessionSecret)}`,
        reportDelayMs: options.sms.reportDelayMs,
      })
    : null;
  const market = await startMarketSimulation();
  const news = await startNewsFeedSimulation(options.newsFixturesDir);
  const keys = custody.apiKeyPair!;
  const settings: Record<string, string> = {
    PROVIDER_MODE: "live",
    CUSTODY_BASE_URL: custody.baseUrl,
    CUSTODY_API_KEY: keys.apiKey,
    CUSTODY_API_SECRET_PEM: keys.privateKeyPem,
    CUSTODY_WEBHOOK_PUBLIC_KEY_PEM: custody.webhookPublicKeyPem,
    DARAJA_BASE_URL: daraja.baseUrl,
    DARAJA_CONSUMER_KEY: DARAJA_SIMULATOR_KEYS.consumerKey,
    DARAJA_CONSUMER_SECRET: DARAJA_SIMULATOR_KEYS.consumerSecret,
    DARAJA_INITIATOR_NAME: DARAJA_SIMULATOR_ACCOUNT.initiatorName,
    DARAJA_SECURITY_CREDENTIAL: DARAJA_SIMULATOR_ACCOUNT.securityCredential,
    DARAJA_SHORTCODE: DARAJA_SIMULATOR_ACCOUNT.shortCode,
    DARAJA_STK_SHORTCODE: SANDBOX_STK_SHORTCODE,
    DARAJA_STK_PASSKEY: SANDBOX_STK_PASSKEY,
    MPESA_FLOAT_OPENING_KES: String(options.floatKes),
    ...rails.settings,
    COINGECKO_BASE_URL: market.coingeckoBaseUrl,
    FX_BASE_URL: market.fxBaseUrl,
    NEWS_FEED_BASE_URL: news.simulator.baseUrl,
    ...(sms
      ? {
          AFRICASTALKING_BASE_URL: sms.simulator.baseUrl,
          AFRICASTALKING_USERNAME: sms.username,
          AFRICASTALKING_API_KEY: sms.apiKey,
        }
      : {}),
  };
  return {
    settings,
    custodyBaseUrl: custody.baseUrl,
    async close() {
      await Promise.allSettled([
        custody.close(),
        daraja.close(),
        rails.airtelSimulator.close(),
        rails.pesalinkSimulator.close(),
        rails.tkashSimulator.close(),
        market.stop(),
        news.simulator.close(),
        sms?.simulator.close(),
      ]);
      state.close();
    },
  };
}
