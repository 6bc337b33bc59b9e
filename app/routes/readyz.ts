/**
 * Readiness: 200 when this process can take payments, 503 with the reasons otherwise (JSON, never
 * cached). Checks: the database takes a write, every boot step succeeded, every provider (custody,
 * M-Pesa, market data) is configured and started, every job boot scheduled is alive. Liveness is /healthz.
 */
import { hasPaymentsRuntime, paymentsRuntime } from "~/core/payments/runtime.server";
import { runningMarketSimulator } from "~/core/rates/runtime.server";
import { bootReport } from "~/utils/boot.server";
import { checkDatabaseWritable, getDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { jobsHealth } from "~/utils/jobs.server";
import { assessReadiness, providerStatuses } from "~/utils/readiness.server";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";

export async function loader({ request }: { request: Request }) {
  let database: ReturnType<typeof checkDatabaseWritable>;
  try {
    database = checkDatabaseWritable(getDb());
  } catch (error) {
    database = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const boot = bootReport();
  const simulators = env.PROVIDER_MODE === "simulator";
  const payments = hasPaymentsRuntime() ? paymentsRuntime() : null;
  const stepOk = (name: string) => boot?.steps.some((step) => step.step === name && step.ok) ?? false;
  const providers = providerStatuses(env, {
    custody: simulators ? Boolean(payments?.custodySimulator) : payments !== null,
    mpesa: simulators ? Boolean(payments?.darajaSimulator) : payments !== null,
    marketData: simulators ? runningMarketSimulator() !== null : stepOk("rates"),
  });
  const jobs = jobsHealth();
  const { ready, reasons } = assessReadiness({ database, boot, providers, jobs });
  const headers = applyBaseSecurityHeaders(new Headers({ "Cache-Control": "no-store" }), request);
  return Response.json(
    { status: ready ? "ready" : "not ready", reasons, checks: { database, boot, providers, jobs } },
    { status: ready ? 200 : 503, headers },
  );
}
