/**
 * Merchant applications: submit (one pending application per e-mail), list and read for operators,
 * approve (creates the merchant, its owner user and a one-time set-password link) or reject with a
 * reason. Every review action is audited in the same transaction.
 */
import { isHeld } from "~/core/compliance/cases.server";
import { and, desc, eq, sql } from "drizzle-orm";
import { merchantApplications, merchants, merchantUsers } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { DEFAULT_PAYOUT_APPROVAL_ABOVE_KES } from "~/core/disbursements/settings.server";
import { queueEmail } from "~/core/email.server";
import { newApplicationReference, newId, newMerchantId } from "~/core/ids.server";
import { storedCity } from "~/content/application-location";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import type { ApplicationStatus } from "./application-statuses";
import { e164, type ApplicationInput } from "./application-schema";
import { issueSetPasswordToken } from "./passwords-links.server";
import { insertApplicationParties, linkKybToMerchant } from "~/core/kyb/parties.server";
import { initialReviewDueAt } from "~/core/kyb/reviews.server";
import { applicantEmailMessages } from "~/i18n/catalogs/applicant-emails";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import * as paths from "~/utils/paths";

export type SubmitResult =
  | { ok: true; id: string; reference: string }
  | { ok: false; reason: "duplicate_pending"; reference: string };

export function submitApplication(
  store: Store,
  input: ApplicationInput,
  context: {
    clientKey?: string | null;
    userAgent?: string | null;
    /** The page's language: the decision e-mail is written in it (issue 33). */
    locale?: Locale;
    now?: number;
    /**
     * Runs in the submitting transaction once the application row exists (KYB documents: their
     * rows and files, app/core/kyb/documents.server.ts); a throw rolls the application back.
     */
    attachDocuments?: (q: Handle, applicationId: string) => Promise<void>;
  },
): Promise<SubmitResult> {
  const now = context.now ?? Date.now();
  const emailNormalized = input.email.trim().toLowerCase();
  return store.write(async (q): Promise<SubmitResult> => {
    const pending = await first(
      store.forUpdate(
        q
          .select({ reference: merchantApplications.reference })
          .from(merchantApplications)
          .where(
            and(
              eq(merchantApplications.emailNormalized, emailNormalized),
              eq(merchantApplications.status, "submitted"),
            ),
          )
          .limit(1),
      ),
    );
    if (pending)
      return { ok: false, reason: "duplicate_pending", reference: pending.reference } as const;
    const id = newId("app");
    const reference = newApplicationReference();
    await q.insert(merchantApplications).values({
      id,
      reference,
      status: "submitted",
      businessName: input.businessName,
      businessType: input.businessType,
      registrationNumber: input.registrationNumber,
      contactName: input.contactName,
      email: input.email.trim(),
      emailNormalized,
      countryCode: input.countryCode,
      phone: e164(input.countryCode, input.phone),
      website: input.website ?? null,
      businessAddress: input.businessAddress ?? null,
      country: input.country,
      city: storedCity(input.country, input.city, input.otherCity),
      monthlyVolume: input.monthlyVolume ?? null,
      currentPaymentMethods: input.currentPaymentMethods ?? null,
      integrationType: input.integrationType ?? null,
      timeline: input.timeline ?? null,
      agreedToTerms: input.agreedToTerms === true,
      agreedToNewsletter: input.agreedToNewsletter === true,
      clientKey: context.clientKey ?? null,
      userAgent: context.userAgent ?? null,
      locale: context.locale ?? null,
      createdAt: now,
    });
    // Its directors and beneficial owners (ADR 0058).
    await insertApplicationParties(q, id, input.parties, now);
    await context.attachDocuments?.(q, id);
    return { ok: true, id, reference } as const;
  });
}

export type Application = typeof merchantApplications.$inferSelect;

export function listApplications(
  store: Store,
  filter: { status?: ApplicationStatus; limit?: number } = {},
): Promise<Application[]> {
  return store.read((q) =>
    q
      .select()
      .from(merchantApplications)
      .where(filter.status ? eq(merchantApplications.status, filter.status) : undefined)
      .orderBy(desc(merchantApplications.createdAt))
      .limit(filter.limit ?? 200),
  );
}

export async function countApplicationsByStatus(
  store: Store,
): Promise<Record<ApplicationStatus, number>> {
  const rows = await store.read((q) =>
    q
      .select({ status: merchantApplications.status, count: sql<number>`count(*)` })
      .from(merchantApplications)
      .groupBy(merchantApplications.status),
  );
  const counts: Record<ApplicationStatus, number> = { submitted: 0, approved: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

export function getApplication(store: Store, id: string): Promise<Application | undefined> {
  return store.read((q) =>
    first(q.select().from(merchantApplications).where(eq(merchantApplications.id, id)).limit(1)),
  );
}

/** The application with this reference (the applicant's confirmation page), or undefined. */
export function getApplicationByReference(
  store: Store,
  reference: string,
): Promise<Application | undefined> {
  return store.read((q) =>
    first(
      q
        .select()
        .from(merchantApplications)
        .where(eq(merchantApplications.reference, reference))
        .limit(1),
    ),
  );
}

/** The application, still waiting for a decision, read (locked) inside the reviewing write. */
async function submittedApplication(store: Store, q: Handle, id: string): Promise<Application> {
  const application = await first(
    store.forUpdate(
      q.select().from(merchantApplications).where(eq(merchantApplications.id, id)).limit(1),
    ),
  );
  if (!application) throw new ReviewError("Application not found", "not_found");
  if (application.status !== "submitted") {
    throw new ReviewError(
      `This application was already ${application.status}.`,
      "already_reviewed",
    );
  }
  return application;
}

async function auditReview(
  q: Handle,
  operatorId: string,
  action: string,
  applicationId: string,
  details: Record<string, unknown>,
  now: number,
): Promise<void> {
  await recordAudit(
    q,
    {
      actorType: "operator",
      actorId: operatorId,
      action,
      targetType: "merchant_application",
      targetId: applicationId,
      details,
    },
    now,
  );
}

export class ReviewError extends Error {
  constructor(
    message: string,
    readonly code: "not_found" | "already_reviewed" | "username_taken" | "held",
  ) {
    super(message);
  }
}

/** A sign-in username from the contact e-mail: "jane.doe@shop.co.ke" -> "jane.doe". */
export function suggestUsername(email: string): string {
  const local = email.split("@")[0] ?? "owner";
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "")
    .slice(0, 32);
  return cleaned.length >= 3 ? cleaned : "owner";
}

export interface ApprovalResult {
  merchantId: string;
  username: string;
  setPasswordToken: string;
  setPasswordExpiresAt: number;
}

/**
 * Approve: in one transaction create the merchant and its owner user, mark the application
 * approved, issue the one-time set-password link, queue the e-mail and audit it.
 */
export function approveApplication(
  store: Store,
  input: {
    applicationId: string;
    operatorId: string;
    username?: string;
    setPasswordUrl: (token: string) => string;
    linkTtlMs: number;
    now?: number;
  },
): Promise<ApprovalResult> {
  const now = input.now ?? Date.now();
  return store.write(async (q) => {
    const application = await submittedApplication(store, q, input.applicationId);
    // A compliance case holding it (a sanctions hit on the business or a director, ADR 0055).
    if (await isHeld(q, "application", application.id))
      throw new ReviewError(
        "A compliance case holds this application: it can be approved once the case is cleared.",
        "held",
      );
    let merchantId = newMerchantId();
    while (
      await first(
        q.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).limit(1),
      )
    ) {
      merchantId = newMerchantId();
    }
    const username = input.username ?? suggestUsername(application.email);
    await q.insert(merchants).values({
      id: merchantId,
      businessName: application.businessName,
      contactEmail: application.email,
      payoutApprovalAboveKes: DEFAULT_PAYOUT_APPROVAL_ABOVE_KES,
      // Its first KYB review: the standard tier's cycle, sooner for a PEP or an expiring document.
      kybReviewDueAt: await initialReviewDueAt(q, application.id, now),
      createdAt: now,
    });
    // Its directors, owners and documents become the merchant's (ADR 0058).
    await linkKybToMerchant(q, application.id, merchantId, now);
    const userId = newId("usr");
    await q.insert(merchantUsers).values({
      id: userId,
      merchantId,
      username,
      // The applicant, screened with the application: the owner's name for later screenings.
      fullName: application.contactName,
      role: "owner",
      // The owner's own address (password resets, security notices): the applicant's.
      email: application.email,
      // Their language to begin with: the one they applied in (they may change it on Security).
      locale: application.locale,
      createdAt: now,
    });
    await q
      .update(merchantApplications)
      .set({ status: "approved", reviewedAt: now, reviewedBy: input.operatorId, merchantId })
      .where(eq(merchantApplications.id, application.id));
    const link = await issueSetPasswordToken(q, userId, input.linkTtlMs, now);
    const words = inLocale(applicantEmailMessages, application.locale ?? DEFAULT_LOCALE);
    await queueEmail(
      q,
      {
        to: application.email,
        subject: words.approved.subject,
        text: words.approved.text(
          application.contactName,
          application.reference,
          application.businessName,
          merchantId,
          username,
          input.setPasswordUrl(link.token),
          paths.merchantSignIn,
        ),
      },
      now,
    );
    await auditReview(
      q,
      input.operatorId,
      "application.approved",
      application.id,
      { reference: application.reference, merchantId, username },
      now,
    );
    return {
      merchantId,
      username,
      setPasswordToken: link.token,
      setPasswordExpiresAt: link.expiresAt,
    };
  });
}

export async function rejectApplication(
  store: Store,
  input: { applicationId: string; operatorId: string; reason: string; now?: number },
): Promise<void> {
  const now = input.now ?? Date.now();
  await store.write(async (q) => {
    const application = await submittedApplication(store, q, input.applicationId);
    await q
      .update(merchantApplications)
      .set({
        status: "rejected",
        reviewedAt: now,
        reviewedBy: input.operatorId,
        decisionReason: input.reason,
      })
      .where(eq(merchantApplications.id, application.id));
    const words = inLocale(applicantEmailMessages, application.locale ?? DEFAULT_LOCALE);
    await queueEmail(
      q,
      {
        to: application.email,
        subject: words.rejected.subject,
        text: words.rejected.text(application.contactName, application.reference, input.reason),
      },
      now,
    );
    await auditReview(
      q,
      input.operatorId,
      "application.rejected",
      application.id,
      { reference: application.reference, reason: input.reason },
      now,
    );
  });
}
