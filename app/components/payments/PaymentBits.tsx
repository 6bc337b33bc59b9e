import { Badge } from "~/components/ui";
import { formatKes, formatPercent } from "~/utils/format";
import type { PaymentStatus } from "~/core/payments/statuses";
import { eventLabels, paymentStatusLabels } from "./labels";

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { label, tone } = paymentStatusLabels[status];
  return <Badge tone={tone}>{label}</Badge>;
}

/** "21 Nov 2026, 14:05 EAT" */
export function eatDateTime(epochMs: number): string {
  return `${new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Nairobi", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false }).format(epochMs)} EAT`;
}

export interface TimelineEvent {
  id: number;
  at: number;
  type: string;
  cause: string;
}

export function PaymentTimeline({ events }: { events: readonly TimelineEvent[] }) {
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-6">
      {events.map((event) => (
        <li key={event.id}>
          <span
            className="absolute -left-[7px] mt-1.5 h-3 w-3 rounded-full bg-brand-700"
            aria-hidden="true"
          />
          <p className="font-semibold text-ink">{eventLabels[event.type] ?? event.type}</p>
          <p className="text-sm text-slate-700">{event.cause}</p>
          <p className="text-xs text-slate-600">
            <time dateTime={new Date(event.at).toISOString()}>{eatDateTime(event.at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

/** KES cents (as a string from a loader) shown in shillings with cents: "KES 1,234.50". */
export function formatKesCents(cents: string | bigint): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = new Intl.NumberFormat("en-KE").format(abs / 100n);
  const fraction = String(abs % 100n).padStart(2, "0");
  return `${negative ? "-" : ""}KES ${whole}.${fraction}`;
}

/** Whole shillings without decimals ("KES 2,466"), anything else with its cents ("KES 0.66"). */
export function formatKesExact(cents: string | bigint): string {
  const value = BigInt(cents);
  return value % 100n === 0n ? formatKes(value / 100n) : formatKesCents(value);
}

/**
 * "KES 2,466 after the 1% fee and the M-Pesa charge of KES 9" (the estimate before a payment
 * settles).
 */
export function payoutSentence(
  payoutCents: string | bigint,
  feeBps: number,
  railChargeCents: string | bigint,
): string {
  return `${formatKesExact(payoutCents)} after the ${formatPercent(feeBps)} fee and the M-Pesa charge of ${formatKesExact(railChargeCents)}`;
}
