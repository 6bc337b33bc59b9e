import { Link } from "@remix-run/react";
import {
  runStatusLabels,
  type ReconciliationRunView,
  type RunStatus,
} from "~/core/reconciliation/vocabulary";
import { Badge, textLinkClass } from "~/components/ui";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import { formatDate, formatEatDateTime } from "~/utils/format";
import { reconciliationHref } from "./links";

const statusTone: Record<RunStatus, "info" | "success" | "danger"> = {
  running: "info",
  completed: "success",
  failed: "danger",
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "4 rails, 2 assets, 31 transfers". */
export const checkedText = (checked: ReconciliationRunView["checked"]) =>
  [
    plural(checked.rails, "rail", "rails"),
    plural(checked.assets, "asset", "assets"),
    plural(checked.transfers, "transfer", "transfers"),
  ].join(", ");

function Time({ at }: { at: number }) {
  return <time dateTime={new Date(at).toISOString()}>{formatEatDateTime(at)}</time>;
}

/** The latest runs, newest first: a table, or cards on a phone. */
export function RunsTable({
  runs,
  selectedRun,
}: {
  runs: readonly ReconciliationRunView[];
  selectedRun: string | null;
}) {
  return (
    <ResponsiveTable
      caption="Latest reconciliation runs, newest first"
      rows={runs}
      rowKey={(run) => run.id}
      headingLevel="h3"
      title={{
        heading: "Day",
        cell: (run) => (
          <Link
            to={reconciliationHref({ run: run.id })}
            aria-current={run.id === selectedRun ? "page" : undefined}
            className={textLinkClass}
          >
            {formatDate(run.day)}
          </Link>
        ),
        detail: (run) => run.id,
      }}
      columns={[
        {
          heading: "Status",
          cell: (run) => <Badge tone={statusTone[run.status]}>{runStatusLabels[run.status]}</Badge>,
        },
        {
          heading: "Started",
          className: "whitespace-nowrap",
          cell: (run) => <Time at={run.startedAt} />,
        },
        {
          heading: "Finished",
          className: "whitespace-nowrap",
          cell: (run) => (run.finishedAt === null ? "Not yet" : <Time at={run.finishedAt} />),
        },
        { heading: "Checked", cell: (run) => checkedText(run.checked) },
        {
          heading: "Findings",
          cell: (run) => plural(run.findings, "difference", "differences"),
        },
        { heading: "Error", cell: (run) => run.error ?? "None" },
      ]}
    />
  );
}
