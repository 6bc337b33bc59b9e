/** The last run: its stats, what each feed did, and every item it rejected with the reason. */
import { Badge, DataTable, Stat } from "~/components/ui";
import { feedFailureReason } from "~/core/news/run-status";
import type { IngestRunSummary } from "~/core/news/types";
import { formatEatDateTime, formatTimeWindow } from "~/utils/format";

export interface RejectionLine {
  feedName: string;
  title: string;
  reason: string;
  label: string;
  detail: string;
}

const outcomeTone = { ok: "success", not_modified: "neutral", failed: "danger" } as const;
const outcomeLabel = { ok: "OK", not_modified: "Not modified", failed: "Failed" } as const;
const statusTone = {
  running: "info",
  succeeded: "success",
  partial: "warning",
  failed: "danger",
} as const;
const statusLabel = {
  running: "Running",
  succeeded: "Succeeded",
  partial: "Partial",
  failed: "Failed",
} as const;

export function LastRun({
  run,
  rejections,
}: {
  run: IngestRunSummary | null;
  rejections: readonly RejectionLine[];
}) {
  const failed = run ? run.feeds.filter((feed) => feed.outcome === "failed") : [];
  return (
    <section
      aria-labelledby="last-run-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="last-run-heading" className="text-xl font-bold text-ink">
        Last run
      </h2>
      {!run ? (
        <p className="mt-3 text-slate-700">
          No run yet. Fetch the latest news to curate the first articles.
        </p>
      ) : (
        <>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <Badge tone={statusTone[run.status]}>{statusLabel[run.status]}</Badge>
            <span>
              {run.trigger === "schedule"
                ? "Scheduled"
                : run.trigger === "manual"
                  ? "Manual"
                  : "Bench"}{" "}
              run started {formatEatDateTime(run.startedAt)}
              {run.finishedAt !== null
                ? `, took ${((run.finishedAt - run.startedAt) / 1000).toFixed(1)} s`
                : ""}
            </span>
          </p>
          {run.status === "partial" && failed.length > 0 ? (
            <div className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
              <p id="failed-feeds-heading" className="font-semibold text-amber-900">
                {failed.length} of {run.feeds.length} feeds failed; the others were curated.
              </p>
              <ul aria-labelledby="failed-feeds-heading" className="mt-2 list-disc pl-5">
                {failed.map((feed) => (
                  <li key={feed.feedId}>
                    <span className="font-medium">{feed.feedName}</span>: {feedFailureReason(feed)}
                  </li>
                ))}
              </ul>
            </div>
          ) : run.error ? (
            <p className="mt-2 text-sm text-red-800">{run.error}</p>
          ) : null}
          <dl className="mt-4 grid grid-cols-2 gap-6 sm:grid-cols-3" data-testid="last-run-stats">
            <Stat label="Fetched" value={run.totalFetched} />
            <Stat label="Curated" value={run.totalCurated} />
            <Stat label="Excluded" value={run.totalExcluded} />
          </dl>
          <p className="mt-3 text-sm text-slate-700">
            Time window: {formatTimeWindow(run.timeWindow)}
          </p>

          <DataTable
            caption="Feeds in this run"
            showCaption
            headings={["Feed", "Outcome", "HTTP", "Items", "Curated", "Excluded", "Note"]}
            className="mt-6"
          >
            {run.feeds.map((feed) => (
              <tr key={feed.feedId} className="border-b border-slate-200">
                <th scope="row" className="px-3 py-2 font-medium">
                  {feed.feedName}
                </th>
                <td className="px-3 py-2">
                  <Badge tone={outcomeTone[feed.outcome]}>{outcomeLabel[feed.outcome]}</Badge>
                </td>
                <td className="px-3 py-2">{feed.httpStatus ?? "none"}</td>
                <td className="px-3 py-2">{feed.items}</td>
                <td className="px-3 py-2">{feed.curated}</td>
                <td className="px-3 py-2">{feed.excluded}</td>
                <td className="px-3 py-2 text-slate-700">
                  {feed.error ?? (feed.format ? feed.format.toUpperCase() : "")}
                </td>
              </tr>
            ))}
          </DataTable>

          <details className="mt-6">
            <summary className="cursor-pointer font-semibold text-brand-800">
              Rejected items ({rejections.length})
            </summary>
            {rejections.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">Nothing was rejected.</p>
            ) : (
              <DataTable
                caption="Items the last run rejected, with the reason"
                headings={["Feed", "Title", "Reason", "Detail"]}
                className="mt-3 max-h-96 overflow-y-auto"
              >
                {rejections.map((line, index) => (
                  <tr key={index} className="border-b border-slate-200 align-top">
                    <td className="px-3 py-2">{line.feedName}</td>
                    <td className="px-3 py-2">{line.title}</td>
                    <td className="px-3 py-2">{line.label}</td>
                    <td className="px-3 py-2 text-slate-700">{line.detail}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </details>
        </>
      )}
    </section>
  );
}
