/**
 * The reconciliation as a leased job: one run at a time across processes (the daily 02:00 EAT run
 * and an operator's "Run now" share the lease), recorded in `job_runs` like every job.
 */
import type { Store } from "~/db/store";
import { runLeased } from "~/utils/jobs.server";
import { runReconciliation, type ReconciliationDeps } from "./run.server";
import type { ReconciliationRunView } from "./vocabulary";

export const RECONCILIATION_JOB = "reconciliation.daily";

/**
 * Long enough for M-Pesa's Result (60 s) and 5,000 paced status questions; a process that dies
 * mid-run frees the lease after this.
 */
export const RECONCILIATION_LEASE_MS = 30 * 60_000;

/** Run once under the lease: the run's view, or null when another run holds the lease. */
export async function reconcileUnderLease(
  store: Store,
  deps: ReconciliationDeps,
  now: () => number,
  options: { day?: string; holder?: string } = {},
): Promise<ReconciliationRunView | null> {
  const done = await runLeased(
    store,
    RECONCILIATION_JOB,
    { ttlMs: RECONCILIATION_LEASE_MS, holder: options.holder, now },
    async () => {
      const run = await runReconciliation(store, deps, now, { day: options.day });
      return {
        outcome: "succeeded" as const,
        detail: { runId: run.id, status: run.status, findings: run.findings },
        run,
      };
    },
  );
  return done?.run ?? null;
}
