/**
 * The dashboard's four figures for one merchant, from stored payments (this month in Nairobi time,
 * each with the change from last month).
 */
import { paymentDashboardStats } from "~/core/payments/reads.server";
import type { ApiMode } from "~/core/api/vocabulary";
import type { Db } from "~/utils/db.server";
import type { DashboardStats } from "./dashboard-stats";

export type { DashboardStats, StatFigure } from "./dashboard-stats";

export function getDashboardStats(
  db: Db,
  merchantId: string,
  now = Date.now(),
  mode: ApiMode = "live",
): DashboardStats {
  return paymentDashboardStats(db, merchantId, now, mode);
}
