/**
 * KYB tiers, documents and reviews (issue 31, item 6; ADR 0058). An operator sets a merchant's
 * tier (its daily cap follows, app/core/kyb/tiers.ts) and a document's type and expiry; each is
 * audited, and the merchant's `kyb_review_due_at` is worked out again: the earliest of the tier's
 * cycle from its last review (the operator's last tier decision, else approval; a PEP's shorter
 * cycle) and every expiring document less the notice period. A daily job e-mails the merchant's
 * owners once per due date, through the outbound e-mail queue.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import {
  applicationDocuments,
  auditLog,
  businessParties,
  merchantApplications,
  merchants,
  merchantUsers,
} from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { queueEmail } from "~/core/email.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { formatDate } from "~/utils/format";
import type { KybDocumentType } from "./document-types";
import { reviewDueAt } from "./tiers";
import { memberEmailMessages } from "~/i18n/catalogs/member-emails";
import { DEFAULT_LOCALE } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import type { KybTier } from "./vocabulary";

/** The audit action of an operator's tier decision: it counts as the merchant's last review. */
export const TIER_SET_ACTION = "kyb.tier_set";
export const REMINDER_ACTION = "kyb.review_reminder";

async function hasPep(q: Handle, of: { applicationId: string } | { merchantId: string }) {
  const owner =
    "applicationId" in of
      ? eq(businessParties.applicationId, of.applicationId)
      : eq(businessParties.merchantId, of.merchantId);
  const row = await first(
    q
      .select({ id: businessParties.id })
      .from(businessParties)
      .where(and(owner, eq(businessParties.pep, true), isNull(businessParties.removedAt)))
      .limit(1),
  );
  return row !== undefined;
}

async function documentExpiries(
  q: Handle,
  of: { applicationId: string } | { merchantId: string },
): Promise<number[]> {
  const owner =
    "applicationId" in of
      ? eq(applicationDocuments.applicationId, of.applicationId)
      : eq(applicationDocuments.merchantId, of.merchantId);
  const rows = await q
    .select({ expiresAt: applicationDocuments.expiresAt })
    .from(applicationDocuments)
    .where(and(owner, isNotNull(applicationDocuments.expiresAt)));
  return rows.flatMap((row) => (row.expiresAt === null ? [] : [row.expiresAt]));
}

/** The first review of a merchant approved now from this application (standard tier). */
export async function initialReviewDueAt(
  q: Handle,
  applicationId: string,
  now: number,
): Promise<number> {
  return reviewDueAt({
    tier: "standard",
    lastReviewedAt: now,
    hasPep: await hasPep(q, { applicationId }),
    documentExpiries: await documentExpiries(q, { applicationId }),
  });
}

/** When the merchant was last reviewed: its last tier decision, else its approval. */
async function lastReviewedAt(q: Handle, merchantId: string, createdAt: number): Promise<number> {
  const row = await first(
    q
      .select({ at: auditLog.createdAt })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetType, "merchant"),
          eq(auditLog.targetId, merchantId),
          eq(auditLog.action, TIER_SET_ACTION),
        ),
      )
      .orderBy(desc(auditLog.createdAt))
      .limit(1),
  );
  return row?.at ?? createdAt;
}

/** Work out and store the merchant's next review date, in the caller's write; returns it. */
export async function refreshReviewDue(q: Handle, merchantId: string): Promise<number | null> {
  const merchant = await first(
    q
      .select({ tier: merchants.kybTier, createdAt: merchants.createdAt })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .limit(1),
  );
  if (!merchant) return null;
  const due = reviewDueAt({
    tier: merchant.tier,
    lastReviewedAt: await lastReviewedAt(q, merchantId, merchant.createdAt),
    hasPep: await hasPep(q, { merchantId }),
    documentExpiries: await documentExpiries(q, { merchantId }),
  });
  await q.update(merchants).set({ kybReviewDueAt: due }).where(eq(merchants.id, merchantId));
  return due;
}

export class KybError extends Error {}

/** An operator sets the merchant's tier (a review): audited, the review date worked out again. */
export function setMerchantTier(
  store: Store,
  input: { merchantId: string; tier: KybTier; operatorId: string; now?: number },
): Promise<{ from: KybTier; reviewDueAt: number | null }> {
  const now = input.now ?? Date.now();
  return store.write(async (q) => {
    const merchant = await first(
      store.forUpdate(
        q
          .select({ tier: merchants.kybTier })
          .from(merchants)
          .where(eq(merchants.id, input.merchantId))
          .limit(1),
      ),
    );
    if (!merchant) throw new KybError("Merchant not found.");
    await q
      .update(merchants)
      .set({ kybTier: input.tier })
      .where(eq(merchants.id, input.merchantId));
    await recordAudit(
      q,
      {
        actorType: "operator",
        actorId: input.operatorId,
        action: TIER_SET_ACTION,
        targetType: "merchant",
        targetId: input.merchantId,
        details: { from: merchant.tier, to: input.tier },
      },
      now,
    );
    return { from: merchant.tier, reviewDueAt: await refreshReviewDue(q, input.merchantId) };
  });
}

/** An operator sets what a document is and when it expires (null: it does not). */
export function setDocumentDetails(
  store: Store,
  input: {
    applicationId: string;
    documentId: string;
    documentType: KybDocumentType;
    expiresAt: number | null;
    operatorId: string;
    now?: number;
  },
): Promise<void> {
  const now = input.now ?? Date.now();
  return store.write(async (q) => {
    const document = await first(
      q
        .select({
          id: applicationDocuments.id,
          documentType: applicationDocuments.documentType,
          expiresAt: applicationDocuments.expiresAt,
          merchantId: applicationDocuments.merchantId,
        })
        .from(applicationDocuments)
        .where(
          and(
            eq(applicationDocuments.id, input.documentId),
            eq(applicationDocuments.applicationId, input.applicationId),
          ),
        )
        .limit(1),
    );
    if (!document) throw new KybError("Document not found.");
    await q
      .update(applicationDocuments)
      .set({ documentType: input.documentType, expiresAt: input.expiresAt })
      .where(eq(applicationDocuments.id, input.documentId));
    await recordAudit(
      q,
      {
        actorType: "operator",
        actorId: input.operatorId,
        action: "kyb.document_updated",
        targetType: "merchant_application",
        targetId: input.applicationId,
        details: {
          documentId: input.documentId,
          from: { documentType: document.documentType, expiresAt: document.expiresAt },
          to: { documentType: input.documentType, expiresAt: input.expiresAt },
        },
      },
      now,
    );
    if (document.merchantId) await refreshReviewDue(q, document.merchantId);
  });
}

export interface ReviewDueRow {
  merchantId: string;
  businessName: string;
  tier: KybTier;
  reviewDueAt: number;
  applicationId: string | null;
}

/** Merchants whose KYB review is due by `before`, the most overdue first. */
export async function reviewsDue(store: Store, before: number): Promise<ReviewDueRow[]> {
  const rows = await store.read((q) =>
    q
      .select({
        merchantId: merchants.id,
        businessName: merchants.businessName,
        tier: merchants.kybTier,
        reviewDueAt: merchants.kybReviewDueAt,
        applicationId: merchantApplications.id,
      })
      .from(merchants)
      .leftJoin(merchantApplications, eq(merchantApplications.merchantId, merchants.id))
      .where(and(isNotNull(merchants.kybReviewDueAt), lte(merchants.kybReviewDueAt, before)))
      .orderBy(asc(merchants.kybReviewDueAt), asc(merchants.id))
      .limit(500),
  );
  return rows.flatMap((row) =>
    row.reviewDueAt === null ? [] : [{ ...row, reviewDueAt: row.reviewDueAt }],
  );
}

/** The merchant's tier and next review, for the operators' page. */
export function merchantKyb(
  store: Store,
  merchantId: string,
): Promise<{ tier: KybTier; reviewDueAt: number | null } | undefined> {
  return store.read((q) =>
    first(
      q
        .select({ tier: merchants.kybTier, reviewDueAt: merchants.kybReviewDueAt })
        .from(merchants)
        .where(eq(merchants.id, merchantId))
        .limit(1),
    ),
  );
}

/**
 * The daily reminder: every merchant whose review is due (on or before `now`) and not yet reminded
 * for that due date gets one e-mail to its active owners, and the reminder is audited (which is
 * what makes it once). Returns how many merchants were reminded.
 */
export async function sendReviewReminders(store: Store, now: number): Promise<number> {
  const due = await reviewsDue(store, now);
  let sent = 0;
  for (const merchant of due) {
    const reminded = await store.write(async (q) => {
      const marker = JSON.stringify({ dueAt: merchant.reviewDueAt });
      const already = await first(
        q
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.targetType, "merchant"),
              eq(auditLog.targetId, merchant.merchantId),
              eq(auditLog.action, REMINDER_ACTION),
              eq(auditLog.details, marker),
            ),
          )
          .limit(1),
      );
      if (already) return false;
      const owners = await q
        .select({ email: merchantUsers.email, locale: merchantUsers.locale })
        .from(merchantUsers)
        .where(
          and(
            eq(merchantUsers.merchantId, merchant.merchantId),
            inArray(merchantUsers.role, ["owner"]),
            eq(merchantUsers.status, "active"),
            isNotNull(merchantUsers.email),
          ),
        );
      for (const owner of owners) {
        if (!owner.email) continue;
        // In each owner's language (issue 33): their choice, else English.
        const locale = owner.locale ?? DEFAULT_LOCALE;
        const m = inLocale(memberEmailMessages, locale);
        await queueEmail(
          q,
          {
            to: owner.email,
            subject: m.review.subject,
            text: [
              m.hello,
              "",
              m.review.due(
                merchant.businessName,
                merchant.merchantId,
                formatDate(merchant.reviewDueAt, locale),
              ),
              "",
              m.review.check,
              m.review.tier(m.review.tiers[merchant.tier]),
              "",
              m.signature,
            ].join("\n"),
          },
          now,
        );
      }
      await recordAudit(
        q,
        {
          actorType: "system",
          actorId: null,
          action: REMINDER_ACTION,
          targetType: "merchant",
          targetId: merchant.merchantId,
          details: { dueAt: merchant.reviewDueAt },
        },
        now,
      );
      return true;
    });
    if (reminded) sent++;
  }
  return sent;
}
