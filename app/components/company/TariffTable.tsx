/**
 * The tariff page's tables, drawn from data: a caption, the columns and one row per entry, each row
 * led by a row header. The table sits in a bordered, horizontally scrollable frame; the frame is
 * focusable so keyboard users can scroll a wide table on a small screen, and it is named after the
 * table's caption.
 */
import type { ReactNode } from "react";
import { cx } from "~/components/ui";

/** Class names shared by every tariff table, so they all look the same. */
const table = {
  table: "w-full min-w-[36rem] border-collapse text-left text-sm",
  /** For two-column tables that fit a narrow column without scrolling. */
  narrowTable: "w-full border-collapse text-left text-sm",
  caption: "px-5 pb-2 pt-4 text-left text-base font-semibold text-ink",
  headRow: "border-y border-slate-200 bg-slate-50",
  colHeader: "px-5 py-3 text-xs font-semibold uppercase tracking-wide text-slate-700",
  row: "border-b border-slate-200 last:border-b-0 align-top",
  rowHeader: "px-5 py-4 font-semibold text-ink",
  cell: "px-5 py-4 text-slate-700",
  figure: "px-5 py-4 font-semibold tabular-nums text-ink whitespace-nowrap",
} as const;

export interface TariffColumn {
  label: string;
  /** Cells in this column are figures (amounts, percentages): bold, tabular, never wrapped. */
  figure?: boolean;
  /** Extra classes for the column header (e.g. a width). */
  className?: string;
}

export interface TariffRow {
  key: string | number;
  /** The first cell, the row's header (`<th scope="row">`). */
  header: ReactNode;
  /** One cell per column after the first. */
  cells: readonly ReactNode[];
}

export function TariffTable({
  id,
  caption,
  columns,
  rows,
  narrow = false,
  className,
}: {
  /** id of the caption, which also names the scroll region. */
  id: string;
  caption: string;
  /** All columns, the row-header column first. */
  columns: readonly TariffColumn[];
  rows: readonly TariffRow[];
  narrow?: boolean;
  className?: string;
}) {
  const [, ...cellColumns] = columns;
  return (
    <div
      role="region"
      aria-labelledby={id}
      tabIndex={0}
      className={cx(
        "overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm",
        className,
      )}
    >
      <table className={narrow ? table.narrowTable : table.table}>
        <caption id={id} className={table.caption}>
          {caption}
        </caption>
        <thead>
          <tr className={table.headRow}>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cx(table.colHeader, column.className)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <TariffRowView key={row.key} row={row} columns={cellColumns} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One body row: its header cell, then one cell per column (figures styled as figures). */
function TariffRowView({ row, columns }: { row: TariffRow; columns: readonly TariffColumn[] }) {
  return (
    <tr className={table.row}>
      <th scope="row" className={table.rowHeader}>
        {row.header}
      </th>
      {row.cells.map((cell, index) => {
        const column = columns[index];
        return (
          <td key={column?.label ?? index} className={column?.figure ? table.figure : table.cell}>
            {cell}
          </td>
        );
      })}
    </tr>
  );
}
