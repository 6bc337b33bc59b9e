/**
 * Sending members' queued SMS through the adapter (issue 30, item 9), a small batch per run (the
 * wiring runs it under a lease, so one process sends). Each message:
 *
 * - sent: status `sent`, the provider's message id and cost kept (the delivery report finds it by
 *   that id), `sent_at` set;
 * - retry: stays `queued`, its attempts and last error kept; the next attempt waits
 *   `retryDelayMs(attempts)` (30 s, 2 min, 4.5 min... at most an hour), and after `MAX_ATTEMPTS`
 *   it is `failed` ("gave up after 8 attempts: …");
 * - refused: `failed`, with the provider's reason.
 *
 * Only members' notifications are sent here (`merchant_user_id` set); payout recipients' receipts
 * in the same table are left as they are (ADR 0051).
 */
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { outboundMessages } from "../../../drizzle/schema";
import type { Store } from "~/db/store";
import type { SmsAdapter } from "./sms-adapter";

export const SMS_BATCH_SIZE = 20;
export const MAX_ATTEMPTS = 8;

/** How long after attempt number `attempts` (1, 2...) the next one waits. */
export function retryDelayMs(attempts: number): number {
  return Math.min(attempts * attempts * 30_000, 3_600_000);
}

export interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
}

/** Send up to `limit` queued member SMS whose next attempt is due. */
export async function sendQueuedSms(
  store: Store,
  adapter: SmsAdapter,
  options: { now?: () => number; limit?: number } = {},
): Promise<SendReport> {
  const now = options.now ?? Date.now;
  const at = now();
  const candidates = await store.read((q) =>
    q
      .select({
        id: outboundMessages.id,
        toPhone: outboundMessages.toPhone,
        body: outboundMessages.body,
        attempts: outboundMessages.attempts,
        statusAt: outboundMessages.statusAt,
      })
      .from(outboundMessages)
      .where(
        and(
          isNull(outboundMessages.sentAt),
          eq(outboundMessages.status, "queued"),
          isNotNull(outboundMessages.merchantUserId),
        ),
      )
      .orderBy(asc(outboundMessages.id))
      .limit(200),
  );
  const due = candidates
    .filter((row) => row.attempts === 0 || (row.statusAt ?? 0) + retryDelayMs(row.attempts) <= at)
    .slice(0, options.limit ?? SMS_BATCH_SIZE);
  const report: SendReport = { sent: 0, retrying: 0, failed: 0 };
  for (const message of due) {
    const outcome = await adapter.send(message.toPhone, message.body);
    const done = now();
    const attempts = message.attempts + 1;
    const stillQueued = and(
      eq(outboundMessages.id, message.id),
      eq(outboundMessages.status, "queued"),
    );
    await store.write(async (q) => {
      if (outcome.kind === "sent") {
        report.sent++;
        await q
          .update(outboundMessages)
          .set({
            status: "sent",
            statusAt: done,
            sentAt: done,
            attempts,
            providerMessageId: outcome.providerMessageId,
            cost: outcome.cost,
            lastError: null,
          })
          .where(stillQueued);
      } else if (outcome.kind === "refused" || attempts >= MAX_ATTEMPTS) {
        report.failed++;
        await q
          .update(outboundMessages)
          .set({
            status: "failed",
            statusAt: done,
            attempts,
            lastError: outcome.reason,
            failureReason:
              outcome.kind === "refused"
                ? outcome.reason
                : `Gave up after ${attempts} attempts: ${outcome.reason}`,
          })
          .where(stillQueued);
      } else {
        report.retrying++;
        await q
          .update(outboundMessages)
          .set({ statusAt: done, attempts, lastError: outcome.reason })
          .where(stillQueued);
      }
    });
  }
  return report;
}
