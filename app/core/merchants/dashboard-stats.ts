/**
 * The merchant dashboard's figures (isomorphic, so components can type their props with it).
 */

export interface StatFigure {
  /** Integer value: KES cents for revenue, or a count. */
  value: number;
  /**
   * Change from last month in basis points (+1250 = +12.5%); null when last month had nothing to
   * compare with (the page then shows no comparison).
   */
  changeBps: number | null;
}

export interface DashboardStats {
  /** Null for a role that may not see revenue (no `balances:read`): never sent to it. */
  totalRevenueKesCents: StatFigure | null;
  transactions: StatFigure;
  activeCustomers: StatFigure;
  /** Basis points of finished payments that succeeded; null while none has finished this month. */
  successRateBps: { value: number | null; changeBps: number | null };
}
