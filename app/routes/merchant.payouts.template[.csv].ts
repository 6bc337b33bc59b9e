/**
 * The bulk-payout file to start from (issue 15): the header and three example payouts as CSV, with
 * a UTF-8 byte-order mark so Excel opens it as UTF-8. Members who may make payouts only.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { payoutCsvTemplate } from "~/core/disbursements/csv-parse";
import { requirePermission } from "~/utils/auth.server";
import { PRIVATE_NO_STORE } from "~/utils/http";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";

export const PAYOUT_TEMPLATE_FILENAME = "onehop-payouts-template.csv";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "payouts:create");
  const headers = new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${PAYOUT_TEMPLATE_FILENAME}"`,
    "Cache-Control": PRIVATE_NO_STORE,
  });
  return new Response(`\uFEFF${payoutCsvTemplate()}`, {
    headers: applyBaseSecurityHeaders(headers, request),
  });
}
