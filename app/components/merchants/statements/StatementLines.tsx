/**
 * The statement's lines (one per ledger transaction that changed the balance): a table on a laptop
 * and on paper (its rows never break across pages), cards on a phone; with the empty state and,
 * past the screen's limit, a pointer to the CSV.
 */
import { statementLineLabels } from "~/core/statements/lines";
import type { StatementView } from "~/core/statements/view";
import { ResponsiveTable, eatDateTitle } from "~/components/ui/ResponsiveTable";
import { formatKesCents } from "~/utils/format";

export const EMPTY_STATEMENT_TEXT = "No money moved in this period.";

const amountHeadings = {
  gross: "Gross",
  fee: "Fee",
  excise: "Excise duty",
  net: "Net",
  balance: "Balance",
} as const;

export function StatementLines({
  statement,
  csvHref,
}: {
  statement: StatementView;
  /** Where the full CSV is, for the note when the table is cut short. */
  csvHref?: string;
}) {
  if (statement.lines.length === 0) {
    return (
      <p className="rounded-xl bg-slate-50 p-6 text-slate-700 print:bg-white print:p-0">
        {EMPTY_STATEMENT_TEXT} Opening and closing balance: {formatKesCents(statement.opening)}.
      </p>
    );
  }
  const cut = statement.lineCount > statement.lines.length;
  return (
    <>
      {cut ? (
        <p role="status" className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Showing the first {statement.lines.length} of {statement.lineCount} lines.{" "}
          {csvHref ? (
            <a href={csvHref} className="font-semibold underline" download>
              Download the CSV
            </a>
          ) : (
            "The CSV download"
          )}{" "}
          has them all.
        </p>
      ) : null}
      <ResponsiveTable
        caption="Statement lines, oldest first"
        rows={statement.lines}
        rowKey={(line) => line.transactionId}
        printAsTable
        tableClassName="print:text-xs"
        title={eatDateTitle()}
        columns={[
          {
            heading: "Type",
            cell: (line) => statementLineLabels[line.type],
            className: "whitespace-nowrap",
          },
          {
            heading: "Description",
            cell: (line) => line.description,
            className: "min-w-48 break-words",
          },
          {
            heading: "Reference",
            cell: (line) => <span className="font-mono text-xs break-all">{line.reference}</span>,
          },
          ...(["gross", "fee", "excise", "net", "balance"] as const).map((field) => ({
            heading: amountHeadings[field],
            cell: (line: StatementView["lines"][number]) => formatKesCents(line[field]),
            className: "whitespace-nowrap text-right tabular-nums",
          })),
        ]}
      />
    </>
  );
}
