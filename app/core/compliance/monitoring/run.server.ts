/**
 * One monitoring run (ADR 0056): every rule that is on reads its recent window; each finding is an
 * alert, once (its fingerprint is unique: a run over the same data raises nothing again), and every
 * new alert opens a case, or joins the open case an earlier alert of the same rule and subject
 * opened (a burst that goes on past its window is one case). The alert, its case and the case's
 * evidence are one write. Between rules the run gives the event loop back.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import {
  complianceCaseEvents,
  complianceCases,
  monitoringAlerts,
} from "../../../../drizzle/schema";
import { readableCode } from "~/core/ids.server";
import { startsWith } from "~/db/sql";
import type { Store } from "~/db/store";
import { openCase } from "../cases.server";
import type { MonitoringRuleKey } from "../vocabulary";
import { detectors, fingerprintOf, MAX_FINDINGS_PER_RULE, type Finding } from "./detect.server";
import { ruleDefinition } from "./rules";
import { ruleSettings } from "./settings.server";

export const newAlertId = () => `alr_${readableCode(12).toLowerCase()}`;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface RaisedAlert {
  alertId: string;
  caseId: string;
  /** False when it joined an open case of the same rule and subject. */
  openedCase: boolean;
}

/** Raise one finding: null when its fingerprint was raised before. */
export async function raiseAlert(
  store: Store,
  finding: Finding,
  now: number,
): Promise<RaisedAlert | null> {
  const fingerprint = fingerprintOf(finding);
  return store.write(async (q) => {
    const alertId = newAlertId();
    const inserted = await q
      .insert(monitoringAlerts)
      .values({
        id: alertId,
        rule: finding.rule,
        merchantId: finding.merchantId,
        fingerprint,
        detail: JSON.stringify({
          subject: finding.subject,
          window: finding.window,
          ...finding.evidence,
        }),
        caseId: null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: monitoringAlerts.id });
    if (inserted.length === 0) return null;

    // An earlier alert of this rule and subject whose case is still open: this one joins it.
    const prefix = fingerprintOf({ ...finding, window: "" });
    const [open] = await q
      .select({ caseId: complianceCases.id })
      .from(monitoringAlerts)
      .innerJoin(complianceCases, eq(complianceCases.id, monitoringAlerts.caseId))
      .where(
        and(
          eq(monitoringAlerts.rule, finding.rule),
          startsWith(monitoringAlerts.fingerprint, prefix),
          inArray(complianceCases.status, ["open"]),
        ),
      )
      .orderBy(desc(monitoringAlerts.createdAt))
      .limit(1);

    const definition = ruleDefinition(finding.rule);
    let caseId: string;
    if (open) {
      caseId = open.caseId;
      await q.insert(complianceCaseEvents).values({
        caseId,
        type: "alert",
        actorId: null,
        body: `${finding.title}. ${finding.summary}`.slice(0, 4000),
        detail: JSON.stringify({ alertId, rule: finding.rule, ...finding.evidence }),
        at: now,
      });
    } else {
      caseId = await openCase(q, {
        kind: "monitoring_alert",
        severity: definition.severity,
        title: finding.title,
        merchantId: finding.merchantId,
        evidence: { alertId, rule: finding.rule, ...finding.evidence },
        holds: [],
        dueInMs: definition.dueInMs,
        now,
      });
      await q.insert(complianceCaseEvents).values({
        caseId,
        type: "evidence",
        actorId: null,
        body: `${definition.title} (alert ${alertId}): ${finding.summary}`.slice(0, 4000),
        detail: JSON.stringify({ alertId, rule: finding.rule, ...finding.evidence }),
        at: now,
      });
    }
    await q.update(monitoringAlerts).set({ caseId }).where(eq(monitoringAlerts.id, alertId));
    return { alertId, caseId, openedCase: !open };
  });
}

export interface MonitoringRun {
  /** The rules that ran (those on). */
  rules: MonitoringRuleKey[];
  findings: number;
  raised: RaisedAlert[];
}

/**
 * Run every rule that is on (or only `only`) over its recent window at `now`. What tests and the
 * console's "Run now" call; the schedule calls it every few minutes.
 */
export async function runMonitoring(
  store: Store,
  input: { now: number; only?: readonly MonitoringRuleKey[] },
): Promise<MonitoringRun> {
  const settings = await ruleSettings(store);
  const run: MonitoringRun = { rules: [], findings: 0, raised: [] };
  for (const rule of settings) {
    if (!rule.enabled || (input.only && !input.only.includes(rule.rule))) continue;
    run.rules.push(rule.rule);
    const findings = await store.read((q) => detectors[rule.rule](q, rule.thresholds, input.now));
    run.findings += findings.length;
    let raisedHere = 0;
    for (const finding of findings) {
      if (raisedHere >= MAX_FINDINGS_PER_RULE) break;
      const raised = await raiseAlert(store, finding, input.now);
      if (!raised) continue;
      run.raised.push(raised);
      raisedHere += 1;
    }
    await yieldToEventLoop();
  }
  return run;
}
