/**
 * The monthly excise duty report (/admin/compliance/excise?month=2026-11; issue 31, item 7, ADR
 * 0059): for a month (the last one by default, whose excise falls due next), our fees and the 10%
 * excise duty on them by fee kind, read from the live book, with the day it is due at the KRA (the
 * 20th of the following month) and the CSV. Compliance officers and administrators.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConsolePage } from "~/components/app/ConsolePage";
import { MonthForm } from "~/components/fees/MonthForm";
import { exciseDutyBps } from "~/content/excise-duty";
import {
  feeKindLabels,
  feeKinds,
  formatMonth,
  parseMonth,
  previousMonthOf,
} from "~/core/fees/months";
import { formatDate, formatKesCents, formatPercent } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { excise } from "~/wiring/excise.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request, ["compliance"]);
  const { month, error } = parseMonth(
    new URL(request.url).searchParams.get("month"),
    previousMonthOf(Date.now()),
  );
  const report = await excise().monthReport(month);
  const amounts = (totals: typeof report.totals) => ({
    count: totals.count,
    fee: totals.feeKesCents.toString(),
    excise: totals.exciseKesCents.toString(),
  });
  return data(
    {
      month,
      error,
      dueDate: report.dueDate,
      rows: feeKinds.map((kind) => ({ kind, ...amounts(report.byKind[kind]) })),
      totals: amounts(report.totals),
    },
    { status: error ? 400 : 200 },
  );
}

export default function ExciseReport() {
  const { month, error, dueDate, rows, totals } = useLoaderData<typeof loader>();
  const csv = `${paths.adminExciseCsv}?month=${month}`;
  return (
    <ConsolePage title="Excise duty">
      <p className="max-w-3xl text-slate-700">
        Excise duty of {formatPercent(exciseDutyBps)} on our fees (Finance Act, 2025), charged to
        merchants on top of each fee and owed to the Kenya Revenue Authority. It is not charged on
        the rails&apos; own charges we pass on at cost. Each month&apos;s excise is due by the 20th
        of the following month.
      </p>
      <div className="mt-6">
        <MonthForm action={paths.adminExcise} month={month} error={error} />
      </div>
      <section aria-labelledby="excise-month" className="mt-8">
        <h2 id="excise-month" className="text-xl font-semibold text-ink">
          {formatMonth(month)}
        </h2>
        <p className="mt-1 font-semibold text-ink">
          Due to the KRA by {formatDate(dueDate)}: {formatKesCents(totals.excise)}
        </p>
        <table className="mt-4 w-full max-w-3xl text-left text-sm">
          <caption className="sr-only">Fees and excise duty by fee kind</caption>
          <thead className="border-b border-slate-300">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Fee kind
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Fee lines
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Fees
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-semibold">
                Excise duty
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.kind} className="border-b border-slate-200">
                <th scope="row" className="py-2 pr-3 font-normal">
                  {feeKindLabels[row.kind]}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{row.count}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                  {formatKesCents(row.fee)}
                </td>
                <td className="whitespace-nowrap py-2 pl-3 text-right tabular-nums">
                  {formatKesCents(row.excise)}
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="py-2 pr-3 font-semibold">
                Total
              </th>
              <td className="px-3 py-2 text-right font-semibold tabular-nums">{totals.count}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right font-semibold tabular-nums">
                {formatKesCents(totals.fee)}
              </td>
              <td className="whitespace-nowrap py-2 pl-3 text-right font-semibold tabular-nums">
                {formatKesCents(totals.excise)}
              </td>
            </tr>
          </tbody>
        </table>
        <p className="mt-4">
          <a href={csv} className="font-semibold text-brand-800 underline" download>
            Download the CSV for {formatMonth(month)}
          </a>
        </p>
      </section>
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Excise duty",
    description: "The monthly excise duty on our fees, due to the KRA by the 20th.",
    path: paths.adminExcise,
    noindex: true,
  });
