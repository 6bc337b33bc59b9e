import { Badge } from "~/components/ui";
import { exciseDutyBps } from "~/content/tariff";
import { formatEatDateTime, formatKesCents, formatPercent } from "~/utils/format";
import type { PaymentStatus } from "~/core/payments/statuses";
import { paymentDetailMessages, payoutSentenceMessages } from "~/i18n/catalogs/payments";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { paymentStatusLabelsIn } from "./labels";

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { label, tone } = paymentStatusLabelsIn(useLocale())[status];
  return <Badge tone={tone}>{label}</Badge>;
}

/** "21 Nov 2026, 14:05 EAT" (the house style, `formatEatDateTime` in `~/utils/format`). */
export const eatDateTime = formatEatDateTime;

export interface TimelineEvent {
  id: number;
  at: number;
  type: string;
  cause: string;
}

export function PaymentTimeline({ events }: { events: readonly TimelineEvent[] }) {
  const labels: Record<string, string> = useMessages(paymentDetailMessages).events;
  const locale = useLocale();
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-6">
      {events.map((event) => (
        <li key={event.id}>
          <span
            className="absolute -left-[7px] mt-1.5 h-3 w-3 rounded-full bg-brand-700"
            aria-hidden="true"
          />
          <p className="font-semibold text-ink">{labels[event.type] ?? event.type}</p>
          <p className="text-sm text-slate-700">{event.cause}</p>
          <p className="text-xs text-slate-600">
            <time dateTime={new Date(event.at).toISOString()}>{eatDateTime(event.at, locale)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

// KES cents with their cents ("KES 1,234.50") and without ".00" ("KES 2,466"): `~/utils/format`.
export { formatKesCents };

/** "the 1% fee plus 10% excise duty": our fee as the payment pages name it (ADR 0059). */
export function feeWithExciseText(feeBps: number, locale: Locale = "en"): string {
  return inLocale(payoutSentenceMessages, locale).feeWithExcise(
    formatPercent(feeBps),
    formatPercent(exciseDutyBps),
  );
}

/**
 * "KES 2,463 after the 1% fee plus 10% excise duty and the M-Pesa charge of KES 9" (the estimate
 * before a payment settles), in `locale` (English by default).
 */
export function payoutSentence(
  payoutCents: string | bigint,
  feeBps: number,
  railChargeCents: string | bigint,
  locale: Locale = "en",
): string {
  return inLocale(payoutSentenceMessages, locale).payout(
    formatKesCents(payoutCents),
    feeWithExciseText(feeBps, locale),
    formatKesCents(railChargeCents),
  );
}

/** "KES 2,472.50 after the 1% fee plus 10% excise duty" (a payment under a payout schedule). */
export function netSentence(
  netCents: string | bigint,
  feeBps: number,
  locale: Locale = "en",
): string {
  return inLocale(payoutSentenceMessages, locale).net(
    formatKesCents(netCents),
    feeWithExciseText(feeBps, locale),
  );
}
