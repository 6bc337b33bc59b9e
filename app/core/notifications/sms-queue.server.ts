/**
 * Queueing members' SMS notifications (issue 30, item 9), in the transaction of the change they
 * are about: a payment received (it became paid), a settlement paid out to the merchant, a payout
 * batch completed. One `outbound_messages` row per opted-in active member whose role may see it
 * (payments: `payments:read`; payouts: `balances:read`), keyed `sms:<kind>:<subject>:<member>`
 * (unique), so a repeated change queues nothing twice.
 *
 * The daily cap: a member gets at most `dailyCap` SMS per Nairobi day; past it the row is stored
 * as `capped` and never sent (the page shows it). The count and the insert are one write, with the
 * member's row locked first (PostgreSQL: FOR UPDATE), so concurrent queueing cannot pass the cap.
 *
 * Each SMS is in its member's language (issue 33: merchant_users.locale, English until chosen):
 * the text is written once per language among the recipients.
 */
import { and, count, eq, gte, inArray, isNotNull, ne, sql } from "drizzle-orm";
import {
  disbursementBatches,
  disbursementRows,
  merchantUsers,
  merchants,
  outboundMessages,
  payments,
} from "../../../drizzle/schema";
import { can, teamRoles, type Permission } from "~/core/accounts/permissions";
import { first } from "~/db/sql";
import { FOR_UPDATE, type Handle } from "~/db/store";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { eatDayKey } from "~/utils/format";
import { paymentReceivedText, payoutBatchDoneText, settlementPaidText } from "./sms-messages";

export const DEFAULT_SMS_DAILY_CAP = 30;
let configuredCap = DEFAULT_SMS_DAILY_CAP;

/** The per-member daily cap (SMS_DAILY_CAP_PER_MEMBER), set once at start by the wiring. */
export function setSmsDailyCap(cap: number): void {
  configuredCap = cap;
}
export const smsDailyCap = () => configuredCap;

export type SmsKind = "payment_received" | "payout_paid" | "batch_completed";

/** Which choice and which permission each kind needs. */
const KIND_RULES = {
  payment_received: { choice: "smsOnPayment", permission: "payments:read" },
  payout_paid: { choice: "smsOnPayout", permission: "balances:read" },
  batch_completed: { choice: "smsOnPayout", permission: "balances:read" },
} as const satisfies Record<SmsKind, { choice: string; permission: Permission }>;

const rolesThatMay = (permission: Permission) => teamRoles.filter((role) => can(role, permission));

/** The start of the Nairobi day of `now` (epoch ms). */
export function eatDayStart(now: number): number {
  return Date.parse(`${eatDayKey(now)}T00:00:00+03:00`);
}

export const smsSubjectKey = (kind: SmsKind, subjectId: string, memberId: string) =>
  `sms:${kind}:${subjectId}:${memberId}`;

/** Lock `query`'s rows until the write ends (PostgreSQL; SQLite's single writer needs none). */
function locked<Q>(query: Q): Q {
  (query as unknown as { config: Record<PropertyKey, unknown> }).config[FOR_UPDATE] = true;
  return query;
}

/** SMS counted against the member's cap today (every row of theirs since 00:00 EAT not capped). */
export async function smsCountToday(q: Handle, memberId: string, now: number): Promise<number> {
  const row = await first(
    q
      .select({ n: count() })
      .from(outboundMessages)
      .where(
        and(
          eq(outboundMessages.merchantUserId, memberId),
          gte(outboundMessages.createdAt, eatDayStart(now)),
          ne(outboundMessages.status, "capped"),
        ),
      ),
  );
  return row?.n ?? 0;
}

/**
 * Queue one SMS to a member, under the cap: "queued", "capped" (stored, never sent) or
 * "duplicate" (this subject key was queued before). Call inside a write.
 */
export async function queueMemberSms(
  q: Handle,
  input: { memberId: string; toPhone: string; body: string; subjectKey: string; now: number },
  cap: number = configuredCap,
): Promise<"queued" | "capped" | "duplicate"> {
  await locked(
    q
      .select({ id: merchantUsers.id })
      .from(merchantUsers)
      .where(eq(merchantUsers.id, input.memberId)),
  );
  const existing = await first(
    q
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .where(eq(outboundMessages.subjectKey, input.subjectKey))
      .limit(1),
  );
  if (existing) return "duplicate";
  const capped = (await smsCountToday(q, input.memberId, input.now)) >= cap;
  const inserted = await q
    .insert(outboundMessages)
    .values({
      channel: "sms",
      toPhone: input.toPhone,
      body: input.body,
      subjectKey: input.subjectKey,
      createdAt: input.now,
      merchantUserId: input.memberId,
      status: capped ? "capped" : "queued",
      statusAt: input.now,
      failureReason: capped ? `Over the daily limit of ${cap} SMS` : null,
    })
    .onConflictDoNothing()
    .returning({ id: outboundMessages.id });
  if (inserted.length === 0) return "duplicate";
  return capped ? "capped" : "queued";
}

/**
 * The members of `merchantId` to text about `kind`: active, of an active merchant, opted in, with a
 * number, in a role that may see it. One query on the merchant's members (indexed by merchant).
 */
async function recipients(q: Handle, merchantId: string, kind: SmsKind) {
  const rule = KIND_RULES[kind];
  return q
    .select({ id: merchantUsers.id, phone: merchantUsers.smsPhone, locale: merchantUsers.locale })
    .from(merchantUsers)
    .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
    .where(
      and(
        eq(merchantUsers.merchantId, merchantId),
        eq(merchantUsers[rule.choice], true),
        isNotNull(merchantUsers.smsPhone),
        eq(merchantUsers.status, "active"),
        eq(merchants.status, "active"),
        inArray(merchantUsers.role, rolesThatMay(rule.permission)),
      ),
    );
}

async function queueForMembers(
  q: Handle,
  merchantId: string,
  kind: SmsKind,
  subjectId: string,
  body: (locale: Locale) => string,
  now: number,
): Promise<number> {
  let queued = 0;
  const bodies = new Map<Locale, string>();
  const bodyIn = (locale: Locale) => {
    if (!bodies.has(locale)) bodies.set(locale, body(locale));
    return bodies.get(locale)!;
  };
  for (const member of await recipients(q, merchantId, kind)) {
    const outcome = await queueMemberSms(q, {
      memberId: member.id,
      toPhone: member.phone!,
      body: bodyIn(member.locale ?? DEFAULT_LOCALE),
      subjectKey: smsSubjectKey(kind, subjectId, member.id),
      now,
    });
    if (outcome === "queued") queued++;
  }
  return queued;
}

/**
 * A payment became paid (confirmed or in review): text the members who chose it. Given the payment
 * as the transition has it, so the hot path adds one query (the members) when nobody opted in.
 */
export async function queuePaymentReceivedSms(
  q: Handle,
  payment: {
    id: string;
    merchantId: string;
    mode: "live" | "test";
    reference: string | null;
    amountKesCents: bigint;
  },
  now: number,
): Promise<number> {
  const body = (locale: Locale) =>
    paymentReceivedText({ ...payment, paymentId: payment.id, at: now }, locale);
  return queueForMembers(q, payment.merchantId, "payment_received", payment.id, body, now);
}

/** A settlement transfer paid the merchant: text the members who chose payouts. */
export async function queueSettlementPaidSms(
  q: Handle,
  transfer: {
    id: string;
    merchantId: string;
    paymentId: string | null;
    amountKesCents: bigint;
    railName: string;
    /** "mpesa", "pesalink": a bank account is named in the member's language. */
    rail?: string;
  },
  receipt: string | null,
  now: number,
): Promise<number> {
  const payment = transfer.paymentId
    ? await first(
        q
          .select({ mode: payments.mode, reference: payments.reference })
          .from(payments)
          .where(eq(payments.id, transfer.paymentId))
          .limit(1),
      )
    : undefined;
  const body = (locale: Locale) =>
    settlementPaidText(
      {
        mode: payment?.mode ?? "live",
        amountKesCents: transfer.amountKesCents,
        railName: transfer.railName,
        rail: transfer.rail,
        reference: payment?.reference ?? transfer.paymentId,
        receipt,
        at: now,
      },
      locale,
    );
  return queueForMembers(q, transfer.merchantId, "payout_paid", transfer.id, body, now);
}

/** A payout batch (bulk or single) completed: text the members who chose payouts. */
export async function queueBatchCompletedSms(
  q: Handle,
  batchId: string,
  now: number,
): Promise<number> {
  const batch = await first(
    q
      .select({
        merchantId: disbursementBatches.merchantId,
        mode: disbursementBatches.mode,
        title: disbursementBatches.title,
      })
      .from(disbursementBatches)
      .where(eq(disbursementBatches.id, batchId))
      .limit(1),
  );
  if (!batch) return 0;
  const totals = await first(
    q
      .select({
        rows: count(),
        paid: sql<number>`coalesce(sum(case when ${disbursementRows.status} = 'paid' then 1 else 0 end), 0)`,
        paidCents: sql<string>`coalesce(sum(case when ${disbursementRows.status} = 'paid' then ${disbursementRows.amountKesCents} else 0 end), 0)`,
      })
      .from(disbursementRows)
      .where(
        and(
          eq(disbursementRows.batchId, batchId),
          inArray(disbursementRows.status, ["paid", "failed", "cancelled"]),
        ),
      ),
  );
  const body = (locale: Locale) =>
    payoutBatchDoneText(
      {
        mode: batch.mode,
        title: batch.title,
        paidCount: Number(totals?.paid ?? 0),
        rowCount: totals?.rows ?? 0,
        paidKesCents: BigInt(String(totals?.paidCents ?? 0)),
        at: now,
      },
      locale,
    );
  return queueForMembers(q, batch.merchantId, "batch_completed", batchId, body, now);
}
