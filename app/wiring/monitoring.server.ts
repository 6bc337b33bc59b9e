/**
 * Monitoring rules in the running app (issue 31, item 3; ADR 0056): the five-minute schedule, and
 * the service the console's page reads and saves through.
 */
import { recentAlerts } from "~/core/compliance/monitoring/alerts.server";
import { runMonitoring } from "~/core/compliance/monitoring/run.server";
import {
  MONITORING_SCHEDULE_LABEL,
  scheduleMonitoring,
} from "~/core/compliance/monitoring/schedule.server";
import { ruleSettings, saveRuleSettings } from "~/core/compliance/monitoring/settings.server";
import type { BootContext } from "./context";
import { bindStore, store } from "./store.server";

export function monitoring() {
  const on = store();
  return {
    ...bindStore(on, { ruleSettings, saveRuleSettings, recentAlerts, runMonitoring }),
    scheduleLabel: MONITORING_SCHEDULE_LABEL,
  };
}

export function startMonitoring(context: BootContext): void {
  scheduleMonitoring(context.store);
}
