/**
 * The disbursements service for a request: this process's database, and the sender of the payments
 * runtime serving the batch's mode (ADR 0028) to send released payouts at once.
 */
import {
  createDisbursementsService,
  type DisbursementsService,
} from "~/core/disbursements/service.server";
import { payoutRailsOf } from "~/core/payments/rails.server";
import { type RailId, railIds } from "~/core/rails/types";
import { expireStaleBatches } from "~/core/disbursements/expiry.server";
import { pumpDisbursements } from "~/core/disbursements/pump.server";
import {
  getPayoutApprovalAboveKes,
  setPayoutApprovalAboveKes,
} from "~/core/disbursements/settings.server";
import { getDb } from "~/utils/db.server";
import type { BootContext } from "./context";
import { runLeased, schedule } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import { runningPayments, runningTestPayments } from "./payments.server";
import { bindStore, store } from "./store.server";

export function disbursements(): DisbursementsService {
  const db = getDb();
  const runtimeFor = (mode: "live" | "test") =>
    mode === "test" ? runningTestPayments() : runningPayments();
  return createDisbursementsService({
    db,
    // Where payments do not run in this process, the rails are not known here: not checked.
    runningRails(mode) {
      const runtime = runtimeFor(mode);
      return runtime ? (Object.keys(payoutRailsOf(runtime)) as RailId[]) : railIds;
    },
    sendNow(mode) {
      const runtime = runtimeFor(mode);
      if (!runtime) return;
      pumpDisbursements(db, payoutRailsOf(runtime), Date.now, { modes: [mode] }).catch(
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

/** Stale drafts expire and abandoned uploads are cleared: hourly, under a lease (issue 27, 8). */
export function startDisbursements({ db }: BootContext): void {
  schedule({
    name: "disbursements.expire-drafts",
    pattern: { everySeconds: 3600 },
    run: () =>
      runLeased(db, "disbursements.expire-drafts", { ttlMs: 30 * 60_000 }, async () => {
        const result = await expireStaleBatches(db, Date.now());
        const nothing = result.expired + result.abandoned === 0;
        return { outcome: nothing ? ("skipped" as const) : ("succeeded" as const), detail: result };
      }),
  });
}
