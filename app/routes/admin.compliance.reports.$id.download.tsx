/**
 * A report's goAML XML as a file (/admin/compliance/reports/:id/download, ADR 0057): exactly as it
 * was made and stored (its SHA-256 in a header), for the officer to upload to the FRC's goAML
 * portal. Compliance officers and administrators only.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { invariantResponse } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import { frcReports } from "~/wiring/frc-reports.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOperator(request, ["compliance"]);
  const report = await frcReports().readReport(String(params.id ?? "").slice(0, 40));
  invariantResponse(report, "Report not found");
  return new Response(report.content, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${report.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Content-SHA256": report.sha256,
    },
  });
}
