/**
 * The merchant dashboard's four figures (isomorphic, so components can type their props with it).
 */

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
