/**
 * The single-flight gate across processes: every provider call is an attempt row, and a new attempt
 * is only claimed (inside one store write, so two processes cannot both see a free slot)
 * when the newest one started long enough ago. Scheduled refreshes need a whole refresh interval; a
 * visitor's manual refresh needs only the shorter minimum spacing.
 */
import { desc, eq } from "drizzle-orm";
import {
  rateRefreshes,
  type RateRefreshOutcome,
  type RateRefreshTrigger,
} from "../../../drizzle/schema";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import type { RatesConfig } from "./types";

/** Timer jitter allowed for the scheduler: a run 59.8 s after the last one still counts as due. */
export const SCHEDULE_TOLERANCE_MS = 250;

export interface RefreshAttempt {
  id: number;
  trigger: RateRefreshTrigger;
  startedAt: number;
  finishedAt: number | null;
  outcome: RateRefreshOutcome;
  /** The error of a failed attempt. */
  error: string | null;
}

export type RefreshClaim =
  | { claimed: true; attemptId: number }
  | { claimed: false; reason: "recent" | "in-progress"; latest: RefreshAttempt };

function toAttempt(row: typeof rateRefreshes.$inferSelect): RefreshAttempt {
  let error: string | null = null;
  if (row.outcome === "failed" && row.detail) {
    try {
      const detail = JSON.parse(row.detail) as { error?: unknown };
      error = typeof detail.error === "string" ? detail.error : null;
    } catch {
      error = null;
    }
  }
  return {
    id: row.id,
    trigger: row.trigger,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    outcome: row.outcome,
    error,
  };
}

/** How long after the newest attempt started a refresh with this trigger may call the provider. */
export function requiredSpacingMs(trigger: RateRefreshTrigger, config: RatesConfig): number {
  return trigger === "scheduled"
    ? config.refreshIntervalMs - SCHEDULE_TOLERANCE_MS
    : config.minManualSpacingMs;
}

function newestAttempt(q: Handle) {
  return q
    .select()
    .from(rateRefreshes)
    .orderBy(desc(rateRefreshes.startedAt), desc(rateRefreshes.id))
    .limit(1);
}

export async function latestAttempt(q: Handle): Promise<RefreshAttempt | null> {
  const row = await first(newestAttempt(q));
  return row ? toAttempt(row) : null;
}

/** Claim the right to call the provider now, or learn why not. */
export function claimRefresh(
  store: Store,
  input: { trigger: RateRefreshTrigger; now: number; config: RatesConfig },
): Promise<RefreshClaim> {
  // One write: two processes cannot both see a free slot.
  return store.write(async (q): Promise<RefreshClaim> => {
    const row = await first(store.forUpdate(newestAttempt(q)));
    if (row && input.now - row.startedAt < requiredSpacingMs(input.trigger, input.config)) {
      return {
        claimed: false,
        reason: row.outcome === "running" ? "in-progress" : "recent",
        latest: toAttempt(row),
      };
    }
    const [inserted] = await q
      .insert(rateRefreshes)
      .values({ trigger: input.trigger, startedAt: input.now, outcome: "running" })
      .returning({ id: rateRefreshes.id });
    if (!inserted) throw new Error("the refresh attempt was not inserted");
    return { claimed: true, attemptId: inserted.id };
  });
}

/** Record how an attempt ended (inside the caller's write). */
export async function finishRefresh(
  q: Handle,
  attemptId: number,
  input: { outcome: Exclude<RateRefreshOutcome, "running">; now: number; detail: unknown },
): Promise<void> {
  await q
    .update(rateRefreshes)
    .set({ outcome: input.outcome, finishedAt: input.now, detail: JSON.stringify(input.detail) })
    .where(eq(rateRefreshes.id, attemptId));
}
