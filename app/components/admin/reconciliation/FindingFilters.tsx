import { Link } from "@remix-run/react";
import { cx } from "~/components/ui";
import { formatDate } from "~/utils/format";
import { reconciliationHref } from "./links";
import type { FindingFilter } from "./schema";

const labels: Record<FindingFilter, string> = { open: "Open", resolved: "Resolved", all: "All" };

/** Open / resolved / all as links (GET params, shareable), keeping the chosen run. */
export function FindingFilters({
  status,
  run,
  openCount,
}: {
  status: FindingFilter;
  run: { id: string; day: string } | null;
  openCount: number;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
      <nav aria-label="Filter findings">
        <ul className="flex flex-wrap gap-2">
          {(["open", "resolved", "all"] as const).map((item) => (
            <li key={item}>
              <Link
                to={reconciliationHref({ status: item, run: run?.id })}
                aria-current={item === status ? "page" : undefined}
                className={cx(
                  "inline-block rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ring-inset",
                  item === status
                    ? "bg-brand-700 text-white ring-brand-700"
                    : "text-slate-800 ring-slate-300 hover:bg-slate-100",
                )}
              >
                {labels[item]}
                {item === "open" && !run ? ` (${openCount})` : ""}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {run ? (
        <p className="text-sm text-slate-700">
          Run of {formatDate(run.day)} only.{" "}
          <Link
            to={reconciliationHref({ status })}
            className="font-semibold text-brand-800 underline"
          >
            Show every run
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export const filterLabel = (status: FindingFilter) => labels[status];
