/**
 * Process start-up, run once when the server bundle is loaded (imported by entry.server): checks
 * the provider settings, opens the database, then runs each area's start function from the
 * composition place (app/wiring/*.server.ts: configuration from the environment, clients, the
 * simulators when PROVIDER_MODE=simulator, background jobs). Each area registers its start function
 * in `starters` below.
 *
 * Every step's outcome is recorded for /readyz (`bootReport`). In production (NODE_ENV=production)
 * a failed step stops the process: one line on stderr naming the step and the cause (the missing
 * variable, the database path), exit code 1. Elsewhere boot goes on and /readyz answers 503.
 */
import { startApi } from "~/wiring/api.server";
import { startDisbursements } from "~/wiring/disbursements.server";
import { startHousekeeping } from "~/wiring/housekeeping.server";
import type { BootContext } from "~/wiring/context";
import { startMail } from "~/wiring/mail.server";
import { startNews } from "~/wiring/news.server";
import { startNotifications } from "~/wiring/notifications.server";
import { startPayments } from "~/wiring/payments.server";
import { startTopUps } from "~/wiring/top-ups.server";
import { startRates } from "~/wiring/rates.server";
import { startSms } from "~/wiring/sms.server";
import { startReconciliation } from "~/wiring/reconciliation.server";
import { startSanctions } from "~/wiring/sanctions.server";
import { startMonitoring } from "~/wiring/monitoring.server";
import { startFrcReports } from "~/wiring/frc-reports.server";
import { startKyb } from "~/wiring/kyb.server";
import { startBackups } from "~/wiring/backups.server";
import { startWebhooks } from "~/wiring/webhooks.server";
import { openProcessStore, processStore } from "~/db/process.server";
import type { Store } from "~/db/store";
import { env, type Env } from "~/utils/env.server";
import { scheduledJobNames } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import {
  assertProviderSettings,
  type BootReport,
  type BootStepOutcome,
} from "~/utils/readiness.server";

export type { BootContext, BootReport, BootStepOutcome };

export type Starter = { name: string; start: (context: BootContext) => Promise<void> | void };

/** Areas add `{ name, start }` here (one line each). */
export const starters: Starter[] = [
  { name: "rates", start: startRates },
  { name: "news", start: startNews },
  { name: "mail", start: startMail },
  { name: "notifications", start: startNotifications },
  { name: "sms", start: startSms },
  { name: "payments", start: startPayments },
  { name: "top-ups", start: startTopUps },
  { name: "reconciliation", start: startReconciliation },
  { name: "webhooks", start: startWebhooks },
  { name: "api", start: startApi },
  { name: "disbursements", start: startDisbursements },
  { name: "housekeeping", start: startHousekeeping },
  { name: "sanctions", start: startSanctions },
  { name: "monitoring", start: startMonitoring },
  { name: "frc-reports", start: startFrcReports },
  { name: "kyb", start: startKyb },
];

const state = globalThis as typeof globalThis & {
  __onehopBoot?: Promise<void>;
  __onehopBootReport?: BootReport;
};

/** What boot did, step by step (null before it ran). */
export function bootReport(): BootReport | null {
  return state.__onehopBootReport ?? null;
}

export interface BootOptions {
  values: Env;
  starters: readonly Starter[];
  /** Open (and migrate) the database: the app's store. */
  openStore: () => Store | Promise<Store>;
  /** process.exit in the app; tests pass their own. */
  exit: (code: number) => void;
  /** Where the one-line fatal message goes (console.error in the app). */
  fatal: (line: string) => void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Run the boot steps in order: `config` (live provider settings), `database`, then each starter.
 * Records every outcome; returns the report. See the module comment for what a failure does.
 */
export async function runBoot(options: BootOptions): Promise<BootReport> {
  const report: BootReport = { startedAt: Date.now(), finishedAt: null, steps: [], jobs: [] };
  state.__onehopBootReport = report;
  let store: Store | undefined;
  const steps: { name: string; execute: () => Promise<void> | void }[] = [
    { name: "config", execute: () => assertProviderSettings(options.values) },
    {
      name: "database",
      execute: async () => {
        store = await options.openStore();
      },
    },
    ...options.starters.map((starter) => ({
      name: starter.name,
      execute: () =>
        starter.start({ store: store!, simulators: options.values.PROVIDER_MODE === "simulator" }),
    })),
  ];
  for (const step of steps) {
    if (step.name !== "config" && step.name !== "database" && !store) {
      report.steps.push({
        step: step.name,
        ok: false,
        skipped: true,
        error: "the database is not available",
        durationMs: 0,
      });
      continue;
    }
    const started = Date.now();
    try {
      await step.execute();
      report.steps.push({ step: step.name, ok: true, durationMs: Date.now() - started });
    } catch (error) {
      const message = messageOf(error);
      report.steps.push({
        step: step.name,
        ok: false,
        error: message,
        durationMs: Date.now() - started,
      });
      logger.error("boot step failed", { step: step.name, error: message });
      if (options.values.isProduction) {
        report.finishedAt = Date.now();
        options.fatal(`[onehop] start-up failed at step "${step.name}": ${message}`);
        options.exit(1);
        return report;
      }
    }
  }
  report.jobs = scheduledJobNames();
  report.finishedAt = Date.now();
  return report;
}

export function boot(): Promise<void> {
  state.__onehopBoot ??= runBoot({
    values: env,
    starters,
    openStore: openProcessStore,
    exit: (code) => process.exit(code),
    fatal: (line) => console.error(line),
  }).then((report) => {
    // Scheduled backups (ADR 0042) start after the boot steps: not a step of their own, readiness
    // reports them (the last good copy's age).
    const database = report.steps.find((step) => step.step === "database");
    if (!database?.ok) return;
    try {
      startBackups(processStore());
    } catch (error) {
      logger.error("backups did not start", { error: messageOf(error) });
    }
  });
  return state.__onehopBoot;
}
