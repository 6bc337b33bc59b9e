/**
 * The monthly excise report as CSV (/admin/compliance/excise.csv?month=2026-11; ADR 0059): one row
 * per fee kind and the total, with the due date. Compliance officers and administrators. A month
 * that is not one answers 400.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { exciseReportCsv } from "~/core/fees/excise-csv";
import { isMonth, previousMonthOf } from "~/core/fees/months";
import { requireOperator } from "~/utils/operator-auth.server";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";
import { excise } from "~/wiring/excise.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request, ["compliance"]);
  const given = new URL(request.url).searchParams.get("month");
  const month = given ?? previousMonthOf(Date.now());
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
  const report = await excise().monthReport(month);
  const headers = new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="onehop-excise-${month}.csv"`,
    "Cache-Control": "private, no-store",
  });
  return new Response(exciseReportCsv(report), {
    headers: applyBaseSecurityHeaders(headers, request),
  });
}
