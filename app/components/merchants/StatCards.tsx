import type { DashboardStats } from "~/core/merchants/dashboard-stats";
import { dashboardMessages } from "~/i18n/catalogs/dashboard";
import { useMessages } from "~/i18n/use-messages";
import { formatKes, formatPercent } from "~/utils/format";

const integer = new Intl.NumberFormat("en-KE");

/** "+12.5% from last month", only when last month had figures to compare with. */
function Change({ changeBps }: { changeBps: number | null }) {
  const m = useMessages(dashboardMessages).stats;
  if (changeBps === null) return null;
  const tone =
    changeBps > 0 ? "text-emerald-800" : changeBps < 0 ? "text-red-800" : "text-slate-600";
  return (
    <dd className={`mt-1 text-sm ${tone}`}>
      {formatPercent(changeBps, { sign: true })} {m.fromLastMonth}
    </dd>
  );
}

function StatCard({
  label,
  value,
  changeBps,
}: {
  label: string;
  value: string;
  changeBps: number | null;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-2 text-3xl font-bold text-ink">{value}</dd>
      <Change changeBps={changeBps} />
    </div>
  );
}

/** This month's figures; Total Revenue only when the loader sent it (roles with balances:read). */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const m = useMessages(dashboardMessages).stats;
  const revenue = stats.totalRevenueKesCents;
  const success = stats.successRateBps;
  return (
    <dl className={`grid gap-6 sm:grid-cols-2 ${revenue ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}>
      {revenue ? (
        <StatCard
          label={m.totalRevenue}
          value={formatKes(Math.trunc(revenue.value / 100))}
          changeBps={revenue.changeBps}
        />
      ) : null}
      <StatCard
        label={m.transactions}
        value={integer.format(stats.transactions.value)}
        changeBps={stats.transactions.changeBps}
      />
      <StatCard
        label={m.activeCustomers}
        value={integer.format(stats.activeCustomers.value)}
        changeBps={stats.activeCustomers.changeBps}
      />
      {success.value === null ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <dt className="text-sm font-medium text-slate-600">{m.successRate}</dt>
          <dd className="mt-2 text-base font-semibold text-ink">{m.noFinishedPayments}</dd>
        </div>
      ) : (
        <StatCard
          label={m.successRate}
          value={formatPercent(success.value)}
          changeBps={success.changeBps}
        />
      )}
    </dl>
  );
}
