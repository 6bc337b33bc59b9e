/**
 * Readiness: 200 when this process can take payments, 503 with the reasons otherwise (JSON, never
 * cached). Checks: the database takes a write, every boot step succeeded, every provider (custody,
 * M-Pesa, market data) is configured and started, every job boot scheduled is alive, and with
 * BACKUP_SCHEDULE set the last good backup is younger than twice the schedule. Liveness is
 * /healthz. The reasons name what is wrong for anyone (a load balancer, an uptime check); their
 * detail (paths, provider errors) and the raw checks are only for callers on this machine or a
 * private network.
 */
import { bootReport } from "~/wiring/boot.server";
import { clientAddress } from "~/utils/client-address.server";
import { env } from "~/utils/env.server";
import { jobsHealth } from "~/utils/jobs.server";
import { isPublicAddress } from "~/utils/outbound-address";
import { assessReadiness, providerStatuses } from "~/utils/readiness.server";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";
import { runningPayments, runningTestPayments } from "~/wiring/payments.server";
import { backupReadiness } from "~/wiring/backups.server";
import { databaseTakesWrites } from "~/wiring/probes.server";
import { runningMarketSimulator } from "~/wiring/rates.server";

export async function loader({ request }: { request: Request }) {
  const database = await databaseTakesWrites();
  const boot = bootReport();
  const simulators = env.PROVIDER_MODE === "simulator";
  const payments = runningPayments();
  const testRuntime = runningTestPayments();
  const stepOk = (name: string) =>
    boot?.steps.some((step) => step.step === name && step.ok) ?? false;
  const providers = providerStatuses(env, {
    custody: simulators ? Boolean(payments?.custodySimulator) : payments !== null,
    mpesa: simulators ? Boolean(payments?.darajaSimulator) : payments !== null,
    marketData: simulators ? runningMarketSimulator() !== null : stepOk("rates"),
  });
  const jobs = jobsHealth();
  const backups = backupReadiness();
  const { ready, reasons } = assessReadiness({ database, boot, providers, jobs, backups });
  const headers = applyBaseSecurityHeaders(new Headers({ "Cache-Control": "no-store" }), request);
  const caller = clientAddress(request);
  // Without an address the request did not come through server.mjs (a test calling the loader).
  const internal = caller === null || !isPublicAddress(caller);
  const body = internal
    ? {
        status: ready ? "ready" : "not ready",
        reasons,
        // Deposit addresses made ahead (ADR 0027): an empty pool slows creates, it stops none.
        checks: {
          database,
          boot,
          providers,
          jobs,
          // Scheduled backups (ADR 0042): the last good copy's age, or "not scheduled".
          backups,
          // Where test-mode payments run (ADR 0028): the simulators, the providers' sandboxes, or
          // nowhere (test keys answer 503).
          testMode: testRuntime ? (testRuntime === payments ? "simulators" : "sandbox") : "off",
          addressPools: {
            ...(await payments?.addressPool?.levels()),
            ...(testRuntime !== payments ? await testRuntime?.addressPool?.levels() : undefined),
          },
        },
      }
    : {
        status: ready ? "ready" : "not ready",
        reasons: reasons.map((reason) => reason.replace(/\s*\(.*\)$/s, "")),
      };
  return Response.json(body, { status: ready ? 200 : 503, headers });
}
