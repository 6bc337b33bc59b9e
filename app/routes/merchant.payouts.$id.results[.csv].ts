/**
 * A payout batch's results as CSV (/merchant/payouts/:id/results.csv, issue 15): one line per row
 * in file order, with its status, receipt or failure reason, formula-safe
 * (core/disbursements/reads.server.ts resultsCsvPage). Streamed a few hundred lines at a time, so
 * a 10,000-row batch is never held whole. Makers and checkers of the merchant only; another
 * merchant's batch (or a bad id) is 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { can } from "~/core/accounts/permissions";
import { requireMerchant, requirePermission } from "~/utils/auth.server";
import { notFound } from "~/utils/http";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";
import { disbursements } from "~/wiring/disbursements.server";

const BATCH_ID = /^dsb_[23456789abcdefghjkmnpqrstvwxyz]{14}$/;
/** Lines per chunk of the response. */
const CHUNK_LINES = 250;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const merchant = await requireMerchant(request);
  if (!can(merchant.role, "payouts:create")) await requirePermission(request, "payouts:approve");
  const id = params.id ?? "";
  const batch = BATCH_ID.test(id) ? await disbursements().find(merchant.merchantId, id) : null;
  if (!batch) throw notFound("Payout batch not found");

  const lines = disbursements().resultsCsv(batch.id);
  const encoder = new TextEncoder();
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      // A byte-order mark first, so spreadsheets read the names as UTF-8.
      let chunk = first ? "\uFEFF" : "";
      first = false;
      for (let i = 0; i < CHUNK_LINES; i++) {
        const next = await lines.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += `${next.value}\r\n`;
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  const headers = new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${batch.id}-results.csv"`,
    "Cache-Control": "private, no-store",
  });
  return new Response(body, { headers: applyBaseSecurityHeaders(headers, request) });
}
