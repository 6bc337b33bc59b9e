/** The recent monitoring alerts with their cases, for the console (ADR 0056). */
import { desc, eq } from "drizzle-orm";
import { complianceCases, monitoringAlerts } from "../../../../drizzle/schema";
import type { Store } from "~/db/store";
import type { CaseStatus, MonitoringRuleKey } from "../vocabulary";

export interface AlertRow {
  id: string;
  rule: MonitoringRuleKey;
  merchantId: string | null;
  createdAt: number;
  caseId: string | null;
  caseTitle: string | null;
  caseStatus: CaseStatus | null;
}

/** The latest alerts, newest first. */
export function recentAlerts(store: Store, limit = 50): Promise<AlertRow[]> {
  return store.read((q) =>
    q
      .select({
        id: monitoringAlerts.id,
        rule: monitoringAlerts.rule,
        merchantId: monitoringAlerts.merchantId,
        createdAt: monitoringAlerts.createdAt,
        caseId: monitoringAlerts.caseId,
        caseTitle: complianceCases.title,
        caseStatus: complianceCases.status,
      })
      .from(monitoringAlerts)
      .leftJoin(complianceCases, eq(complianceCases.id, monitoringAlerts.caseId))
      .orderBy(desc(monitoringAlerts.createdAt), desc(monitoringAlerts.id))
      .limit(limit),
  );
}
