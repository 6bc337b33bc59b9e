/**
 * The data export's download (issue 31, item 9; ADR 0060): `?format=json` (every section, one
 * document) or `?format=csv&section=payments` (one section). Owners and admins. Recorded in
 * `data_requests` and audited as it starts, then streamed a page at a time (the core reads each
 * page in the heavy lane), so a large merchant's history is never held whole.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportFileName } from "~/core/retention/export.server";
import { isExportSection } from "~/core/retention/sections";
import { retainedUntil } from "~/core/retention/rule";
import { requirePermission } from "~/utils/auth.server";
import { formatEatIso } from "~/utils/format";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";
import { dataRequests } from "~/wiring/data-requests.server";

function badRequest(request: Request, message: string) {
  const headers = new Headers({
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "private, no-store",
  });
  return new Response(`${message}\n`, {
    status: 400,
    headers: applyBaseSecurityHeaders(headers, request),
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "settings:manage");
  const params = new URL(request.url).searchParams;
  const format = params.get("format") ?? "json";
  const section = params.get("section");
  if (format !== "json" && format !== "csv")
    return badRequest(request, "format must be json or csv");
  if (format === "csv" && !isExportSection(section))
    return badRequest(request, "A CSV file has one section: add section=payments (or another)");
  const now = Date.now();
  const actor = { merchantId: merchant.merchantId, userId: merchant.userId };
  const service = dataRequests();
  const csvSection = format === "csv" && isExportSection(section) ? section : null;
  const requestId = await service.recordExport(actor, { format, section: csvSection }, now);
  let chunks: AsyncGenerator<string>;
  if (csvSection) chunks = service.csvChunks(merchant.merchantId, csvSection);
  else {
    const retention = await service.retention(merchant.merchantId);
    chunks = service.jsonChunks(merchant.merchantId, {
      request: requestId,
      merchantId: merchant.merchantId,
      generatedAt: formatEatIso(now),
      retention: {
        relationshipEndedAt: retention.endedAt === null ? null : formatEatIso(retention.endedAt),
        recordsKept: retention.keptUntilText,
        recordsKeptUntil:
          retainedUntil(retention.endedAt) === null
            ? null
            : formatEatIso(retainedUntil(retention.endedAt)!),
      },
    });
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const headers = new Headers({
    "Content-Type": csvSection ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="${exportFileName(merchant.merchantId, now, csvSection ?? undefined)}"`,
    "Cache-Control": "private, no-store",
  });
  return new Response(body, { headers: applyBaseSecurityHeaders(headers, request) });
}
