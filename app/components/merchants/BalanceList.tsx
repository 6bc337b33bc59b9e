/**
 * The merchant's balances of one mode (roles with balances:read only), as a definition list of
 * cards: the dashboard's and the payments list's.
 */
import { dashboardMessages } from "~/i18n/catalogs/dashboard";
import { useMessages } from "~/i18n/use-messages";
import { formatKesCents } from "~/utils/format";

export type Balances = { available: string; pending: string; inFlight: string };

const rows = [
  ["available", "availableHint"],
  ["pending", "pendingHint"],
  ["inFlight", "inFlightHint"],
] as const;

export function BalanceList({
  balances,
  className,
  cardClassName,
}: {
  balances: Balances;
  className: string;
  cardClassName: string;
}) {
  const m = useMessages(dashboardMessages).balances;
  return (
    <dl className={className}>
      {rows.map(([key, hint]) => (
        <div key={key} className={cardClassName}>
          <dt className="text-sm text-slate-600">{m[key]}</dt>
          <dd className="mt-1 text-xl font-bold text-ink">{formatKesCents(balances[key])}</dd>
          <dd className="mt-1 text-xs text-slate-600">{m[hint]}</dd>
        </div>
      ))}
    </dl>
  );
}
