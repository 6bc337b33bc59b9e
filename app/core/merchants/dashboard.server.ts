/**
 * The dashboard's four figures for one merchant, read from stored payments. Until the payments core
 * stores payments there are none, so every figure is zero (with "+0% from last month").
 */
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

export function getDashboardStats(_db: Db, _merchantId: string, _now = Date.now()): DashboardStats {
  const zero = { value: 0, changeBps: 0 };
  return { totalRevenueKesCents: zero, transactions: zero, activeCustomers: zero, successRateBps: zero };
}
