/**
 * The reconciliation's runs and findings as the operator pages read them (vocabulary.ts), and the
 * one thing an operator does to a finding: resolve it with a note (audited).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { reconciliationFindings, reconciliationRuns } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { readableCode } from "~/core/ids.server";
import type { Db, DbOrTx } from "~/utils/db.server";
import type { FindingView, ReconciliationRunView } from "./vocabulary";

export const newRunId = () => `rcn_${readableCode(14).toLowerCase()}`;
export const newFindingId = () => `rcf_${readableCode(14).toLowerCase()}`;

type RunRow = typeof reconciliationRuns.$inferSelect;
type FindingRow = typeof reconciliationFindings.$inferSelect;

const EMPTY_CHECKED = { rails: 0, assets: 0, transfers: 0 };

function parseJson(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const count = (value: unknown): number =>
  typeof value === "number" && Number.isSafeInteger(value) ? value : 0;

export function runView(row: RunRow): ReconciliationRunView {
  const checked = parseJson(row.checked);
  return {
    id: row.id,
    day: row.day,
    status: row.status,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    checked: {
      rails: count(checked.rails ?? EMPTY_CHECKED.rails),
      assets: count(checked.assets ?? EMPTY_CHECKED.assets),
      transfers: count(checked.transfers ?? EMPTY_CHECKED.transfers),
    },
    findings: row.findingsCount,
    error: row.error,
  };
}

export function findingView(row: FindingRow): FindingView {
  return {
    id: row.id,
    runId: row.runId,
    kind: row.kind,
    book: row.book,
    subject: row.subject,
    subjectLabel: row.subjectLabel,
    currency: row.currency,
    expected: row.expected,
    actual: row.actual,
    difference: row.difference,
    evidence: parseJson(row.evidence),
    status: row.status,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
    resolvedBy: row.resolvedBy,
    resolutionNote: row.resolutionNote,
  };
}

/** The latest runs, newest first. */
export function listRuns(
  db: DbOrTx,
  { limit = 30 }: { limit?: number } = {},
): ReconciliationRunView[] {
  return db
    .select()
    .from(reconciliationRuns)
    .orderBy(desc(reconciliationRuns.startedAt), desc(reconciliationRuns.id))
    .limit(Math.max(1, Math.min(limit, 500)))
    .all()
    .map(runView);
}

export function getRun(db: DbOrTx, id: string): ReconciliationRunView | null {
  const row = db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, id)).get();
  return row ? runView(row) : null;
}

/** Findings, newest first: the open ones by default (the queue), or of one run. */
export function listFindings(
  db: DbOrTx,
  {
    status = "open",
    runId,
    limit = 200,
  }: { status?: "open" | "resolved" | "all"; runId?: string; limit?: number } = {},
): FindingView[] {
  return db
    .select()
    .from(reconciliationFindings)
    .where(
      and(
        status === "all" ? undefined : eq(reconciliationFindings.status, status),
        runId ? eq(reconciliationFindings.runId, runId) : undefined,
      ),
    )
    .orderBy(desc(reconciliationFindings.createdAt), desc(reconciliationFindings.id))
    .limit(Math.max(1, Math.min(limit, 1000)))
    .all()
    .map(findingView);
}

export function getFinding(db: DbOrTx, id: string): FindingView | null {
  const row = db
    .select()
    .from(reconciliationFindings)
    .where(eq(reconciliationFindings.id, id))
    .get();
  return row ? findingView(row) : null;
}

/** How many findings wait in the operators' queue. */
/** The ids of the open findings of `kind` about `subject` (a transfer id...). */
export function openFindingIds(db: DbOrTx, kind: FindingRow["kind"], subject: string): string[] {
  return db
    .select({ id: reconciliationFindings.id })
    .from(reconciliationFindings)
    .where(
      and(
        eq(reconciliationFindings.kind, kind),
        eq(reconciliationFindings.subject, subject),
        eq(reconciliationFindings.status, "open"),
      ),
    )
    .all()
    .map((f) => f.id);
}

export function countOpenFindings(db: DbOrTx): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(reconciliationFindings)
      .where(eq(reconciliationFindings.status, "open"))
      .get()?.n ?? 0
  );
}

export type ResolveOutcome = { ok: true } | { ok: false; reason: "not_found" | "already_resolved" };

/**
 * Resolve an open finding with the operator's note: one conditional update (a finding resolved
 * meanwhile, by another operator, is not resolved again), audited in the same transaction.
 */
export function resolveFinding(
  db: Db,
  input: { findingId: string; operatorId: string; note: string },
  now: number,
): ResolveOutcome {
  const note = input.note.trim().slice(0, 2000);
  return db.transaction((tx) => {
    const resolved = tx
      .update(reconciliationFindings)
      .set({
        status: "resolved",
        resolvedAt: now,
        resolvedBy: input.operatorId,
        resolutionNote: note,
      })
      .where(
        and(
          eq(reconciliationFindings.id, input.findingId),
          eq(reconciliationFindings.status, "open"),
        ),
      )
      .run();
    if (resolved.changes !== 1) {
      const exists = tx
        .select({ id: reconciliationFindings.id })
        .from(reconciliationFindings)
        .where(eq(reconciliationFindings.id, input.findingId))
        .get();
      return { ok: false, reason: exists ? "already_resolved" : "not_found" } as const;
    }
    const finding = tx
      .select({
        kind: reconciliationFindings.kind,
        subject: reconciliationFindings.subject,
        difference: reconciliationFindings.difference,
        runId: reconciliationFindings.runId,
      })
      .from(reconciliationFindings)
      .where(eq(reconciliationFindings.id, input.findingId))
      .get();
    recordAudit(
      tx,
      {
        actorType: "operator",
        actorId: input.operatorId,
        action: "reconciliation.finding_resolved",
        targetType: "reconciliation_finding",
        targetId: input.findingId,
        details: { ...finding, note },
      },
      now,
    );
    return { ok: true } as const;
  });
}
