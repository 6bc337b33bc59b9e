import type { DashboardStats, StatFigure } from "~/core/merchants/dashboard-stats";
import { formatKes, formatPercent } from "~/utils/format";

const integer = new Intl.NumberFormat("en-KE");

function StatCard({ label, value, figure }: { label: string; value: string; figure: StatFigure }) {
  const change = figure.changeBps;
  const tone = change > 0 ? "text-emerald-800" : change < 0 ? "text-red-800" : "text-slate-600";
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-2 text-3xl font-bold text-ink">{value}</dd>
      <dd className={`mt-1 text-sm ${tone}`}>
        {change === 0 ? "+0%" : formatPercent(change, { sign: true })} from last month
      </dd>
    </div>
  );
}

export function StatCards({ stats }: { stats: DashboardStats }) {
  return (
    <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        label="Total Revenue"
        value={formatKes(Math.trunc(stats.totalRevenueKesCents.value / 100))}
        figure={stats.totalRevenueKesCents}
      />
      <StatCard
        label="Transactions"
        value={integer.format(stats.transactions.value)}
        figure={stats.transactions}
      />
      <StatCard
        label="Active Customers"
        value={integer.format(stats.activeCustomers.value)}
        figure={stats.activeCustomers}
      />
      <StatCard
        label="Success Rate"
        value={formatPercent(stats.successRateBps.value)}
        figure={stats.successRateBps}
      />
    </dl>
  );
}
