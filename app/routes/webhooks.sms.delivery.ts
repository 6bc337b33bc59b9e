import type { ActionFunctionArgs } from "@remix-run/node";
import { answerSmsReport } from "~/route-support/sms-report.server";
import { postOnlyLoader } from "~/utils/post-only.server";
import { smsReports, smsReportToken } from "~/wiring/sms.server";

/**
 * Africa's Talking's SMS delivery reports (issue 30, item 9; ADR 0051): the edge is
 * app/route-support/sms-report.server.ts, core is core/notifications/sms-reports.server.ts.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnlyLoader();
  return answerSmsReport(request, smsReportToken(), (report) =>
    smsReports().applySmsDeliveryReport(report, Date.now()),
  );
}

export { postOnlyLoader as loader };
