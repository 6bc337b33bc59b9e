/**
 * A member's SMS choices and what they were sent (issue 30, item 9; the security page): the number,
 * "each payment received" (roles that may read payments), "each payout" (roles that may read
 * balances), today's count against the cap, and their last messages with the delivery status.
 * A choice the member's role does not have is never shown, and saving leaves it off.
 */
import { desc, eq } from "drizzle-orm";
import { merchantUsers, outboundMessages } from "../../../drizzle/schema";
import { can } from "~/core/accounts/permissions";
import { first } from "~/db/sql";
import type { Store } from "~/db/store";
import type { OutboundMessageStatus } from "./sms-vocabulary";
import { smsCountToday, smsDailyCap } from "./sms-queue.server";

export interface SmsMessageView {
  id: number;
  body: string;
  status: OutboundMessageStatus;
  createdAt: number;
  statusAt: number | null;
  failureReason: string | null;
}

export interface SmsSettings {
  phone: string | null;
  /** Undefined: the member's role may not see payments (the choice is not offered). */
  onPayment?: boolean;
  /** Undefined: the member's role may not see balances. */
  onPayout?: boolean;
  todayCount: number;
  cap: number;
  recent: SmsMessageView[];
}

export const RECENT_SMS = 5;

export async function getSmsSettings(
  store: Store,
  memberId: string,
  now: number = Date.now(),
): Promise<SmsSettings> {
  return store.read(async (q) => {
    const member = await first(
      q
        .select({
          role: merchantUsers.role,
          phone: merchantUsers.smsPhone,
          onPayment: merchantUsers.smsOnPayment,
          onPayout: merchantUsers.smsOnPayout,
        })
        .from(merchantUsers)
        .where(eq(merchantUsers.id, memberId))
        .limit(1),
    );
    const recent = await q
      .select({
        id: outboundMessages.id,
        body: outboundMessages.body,
        status: outboundMessages.status,
        createdAt: outboundMessages.createdAt,
        statusAt: outboundMessages.statusAt,
        failureReason: outboundMessages.failureReason,
      })
      .from(outboundMessages)
      .where(eq(outboundMessages.merchantUserId, memberId))
      .orderBy(desc(outboundMessages.createdAt), desc(outboundMessages.id))
      .limit(RECENT_SMS);
    const role = member?.role ?? "";
    return {
      phone: member?.phone ?? null,
      ...(can(role, "payments:read") ? { onPayment: member?.onPayment ?? false } : {}),
      ...(can(role, "balances:read") ? { onPayout: member?.onPayout ?? false } : {}),
      todayCount: await smsCountToday(q, memberId, now),
      cap: smsDailyCap(),
      recent,
    };
  });
}

export async function setSmsSettings(
  store: Store,
  member: { userId: string; role: string },
  choices: { phone: string | null; onPayment: boolean; onPayout: boolean },
): Promise<void> {
  await store.write(async (q) => {
    await q
      .update(merchantUsers)
      .set({
        smsPhone: choices.phone,
        smsOnPayment: choices.onPayment && can(member.role, "payments:read"),
        smsOnPayout: choices.onPayout && can(member.role, "balances:read"),
      })
      .where(eq(merchantUsers.id, member.userId));
  });
}
