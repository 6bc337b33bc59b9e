/**
 * The statement's summary: the opening balance, the totals per type and the closing balance (the
 * opening plus every line). Used by the page and the printable statement.
 */
import { statementLineTypes } from "~/core/statements/lines";
import type { StatementView } from "~/core/statements/view";
import { statementMessages } from "~/i18n/catalogs/statements";
import { useMessages } from "~/i18n/use-messages";
import { formatKesCents } from "~/utils/format";

/** The opening or closing balance: its label and the amount in the last column. */
function BalanceRow({
  label,
  cents,
  bordered = false,
}: {
  label: string;
  cents: string;
  bordered?: boolean;
}) {
  return (
    <tr className={bordered ? "border-b border-slate-200" : undefined}>
      <th scope="row" className="py-2 pr-1.5 font-semibold sm:pr-3">
        {label}
      </th>
      <td className="px-1.5 py-2 sm:px-3" />
      <td className="px-1.5 py-2 sm:px-3" />
      <td className="whitespace-nowrap py-2 pl-1.5 text-right font-semibold tabular-nums sm:pl-3">
        {formatKesCents(cents)}
      </td>
    </tr>
  );
}

export function StatementSummary({ statement }: { statement: StatementView }) {
  const m = useMessages(statementMessages);
  const t = m.summary;
  return (
    <section aria-labelledby="statement-summary" className="break-inside-avoid">
      <h2 id="statement-summary" className="text-xl font-semibold text-ink">
        {t.title}
      </h2>
      <table className="mt-3 w-full max-w-xl text-left text-sm">
        <caption className="sr-only">{t.caption}</caption>
        <thead className="border-b border-slate-300">
          <tr>
            <th scope="col" className="py-2 pr-1.5 font-semibold sm:pr-3">
              {t.item}
            </th>
            <th scope="col" className="px-1.5 py-2 text-right font-semibold sm:px-3">
              {t.lines}
            </th>
            <th scope="col" className="px-1.5 py-2 text-right font-semibold sm:px-3">
              {t.fees}
            </th>
            <th scope="col" className="py-2 pl-1.5 text-right font-semibold sm:pl-3">
              {t.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          <BalanceRow label={t.opening} cents={statement.opening} bordered />
          {statementLineTypes.map((type) => {
            const total = statement.totals[type];
            return (
              <tr key={type} className="border-b border-slate-200">
                <th scope="row" className="py-2 pr-1.5 font-normal sm:pr-3">
                  {m.lineTypes[type]}
                </th>
                <td className="px-1.5 py-2 text-right tabular-nums sm:px-3">{total.count}</td>
                {/* One column, two lines: five columns do not fit a phone. */}
                <td className="whitespace-nowrap px-1.5 py-2 text-right tabular-nums sm:px-3">
                  {formatKesCents(total.fee)}
                  <span className="block text-xs text-slate-600">
                    + {formatKesCents(total.excise)}
                  </span>
                </td>
                <td className="whitespace-nowrap py-2 pl-1.5 text-right tabular-nums sm:pl-3">
                  {formatKesCents(total.net)}
                </td>
              </tr>
            );
          })}
          <BalanceRow label={t.closing} cents={statement.closing} />
        </tbody>
      </table>
      <p className="mt-2 text-xs text-slate-600">{t.note}</p>
    </section>
  );
}
