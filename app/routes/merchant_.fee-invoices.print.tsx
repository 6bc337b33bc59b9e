/**
 * A fee invoice to print (/merchant/fee-invoices/print?month=2026-11; ADR 0059): the document
 * alone, without the app's shell or scripts, laid out for paper (the browser's Print command prints
 * it or saves it as PDF). Finance, Admin and Owner (statements).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FeeInvoiceDocument } from "~/components/fees/FeeInvoice";
import { feeInvoiceView } from "~/core/fees/invoice-view";
import { monthOf, parseMonth } from "~/core/fees/months";
import { feeInvoiceMessages, monthErrorIn } from "~/i18n/catalogs/fee-invoices";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { useMessages } from "~/i18n/use-messages";
import { requirePermission } from "~/utils/auth.server";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { excise } from "~/wiring/excise.server";

export const handle: RouteHandle = { chrome: "bare", scripts: false };

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "statements:read");
  const { month, error } = parseMonth(
    new URL(request.url).searchParams.get("month"),
    monthOf(Date.now()),
  );
  const { invoice, holder } = await excise().invoice(merchant.merchantId, month);
  return data({ error, invoice: feeInvoiceView(invoice, holder) }, { status: error ? 400 : 200 });
}

export default function PrintableFeeInvoice() {
  const { error, invoice } = useLoaderData<typeof loader>();
  const all = useMessages(feeInvoiceMessages);
  const m = all.print;
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto w-full max-w-5xl flex-1 bg-white p-8 text-ink focus:outline-none print:max-w-none print:p-0"
    >
      <nav aria-label={m.nav} className="mb-6 flex flex-wrap gap-4 text-sm print:hidden">
        <a
          href={`${paths.merchantFeeInvoices}?month=${invoice.month}`}
          className="font-semibold text-brand-800 underline"
        >
          {m.back}
        </a>
        <span className="text-slate-700">{m.howToPrint}</span>
      </nav>
      {error ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-4 text-red-800">
          {monthErrorIn(all.monthError, error)} {m.showing(invoice.month)}
        </p>
      ) : null}
      <FeeInvoiceDocument invoice={invoice} />
    </main>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(feeInvoiceMessages, matchesLocale(matches)).print.title,
    description: inLocale(feeInvoiceMessages, matchesLocale(matches)).print.metaDescription,
    path: paths.merchantFeeInvoicesPrint,
    noindex: true,
  });
