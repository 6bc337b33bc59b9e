/**
 * The reconciliation's runs and findings as the operator pages read them (vocabulary.ts), and the
 * one thing an operator does to a finding: resolve it with a note (audited).
 */
import { and, count as countRows, desc, eq } from "drizzle-orm";
import { reconciliationFindings, reconciliationRuns } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { readableCode } from "~/core/ids.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
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
export async function listRuns(
  q: Handle,
  { limit = 30 }: { limit?: number } = {},
): Promise<ReconciliationRunView[]> {
  const rows = await q
    .select()
    .from(reconciliationRuns)
    .orderBy(desc(reconciliationRuns.startedAt), desc(reconciliationRuns.id))
    .limit(Math.max(1, Math.min(limit, 500)));
  return rows.map(runView);
}

/** A run, or null, inside the caller's transaction. */
export async function findRun(q: Handle, id: string): Promise<ReconciliationRunView | null> {
  const row = await first(
    q.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, id)).limit(1),
  );
  return row ? runView(row) : null;
}

/** Findings, newest first: the open ones by default (the queue), or of one run. */
export async function listFindings(
  q: Handle,
  {
    status = "open",
    runId,
    limit = 200,
  }: { status?: "open" | "resolved" | "all"; runId?: string; limit?: number } = {},
): Promise<FindingView[]> {
  const rows = await q
    .select()
    .from(reconciliationFindings)
    .where(
      and(
        status === "all" ? undefined : eq(reconciliationFindings.status, status),
        runId ? eq(reconciliationFindings.runId, runId) : undefined,
      ),
    )
    .orderBy(desc(reconciliationFindings.createdAt), desc(reconciliationFindings.id))
    .limit(Math.max(1, Math.min(limit, 1000)));
  return rows.map(findingView);
}

export async function getFinding(q: Handle, id: string): Promise<FindingView | null> {
  const row = await first(
    q.select().from(reconciliationFindings).where(eq(reconciliationFindings.id, id)).limit(1),
  );
  return row ? findingView(row) : null;
}

/**
 * The ids of the open findings of `kind` about `subject`, inside the caller's transaction (through
 * `lock`, the store's `forUpdate`, when the caller writes a finding unless one is open).
 */
export async function openFindingIdsOn(
  q: Handle,
  kind: FindingRow["kind"],
  subject: string,
  lock: <Q>(query: Q) => Q = (query) => query,
): Promise<string[]> {
  const rows = await lock(
    q
      .select({ id: reconciliationFindings.id })
      .from(reconciliationFindings)
      .where(
        and(
          eq(reconciliationFindings.kind, kind),
          eq(reconciliationFindings.subject, subject),
          eq(reconciliationFindings.status, "open"),
        ),
      ),
  );
  return rows.map((f) => f.id);
}

/** How many findings wait in the operators' queue. */
export async function countOpenFindings(q: Handle): Promise<number> {
  const row = await first(
    q
      .select({ n: countRows() })
      .from(reconciliationFindings)
      .where(eq(reconciliationFindings.status, "open"))
      .limit(1),
  );
  return Number(row?.n ?? 0);
}

export type ResolveOutcome = { ok: true } | { ok: false; reason: "not_found" | "already_resolved" };

/**
 * Resolve an open finding with the operator's note, once: one write whose check reads the finding
 * through the store's row lock, then a conditional update (a finding resolved meanwhile, by another
 * operator, is not resolved again), audited in the same transaction (`resolveFindingOn`).
 */
export function resolveOpenFinding(
  store: Store,
  input: { findingId: string; operatorId: string; note: string },
  now: number,
): Promise<ResolveOutcome> {
  return store.write((q) => resolveFindingOn(q, input, now, store.forUpdate));
}

/**
 * `resolveOpenFinding` inside the caller's write (the B2B settlement by hand): the finding is read
 * through `lock` (the store's `forUpdate`), then resolved by a conditional update and audited.
 */
export async function resolveFindingOn(
  q: Handle,
  input: { findingId: string; operatorId: string; note: string },
  now: number,
  lock: <Q>(query: Q) => Q = (query) => query,
): Promise<ResolveOutcome> {
  const note = input.note.trim().slice(0, 2000);
  const finding = await first(
    lock(
      q
        .select({
          kind: reconciliationFindings.kind,
          subject: reconciliationFindings.subject,
          difference: reconciliationFindings.difference,
          runId: reconciliationFindings.runId,
          status: reconciliationFindings.status,
        })
        .from(reconciliationFindings)
        .where(eq(reconciliationFindings.id, input.findingId))
        .limit(1),
    ),
  );
  if (!finding) return { ok: false, reason: "not_found" } as const;
  if (finding.status !== "open") return { ok: false, reason: "already_resolved" } as const;
  const resolved = await q
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
    .returning({ id: reconciliationFindings.id });
  if (resolved.length !== 1) return { ok: false, reason: "already_resolved" } as const;
  const { status: _status, ...details } = finding;
  await recordAudit(
    q,
    {
      actorType: "operator",
      actorId: input.operatorId,
      action: "reconciliation.finding_resolved",
      targetType: "reconciliation_finding",
      targetId: input.findingId,
      details: { ...details, note },
    },
    now,
  );
  return { ok: true } as const;
}
