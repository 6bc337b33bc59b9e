/**
 * Each monitoring rule's settings (ADR 0056): the defaults in code (rules.ts) unless an operator
 * changed them, in which case the row in `monitoring_rules` says. A change and its audit entry
 * (before and after) are one write.
 */
import { eq } from "drizzle-orm";
import { monitoringRules as ruleRows } from "../../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { monitoringRuleKeys, type MonitoringRuleKey } from "../vocabulary";
import { defaultThresholds, mergeThresholds, type RuleSettings, type Thresholds } from "./rules";

type RuleRow = typeof ruleRows.$inferSelect;

function parseStored(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function settingsOf(rule: MonitoringRuleKey, row: RuleRow | undefined): RuleSettings {
  if (!row)
    return {
      rule,
      enabled: true,
      thresholds: defaultThresholds(rule),
      updatedBy: null,
      updatedAt: null,
    };
  return {
    rule,
    enabled: row.enabled,
    thresholds: mergeThresholds(rule, parseStored(row.thresholds)),
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt,
  };
}

/** Every rule's settings, in the rules' order, in the caller's transaction. */
export async function ruleSettingsOn(q: Handle): Promise<RuleSettings[]> {
  const rows = await q.select().from(ruleRows);
  const byRule = new Map(rows.map((row) => [row.rule, row]));
  return monitoringRuleKeys.map((rule) => settingsOf(rule, byRule.get(rule)));
}

export function ruleSettings(store: Store): Promise<RuleSettings[]> {
  return store.read((q) => ruleSettingsOn(q));
}

export interface SaveRuleInput {
  rule: MonitoringRuleKey;
  enabled: boolean;
  /** Already checked (rules.ts `checkThresholds`). */
  thresholds: Thresholds;
  operatorId: string;
  now: number;
}

/**
 * Save a rule's settings and audit the change (before and after). Saving what is already in force
 * writes nothing; returns whether anything changed.
 */
export async function saveRuleSettings(store: Store, input: SaveRuleInput): Promise<boolean> {
  return store.write(async (q) => {
    const row = await first(
      store.forUpdate(q.select().from(ruleRows).where(eq(ruleRows.rule, input.rule)).limit(1)),
    );
    const before = settingsOf(input.rule, row);
    const after = {
      enabled: input.enabled,
      thresholds: mergeThresholds(input.rule, input.thresholds),
    };
    const same =
      before.enabled === after.enabled &&
      JSON.stringify(before.thresholds) === JSON.stringify(after.thresholds);
    if (same) return false;
    const values = {
      enabled: after.enabled,
      thresholds: JSON.stringify(after.thresholds),
      updatedBy: input.operatorId,
      updatedAt: input.now,
    };
    if (row) await q.update(ruleRows).set(values).where(eq(ruleRows.rule, input.rule));
    else await q.insert(ruleRows).values({ rule: input.rule, ...values });
    await recordAudit(
      q,
      {
        actorType: "operator",
        actorId: input.operatorId,
        action: "monitoring_rule.updated",
        targetType: "monitoring_rule",
        targetId: input.rule,
        details: {
          before: { enabled: before.enabled, thresholds: before.thresholds },
          after,
        },
      },
      input.now,
    );
    return true;
  });
}
