/**
 * A payout batch's rows, 50 at a time in file order: filters and paging are links (shareable, no
 * JavaScript needed). Each row shows the recipient, rail, amount, our fee and the rail's charge,
 * the reference, the name beside the registered name (with the lookup's answer) and its status
 * (with the errors, the failure reason or the receipt). In a draft the maker fixes or drops a row;
 * after approval a failed row is retried or cancelled. A table from `md` up, a card per row on a
 * phone (ResponsiveTable), so the page never scrolls sideways.
 */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass, cx } from "~/components/ui";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import { formatKesCents } from "~/utils/format";
import { batchHref, type BatchRowsPage, type BatchRowView, type RowFilter } from "./BatchView";

const filterLabels: Record<RowFilter, string> = {
  all: "All rows",
  attention: "Needs attention",
  invalid: "Needs fixing",
  failed: "Failed",
  paid: "Paid",
  open: "On its way",
};

const emptyMessages: Record<RowFilter, string> = {
  all: "This batch has no rows.",
  attention: "No row needs attention.",
  invalid: "No row needs fixing.",
  failed: "No payout failed.",
  paid: "No payout is paid yet.",
  open: "No payout is on its way.",
};

const statusTones: Partial<Record<BatchRowView["status"], string>> = {
  invalid: "text-red-800",
  failed: "text-red-800",
  paid: "text-emerald-800",
  dropped: "text-slate-600",
  cancelled: "text-slate-600",
};

const nameCheckTones: Partial<Record<BatchRowView["nameCheck"], string>> = {
  match: "text-emerald-800",
  partial: "text-amber-800",
  mismatch: "text-red-800",
  not_found: "text-red-800",
};

const smallButton = "px-3 py-1.5";

function RowForm({
  intent,
  rowId,
  label,
  line,
  variant = "secondary",
}: {
  intent: string;
  rowId: string;
  label: string;
  line: number;
  variant?: "secondary" | "ghost";
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="rowId" value={rowId} />
      <button type="submit" className={buttonClass(variant, smallButton)}>
        {label}
        <span className="sr-only"> line {line}</span>
      </button>
    </Form>
  );
}

/** A row's buttons at the batch's stage, or null when it has none. */
function rowActions(
  row: BatchRowView,
  stage: "draft" | "approved" | "none",
  editHref: string,
): ReactNode {
  if (stage === "draft") {
    return (
      <div className="flex flex-wrap gap-2">
        {row.status !== "dropped" ? (
          <Link to={editHref} className={buttonClass("secondary", smallButton)}>
            {row.status === "invalid" ? "Fix" : "Edit"}
            <span className="sr-only"> line {row.line}</span>
          </Link>
        ) : null}
        {row.status === "dropped" ? (
          <RowForm intent="restore-row" rowId={row.id} label="Put back" line={row.line} />
        ) : (
          <RowForm intent="drop-row" rowId={row.id} label="Drop" line={row.line} variant="ghost" />
        )}
      </div>
    );
  }
  if (stage === "approved" && row.status === "failed") {
    return (
      <div className="flex flex-wrap gap-2">
        <RowForm intent="retry-row" rowId={row.id} label="Retry" line={row.line} />
        <RowForm
          intent="cancel-row"
          rowId={row.id}
          label="Cancel"
          line={row.line}
          variant="ghost"
        />
      </div>
    );
  }
  return null;
}

function StatusCell({ row }: { row: BatchRowView }) {
  return (
    <>
      <span className={cx("font-semibold", statusTones[row.status])}>{row.statusLabel}</span>
      {row.status === "invalid" && row.errors.length > 0 ? (
        <ul className="mt-1 list-disc space-y-1 pl-4 text-xs text-red-800">
          {row.errors.map((error, i) => (
            <li key={i}>{error.message}</li>
          ))}
        </ul>
      ) : null}
      {row.status === "failed" && row.failureReason ? (
        <div className="mt-1 text-xs text-red-800">{row.failureReason}</div>
      ) : null}
      {row.receipt ? (
        <div className="mt-1 text-xs text-slate-700">
          Receipt <span className="font-mono">{row.receipt}</span>
        </div>
      ) : null}
      {row.duplicateOfLine !== null ? (
        <div className="mt-1 text-xs text-amber-800">Same as line {row.duplicateOfLine}</div>
      ) : null}
      {row.recentDuplicate ? (
        <div className="mt-1 text-xs text-amber-800">Paid the same in the last 7 days</div>
      ) : null}
    </>
  );
}

function NameCell({ row }: { row: BatchRowView }) {
  if (!row.name && !row.registeredName) return <span className="text-slate-600">None given</span>;
  return (
    <>
      <div>{row.name || <span className="text-slate-600">None given</span>}</div>
      {row.registeredName ? (
        <div className="text-xs text-slate-700">Registered: {row.registeredName}</div>
      ) : null}
      {row.status !== "invalid" ? (
        <div className={cx("text-xs", nameCheckTones[row.nameCheck] ?? "text-slate-600")}>
          {row.nameCheckLabel}
        </div>
      ) : null}
    </>
  );
}

export function BatchRowsTable({
  base,
  page,
  stage,
}: {
  /** The batch page's address. */
  base: string;
  page: BatchRowsPage;
  /** Which row actions this member sees: a draft's (fix, drop) or an approved batch's (retry). */
  stage: "draft" | "approved" | "none";
}) {
  const { filter, after, rows, nextAfter } = page;
  return (
    <section aria-labelledby="batch-rows-title" className="mt-10">
      <h2 id="batch-rows-title" className="text-2xl font-semibold text-ink">
        Rows
      </h2>
      <nav aria-label="Show rows" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(filterLabels) as RowFilter[]).map((key) => (
            <li key={key}>
              <Link
                to={batchHref(base, { filter: key })}
                aria-current={key === filter ? "page" : undefined}
                className={cx(
                  "inline-block rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset",
                  key === filter
                    ? "bg-brand-700 text-white ring-brand-700"
                    : "bg-white text-brand-800 ring-brand-700 hover:bg-brand-50",
                )}
              >
                {filterLabels[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {rows.length === 0 ? (
        <p className="mt-4 text-slate-700">{emptyMessages[filter]}</p>
      ) : (
        <ResponsiveTable
          caption={`Payout rows: ${filterLabels[filter].toLowerCase()}, in file order`}
          className="mt-4"
          rows={rows}
          rowKey={(row) => row.id}
          headingLevel="h3"
          muted={(row) => row.status === "dropped"}
          title={{
            heading: "Line",
            // "Line 5" on a card's heading; the table's column already says "Line", so there the
            // word is for screen readers only (the row is still named "Line 5").
            cell: (row) => (
              <>
                <span className="md:sr-only">Line </span>
                {row.line}
              </>
            ),
          }}
          columns={[
            {
              heading: "Recipient",
              cell: (row) => <span className="break-all">{row.recipient || "(blank)"}</span>,
            },
            { heading: "Rail", cell: (row) => row.rail },
            {
              heading: "Amount",
              cell: (row) =>
                row.amount !== null ? formatKesCents(row.amount) : row.rawAmount || "(blank)",
              className: "whitespace-nowrap",
            },
            {
              heading: "Fee + excise + charge",
              cell: (row) =>
                row.fee !== null && row.charge !== null ? (
                  <>
                    {formatKesCents(row.fee)}
                    <span className="block text-xs text-slate-700">
                      + {formatKesCents(row.excise ?? "0")} excise
                    </span>
                    <span className="block text-xs text-slate-700">
                      + {formatKesCents(row.charge)} charge
                    </span>
                  </>
                ) : (
                  ""
                ),
              className: "whitespace-nowrap",
            },
            {
              heading: "Reference",
              cell: (row) => <span className="break-all">{row.reference}</span>,
            },
            { heading: "Name", cell: (row) => <NameCell row={row} /> },
            { heading: "Status", cell: (row) => <StatusCell row={row} /> },
          ]}
          actions={
            stage === "none"
              ? undefined
              : {
                  label: "Actions",
                  cell: (row) =>
                    rowActions(
                      row,
                      stage,
                      `${batchHref(base, { filter, after, edit: row.id })}#edit-row`,
                    ),
                }
          }
        />
      )}
      <div className="mt-4 flex flex-wrap gap-4">
        {after > 0 ? (
          <Link to={batchHref(base, { filter })} className="font-semibold text-brand-800 underline">
            First rows
          </Link>
        ) : null}
        {nextAfter !== null ? (
          <Link
            to={batchHref(base, { filter, after: nextAfter })}
            className="font-semibold text-brand-800 underline"
          >
            Next rows
          </Link>
        ) : null}
      </div>
    </section>
  );
}
