import type { RailHealthStatus } from "~/core/rails/types";
import { Badge } from "~/components/ui";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import { formatEatDateTime, formatKesCents } from "~/utils/format";

export interface RailRow {
  rail: string;
  name: string;
  configured: boolean;
  health: {
    status: RailHealthStatus;
    succeeded: number;
    failed: number;
    unanswered: number;
    retrying: number;
    lastSucceededAt: number | null;
  };
  floatKesCents: string;
  inFlightKesCents: string;
  today: { transfers: number; amountKesCents: string };
}

const healthLabel: Record<RailHealthStatus, string> = {
  up: "Up",
  degraded: "Degraded",
  down: "Down",
  idle: "Idle",
};
const healthTone = { up: "success", degraded: "warning", down: "danger", idle: "neutral" } as const;

/** Each payout rail's health, float and volume today: a table, or cards on a phone. */
export function RailsTable({ rails, now }: { rails: RailRow[]; now: number }) {
  return (
    <ResponsiveTable
      caption={`Payout rails at ${formatEatDateTime(now)}`}
      rows={rails}
      rowKey={(rail) => rail.rail}
      title={{
        heading: "Rail",
        cell: (rail) => <span className="font-semibold text-ink">{rail.name}</span>,
        detail: (rail) => (rail.configured ? "Configured" : "Not configured here"),
      }}
      columns={[
        {
          heading: "Health",
          cell: (rail) =>
            rail.configured ? (
              <Badge tone={healthTone[rail.health.status]}>{healthLabel[rail.health.status]}</Badge>
            ) : (
              <Badge tone="neutral">Not configured</Badge>
            ),
        },
        {
          heading: "Last 30 minutes",
          cell: (rail) =>
            `${rail.health.succeeded} paid, ${rail.health.failed} failed, ${rail.health.unanswered} unanswered, ${rail.health.retrying} retrying`,
        },
        {
          heading: "Last paid",
          className: "whitespace-nowrap",
          cell: (rail) =>
            rail.health.lastSucceededAt === null ? (
              "Never"
            ) : (
              <time dateTime={new Date(rail.health.lastSucceededAt).toISOString()}>
                {formatEatDateTime(rail.health.lastSucceededAt)}
              </time>
            ),
        },
        {
          heading: "Float",
          className: "whitespace-nowrap",
          cell: (rail) => formatKesCents(rail.floatKesCents),
        },
        {
          heading: "In flight",
          className: "whitespace-nowrap",
          cell: (rail) => formatKesCents(rail.inFlightKesCents),
        },
        {
          heading: "Today",
          className: "whitespace-nowrap",
          cell: (rail) =>
            `${rail.today.transfers} transfer${rail.today.transfers === 1 ? "" : "s"}, ${formatKesCents(rail.today.amountKesCents)}`,
        },
      ]}
    />
  );
}
