/**
 * The daily reconciliation in the running app (issue 15, item 7; ADR 0036): every day at 02:00
 * Nairobi time, under a lease, our ledger against the providers of each payments runtime running
 * here (the live providers, and test mode's sandboxes when they run; in simulator mode one set of
 * simulators for both books). `reconcileNow` is the operators' "Run now"; `reconciliation()` is the
 * service the operators' page reads and acts through (the store, ADR 0041).
 */
import type { ApiMode } from "~/core/api/vocabulary";
import { recordAudit } from "~/core/audit.server";
import {
  isUnansweredB2bTransfer,
  type ManualB2bSettlement,
  settleB2bByHand,
} from "~/core/disbursements/b2b.server";
import { ledgerBooks } from "~/core/ledger/ledger.server";
import { payoutRailsOf } from "~/core/payments/rails.server";
import type { CustodyBalances } from "~/core/providers/custody/types";
import { readOperator } from "~/core/operators.server";
import {
  countOpenFindings,
  findRun,
  getFinding,
  listFindings,
  listRuns,
  resolveOpenFinding,
} from "~/core/reconciliation/findings.server";
import { reconcileUnderLease, RECONCILIATION_JOB } from "~/core/reconciliation/job.server";
import { canQueryBalance } from "~/core/reconciliation/mpesa-balance.server";
import {
  recordPayoutsInDoubt,
  type ReconciliationDeps,
  type ReconciliationSource,
} from "~/core/reconciliation/run.server";
import type { FindingView, ReconciliationRunView } from "~/core/reconciliation/vocabulary";
import type { Handle, Store } from "~/db/store";
import { runLeased, schedule } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import { runningPayments, runningTestPayments, type PaymentsRuntime } from "./payments.server";
import { bindStore, store } from "./store.server";

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
  return reconcileUnderLease(store(), reconciliationDeps(), Date.now);
}

/** The payouts-in-doubt check (issue 27, item 13): under a lease, so one process runs it. */
const checkPayoutsInDoubt = (on: Store) =>
  runLeased(
    on,
    "reconciliation.payouts-in-doubt",
    { ttlMs: 5 * 60_000, recordSkipped: false },
    async () => {
      const run = await recordPayoutsInDoubt(on, Date.now);
      if (!run) return { outcome: "skipped" as const };
      logger.warn("payouts in doubt: in the operators' reconciliation queue", {
        runId: run.id,
        findings: run.findings,
      });
      return { outcome: "succeeded" as const, detail: { runId: run.id, findings: run.findings } };
    },
  );

/** The reconciliation's jobs, on the process's store (boot's context is not needed). */
export function startReconciliation(): void {
  const on = store();
  // At start (a restart after a crash is when answers are lost) and every minute after.
  void checkPayoutsInDoubt(on).catch((error: unknown) =>
    logger.error("payouts-in-doubt check failed", { error: String(error) }),
  );
  schedule({
    name: "reconciliation.payouts-in-doubt",
    pattern: { everySeconds: 60 },
    run: () => checkPayoutsInDoubt(on),
  });
  schedule({
    name: RECONCILIATION_JOB,
    pattern: "0 0 2 * * *",
    timezone: "Africa/Nairobi",
    run: async () => {
      const run = await reconcileUnderLease(on, reconciliationDeps(), Date.now);
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

/** A finding as the operators' page lists it: who resolved it, and whether it settles a payout. */
export type FindingOnPage = FindingView & { resolvedByName: string | null; settleB2b: boolean };

/** What the operators' page shows: the runs, the open and resolved findings, the queue's size. */
export interface ReconciliationPage {
  selectedRun: ReconciliationRunView | null;
  runs: ReconciliationRunView[];
  open: FindingOnPage[];
  resolved: FindingOnPage[];
  openCount: number;
}

/**
 * Who resolved each finding, by name (an operator since removed keeps their id), and whether an
 * open one is an M-Pesa B2B payout still without its outcome (settled by hand from its form): in
 * the page's read.
 */
async function onPage(q: Handle, findings: readonly FindingView[]): Promise<FindingOnPage[]> {
  const names = new Map<string, string | null>();
  for (const by of new Set(findings.map((finding) => finding.resolvedBy)))
    if (by !== null) names.set(by, (await readOperator(q, by))?.name ?? null);
  const onPage: FindingOnPage[] = [];
  for (const finding of findings) {
    const by = finding.resolvedBy;
    onPage.push({
      ...finding,
      resolvedByName: by === null ? null : (names.get(by) ?? null),
      // An open `transfer_state` finding of a B2B payout still `sent` (no Result, not settled).
      settleB2b:
        finding.status === "open" &&
        finding.kind === "transfer_state" &&
        typeof finding.evidence.b2b === "object" &&
        finding.evidence.b2b !== null &&
        (await isUnansweredB2bTransfer(q, finding.subject)),
    });
  }
  return onPage;
}

/** The reconciliation service of the operators' page, on the process's store. */
export function reconciliation() {
  const on = store();
  return {
    ...bindStore(on, { resolve: resolveOpenFinding }),
    /**
     * The page in one read: the runs, and the findings (of one run when `runId` is given; null when
     * there is no such run) with `status` open, resolved or both.
     */
    page(filters: {
      status: "open" | "resolved" | "all";
      runId: string | null;
      runs: number;
      findings: number;
    }): Promise<ReconciliationPage | null> {
      return on.read(async (q) => {
        const selectedRun = filters.runId ? await findRun(q, filters.runId) : null;
        if (filters.runId && !selectedRun) return null;
        const scope = selectedRun ? { runId: selectedRun.id } : {};
        const runs = await listRuns(q, { limit: filters.runs });
        const open =
          filters.status === "resolved"
            ? []
            : await onPage(
                q,
                await listFindings(q, { ...scope, status: "open", limit: filters.findings }),
              );
        const resolved =
          filters.status === "open"
            ? []
            : await onPage(
                q,
                await listFindings(q, { ...scope, status: "resolved", limit: filters.findings }),
              );
        return { selectedRun, runs, open, resolved, openCount: await countOpenFindings(q) };
      });
    },
    finding: (id: string) => on.read((q) => getFinding(q, id)),
    /** Settle by hand the M-Pesa B2B payout of a finding: one write. */
    settleB2b: (
      input: { transferId: string; operatorId: string } & ManualB2bSettlement,
      now: number,
    ) => settleB2bByHand(on, input, now),
    /**
     * Run now for an operator (audited once it ran): the run's view, or null while another run
     * holds the lease.
     */
    async runNow(operatorId: string): Promise<ReconciliationRunView | null> {
      const run = await reconcileNow();
      if (run === null) return null;
      await on.write(async (q) => {
        await recordAudit(q, {
          actorType: "operator",
          actorId: operatorId,
          action: "reconciliation.run_requested",
          targetType: "reconciliation_run",
          targetId: run.id,
          details: { status: run.status, findings: run.findings },
        });
      });
      return run;
    },
  };
}
