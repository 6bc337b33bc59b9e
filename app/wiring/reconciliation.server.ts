/**
 * The daily reconciliation in the running app (issue 15, item 7; ADR 0036): every day at 02:00
 * Nairobi time, under a lease, our ledger against the providers of each payments runtime running
 * here (the live providers, and test mode's sandboxes when they run; in simulator mode one set of
 * simulators for both books). `reconcileNow` is the operators' "Run now".
 */
import type { ApiMode } from "~/core/api/vocabulary";
import { ledgerBooks } from "~/core/ledger/ledger.server";
import { payoutRailsOf } from "~/core/payments/rails.server";
import type { CustodyBalances } from "~/core/providers/custody/types";
import { reconcileUnderLease, RECONCILIATION_JOB } from "~/core/reconciliation/job.server";
import { canQueryBalance } from "~/core/reconciliation/mpesa-balance.server";
import {
  recordPayoutsInDoubt,
  type ReconciliationDeps,
  type ReconciliationSource,
} from "~/core/reconciliation/run.server";
import type { ReconciliationRunView } from "~/core/reconciliation/vocabulary";
import { getDb } from "~/utils/db.server";
import { runLeased, schedule } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import type { BootContext } from "./context";
import { runningPayments, runningTestPayments, type PaymentsRuntime } from "./payments.server";

export { RECONCILIATION_JOB };

const canReadCustodyBalance = (
  custody: unknown,
): custody is Pick<CustodyBalances, "getAssetBalance"> =>
  typeof (custody as Partial<CustodyBalances> | null)?.getAssetBalance === "function";

/** What the reconciliation compares for one payments runtime. */
export function reconciliationSourceOf(runtime: PaymentsRuntime): ReconciliationSource {
  return {
    books: (runtime.modes ?? ledgerBooks) as readonly ApiMode[],
    rails: payoutRailsOf(runtime),
    balances: {
      ...(canQueryBalance(runtime.payouts) ? { mpesa: runtime.payouts } : {}),
      ...runtime.railBalances,
    },
    custody: canReadCustodyBalance(runtime.custody) ? runtime.custody : null,
  };
}

/** The sources of the runtimes running here (none when payments did not start). */
export function reconciliationDeps(): ReconciliationDeps {
  const live = runningPayments();
  const test = runningTestPayments();
  const runtimes = [live, test !== live ? test : null].filter(
    (each): each is PaymentsRuntime => each !== null,
  );
  return { sources: runtimes.map(reconciliationSourceOf) };
}

/**
 * Run now (the operators' page): the run's view, or null while another run holds the lease.
 */
export function reconcileNow(): Promise<ReconciliationRunView | null> {
  return reconcileUnderLease(getDb(), reconciliationDeps(), Date.now);
}

/** The payouts-in-doubt check (issue 27, item 13): under a lease, so one process runs it. */
const checkPayoutsInDoubt = (db: BootContext["db"]) =>
  runLeased(
    db,
    "reconciliation.payouts-in-doubt",
    { ttlMs: 5 * 60_000, recordSkipped: false },
    async () => {
      const run = recordPayoutsInDoubt(db, Date.now);
      if (!run) return { outcome: "skipped" as const };
      logger.warn("payouts in doubt: in the operators' reconciliation queue", {
        runId: run.id,
        findings: run.findings,
      });
      return { outcome: "succeeded" as const, detail: { runId: run.id, findings: run.findings } };
    },
  );

export function startReconciliation({ db }: BootContext): void {
  // At start (a restart after a crash is when answers are lost) and every minute after.
  void checkPayoutsInDoubt(db).catch((error: unknown) =>
    logger.error("payouts-in-doubt check failed", { error: String(error) }),
  );
  schedule({
    name: "reconciliation.payouts-in-doubt",
    pattern: { everySeconds: 60 },
    run: () => checkPayoutsInDoubt(db),
  });
  schedule({
    name: RECONCILIATION_JOB,
    pattern: "0 0 2 * * *",
    timezone: "Africa/Nairobi",
    run: async () => {
      const run = await reconcileUnderLease(db, reconciliationDeps(), Date.now);
      if (run && (run.status === "failed" || run.findings > 0))
        logger.warn("reconciliation found differences", {
          runId: run.id,
          status: run.status,
          findings: run.findings,
          error: run.error,
        });
    },
  });
}
