/**
 * The single-flight gate across processes: every provider call is an attempt row, and a new attempt
 * is only claimed (inside an IMMEDIATE transaction, so two processes cannot both see a free slot)
 * when the newest one started long enough ago. Scheduled refreshes need a whole refresh interval; a
 * visitor's manual refresh needs only the shorter minimum spacing.
 */
import { desc, eq } from "drizzle-orm";
import {
  rateRefreshes,
  type RateRefreshOutcome,
  type RateRefreshTrigger,
} from "../../../drizzle/schema";
import { preparedPerDb } from "~/utils/prepared.server";
import type { Db } from "~/utils/db.server";
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

const newestAttempt = preparedPerDb((db: Db) =>
  db
    .select()
    .from(rateRefreshes)
    .orderBy(desc(rateRefreshes.startedAt), desc(rateRefreshes.id))
    .limit(1)
    .prepare(),
);

export function latestAttempt(db: Db): RefreshAttempt | null {
  const row = newestAttempt(db).get();
  return row ? toAttempt(row) : null;
}

/** Claim the right to call the provider now, or learn why not. */
export function claimRefresh(
  db: Db,
  input: { trigger: RateRefreshTrigger; now: number; config: RatesConfig },
): RefreshClaim {
  return db.transaction(
    (tx) => {
      const row = tx
        .select()
        .from(rateRefreshes)
        .orderBy(desc(rateRefreshes.startedAt), desc(rateRefreshes.id))
        .limit(1)
        .get();
      if (row && input.now - row.startedAt < requiredSpacingMs(input.trigger, input.config)) {
        return {
          claimed: false,
          reason: row.outcome === "running" ? "in-progress" : "recent",
          latest: toAttempt(row),
        } as const;
      }
      const inserted = tx
        .insert(rateRefreshes)
        .values({ trigger: input.trigger, startedAt: input.now, outcome: "running" })
        .returning({ id: rateRefreshes.id })
        .get();
      return { claimed: true, attemptId: inserted.id } as const;
    },
    { behavior: "immediate" },
  );
}

export function finishRefresh(
  db: Db,
  attemptId: number,
  input: { outcome: Exclude<RateRefreshOutcome, "running">; now: number; detail: unknown },
): void {
  db.update(rateRefreshes)
    .set({ outcome: input.outcome, finishedAt: input.now, detail: JSON.stringify(input.detail) })
    .where(eq(rateRefreshes.id, attemptId))
    .run();
}
