/**
 * The edge of Africa's Talking's delivery reports (/webhooks/sms/delivery?token=…): the token in
 * the URL checked (Africa's Talking does not sign reports), the body read within a limit, the form
 * validated, then handed to core (core/notifications/sms-reports.server.ts). Answers: 403 a wrong
 * or missing token, 413 too large, 415 not a form, 400 a malformed report, 404 a message we did not
 * send, 200 a report applied (or a repeat of one).
 */
import { atDeliveryReportSchema } from "~/core/notifications/africastalking-wire";
import { sameToken } from "~/core/notifications/sms-callback-token.server";
import type { DeliveryReportOutcome } from "~/core/notifications/sms-reports.server";
import type { AtDeliveryReport } from "~/core/notifications/africastalking-wire";
import { KB, readBodyWithin } from "~/utils/body-limit.server";

/** A report is a few hundred bytes. */
export const SMS_REPORT_MAX_BYTES = 8 * KB;

const answer = (status: number, body: unknown) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function answerSmsReport(
  request: Request,
  expectedToken: string,
  apply: (report: AtDeliveryReport) => Promise<DeliveryReportOutcome>,
): Promise<Response> {
  if (!sameToken(new URL(request.url).searchParams.get("token"), expectedToken))
    return answer(403, { error: "forbidden" });
  if (!request.headers.get("Content-Type")?.includes("application/x-www-form-urlencoded"))
    return answer(415, { error: "expected a form" });
  const bytes = await readBodyWithin(request.body, SMS_REPORT_MAX_BYTES);
  if (!bytes) return answer(413, { error: "payload too large" });
  const form = new URLSearchParams(new TextDecoder().decode(bytes));
  const parsed = atDeliveryReportSchema.safeParse(
    Object.fromEntries([...form].filter(([, value]) => value !== "")),
  );
  if (!parsed.success) return answer(400, { error: "malformed report" });
  const outcome = await apply(parsed.data);
  if (outcome === "unknown_message") return answer(404, { error: "unknown message" });
  return answer(200, { received: true, outcome });
}
