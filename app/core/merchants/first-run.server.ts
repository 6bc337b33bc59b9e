/**
 * What the dashboard's first-run checklist and greeting need to know, in one query inside the
 * caller's `store.read` (ADR 0041): whether the merchant has another member or a pending
 * invitation, a payment in the page's mode, a usable API key, and whether the signed-in member has
 * signed in before. The settlement number and two-factor come from reads the page makes anyway.
 */
import { and, eq, exists, gt, isNull, ne, or, sql } from "drizzle-orm";
import {
  apiKeys,
  merchantInvitations,
  merchants,
  merchantUsers,
  payments,
  securityEvents,
} from "../../../drizzle/schema";
import { paymentsInMode } from "~/core/api/mode.server";
import type { ApiMode } from "~/core/api/vocabulary";
import { first } from "~/db/sql";
import type { Handle } from "~/db/store";

export interface FirstRunReads {
  /** Another member (not removed) or an invitation still open. */
  team: boolean;
  /** A payment in `mode`. */
  firstPayment: boolean;
  /** A key neither revoked nor expired, in either mode. */
  apiKey: boolean;
  /** The member has a sign-in recorded before this one (the security page's "Signed in"). */
  signedInBefore: boolean;
}

/** 1 or 0 on both engines (PostgreSQL's `exists` is a boolean, SQLite's an integer). */
const flag = (condition: ReturnType<typeof exists>) =>
  sql<number>`case when ${condition} then 1 else 0 end`.mapWith(Number);

export async function firstRunReads(
  q: Handle,
  input: { merchantId: string; userId: string; mode: ApiMode; now: number },
): Promise<FirstRunReads> {
  const { merchantId, userId, mode, now } = input;
  const one = { one: sql`1` };
  const otherMember = q
    .select(one)
    .from(merchantUsers)
    .where(
      and(
        eq(merchantUsers.merchantId, merchantId),
        ne(merchantUsers.id, userId),
        ne(merchantUsers.status, "removed"),
      ),
    );
  const openInvitation = q
    .select(one)
    .from(merchantInvitations)
    .where(
      and(
        eq(merchantInvitations.merchantId, merchantId),
        isNull(merchantInvitations.acceptedAt),
        isNull(merchantInvitations.revokedAt),
        gt(merchantInvitations.expiresAt, now),
      ),
    );
  const payment = q.select(one).from(payments).where(paymentsInMode(merchantId, mode));
  const key = q
    .select(one)
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.merchantId, merchantId),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
      ),
    );
  // Two sign-ins at most are counted: this one and one before it.
  const signIns = q
    .select(one)
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.subjectType, "merchant_user"),
        eq(securityEvents.subjectId, userId),
        eq(securityEvents.type, "sign_in"),
      ),
    )
    .limit(2);
  const row = await first(
    q
      .select({
        team: flag(or(exists(otherMember), exists(openInvitation))!),
        firstPayment: flag(exists(payment)),
        apiKey: flag(exists(key)),
        signIns: sql<number>`(select count(*) from (${signIns}) as recent)`.mapWith(Number),
      })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .limit(1),
  );
  return {
    team: row?.team === 1,
    firstPayment: row?.firstPayment === 1,
    apiKey: row?.apiKey === 1,
    signedInBefore: (row?.signIns ?? 0) >= 2,
  };
}
