/**
 * A merchant's data requests (issue 31, item 9; ADR 0060), recorded in `data_requests` and the
 * audit log: each export downloaded, and erasure. Erasure removes, in one transaction, what the
 * law lets us remove now and keeps the financial and KYC records until RETENTION_YEARS after the
 * relationship ends:
 *
 * - marketing consent: the application's newsletter agreement is withdrawn;
 * - members' SMS numbers and SMS notices (the account's e-mail notices stay: security notices
 *   must reach the owner);
 * - removed members: their e-mail, SMS number, password hash, second factor, recovery codes,
 *   sign-in history and sessions (their id and username stay: the records name who did what);
 * - invitations never accepted (the invitee's e-mail);
 * - customers' e-mails on payments older than CUSTOMER_EMAIL_KEPT_DAYS (the payments stay).
 */
import { and, desc, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import {
  accountTokens,
  dataRequests,
  merchantApplications,
  merchantInvitations,
  merchants,
  merchantUsers,
  payments,
  recoveryCodes,
  securityEvents,
  sessions,
} from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import type { DataRequestKind } from "~/core/compliance/vocabulary";
import { readableCode } from "~/core/ids.server";
import { first } from "~/db/sql";
import type { Store } from "~/db/store";
import { CUSTOMER_EMAIL_KEPT_DAYS, keptUntilText, retainedLabels, retainedUntil } from "./rule";

export const newDataRequestId = () => `drq_${readableCode(16).toLowerCase()}`;

export interface DataRequestActor {
  merchantId: string;
  userId: string;
}

/** What an erasure did, as stored in `data_requests.outcome` and shown to the merchant. */
export interface ErasureOutcome {
  removed: { what: string; count: number }[];
  kept: string[];
  /** When the kept records may go: null while the relationship lasts. */
  keptUntil: number | null;
  keptUntilText: string;
}

export interface ExportOutcome {
  format: "json" | "csv";
  section: string | null;
}

export type DataRequestView = {
  id: string;
  kind: DataRequestKind;
  status: string;
  requestedBy: string;
  createdAt: number;
  completedAt: number | null;
  outcome: ErasureOutcome | ExportOutcome | null;
};

function parseOutcome(text: string | null): DataRequestView["outcome"] {
  if (!text) return null;
  try {
    return JSON.parse(text) as DataRequestView["outcome"];
  } catch {
    return null;
  }
}

/** The merchant's requests, newest first (at most `limit`). */
export function listDataRequests(
  store: Store,
  merchantId: string,
  limit = 20,
): Promise<DataRequestView[]> {
  return store.read(async (q) =>
    (
      await q
        .select()
        .from(dataRequests)
        .where(eq(dataRequests.merchantId, merchantId))
        .orderBy(desc(dataRequests.createdAt), desc(dataRequests.id))
        .limit(limit)
    ).map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      requestedBy: row.requestedBy,
      createdAt: row.createdAt,
      completedAt: row.completedAt,
      outcome: parseOutcome(row.outcome),
    })),
  );
}

/** The relationship's end and the erasure time (for the page). */
export function retentionState(store: Store, merchantId: string) {
  return store.read(async (q) => {
    const row = await first(
      q
        .select({ endedAt: merchants.relationshipEndedAt, erasedAt: merchants.erasedAt })
        .from(merchants)
        .where(eq(merchants.id, merchantId))
        .limit(1),
    );
    const endedAt = row?.endedAt ?? null;
    return {
      endedAt,
      erasedAt: row?.erasedAt ?? null,
      keptUntil: retainedUntil(endedAt),
      keptUntilText: keptUntilText(endedAt),
    };
  });
}

/** Record an export as it is served (completed: the download starts now). */
export function recordExport(
  store: Store,
  actor: DataRequestActor,
  outcome: ExportOutcome,
  now: number,
): Promise<string> {
  return store.write(async (q) => {
    const id = newDataRequestId();
    await q.insert(dataRequests).values({
      id,
      merchantId: actor.merchantId,
      kind: "export",
      status: "completed",
      requestedBy: actor.userId,
      outcome: JSON.stringify(outcome),
      createdAt: now,
      completedAt: now,
    });
    await recordAudit(
      q,
      {
        actorType: "merchant_user",
        actorId: actor.userId,
        action: "merchant.data_exported",
        targetType: "merchant",
        targetId: actor.merchantId,
        details: { request: id, ...outcome },
      },
      now,
    );
    return id;
  });
}

/** Erase what may be erased now (see above), in one transaction; its outcome. */
export function eraseMerchantData(
  store: Store,
  actor: DataRequestActor,
  now: number,
): Promise<ErasureOutcome & { requestId: string }> {
  return store.write(async (q) => {
    const merchant = await first(
      store.forUpdate(
        q
          .select({ endedAt: merchants.relationshipEndedAt })
          .from(merchants)
          .where(eq(merchants.id, actor.merchantId))
          .limit(1),
      ),
    );
    if (!merchant) throw new Error(`merchant ${actor.merchantId} not found`);
    const removed: ErasureOutcome["removed"] = [];
    const count = (what: string, rows: unknown[]) => removed.push({ what, count: rows.length });

    count(
      "Marketing consent (newsletter)",
      await q
        .update(merchantApplications)
        .set({ agreedToNewsletter: false })
        .where(
          and(
            eq(merchantApplications.merchantId, actor.merchantId),
            eq(merchantApplications.agreedToNewsletter, true),
          ),
        )
        .returning({ id: merchantApplications.id }),
    );
    count(
      "Team members' SMS numbers",
      await q
        .update(merchantUsers)
        .set({ smsPhone: null, smsOnPayment: false, smsOnPayout: false })
        .where(
          and(eq(merchantUsers.merchantId, actor.merchantId), isNotNull(merchantUsers.smsPhone)),
        )
        .returning({ id: merchantUsers.id }),
    );

    const removedMembers = (
      await q
        .select({ id: merchantUsers.id })
        .from(merchantUsers)
        .where(
          and(eq(merchantUsers.merchantId, actor.merchantId), eq(merchantUsers.status, "removed")),
        )
    ).map((row) => row.id);
    if (removedMembers.length > 0) {
      count(
        "Removed members' e-mail addresses, passwords and second factors",
        await q
          .update(merchantUsers)
          .set({
            email: null,
            passwordHash: null,
            passwordSetAt: null,
            totpSecret: null,
            totpEnabledAt: null,
            totpLastStep: null,
            notifyPaymentSettled: false,
            notifyDailySummary: false,
            notifyMonthlyStatement: false,
          })
          .where(
            and(
              inArray(merchantUsers.id, removedMembers),
              or(
                isNotNull(merchantUsers.email),
                isNotNull(merchantUsers.passwordHash),
                isNotNull(merchantUsers.totpSecret),
              ),
            ),
          )
          .returning({ id: merchantUsers.id }),
      );
      const theirs = (table: typeof recoveryCodes | typeof securityEvents) =>
        and(eq(table.subjectType, "merchant_user"), inArray(table.subjectId, removedMembers));
      count(
        "Removed members' sign-in history",
        await q
          .delete(securityEvents)
          .where(theirs(securityEvents))
          .returning({ id: securityEvents.id }),
      );
      await q.delete(recoveryCodes).where(theirs(recoveryCodes));
      await q
        .delete(accountTokens)
        .where(
          and(
            eq(accountTokens.subjectType, "merchant_user"),
            inArray(accountTokens.subjectId, removedMembers),
          ),
        );
      await q.delete(sessions).where(inArray(sessions.merchantUserId, removedMembers));
    }

    count(
      "Invitations never accepted",
      await q
        .delete(merchantInvitations)
        .where(
          and(
            eq(merchantInvitations.merchantId, actor.merchantId),
            isNull(merchantInvitations.acceptedAt),
          ),
        )
        .returning({ id: merchantInvitations.id }),
    );
    count(
      `Customers' e-mails on payments older than ${CUSTOMER_EMAIL_KEPT_DAYS} days`,
      await q
        .update(payments)
        .set({ customerEmail: null })
        .where(
          and(
            eq(payments.merchantId, actor.merchantId),
            isNotNull(payments.customerEmail),
            lt(payments.createdAt, now - CUSTOMER_EMAIL_KEPT_DAYS * 86_400_000),
          ),
        )
        .returning({ id: payments.id }),
    );

    const outcome: ErasureOutcome = {
      removed,
      kept: [...retainedLabels],
      keptUntil: retainedUntil(merchant.endedAt),
      keptUntilText: keptUntilText(merchant.endedAt),
    };
    const requestId = newDataRequestId();
    await q.insert(dataRequests).values({
      id: requestId,
      merchantId: actor.merchantId,
      kind: "erasure",
      status: "completed",
      requestedBy: actor.userId,
      outcome: JSON.stringify(outcome),
      createdAt: now,
      completedAt: now,
    });
    await q.update(merchants).set({ erasedAt: now }).where(eq(merchants.id, actor.merchantId));
    await recordAudit(
      q,
      {
        actorType: "merchant_user",
        actorId: actor.userId,
        action: "merchant.data_erased",
        targetType: "merchant",
        targetId: actor.merchantId,
        details: {
          request: requestId,
          removed: Object.fromEntries(removed.map((item) => [item.what, item.count])),
          keptUntil: outcome.keptUntil,
        },
      },
      now,
    );
    return { ...outcome, requestId };
  });
}
