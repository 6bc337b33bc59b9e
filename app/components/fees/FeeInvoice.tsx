/**
 * A merchant's fee invoice for a month (ADR 0059): OneHop (with its KRA PIN) and the business
 * (with its KRA PIN), then each fee we charged with its 10% excise duty, and the totals. The same
 * on the page and on paper.
 */
import { company } from "~/content/company";
import { exciseDutyBps, onehopKraPin } from "~/content/excise-duty";
import type { FeeInvoiceView } from "~/core/fees/invoice-view";
import { eatDateTitle, ResponsiveTable } from "~/components/ui/ResponsiveTable";
import { feeInvoiceMessages } from "~/i18n/catalogs/fee-invoices";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { formatKesCents, formatMonthYear, formatPercent } from "~/utils/format";

export function FeeInvoiceDocument({ invoice }: { invoice: FeeInvoiceView }) {
  const total = (BigInt(invoice.totals.fee) + BigInt(invoice.totals.excise)).toString();
  const m = useMessages(feeInvoiceMessages).invoice;
  const locale = useLocale();
  const [year, month] = invoice.month.split("-").map(Number) as [number, number];
  return (
    <article aria-labelledby="invoice-title">
      <header className="flex flex-col justify-between gap-6 border-b border-slate-300 pb-6 sm:flex-row print:flex-row">
        <section aria-labelledby="invoice-to">
          <h2 id="invoice-to" className="text-xs font-semibold uppercase text-slate-600">
            {m.to}
          </h2>
          <p className="mt-1 text-lg font-semibold text-ink">{invoice.businessName}</p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-800">
            <dt className="text-slate-600">{m.merchantId}</dt>
            <dd className="font-mono">{invoice.merchantId}</dd>
            <dt className="text-slate-600">KRA PIN</dt>
            <dd className="font-mono">{invoice.kraPin ?? m.noKraPin}</dd>
          </dl>
        </section>
        <section aria-labelledby="invoice-from" className="text-sm sm:text-right">
          <h2 id="invoice-from" className="text-lg font-bold text-brand-800 print:text-ink">
            {company.legalName}
          </h2>
          <p className="text-slate-800">
            KRA PIN <span className="font-mono">{onehopKraPin}</span>
          </p>
          <address className="not-italic text-slate-800">
            {company.officeAddress.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </section>
      </header>
      <h1 id="invoice-title" className="mt-6 text-2xl font-bold text-ink">
        {m.heading(formatMonthYear(year, month, locale))}
      </h1>
      <p className="mt-1 text-sm text-slate-700">{m.intro(formatPercent(exciseDutyBps))}</p>
      <dl className="mt-4 grid max-w-xl grid-cols-3 gap-4">
        <div>
          <dt className="text-sm text-slate-600">{m.fees}</dt>
          <dd className="font-semibold text-ink">{formatKesCents(invoice.totals.fee)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{m.excise}</dt>
          <dd className="font-semibold text-ink">{formatKesCents(invoice.totals.excise)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{m.total}</dt>
          <dd className="font-semibold text-ink">{formatKesCents(total)}</dd>
        </div>
      </dl>
      <h2 className="mt-8 text-xl font-semibold text-ink">{m.fees}</h2>
      {invoice.lines.length === 0 ? (
        <p className="mt-3 text-slate-700">{m.none}</p>
      ) : (
        <div className="mt-3">
          <ResponsiveTable
            caption={m.caption}
            rows={invoice.lines}
            rowKey={(line) => line.transactionId}
            printAsTable
            tableClassName="print:text-xs"
            title={eatDateTitle(locale)}
            columns={[
              { heading: m.fee, cell: (line) => m.kinds[line.kind] },
              {
                heading: m.reference,
                cell: (line) => (
                  <span className="font-mono text-xs break-all">{line.reference}</span>
                ),
              },
              {
                heading: m.feeAmount,
                cell: (line) => formatKesCents(line.fee),
                className: "whitespace-nowrap text-right tabular-nums",
              },
              {
                heading: m.excise,
                cell: (line) => formatKesCents(line.excise),
                className: "whitespace-nowrap text-right tabular-nums",
              },
            ]}
          />
        </div>
      )}
    </article>
  );
}
