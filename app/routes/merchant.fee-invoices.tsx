/**
 * Fee invoices (/merchant/fee-invoices?month=2026-11; issue 31, item 7, ADR 0059): for a month
 * (this one by default), each fee we charged the merchant and the 10% excise duty on it, with
 * OneHop's and the merchant's KRA PINs; a print version and the CSV. Finance, Admin and Owner
 * (statements).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FeeInvoiceDocument } from "~/components/fees/FeeInvoice";
import { MonthForm } from "~/components/fees/MonthForm";
import { buttonClass, Container } from "~/components/ui";
import { feeInvoiceView } from "~/core/fees/invoice-view";
import { monthOf, parseMonth } from "~/core/fees/months";
import { feeInvoiceMessages } from "~/i18n/catalogs/fee-invoices";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { useMessages } from "~/i18n/use-messages";
import { requirePermission } from "~/utils/auth.server";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { excise } from "~/wiring/excise.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "statements:read");
  const { month, error } = parseMonth(
    new URL(request.url).searchParams.get("month"),
    monthOf(Date.now()),
  );
  const { invoice, holder } = await excise().invoice(merchant.merchantId, month);
  return data({ error, invoice: feeInvoiceView(invoice, holder) }, { status: error ? 400 : 200 });
}

export default function FeeInvoices() {
  const { error, invoice } = useLoaderData<typeof loader>();
  const query = `?month=${invoice.month}`;
  const m = useMessages(feeInvoiceMessages);
  return (
    <Container className="py-12">
      <p className="text-sm font-semibold text-slate-600">{m.title}</p>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <MonthForm action={paths.merchantFeeInvoices} month={invoice.month} error={error} />
        <div className="flex flex-wrap gap-2">
          <a
            href={`${paths.merchantFeeInvoicesCsv}${query}`}
            className={buttonClass("secondary")}
            download
          >
            {m.downloadCsv}
          </a>
          <a href={`${paths.merchantFeeInvoicesPrint}${query}`} className={buttonClass("ghost")}>
            {m.printVersion}
          </a>
        </div>
      </div>
      <div className="mt-8">
        <FeeInvoiceDocument invoice={invoice} />
      </div>
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(feeInvoiceMessages, matchesLocale(matches)).title,
    description: inLocale(feeInvoiceMessages, matchesLocale(matches)).metaDescription,
    path: paths.merchantFeeInvoices,
    noindex: true,
  });
