/**
 * The disbursements service for a request: this process's store, and the sender of the payments
 * runtime serving the batch's mode (ADR 0028) to send released payouts at once. The payout pages'
 * reads (with the balance and the team, of other areas) each run in one store.read.
 */
import {
  createDisbursementsService,
  type DisbursementsService,
} from "~/core/disbursements/service.server";
import { payoutRailsOf } from "~/core/payments/rails.server";
import { type RailId, railIds } from "~/core/rails/types";
import { teamMembers } from "~/core/accounts/team.server";
import { inDoubtRowIds } from "~/core/disbursements/b2b.server";
import { otherApprovers, type Batch } from "~/core/disbursements/batches.server";
import { expireStaleBatches } from "~/core/disbursements/expiry.server";
import {
  batchSummary,
  findBatchRow,
  listBatches,
  listBatchRows,
  type RowFilter,
} from "~/core/disbursements/reads.server";
import {
  getPayoutApprovalAboveKes,
  setPayoutApprovalAboveKes,
} from "~/core/disbursements/settings.server";
import { merchantBalances } from "~/core/ledger/ledger.server";
import { pumpDisbursements } from "~/core/disbursements/pump.server";
import type { BootContext } from "./context";
import { runLeased, schedule } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import { runningPayments, runningTestPayments } from "./payments.server";
import { bindStore, store } from "./store.server";

export function disbursements(): DisbursementsService {
  const runtimeFor = (mode: "live" | "test") =>
    mode === "test" ? runningTestPayments() : runningPayments();
  return createDisbursementsService({
    store: store(),
    // Where payments do not run in this process, the rails are not known here: not checked.
    runningRails(mode) {
      const runtime = runtimeFor(mode);
      return runtime ? (Object.keys(payoutRailsOf(runtime)) as RailId[]) : railIds;
    },
    sendNow(mode) {
      const runtime = runtimeFor(mode);
      if (!runtime) return;
      pumpDisbursements(store(), payoutRailsOf(runtime), Date.now, { modes: [mode] }).catch(
        (error: unknown) =>
          logger.error("sending payouts failed", {
            error: error instanceof Error ? error.message : String(error),
          }),
      );
    },
  });
}

/** The payout approval threshold (issue 15, item 3): read by the payout pages, set in Settings. */
export function payoutApproval() {
  return bindStore(store(), {
    aboveKes: getPayoutApprovalAboveKes,
    setAboveKes: setPayoutApprovalAboveKes,
  });
}

/** What the Payouts page shows: the live balance, the batches, whether a member approves alone. */
export function payoutsPage(merchantId: string, memberId: string) {
  return store().read(async (q) => {
    return {
      available: (await merchantBalances(q, merchantId, "live")).available,
      otherApprovers: await otherApprovers(q, merchantId, memberId),
      batches: await listBatches(q, merchantId, "live"),
    };
  });
}

/** What the New payout page and its review show: the live balance and the approval threshold. */
export function newPayoutPage(merchantId: string) {
  const on = store();
  return on.read(async (q) => ({
    available: (await merchantBalances(q, merchantId, "live")).available,
    approvalAboveKes: await getPayoutApprovalAboveKes(on, merchantId),
  }));
}

/** What a batch's page shows, in one consistent read. */
export function payoutBatchPage(input: {
  merchantId: string;
  memberId: string;
  batch: Batch;
  filter: RowFilter;
  afterLine: number;
  /** The row whose edit form is open. */
  editRowId: string | null;
}) {
  const { merchantId, memberId, batch } = input;
  const on = store();
  const now = Date.now();
  return on.read(async (q) => {
    const beforeApproval = batch.status === "draft" || batch.status === "awaiting_approval";
    return {
      summary: await batchSummary(q, batch),
      available: beforeApproval
        ? (await merchantBalances(q, merchantId, batch.mode)).available
        : null,
      page: await listBatchRows(q, batch.id, { filter: input.filter, afterLine: input.afterLine }),
      // Payouts whose answer was lost (a crash while sending) or is overdue: shown at once.
      inDoubt: new Set(batch.status === "processing" ? await inDoubtRowIds(q, batch.id, now) : []),
      editRow: input.editRowId ? await findBatchRow(q, batch.id, input.editRowId) : null,
      members: await teamMembers(on, merchantId),
      otherApprovers: await otherApprovers(q, merchantId, memberId),
    };
  });
}

/** Stale drafts expire and abandoned uploads are cleared: hourly, under a lease (issue 27, 8). */
export function startDisbursements({ store: on }: BootContext): void {
  schedule({
    name: "disbursements.expire-drafts",
    pattern: { everySeconds: 3600 },
    run: () =>
      runLeased(on, "disbursements.expire-drafts", { ttlMs: 30 * 60_000 }, async () => {
        const result = await expireStaleBatches(on, Date.now());
        const nothing = result.expired + result.abandoned === 0;
        return { outcome: nothing ? ("skipped" as const) : ("succeeded" as const), detail: result };
      }),
  });
}
