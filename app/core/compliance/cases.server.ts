/**
 * Compliance cases (issue 31, item 4; ADR 0055): a screening hit (and later a monitoring alert)
 * opens a case that holds what it touches (a payment's deposit, a payout, a refund, an
 * application) until a compliance officer decides. Every step is on the case's timeline and in the
 * audit log; a merchant never sees a case (tipping-off), only that something is held for review.
 *
 * Decisions: `clear` releases every hold (each target's release runs in the same write), `hold`
 * keeps them (frozen: the case is closed as held), `report` keeps them and marks the case reported
 * (only once its suspicious transaction report was made: reports/reports.server.ts, ADR 0057),
 * `offboard` keeps them and ends the relationship.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  complianceCaseEvents,
  complianceCases,
  complianceHolds,
  frcReports,
  screenings,
} from "../../../drizzle/schema";
import { endRelationshipOfCase } from "~/core/retention/relationship.server";
import { recordAudit } from "~/core/audit.server";
import { readableCode } from "~/core/ids.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import type { CaseDecision, CaseKind, CaseSeverity, CaseStatus, HoldTarget } from "./vocabulary";

export const newCaseId = () => `case_${readableCode(12).toLowerCase()}`;

/**
 * How long a case may stay open: two days, the FRC's deadline for a suspicious transaction report.
 */
export const CASE_DUE_MS = 2 * 24 * 3_600_000;

export type CaseRow = typeof complianceCases.$inferSelect;
export type CaseEventRow = typeof complianceCaseEvents.$inferSelect;
export type HoldRow = typeof complianceHolds.$inferSelect;

export interface OpenCaseInput {
  kind: CaseKind;
  severity: CaseSeverity;
  title: string;
  merchantId?: string | null;
  applicationId?: string | null;
  /** What raised it, for the timeline (screening hits, the payment, the address...). */
  evidence: Record<string, unknown>;
  holds: readonly { target: HoldTarget; targetId: string }[];
  /** Screenings that found it: they are linked to the case. */
  screeningIds?: readonly string[];
  /** When it is due, after it opens (default CASE_DUE_MS). */
  dueInMs?: number;
  now: number;
}

/** Open a case and its holds in the caller's write; returns the case id. */
export async function openCase(q: Handle, input: OpenCaseInput): Promise<string> {
  const id = newCaseId();
  await q.insert(complianceCases).values({
    id,
    kind: input.kind,
    severity: input.severity,
    status: "open",
    merchantId: input.merchantId ?? null,
    applicationId: input.applicationId ?? null,
    title: input.title.slice(0, 200),
    ownerId: null,
    dueAt: input.now + (input.dueInMs ?? CASE_DUE_MS),
    createdAt: input.now,
    updatedAt: input.now,
  });
  if (input.holds.length > 0)
    await q.insert(complianceHolds).values(
      input.holds.map((hold) => ({
        caseId: id,
        target: hold.target,
        targetId: hold.targetId,
        status: "held" as const,
        createdAt: input.now,
      })),
    );
  await q.insert(complianceCaseEvents).values({
    caseId: id,
    type: "opened",
    actorId: null,
    body: input.title.slice(0, 200),
    detail: JSON.stringify(input.evidence),
    at: input.now,
  });
  if (input.screeningIds && input.screeningIds.length > 0)
    await q
      .update(screenings)
      .set({ caseId: id })
      .where(inArray(screenings.id, [...input.screeningIds]));
  return id;
}

/** Whether an open hold is on `target` (e.g. an application cannot be approved while one is). */
export async function isHeld(q: Handle, target: HoldTarget, targetId: string): Promise<boolean> {
  const row = await first(
    q
      .select({ id: complianceHolds.id })
      .from(complianceHolds)
      .where(
        and(
          eq(complianceHolds.target, target),
          eq(complianceHolds.targetId, targetId),
          eq(complianceHolds.status, "held"),
        ),
      )
      .limit(1),
  );
  return row !== undefined;
}

const decidedStatus: Record<CaseDecision, CaseStatus> = {
  clear: "cleared",
  hold: "held",
  report: "reported",
  offboard: "offboarded",
};

/**
 * What releasing a hold does to its target, in the decision's write (registered by the module
 * that owns the target: payments release a held deposit). A target without one just stops being
 * held.
 */
export type ReleaseHold = (q: Handle, targetId: string, now: number) => Promise<void>;

export class CaseError extends Error {}

/**
 * Whether the case's suspicious transaction report was made (read here rather than through
 * reports.server.ts: the reports' modules stay out of what merchant pages import).
 */
async function hasSuspiciousReport(q: Handle, caseId: string): Promise<boolean> {
  const row = await first(
    q
      .select({ id: frcReports.id })
      .from(frcReports)
      .where(and(eq(frcReports.caseId, caseId), eq(frcReports.kind, "str")))
      .limit(1),
  );
  return row !== undefined;
}

/** Deciding "report" files the case's suspicious transaction report: it is made first. */
export const REPORT_FIRST =
  "Make the suspicious transaction report first: the decision to report needs it.";

export interface CaseQueueRow extends CaseRow {
  holds: number;
  overdue: boolean;
}

/** The queue: open cases first by due date, then the latest decided ones. */
export async function caseQueue(
  store: Store,
  input: { status: "open" | "decided"; now: number; limit?: number },
): Promise<CaseQueueRow[]> {
  return store.read(async (q) => {
    const open = input.status === "open";
    const rows = await q
      .select()
      .from(complianceCases)
      .where(open ? eq(complianceCases.status, "open") : sql`${complianceCases.status} <> 'open'`)
      .orderBy(open ? asc(complianceCases.dueAt) : desc(complianceCases.decidedAt))
      .limit(input.limit ?? 100);
    const holds =
      rows.length === 0
        ? []
        : await q
            .select({ caseId: complianceHolds.caseId, n: sql<number>`count(*)` })
            .from(complianceHolds)
            .where(
              and(
                inArray(
                  complianceHolds.caseId,
                  rows.map((row) => row.id),
                ),
                eq(complianceHolds.status, "held"),
              ),
            )
            .groupBy(complianceHolds.caseId);
    const held = new Map(holds.map((row) => [row.caseId, Number(row.n)]));
    return rows.map((row) => ({
      ...row,
      holds: held.get(row.id) ?? 0,
      overdue: row.status === "open" && row.dueAt < input.now,
    }));
  });
}

export interface CaseDetail {
  case: CaseRow;
  events: CaseEventRow[];
  holds: HoldRow[];
  screenings: (typeof screenings.$inferSelect)[];
}

export async function readCase(store: Store, caseId: string): Promise<CaseDetail | undefined> {
  return store.read(async (q) => {
    const found = await first(
      q.select().from(complianceCases).where(eq(complianceCases.id, caseId)).limit(1),
    );
    if (!found) return undefined;
    const [events, holds, screened] = await Promise.all([
      q
        .select()
        .from(complianceCaseEvents)
        .where(eq(complianceCaseEvents.caseId, caseId))
        .orderBy(asc(complianceCaseEvents.at), asc(complianceCaseEvents.id)),
      q.select().from(complianceHolds).where(eq(complianceHolds.caseId, caseId)),
      q.select().from(screenings).where(eq(screenings.caseId, caseId)),
    ]);
    return { case: found, events, holds, screenings: screened };
  });
}

async function lockedOpenCase(store: Store, q: Handle, caseId: string): Promise<CaseRow> {
  const found = await first(
    store.forUpdate(
      q.select().from(complianceCases).where(eq(complianceCases.id, caseId)).limit(1),
    ),
  );
  if (!found) throw new CaseError("Case not found.");
  if (found.status !== "open") throw new CaseError("This case is already decided.");
  return found;
}

/** A note on the case (and, when asked, the operator takes it). */
export async function addCaseNote(
  store: Store,
  input: { caseId: string; operatorId: string; note: string; take?: boolean; now: number },
): Promise<void> {
  await store.write(async (q) => {
    await lockedOpenCase(store, q, input.caseId);
    if (input.take)
      await q
        .update(complianceCases)
        .set({ ownerId: input.operatorId, updatedAt: input.now })
        .where(eq(complianceCases.id, input.caseId));
    await q.insert(complianceCaseEvents).values({
      caseId: input.caseId,
      type: input.note ? "note" : "assigned",
      actorId: input.operatorId,
      body: input.note || "took the case",
      detail: null,
      at: input.now,
    });
    await recordAudit(
      q,
      {
        actorType: "operator",
        actorId: input.operatorId,
        action: input.note ? "compliance_case.noted" : "compliance_case.taken",
        targetType: "compliance_case",
        targetId: input.caseId,
        details: input.take ? { took: true } : {},
      },
      input.now,
    );
  });
}

/**
 * Decide a case, once: its holds are released (clear, each target's release in this write) or
 * kept; the decision and its reason go on the timeline and in the audit log.
 */
export async function decideCase(
  store: Store,
  releases: Partial<Record<HoldTarget, ReleaseHold>>,
  input: {
    caseId: string;
    operatorId: string;
    decision: CaseDecision;
    reason: string;
    now: number;
  },
): Promise<CaseRow> {
  return store.write(async (q) => {
    await lockedOpenCase(store, q, input.caseId);
    if (input.decision === "report" && !(await hasSuspiciousReport(q, input.caseId)))
      throw new CaseError(REPORT_FIRST);
    const holds = await q
      .select()
      .from(complianceHolds)
      .where(and(eq(complianceHolds.caseId, input.caseId), eq(complianceHolds.status, "held")));
    const release = input.decision === "clear";
    for (const hold of holds) {
      await q
        .update(complianceHolds)
        .set({ status: release ? "released" : "kept", releasedAt: release ? input.now : null })
        .where(eq(complianceHolds.id, hold.id));
      // Released only when no other case still holds it.
      if (release && !(await isHeld(q, hold.target, hold.targetId)))
        await releases[hold.target]?.(q, hold.targetId, input.now);
    }
    await q
      .update(complianceCases)
      .set({
        status: decidedStatus[input.decision],
        decidedBy: input.operatorId,
        decidedAt: input.now,
        ownerId: sql`coalesce(${complianceCases.ownerId}, ${input.operatorId})`,
        updatedAt: input.now,
      })
      .where(eq(complianceCases.id, input.caseId));
    // Offboarding ends the relationship: its records are kept 7 years from now (ADR 0060).
    if (input.decision === "offboard") await endRelationshipOfCase(q, { ...input });
    await q.insert(complianceCaseEvents).values({
      caseId: input.caseId,
      type: "decided",
      actorId: input.operatorId,
      body: input.reason,
      detail: JSON.stringify({ decision: input.decision, holds: holds.length, released: release }),
      at: input.now,
    });
    await recordAudit(
      q,
      {
        actorType: "operator",
        actorId: input.operatorId,
        action: `compliance_case.${input.decision}`,
        targetType: "compliance_case",
        targetId: input.caseId,
        details: { reason: input.reason, holds: holds.length },
      },
      input.now,
    );
    return (await first(
      q.select().from(complianceCases).where(eq(complianceCases.id, input.caseId)).limit(1),
    ))!;
  });
}
