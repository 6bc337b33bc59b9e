/**
 * Africa's Talking's delivery reports (issue 30, item 9), once the route has checked the token and
 * read the form: only reports about a message we sent (its provider message id in
 * `outbound_messages`) are kept; each distinct report is stored in `sms_delivery_reports` (a
 * repeat of the same report is not stored twice), and the message's status follows the final ones:
 * Success -> delivered; Failed, Rejected, AbsentSubscriber, Expired -> failed with the reason.
 * Sent, Submitted and Buffered are steps on the way (stored, the message stays "sent"). A message
 * already delivered or failed keeps its status.
 */
import { and, eq, isNull } from "drizzle-orm";
import { outboundMessages, smsDeliveryReports } from "../../../drizzle/schema";
import { first } from "~/db/sql";
import type { Store } from "~/db/store";
import type { AtDeliveryReport, AtReportStatus } from "./africastalking-wire";

export type DeliveryReportOutcome = "applied" | "duplicate" | "unknown_message";

const FAILED: readonly AtReportStatus[] = ["Failed", "Rejected", "AbsentSubscriber", "Expired"];

export async function applySmsDeliveryReport(
  store: Store,
  report: AtDeliveryReport,
  now: number,
): Promise<DeliveryReportOutcome> {
  return store.write(async (q) => {
    const message = await first(
      q
        .select({ id: outboundMessages.id, status: outboundMessages.status })
        .from(outboundMessages)
        .where(eq(outboundMessages.providerMessageId, report.id))
        .limit(1),
    );
    if (!message) return "unknown_message";
    const failureReason = report.failureReason ?? null;
    const retryCount = report.retryCount ?? null;
    const seen = await first(
      q
        .select({ id: smsDeliveryReports.id })
        .from(smsDeliveryReports)
        .where(
          and(
            eq(smsDeliveryReports.providerMessageId, report.id),
            eq(smsDeliveryReports.status, report.status),
            failureReason === null
              ? isNull(smsDeliveryReports.failureReason)
              : eq(smsDeliveryReports.failureReason, failureReason),
            retryCount === null
              ? isNull(smsDeliveryReports.retryCount)
              : eq(smsDeliveryReports.retryCount, retryCount),
          ),
        )
        .limit(1),
    );
    if (seen) return "duplicate";
    await q.insert(smsDeliveryReports).values({
      providerMessageId: report.id,
      status: report.status,
      failureReason,
      networkCode: report.networkCode ?? null,
      retryCount,
      receivedAt: now,
    });
    const to =
      report.status === "Success" ? "delivered" : FAILED.includes(report.status) ? "failed" : null;
    if (to && message.status === "sent") {
      await q
        .update(outboundMessages)
        .set({
          status: to,
          statusAt: now,
          failureReason: to === "failed" ? (failureReason ?? report.status) : null,
        })
        .where(and(eq(outboundMessages.id, message.id), eq(outboundMessages.status, "sent")));
    }
    return "applied";
  });
}
