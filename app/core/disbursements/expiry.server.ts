/**
 * Drafts do not pile up (issue 27, item 8): a draft batch nobody touched for
 * BATCH_LIMITS.draftTtlMs expires (status `expired`, its rows deleted: nothing was reserved, and
 * its row count still counts for that day's allowance), and a file's batch left `checking` by a
 * crash part-way through writing it is removed. Run hourly by the wiring, under a lease.
 */
import { and, asc, eq, lt, or } from "drizzle-orm";
import { disbursementBatches } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import type { Store } from "~/db/store";
import { abandonBatch, deleteRowsInSlices } from "./batches.server";
import { BATCH_LIMITS } from "./vocabulary";

/** Batches looked at per run (the next run takes the rest). */
const PER_RUN = 200;

export async function expireStaleBatches(
  store: Store,
  now: number,
): Promise<{ expired: number; abandoned: number; rowsDeleted: number }> {
  const draftBefore = now - BATCH_LIMITS.draftTtlMs;
  const checkingBefore = now - BATCH_LIMITS.checkingTtlMs;
  const stale = await store.read((q) =>
    q
      .select({ id: disbursementBatches.id, status: disbursementBatches.status })
      .from(disbursementBatches)
      .where(
        or(
          and(
            eq(disbursementBatches.status, "draft"),
            lt(disbursementBatches.updatedAt, draftBefore),
          ),
          and(
            eq(disbursementBatches.status, "checking"),
            lt(disbursementBatches.updatedAt, checkingBefore),
          ),
        ),
      )
      .orderBy(asc(disbursementBatches.updatedAt))
      .limit(PER_RUN),
  );
  const result = { expired: 0, abandoned: 0, rowsDeleted: 0 };
  for (const batch of stale) {
    if (batch.status === "checking") {
      await abandonBatch(store, batch.id);
      result.abandoned++;
      continue;
    }
    // Only if still an untouched draft (a member may have just changed it).
    const expired = await store.write(async (q) => {
      const moved = await q
        .update(disbursementBatches)
        .set({ status: "expired", updatedAt: now })
        .where(
          and(
            eq(disbursementBatches.id, batch.id),
            eq(disbursementBatches.status, "draft"),
            lt(disbursementBatches.updatedAt, draftBefore),
          ),
        )
        .returning({ id: disbursementBatches.id });
      if (moved.length !== 1) return false;
      await recordAudit(
        q,
        {
          actorType: "system",
          action: "disbursement.batch_expired",
          targetType: "disbursement_batch",
          targetId: batch.id,
          details: { untouchedDays: BATCH_LIMITS.draftTtlMs / 86_400_000 },
        },
        now,
      );
      return true;
    });
    if (!expired) continue;
    result.expired++;
    result.rowsDeleted += await deleteRowsInSlices(store, batch.id);
  }
  return result;
}
