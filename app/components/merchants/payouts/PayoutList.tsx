import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import type { BatchKind, BatchStatus } from "~/core/disbursements/vocabulary";
import { payoutsMessages } from "~/i18n/catalogs/payouts";
import { inLocale } from "~/i18n/messages";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { formatEatDateTime, formatEatIso, formatKesCents } from "~/utils/format";
import * as paths from "~/utils/paths";

/** One batch as the list shows it (a loader's plain data: amounts as cent strings). */
export interface PayoutListItem {
  id: string;
  title: string;
  kind: BatchKind;
  status: BatchStatus;
  rows: number;
  amountKesCents: string;
  paid: number;
  failed: number;
  createdAt: number;
}

export const batchKindLabels: Record<BatchKind, string> = inLocale(payoutsMessages, "en").batchKind;

const statusTones: Record<BatchStatus, "neutral" | "success" | "warning" | "danger" | "info"> = {
  checking: "info",
  draft: "neutral",
  awaiting_approval: "warning",
  rejected: "danger",
  withdrawn: "neutral",
  processing: "info",
  completed: "success",
  expired: "neutral",
};

/** The merchant's payout batches, newest first, each linking to its page. */
export function PayoutList({ batches }: { batches: readonly PayoutListItem[] }) {
  const m = useMessages(payoutsMessages);
  const locale = useLocale();
  return (
    <ResponsiveTable
      caption={m.list.caption}
      className="mt-4"
      rows={batches}
      rowKey={(batch) => batch.id}
      headingLevel="h3"
      title={{
        heading: m.list.title,
        cell: (batch) => (
          <Link
            to={paths.merchantPayoutBatch(batch.id)}
            className="font-semibold text-brand-800 underline"
          >
            {batch.title}
          </Link>
        ),
        detail: (batch) => batch.id,
      }}
      columns={[
        { heading: m.list.kind, cell: (batch) => m.batchKind[batch.kind] },
        {
          heading: m.list.status,
          cell: (batch) => (
            <Badge tone={statusTones[batch.status]}>{m.batchStatus[batch.status]}</Badge>
          ),
        },
        { heading: m.list.rows, cell: (batch) => batch.rows.toLocaleString("en-US") },
        {
          heading: m.list.amount,
          cell: (batch) => formatKesCents(batch.amountKesCents),
          className: "whitespace-nowrap",
        },
        {
          heading: m.list.paidFailed,
          cell: (batch) => m.list.paidAndFailed(batch.paid, batch.failed),
        },
        {
          heading: m.list.created,
          cell: (batch) => (
            <time dateTime={formatEatIso(batch.createdAt)}>
              {formatEatDateTime(batch.createdAt, locale)}
            </time>
          ),
        },
      ]}
    />
  );
}
