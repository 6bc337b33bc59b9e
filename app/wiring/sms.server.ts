/**
 * Members' SMS notifications (issue 30, item 9; ADR 0051): the daily cap from
 * SMS_DAILY_CAP_PER_MEMBER, the Africa's Talking client (the local simulator in simulator mode;
 * the AFRICASTALKING_* settings in live mode, where without them SMS stay queued, as e-mail does
 * without SMTP), the sending job every 5 s under a lease, the delivery-report token, and the
 * services the security page and the report route call.
 */
import { createAfricasTalkingClient } from "~/core/notifications/africastalking-client.server";
import { AT_LIVE_BASE_URL } from "~/core/notifications/africastalking-wire";
import type { SmsAdapter } from "~/core/notifications/sms-adapter";
import { smsReportTokenFor } from "~/core/notifications/sms-callback-token.server";
import { setSmsDailyCap } from "~/core/notifications/sms-queue.server";
import { applySmsDeliveryReport } from "~/core/notifications/sms-reports.server";
import { sendQueuedSms } from "~/core/notifications/sms-sender.server";
import { getSmsSettings, setSmsSettings } from "~/core/notifications/sms-settings.server";
import { pgStoreOf } from "~/db/pg-connection.server";
import { sqliteDatabaseOf } from "~/db/sqlite-store.server";
import type { AfricasTalkingSimulator } from "~/simulators/africastalking/index.server";
import { env } from "~/utils/env.server";
import { runLeased, schedule } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import type { BootContext } from "./context";
import { bindStore, store } from "./store.server";

export const SMS_SEND_JOB = "sms.send";
export const SMS_REPORT_PATH = "/webhooks/sms/delivery";

export interface SmsRuntime {
  adapter: SmsAdapter | null;
  simulator: AfricasTalkingSimulator | null;
}

const state = globalThis as typeof globalThis & { __onehopSms?: SmsRuntime };

/** The token our delivery-report URL carries. */
export const smsReportToken = () => smsReportTokenFor(env.SESSION_SECRET);

/** The delivery-report URL to register on the Africa's Talking account (with its token). */
export const smsReportUrl = (origin: string) =>
  `${origin.replace(/\/$/, "")}${SMS_REPORT_PATH}?token=${smsReportToken()}`;

/** Set what `startSms` started (tests install their own simulator this way). */
export function installSmsRuntime(runtime: SmsRuntime | undefined): void {
  state.__onehopSms = runtime;
}

/** The running SMS simulator (simulator mode), for its operator page. */
export const runningSmsSimulator = () => state.__onehopSms?.simulator ?? null;

async function startSimulator(on: BootContext["store"]): Promise<SmsRuntime> {
  const [{ openSimulatorState }, { startAfricasTalkingSimulation }] = await Promise.all([
    import("./simulators/state.server"),
    import("./simulators/africastalking.server"),
  ]);
  const pg = pgStoreOf(on);
  const simulators = openSimulatorState(
    pg ? { pgUrl: pg.url, dataDir: env.DATA_DIR } : sqliteDatabaseOf(on)!,
  );
  const { simulator, username, apiKey } = await startAfricasTalkingSimulation(simulators, {
    callbackUrl: smsReportUrl(`http://127.0.0.1:${env.PORT}`),
    reportDelayMs: env.SMS_SIM_REPORT_DELAY_MS,
  });
  logger.info("sms simulator started", { africastalking: simulator.baseUrl });
  const adapter = createAfricasTalkingClient({
    baseUrl: simulator.baseUrl,
    username,
    apiKey,
    timeoutMs: env.SMS_TIMEOUT_MS,
  });
  return { adapter, simulator };
}

function liveAdapter(): SmsAdapter | null {
  if (!env.AFRICASTALKING_USERNAME || !env.AFRICASTALKING_API_KEY) return null;
  return createAfricasTalkingClient({
    baseUrl: env.AFRICASTALKING_BASE_URL ?? AT_LIVE_BASE_URL,
    username: env.AFRICASTALKING_USERNAME,
    apiKey: env.AFRICASTALKING_API_KEY,
    from: env.AFRICASTALKING_SENDER_ID,
    timeoutMs: env.SMS_TIMEOUT_MS,
  });
}

export async function startSms(context: BootContext): Promise<void> {
  setSmsDailyCap(env.SMS_DAILY_CAP_PER_MEMBER);
  const runtime = context.simulators
    ? await startSimulator(context.store)
    : { adapter: liveAdapter(), simulator: null };
  installSmsRuntime(runtime);
  const adapter = runtime.adapter;
  if (!adapter) return;
  schedule({
    name: SMS_SEND_JOB,
    pattern: { everySeconds: 5 },
    run: () =>
      runLeased(store(), SMS_SEND_JOB, { ttlMs: 120_000, recordSkipped: false }, async () => {
        const report = await sendQueuedSms(store(), adapter);
        return report.sent + report.failed + report.retrying > 0
          ? { outcome: "succeeded" as const, detail: report }
          : { outcome: "skipped" as const };
      }),
  });
}

/** The member's SMS choices and messages (the security page). */
export function smsSettings() {
  return bindStore(store(), { getSmsSettings, setSmsSettings });
}

/** Delivery reports (the webhook route). */
export function smsReports() {
  return bindStore(store(), { applySmsDeliveryReport });
}
