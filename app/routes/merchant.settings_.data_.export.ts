/**
 * The data export's download (issue 31, item 9; ADR 0060): `?format=json` (every section, one
 * document) or `?format=csv&section=payments` (one section). Owners and admins. Recorded in
 * `data_requests` and audited as it starts, then streamed a page at a time (the core reads each
 * page in the heavy lane), so a large merchant's history is never held whole.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { claimExportSlot, exportFileName, releasingWhenDone } from "~/core/retention/export.server";
import { isExportSection, type ExportSection } from "~/core/retention/sections";
import { retainedUntil } from "~/core/retention/rule";
import { requirePermission } from "~/utils/auth.server";
import { formatEatIso } from "~/utils/format";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";
import { dataRequests } from "~/wiring/data-requests.server";

function plain(request: Request, status: number, message: string) {
  const headers = new Headers({
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "private, no-store",
  });
  return new Response(`${message}\n`, {
    status,
    headers: applyBaseSecurityHeaders(headers, request),
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "settings:manage");
  const params = new URL(request.url).searchParams;
  const format = params.get("format") ?? "json";
  const section = params.get("section");
  if (format !== "json" && format !== "csv")
    return plain(request, 400, "format must be json or csv");
  if (format === "csv" && !isExportSection(section))
    return plain(request, 400, "A CSV file has one section: add section=payments (or another)");
  const release = claimExportSlot(merchant.merchantId);
  if (!release)
    return plain(
      request,
      429,
      "Your data is already being downloaded: wait until that download finishes, then try again.",
    );
  try {
    return await exportResponse(request, merchant, format, sectionOf(format, section), release);
  } catch (error) {
    release();
    throw error;
  }
}

const sectionOf = (format: string, section: string | null) =>
  format === "csv" && isExportSection(section) ? section : null;

async function exportResponse(
  request: Request,
  merchant: { merchantId: string; userId: string },
  format: "json" | "csv",
  csvSection: ExportSection | null,
  release: () => void,
) {
  const now = Date.now();
  const actor = { merchantId: merchant.merchantId, userId: merchant.userId };
  const service = dataRequests();
  const requestId = await service.recordExport(actor, { format, section: csvSection }, now);
  let chunks: AsyncGenerator<string>;
  if (csvSection)
    chunks = releasingWhenDone(service.csvChunks(merchant.merchantId, csvSection), release);
  else {
    const retention = await service.retention(merchant.merchantId);
    chunks = releasingWhenDone(
      service.jsonChunks(merchant.merchantId, {
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
      }),
      release,
    );
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      // A download cancelled before its first chunk never ran the generator's own release.
      release();
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
