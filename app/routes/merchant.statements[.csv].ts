/**
 * A statement as CSV (issue 15, item 6; ADR 0034): the period of `?from=&to=` (the month to date
 * without them), every line, for the merchant's bookkeeper. Finance, Admin and Owner only. The
 * file is written by core/statements/csv.ts; a bad period answers 400 with the reason. Streamed a
 * page of the period's rows at a time (issue 28), so a busy merchant's year is never held whole.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { statementCsvChunks, statementCsvFilename } from "~/core/statements/csv";
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
  // The figures first (a statement that does not add up fails here, before any byte is sent).
  const { statement, lines } = await statements().pages(merchant.merchantId, parsed.range);
  const pages = lines();
  const chunks = statementCsvChunks(statement, pages);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
      await pages.return(undefined);
    },
  });
  const headers = new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${statementCsvFilename(merchant.merchantId, parsed.range)}"`,
    "Cache-Control": "private, no-store",
  });
  return new Response(body, {
    headers: applyBaseSecurityHeaders(headers, request),
  });
}
