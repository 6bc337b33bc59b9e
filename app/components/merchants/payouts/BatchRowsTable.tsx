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
import { payoutBatchMessages } from "~/i18n/catalogs/payout-batches";
import type { Translation } from "~/i18n/messages";
import { useMessages } from "~/i18n/use-messages";
import { formatKesCents } from "~/utils/format";
import { batchHref, type BatchRowsPage, type BatchRowView, type RowFilter } from "./BatchView";

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

type RowsMessages = Translation<(typeof payoutBatchMessages)["en"]>["rows"];

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
  const m = useMessages(payoutBatchMessages).rows;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="rowId" value={rowId} />
      <button type="submit" className={buttonClass(variant, smallButton)}>
        {label}
        <span className="sr-only">{m.lineSr(line)}</span>
      </button>
    </Form>
  );
}

/** A row's buttons at the batch's stage, or null when it has none. */
function rowActions(
  row: BatchRowView,
  stage: "draft" | "approved" | "none",
  editHref: string,
  m: RowsMessages,
): ReactNode {
  if (stage === "draft") {
    return (
      <div className="flex flex-wrap gap-2">
        {row.status !== "dropped" ? (
          <Link to={editHref} className={buttonClass("secondary", smallButton)}>
            {row.status === "invalid" ? m.fix : m.edit}
            <span className="sr-only">{m.lineSr(row.line)}</span>
          </Link>
        ) : null}
        {row.status === "dropped" ? (
          <RowForm intent="restore-row" rowId={row.id} label={m.putBack} line={row.line} />
        ) : (
          <RowForm
            intent="drop-row"
            rowId={row.id}
            label={m.drop}
            line={row.line}
            variant="ghost"
          />
        )}
      </div>
    );
  }
  if (stage === "approved" && row.status === "failed") {
    return (
      <div className="flex flex-wrap gap-2">
        <RowForm intent="retry-row" rowId={row.id} label={m.retry} line={row.line} />
        <RowForm
          intent="cancel-row"
          rowId={row.id}
          label={m.cancel}
          line={row.line}
          variant="ghost"
        />
      </div>
    );
  }
  return null;
}

function StatusCell({ row }: { row: BatchRowView }) {
  const m = useMessages(payoutBatchMessages).rows;
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
          {m.receipt} <span className="font-mono">{row.receipt}</span>
        </div>
      ) : null}
      {row.duplicateOfLine !== null ? (
        <div className="mt-1 text-xs text-amber-800">{m.sameAs(row.duplicateOfLine)}</div>
      ) : null}
      {row.recentDuplicate ? (
        <div className="mt-1 text-xs text-amber-800">{m.recentDuplicate}</div>
      ) : null}
    </>
  );
}

function NameCell({ row }: { row: BatchRowView }) {
  const m = useMessages(payoutBatchMessages).rows;
  if (!row.name && !row.registeredName)
    return <span className="text-slate-600">{m.noneGiven}</span>;
  return (
    <>
      <div>{row.name || <span className="text-slate-600">{m.noneGiven}</span>}</div>
      {row.registeredName ? (
        <div className="text-xs text-slate-700">{m.registered(row.registeredName)}</div>
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
  const m = useMessages(payoutBatchMessages).rows;
  const { filter, after, rows, nextAfter } = page;
  return (
    <section aria-labelledby="batch-rows-title" className="mt-10">
      <h2 id="batch-rows-title" className="text-2xl font-semibold text-ink">
        {m.title}
      </h2>
      <nav aria-label={m.show} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(m.filter) as RowFilter[]).map((key) => (
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
                {m.filter[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {rows.length === 0 ? (
        <p className="mt-4 text-slate-700">{m.empty[filter]}</p>
      ) : (
        <ResponsiveTable
          caption={m.caption(m.filter[filter].toLowerCase())}
          className="mt-4"
          rows={rows}
          rowKey={(row) => row.id}
          headingLevel="h3"
          muted={(row) => row.status === "dropped"}
          title={{
            heading: m.line,
            // "Line 5" on a card's heading; the table's column already says "Line", so there the
            // word is for screen readers only (the row is still named "Line 5").
            cell: (row) => (
              <>
                <span className="md:sr-only">{m.lineWord}</span>
                {row.line}
              </>
            ),
          }}
          columns={[
            {
              heading: m.recipient,
              cell: (row) => <span className="break-all">{row.recipient || m.blank}</span>,
            },
            { heading: m.rail, cell: (row) => row.rail },
            {
              heading: m.amount,
              cell: (row) =>
                row.amount !== null ? formatKesCents(row.amount) : row.rawAmount || m.blank,
              className: "whitespace-nowrap",
            },
            {
              heading: m.costs,
              cell: (row) =>
                row.fee !== null && row.charge !== null ? (
                  <>
                    {formatKesCents(row.fee)}
                    <span className="block text-xs text-slate-700">
                      {m.excise(formatKesCents(row.excise ?? "0"))}
                    </span>
                    <span className="block text-xs text-slate-700">
                      {m.charge(formatKesCents(row.charge))}
                    </span>
                  </>
                ) : (
                  ""
                ),
              className: "whitespace-nowrap",
            },
            {
              heading: m.reference,
              cell: (row) => <span className="break-all">{row.reference}</span>,
            },
            { heading: m.name, cell: (row) => <NameCell row={row} /> },
            { heading: m.status, cell: (row) => <StatusCell row={row} /> },
          ]}
          actions={
            stage === "none"
              ? undefined
              : {
                  label: m.actions,
                  cell: (row) =>
                    rowActions(
                      row,
                      stage,
                      `${batchHref(base, { filter, after, edit: row.id })}#edit-row`,
                      m,
                    ),
                }
          }
        />
      )}
      <div className="mt-4 flex flex-wrap gap-4">
        {after > 0 ? (
          <Link to={batchHref(base, { filter })} className="font-semibold text-brand-800 underline">
            {m.first}
          </Link>
        ) : null}
        {nextAfter !== null ? (
          <Link
            to={batchHref(base, { filter, after: nextAfter })}
            className="font-semibold text-brand-800 underline"
          >
            {m.next}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
