/**
 * The merchant's balances of one mode (roles with balances:read only), as a definition list of
 * cards: the dashboard's and the payments list's.
 */
import { formatKesCents } from "~/utils/format";

export type Balances = { available: string; pending: string; inFlight: string };

const rows = [
  [
    "available",
    "Available",
    "Yours for payouts; collections go to your destination as your payout schedule says",
  ],
  ["pending", "Pending", "Held for review (large payments)"],
  ["inFlight", "On the way", "Sent to your destination, waiting for the receipt"],
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
  return (
    <dl className={className}>
      {rows.map(([key, label, hint]) => (
        <div key={key} className={cardClassName}>
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="mt-1 text-xl font-bold text-ink">{formatKesCents(balances[key])}</dd>
          <dd className="mt-1 text-xs text-slate-600">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}
