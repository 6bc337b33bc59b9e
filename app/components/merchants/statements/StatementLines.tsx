/**
 * The statement's lines (one per ledger transaction that changed the balance): a table on a laptop
 * and on paper (its rows never break across pages), cards on a phone; with the empty state and,
 * past the screen's limit, a pointer to the CSV.
 */
import type { StatementView } from "~/core/statements/view";
import { eatDateTitle, ResponsiveTable } from "~/components/ui/ResponsiveTable";
import { statementMessages } from "~/i18n/catalogs/statements";
import { inLocale } from "~/i18n/messages";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { formatKesCents } from "~/utils/format";

export const EMPTY_STATEMENT_TEXT = inLocale(statementMessages, "en").table.empty;

export function StatementLines({
  statement,
  csvHref,
}: {
  statement: StatementView;
  /** Where the full CSV is, for the note when the table is cut short. */
  csvHref?: string;
}) {
  const m = useMessages(statementMessages);
  const t = m.table;
  const locale = useLocale();
  if (statement.lines.length === 0) {
    return (
      <p className="rounded-xl bg-slate-50 p-6 text-slate-700 print:bg-white print:p-0">
        {t.empty} {t.emptyBalance(formatKesCents(statement.opening))}
      </p>
    );
  }
  const cut = statement.lineCount > statement.lines.length;
  return (
    <>
      {cut ? (
        <p role="status" className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t.cutShown(statement.lines.length, statement.lineCount)}{" "}
          {csvHref ? (
            <a href={csvHref} className="font-semibold underline" download>
              {t.cutLink}
            </a>
          ) : (
            t.cutNoLink
          )}{" "}
          {t.cutAfter}
        </p>
      ) : null}
      <ResponsiveTable
        caption={t.caption}
        rows={statement.lines}
        rowKey={(line) => line.transactionId}
        printAsTable
        tableClassName="print:text-xs"
        title={eatDateTitle(locale)}
        columns={[
          {
            heading: t.type,
            cell: (line) => m.lineTypes[line.type],
            className: "whitespace-nowrap",
          },
          {
            heading: t.description,
            cell: (line) => line.description,
            className: "min-w-48 break-words",
          },
          {
            heading: t.reference,
            cell: (line) => <span className="font-mono text-xs break-all">{line.reference}</span>,
          },
          ...(["gross", "fee", "excise", "net", "balance"] as const).map((field) => ({
            heading: t[field],
            cell: (line: StatementView["lines"][number]) => formatKesCents(line[field]),
            className: "whitespace-nowrap text-right tabular-nums",
          })),
        ]}
      />
    </>
  );
}
