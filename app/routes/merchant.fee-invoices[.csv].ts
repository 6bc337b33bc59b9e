/**
 * A fee invoice as CSV (/merchant/fee-invoices.csv?month=2026-11; ADR 0059): OneHop's and the
 * merchant's KRA PINs, each fee with its excise duty, and the totals. Finance, Admin and Owner
 * (statements). A month that is not one answers 400.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { feeInvoiceCsv } from "~/core/fees/excise-csv";
import { isMonth, monthOf } from "~/core/fees/months";
import { requirePermission } from "~/utils/auth.server";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";
import { excise } from "~/wiring/excise.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "statements:read");
  const month = new URL(request.url).searchParams.get("month") ?? monthOf(Date.now());
  if (!isMonth(month)) {
    const headers = new Headers({
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-store",
    });
    return new Response("Choose a month, such as 2026-11.\n", {
      status: 400,
      headers: applyBaseSecurityHeaders(headers, request),
    });
  }
  const { invoice, holder } = await excise().invoice(merchant.merchantId, month);
  const headers = new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="onehop-fee-invoice-${merchant.merchantId}-${month}.csv"`,
    "Cache-Control": "private, no-store",
  });
  return new Response(
    feeInvoiceCsv(invoice, {
      businessName: holder?.businessName ?? merchant.merchantId,
      kraPin: holder?.kraPin ?? null,
    }),
    { headers: applyBaseSecurityHeaders(headers, request) },
  );
}
