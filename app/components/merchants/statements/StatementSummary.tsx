/**
 * The statement's summary: the opening balance, the totals per type and the closing balance (the
 * opening plus every line). Used by the page and the printable statement.
 */
import { statementLineLabels, statementLineTypes } from "~/core/statements/lines";
import type { StatementView } from "~/core/statements/view";
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
  return (
    <section aria-labelledby="statement-summary" className="break-inside-avoid">
      <h2 id="statement-summary" className="text-xl font-semibold text-ink">
        Summary
      </h2>
      <table className="mt-3 w-full max-w-xl text-left text-sm">
        <caption className="sr-only">Opening balance, totals per type and closing balance</caption>
        <thead className="border-b border-slate-300">
          <tr>
            <th scope="col" className="py-2 pr-1.5 font-semibold sm:pr-3">
              Item
            </th>
            <th scope="col" className="px-1.5 py-2 text-right font-semibold sm:px-3">
              Lines
            </th>
            <th scope="col" className="px-1.5 py-2 text-right font-semibold sm:px-3">
              Fees + excise duty
            </th>
            <th scope="col" className="py-2 pl-1.5 text-right font-semibold sm:pl-3">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <BalanceRow label="Opening balance" cents={statement.opening} bordered />
          {statementLineTypes.map((type) => {
            const total = statement.totals[type];
            return (
              <tr key={type} className="border-b border-slate-200">
                <th scope="row" className="py-2 pr-1.5 font-normal sm:pr-3">
                  {statementLineLabels[type]}
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
          <BalanceRow label="Closing balance" cents={statement.closing} />
        </tbody>
      </table>
      <p className="mt-2 text-xs text-slate-600">
        Amounts are net of fees and the excise duty on them: what each line added to or took from
        your balance with us (available, pending and on the way to you).
      </p>
    </section>
  );
}
