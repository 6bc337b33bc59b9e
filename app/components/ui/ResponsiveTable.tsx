/**
 * A list of records that fits every screen: a table from the `md` breakpoint up, and below it a
 * list of cards (each an <li> with a heading and a <dl> of the same fields), so a phone never
 * scrolls sideways and every field stays in view. Pure HTML and CSS: both are in the server's HTML
 * and the one not shown is display:none (so also hidden from assistive technology).
 */
import { Fragment, type ReactNode } from "react";
import { uiMessages } from "~/i18n/catalogs/ui";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { formatEatDateTime, formatEatIso } from "~/utils/format";
import { cx } from "./index";

export interface RecordColumn<Row> {
  /** The column heading, and the field's name (<dt>) on a card. */
  heading: string;
  cell: (row: Row) => ReactNode;
  /** Extra classes for the table cell (e.g. "whitespace-nowrap"). */
  className?: string;
}

/**
 * The title column of records that happened at a moment: "Date (EAT)" with a <time>, in `locale`
 * (the page's: pass `useLocale()`; default English).
 */
export function eatDateTitle<Row extends { at: number }>(locale: Locale = "en") {
  return {
    heading: inLocale(uiMessages, locale).dateEat,
    cell: (row: Row) => (
      <time dateTime={formatEatIso(row.at)} className="whitespace-nowrap font-normal">
        {formatEatDateTime(row.at, locale)}
      </time>
    ),
  };
}

export function ResponsiveTable<Row>({
  caption,
  rows,
  rowKey,
  title,
  columns,
  headingLevel: Heading = "h2",
  actions,
  muted,
  className,
  printAsTable = false,
  tableClassName,
}: {
  /** The table's (visually hidden) caption and the card list's accessible name. */
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /**
   * What names a row: the row header in the table, the card's heading on small screens (usually a
   * link to the record), with an optional line under it (e.g. the record's id).
   */
  title: { heading: string; cell: (row: Row) => ReactNode; detail?: (row: Row) => ReactNode };
  columns: readonly RecordColumn<Row>[];
  /** The card headings' level: one below the heading the list sits under. */
  headingLevel?: "h2" | "h3" | "h4";
  /**
   * A row's buttons and links (or null for none): the table's last column, its heading (label)
   * for screen readers only, and a line under the fields on a card.
   */
  actions?: { label: string; cell: (row: Row) => ReactNode };
  /** Rows set aside (e.g. dropped): greyed in the table and on their cards. */
  muted?: (row: Row) => boolean;
  className?: string;
  /** Printed as the table whatever the screen (a statement on paper). */
  printAsTable?: boolean;
  /** Extra classes for the table (e.g. a smaller print size). */
  tableClassName?: string;
}) {
  return (
    <div className={className}>
      <ul
        aria-label={caption}
        className={cx("space-y-3 md:hidden", printAsTable && "print:hidden")}
        data-record-cards=""
      >
        {rows.map((row) => {
          const rowActions = actions?.cell(row) ?? null;
          return (
            <li
              key={rowKey(row)}
              className={cx(
                "rounded-xl border border-slate-200 p-4 shadow-sm",
                muted?.(row) ? "bg-slate-50" : "bg-white",
              )}
            >
              <Heading className="break-words text-base font-semibold text-ink">
                {title.cell(row)}
              </Heading>
              {title.detail ? (
                <p className="break-all font-mono text-xs text-slate-600">{title.detail(row)}</p>
              ) : null}
              <dl className="mt-3 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                {columns.map((column) => (
                  <Fragment key={column.heading}>
                    <dt className="text-slate-600">{column.heading}</dt>
                    <dd className="min-w-0 break-words text-ink">{column.cell(row)}</dd>
                  </Fragment>
                ))}
              </dl>
              {rowActions !== null ? <div className="mt-4">{rowActions}</div> : null}
            </li>
          );
        })}
      </ul>
      {/* A table wider than the screen scrolls here: focusable and named, for the keyboard too. */}
      <div
        className={cx(
          "hidden overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-700 md:block",
          printAsTable && "print:block print:overflow-visible",
        )}
        role="region"
        aria-label={caption}
        tabIndex={0}
      >
        <table className={cx("w-full text-left text-sm", tableClassName)}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-300">
            <tr>
              {[title.heading, ...columns.map((column) => column.heading)].map((heading) => (
                <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                  {heading}
                </th>
              ))}
              {actions ? (
                <th scope="col" className="px-3 py-2 font-semibold">
                  <span className="sr-only">{actions.label}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={cx(
                  "border-b border-slate-200 align-top print:break-inside-avoid",
                  muted?.(row) && "bg-slate-50",
                )}
              >
                <th scope="row" className="px-3 py-2 font-normal">
                  {title.cell(row)}
                  {title.detail ? (
                    <span className="block font-mono text-xs text-slate-600">
                      {title.detail(row)}
                    </span>
                  ) : null}
                </th>
                {columns.map((column) => (
                  <td key={column.heading} className={cx("px-3 py-2", column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
                {actions ? <td className="px-3 py-2">{actions.cell(row)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
