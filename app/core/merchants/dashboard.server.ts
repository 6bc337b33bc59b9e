/**
 * The dashboard's figures for one merchant, from stored payments (this month in Nairobi time,
 * each with the change from last month when last month has figures). Read inside the caller's
 * `store.read` (ADR 0041).
 */
import { paymentDashboardStats } from "~/core/payments/reads.server";
import type { ApiMode } from "~/core/api/vocabulary";
import type { Handle } from "~/db/store";
import type { DashboardStats } from "./dashboard-stats";

export type { DashboardStats, StatFigure } from "./dashboard-stats";

export function getDashboardStats(
  q: Handle,
  merchantId: string,
  now = Date.now(),
  mode: ApiMode = "live",
  options: { revenue?: boolean } = {},
): Promise<DashboardStats> {
  return paymentDashboardStats(q, merchantId, now, mode, options);
}
