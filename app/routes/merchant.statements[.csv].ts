/**
 * A statement as CSV (issue 15, item 6; ADR 0034): the period of `?from=&to=` (the month to date
 * without them), every line, for the merchant's bookkeeper. Finance, Admin and Owner only. The
 * file is written by core/statements/csv.ts; a bad period answers 400 with the reason.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { statementCsv, statementCsvFilename } from "~/core/statements/csv";
import { parseStatementRange } from "~/core/statements/range";
import { requirePermission } from "~/utils/auth.server";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";
import { statements } from "~/wiring/statements.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "statements:read");
  const parsed = parseStatementRange(new URL(request.url).searchParams, Date.now());
  if (!parsed.ok) {
    const reasons = [parsed.errors.from, parsed.errors.to].filter(Boolean).join("\n");
    const headers = new Headers({
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-store",
    });
    return new Response(`${reasons}\n`, {
      status: 400,
      headers: applyBaseSecurityHeaders(headers, request),
    });
  }
  const statement = await statements().read(merchant.merchantId, parsed.range);
  const headers = new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${statementCsvFilename(merchant.merchantId, parsed.range)}"`,
    "Cache-Control": "private, no-store",
  });
  return new Response(statementCsv(statement), {
    headers: applyBaseSecurityHeaders(headers, request),
  });
}
