/**
 * The statement's lines as a table (one row per ledger transaction that changed the balance), with
 * the empty state and, past the screen's limit, a pointer to the CSV. Print-friendly: a plain
 * table whose rows do not break across pages.
 */
import { statementLineLabels } from "~/core/statements/lines";
import type { StatementView } from "~/core/statements/view";
import { formatEatDateTime, formatEatIso, formatKesCents } from "~/utils/format";

export const EMPTY_STATEMENT_TEXT = "No money moved in this period.";

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
      <div
        className="overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-700 print:overflow-visible"
        role="region"
        aria-label="Statement lines"
        tabIndex={0}
      >
        <table className="w-full text-left text-sm print:text-xs">
          <caption className="sr-only">Statement lines, oldest first</caption>
          <thead className="border-b border-slate-300">
            <tr>
              {["Date (EAT)", "Type", "Description", "Reference"].map((heading) => (
                <th key={heading} scope="col" className="px-2 py-2 font-semibold">
                  {heading}
                </th>
              ))}
              {["Gross", "Fee", "Net", "Balance"].map((heading) => (
                <th key={heading} scope="col" className="px-2 py-2 text-right font-semibold">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {statement.lines.map((line) => (
              <tr
                key={line.transactionId}
                className="break-inside-avoid border-b border-slate-200 align-top"
              >
                <th scope="row" className="whitespace-nowrap px-2 py-2 font-normal">
                  <time dateTime={formatEatIso(line.at)}>{formatEatDateTime(line.at)}</time>
                </th>
                <td className="whitespace-nowrap px-2 py-2">{statementLineLabels[line.type]}</td>
                <td className="min-w-48 px-2 py-2 break-words">{line.description}</td>
                <td className="px-2 py-2 font-mono text-xs break-all">{line.reference}</td>
                {[line.gross, line.fee, line.net, line.balance].map((cents, index) => (
                  <td key={index} className="whitespace-nowrap px-2 py-2 text-right tabular-nums">
                    {formatKesCents(cents)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
