import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import type { BatchKind, BatchStatus } from "~/core/disbursements/vocabulary";
import { batchStatusLabels } from "~/core/disbursements/vocabulary";
import { formatEatDateTime, formatEatIso, formatKesCents } from "~/utils/format";
import { paths } from "~/utils/paths";

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

export const batchKindLabels: Record<BatchKind, string> = {
  bulk: "File upload",
  single: "Single payout",
};

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
  return (
    <ResponsiveTable
      caption="Your payouts, newest first"
      className="mt-4"
      rows={batches}
      rowKey={(batch) => batch.id}
      headingLevel="h3"
      title={{
        heading: "Title",
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
        { heading: "Kind", cell: (batch) => batchKindLabels[batch.kind] },
        {
          heading: "Status",
          cell: (batch) => (
            <Badge tone={statusTones[batch.status]}>{batchStatusLabels[batch.status]}</Badge>
          ),
        },
        { heading: "Rows", cell: (batch) => batch.rows.toLocaleString("en-US") },
        {
          heading: "Amount",
          cell: (batch) => formatKesCents(batch.amountKesCents),
          className: "whitespace-nowrap",
        },
        {
          heading: "Paid / failed",
          cell: (batch) => `${batch.paid} paid, ${batch.failed} failed`,
        },
        {
          heading: "Created",
          cell: (batch) => (
            <time dateTime={formatEatIso(batch.createdAt)}>
              {formatEatDateTime(batch.createdAt)}
            </time>
          ),
        },
      ]}
    />
  );
}
