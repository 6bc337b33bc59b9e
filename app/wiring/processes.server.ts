/**
 * Several server processes on one machine (`WEB_CONCURRENCY=N`, ADR 0047). server.mjs's primary
 * (node:cluster) loads the server bundle with ONEHOP_PROCESS_ROLE=primary, so boot does not run in
 * it, and asks this module to get the workers' ground ready before it forks them:
 *
 * - the database is migrated once, here, so N workers do not race to migrate it;
 * - in simulator mode the simulators start here, once (./simulators/host.server.ts), and the
 *   workers get their addresses and keys as live settings.
 *
 * Every worker then boots as a single process would. What they share lives in the database: the
 * job leases (each background job runs in one process at a time), sign-in throttles, idempotency
 * claims, the change counter the private page cache checks. What stays per process is listed in
 * ADR 0047 (the API's per-second rate limit, the sign-in hash queue, the public page cache, told
 * to clear through the primary).
 */
import { describeStartError } from "~/db/pg-errors.server";
import { openStoreAt } from "~/db/process.server";
import { env } from "~/utils/env.server";
import { paymentsConfigFromEnv, simulatorBookFloatKes } from "./payments.server";

export type ProcessRole = "app" | "primary";

/** "primary" in server.mjs's cluster primary (no boot, no server); "app" everywhere else. */
export function processRole(): ProcessRole {
  return env.ONEHOP_PROCESS_ROLE;
}

export interface WorkerGround {
  /** How many server processes to run (WEB_CONCURRENCY). */
  count: number;
  /** What each worker's environment adds (the simulator host's settings, in simulator mode). */
  env: Record<string, string>;
  /** One line per simulator for the primary's log (none in live mode). */
  simulators: Record<string, string>;
  close(): Promise<void>;
}

export async function prepareWorkers(): Promise<WorkerGround> {
  const store = openStoreAt(env.DATABASE_URL);
  try {
    await store.read(async () => undefined); // PostgreSQL migrates in its first transaction
  } catch (error) {
    // The same one line a single process prints (which server, which database, what to do).
    throw new Error(describeStartError(error, env.DATABASE_URL) ?? String(error), { cause: error });
  } finally {
    await store.close();
  }
  if (env.PROVIDER_MODE !== "simulator")
    return { count: env.WEB_CONCURRENCY, env: {}, simulators: {}, close: async () => {} };
  const { startSimulatorHost } = await import("./simulators/host.server");
  const host = await startSimulatorHost({
    // The workers share the port: a callback reaches any of them.
    appOrigin: `http://127.0.0.1:${env.PORT}`,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    floatKes: simulatorBookFloatKes(),
    confirmations: paymentsConfigFromEnv(env).confirmations,
    autoConfirmMs: env.SIMULATOR_AUTO_CONFIRM_MS > 0 ? env.SIMULATOR_AUTO_CONFIRM_MS : null,
    callbackDelayMs: {
      daraja: env.DARAJA_SIM_CALLBACK_DELAY_MS,
      rails: env.RAIL_SIM_CALLBACK_DELAY_MS,
    },
    railTimeoutMs: env.RAIL_TIMEOUT_MS,
    newsFixturesDir: env.NEWS_FEED_FIXTURES_DIR,
    sms: { sessionSecret: env.SESSION_SECRET, reportDelayMs: env.SMS_SIM_REPORT_DELAY_MS },
  });
  const urls = Object.fromEntries(
    Object.entries(host.settings).filter(([name]) => name.endsWith("_BASE_URL")),
  );
  return { count: env.WEB_CONCURRENCY, env: host.settings, simulators: urls, close: host.close };
}
