/**
 * CSV of the merchant's payments (same filters as the list), at most 10,000 rows, for their
 * bookkeeper: the file is written by core/payments/export.ts.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { paymentsCsv } from "~/core/payments/export";
import { dataModeOf } from "~/core/api/mode";
import { parsePaymentListQuery } from "~/core/payments/list-query";
import { requirePermission } from "~/utils/auth.server";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";
import { paymentPages } from "~/wiring/payment-pages.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "payments:export");
  const url = new URL(request.url);
  // The list's filters (a date that cannot be used is left out, as on the list).
  const { filter } = parsePaymentListQuery(url.searchParams);
  const rows = await paymentPages().merchantExport({
    merchantId: merchant.merchantId,
    // Live payments unless the address asks for test data (?mode=test, core/api/mode.ts).
    mode: dataModeOf(url.searchParams),
    ...filter,
    limit: 10_000,
  });
  const headers = new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="onehop-payments-${merchant.merchantId}.csv"`,
    "Cache-Control": "private, no-store",
  });
  return new Response(paymentsCsv(rows), { headers: applyBaseSecurityHeaders(headers, request) });
}
