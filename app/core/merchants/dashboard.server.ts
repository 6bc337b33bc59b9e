/**
 * The dashboard's four figures for one merchant, from stored payments (this month in Nairobi time,
 * each with the change from last month).
 */
import { paymentDashboardStats } from "~/core/payments/reads.server";
import type { Db } from "~/utils/db.server";

export interface StatFigure {
  /** Integer value: KES cents for revenue, a count, or basis points for the success rate. */
  value: number;
  /** Change from last month in basis points (+1250 = +12.5%). */
  changeBps: number;
}

export interface DashboardStats {
  totalRevenueKesCents: StatFigure;
  transactions: StatFigure;
  activeCustomers: StatFigure;
  successRateBps: StatFigure;
}

export function getDashboardStats(db: Db, merchantId: string, now = Date.now()): DashboardStats {
  return paymentDashboardStats(db, merchantId, now);
}
