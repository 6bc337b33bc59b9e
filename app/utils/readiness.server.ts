/**
 * Readiness (/readyz): can this process take payments? The database takes a write, every boot step
 * succeeded, every provider is configured (in live mode: its settings are present) and running, and
 * every background job boot scheduled is still alive. `assessReadiness` is pure: the route gathers
 * the facts, this decides and words the reasons.
 */
import type { Env } from "./env.server";
import type { JobHealth } from "./jobs.server";

export type ProviderName = "custody" | "mpesa" | "marketData";

/**
 * Settings each provider needs with PROVIDER_MODE=live (market data has working public defaults).
 */
export const LIVE_PROVIDER_SETTINGS: Record<ProviderName, readonly (keyof Env)[]> = {
  custody: [
    "CUSTODY_BASE_URL",
    "CUSTODY_API_KEY",
    "CUSTODY_API_SECRET_PEM",
    "CUSTODY_WEBHOOK_PUBLIC_KEY_PEM",
  ],
  mpesa: [
    "DARAJA_BASE_URL",
    "DARAJA_CONSUMER_KEY",
    "DARAJA_CONSUMER_SECRET",
    "DARAJA_INITIATOR_NAME",
    "DARAJA_SECURITY_CREDENTIAL",
    "DARAJA_SHORTCODE",
  ],
  marketData: [],
};

const PROVIDER_LABEL: Record<ProviderName, string> = {
  custody: "custody",
  mpesa: "M-Pesa",
  marketData: "market data",
};

/** The live settings that are missing, by provider (empty in simulator mode). */
export function missingProviderSettings(values: Env): Record<ProviderName, string[]> {
  const missing = (names: readonly (keyof Env)[]) =>
    values.PROVIDER_MODE === "live"
      ? names.filter((name) => typeof values[name] !== "string" || values[name] === "")
      : [];
  return {
    custody: missing(LIVE_PROVIDER_SETTINGS.custody),
    mpesa: missing(LIVE_PROVIDER_SETTINGS.mpesa),
    marketData: missing(LIVE_PROVIDER_SETTINGS.marketData),
  };
}

/** Boot's first step: throws one message naming every missing live setting. */
export function assertProviderSettings(values: Env): void {
  const missing = missingProviderSettings(values);
  const parts = (Object.keys(missing) as ProviderName[])
    .filter((name) => missing[name].length > 0)
    .map((name) => `${missing[name].join(", ")} (${PROVIDER_LABEL[name]})`);
  if (parts.length > 0) {
    throw new Error(
      `PROVIDER_MODE=live needs ${parts.join("; ")}: set them (see .env.example) or choose PROVIDER_MODE=simulator`,
    );
  }
}

export interface ProviderStatus {
  name: ProviderName;
  mode: "simulator" | "live";
  ok: boolean;
  missing: string[];
  /** Its client (and in simulator mode, its simulator) was started by boot. */
  running: boolean;
  reason?: string;
}

export function providerStatuses(
  values: Env,
  running: Record<ProviderName, boolean>,
): ProviderStatus[] {
  const missing = missingProviderSettings(values);
  return (Object.keys(missing) as ProviderName[]).map((name) => {
    const status: ProviderStatus = {
      name,
      mode: values.PROVIDER_MODE,
      ok: true,
      missing: missing[name],
      running: running[name],
    };
    if (missing[name].length > 0)
      return {
        ...status,
        ok: false,
        reason: `not configured: ${missing[name].join(", ")} missing`,
      };
    if (!running[name])
      return {
        ...status,
        ok: false,
        reason:
          values.PROVIDER_MODE === "simulator" ? "simulator not running" : "client not started",
      };
    return status;
  });
}

export interface BootStepOutcome {
  step: string;
  ok: boolean;
  skipped?: boolean;
  error?: string;
  durationMs: number;
}

export interface BootReport {
  startedAt: number;
  finishedAt: number | null;
  steps: BootStepOutcome[];
  /** Jobs scheduled when boot finished: each must stay alive. */
  jobs: string[];
}

export interface ReadinessInput {
  database: { ok: true; latencyMs: number } | { ok: false; error: string };
  boot: BootReport | null;
  providers: ProviderStatus[];
  jobs: JobHealth[];
  /** Scheduled backups (issue 28): not ok when the last good copy is older than 2 periods. */
  backups?: { ok: boolean; reason?: string };
}

export interface Readiness {
  ready: boolean;
  reasons: string[];
}

export function assessReadiness(input: ReadinessInput): Readiness {
  const reasons: string[] = [];
  if (!input.database.ok) reasons.push(`database: not writable (${input.database.error})`);
  if (!input.boot) reasons.push("boot: has not run");
  else {
    if (input.boot.finishedAt === null) reasons.push("boot: still starting");
    for (const step of input.boot.steps) {
      if (!step.ok)
        reasons.push(
          `boot step ${step.step}: ${step.skipped ? "skipped" : "failed"} (${step.error ?? "no detail"})`,
        );
    }
  }
  for (const provider of input.providers) {
    if (!provider.ok) reasons.push(`provider ${provider.name}: ${provider.reason ?? "not ready"}`);
  }
  const byName = new Map(input.jobs.map((job) => [job.name, job]));
  for (const name of input.boot?.jobs ?? []) {
    const job = byName.get(name);
    if (!job) reasons.push(`job ${name}: no longer scheduled`);
    else if (!job.ok) reasons.push(`job ${name}: ${job.reason ?? "not alive"}`);
  }
  for (const job of input.jobs) {
    if (!job.ok && !(input.boot?.jobs ?? []).includes(job.name))
      reasons.push(`job ${job.name}: ${job.reason ?? "not alive"}`);
  }
  if (input.backups && !input.backups.ok)
    reasons.push(`backups: ${input.backups.reason ?? "no recent good backup"}`);
  return { ready: reasons.length === 0, reasons };
}
