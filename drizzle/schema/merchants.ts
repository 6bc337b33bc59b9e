/**
 * Merchant applications, merchants and their users, operators, sessions, one-time password links,
 * throttling counters, the audit log and outbound e-mail.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
// The vocabularies live in core (isomorphic); the schema only builds its columns from them (ADR
// 0020).
import { applicationStatuses } from "../../app/core/merchants/application-statuses";
import { operatorRoles } from "../../app/core/operator-roles";
import { kybTiers } from "../../app/core/kyb/vocabulary";
import { memberStatuses, teamRoles } from "../../app/core/accounts/permissions";
import { accountTokenPurposes, securityEventTypes } from "../../app/core/accounts/vocabulary";

/** Who an account row belongs to: a merchant's team member or an operator. */
const subjectTypes = ["merchant_user", "operator"] as const;

/**
 * Two-factor columns, the same for merchant users and operators: the TOTP secret sealed with
 * AES-256-GCM (core/accounts/totp.server.ts), when it was confirmed, and the last time step
 * accepted (a code is never accepted twice).
 */
const twoFactorColumns = () => ({
  totpSecret: text("totp_secret"),
  totpEnabledAt: integer("totp_enabled_at"),
  totpLastStep: integer("totp_last_step"),
});

export const merchantApplications = sqliteTable(
  "merchant_applications",
  {
    id: text("id").primaryKey(),
    /** Shown to the applicant and operators, e.g. APP-7K2Q9D4M. */
    reference: text("reference").notNull().unique(),
    status: text("status", { enum: applicationStatuses }).notNull().default("submitted"),
    businessName: text("business_name").notNull(),
    businessType: text("business_type").notNull(),
    /**
     * Business registration number as given, upper case ("PVT-AB1234CD", "BN-AB1234CD",
     * "CPR/2015/123456"). Null only on applications made before the field existed (issue 11/14).
     */
    registrationNumber: text("registration_number"),
    contactName: text("contact_name").notNull(),
    email: text("email").notNull(),
    /** Lower-cased e-mail: one pending application per address. */
    emailNormalized: text("email_normalized").notNull(),
    countryCode: text("country_code").notNull(),
    phone: text("phone").notNull(),
    website: text("website"),
    businessAddress: text("business_address"),
    country: text("country").notNull(),
    city: text("city").notNull(),
    monthlyVolume: text("monthly_volume"),
    currentPaymentMethods: text("current_payment_methods"),
    integrationType: text("integration_type"),
    timeline: text("timeline"),
    agreedToTerms: integer("agreed_to_terms", { mode: "boolean" }).notNull(),
    agreedToNewsletter: integer("agreed_to_newsletter", { mode: "boolean" }).notNull(),
    clientKey: text("client_key"),
    userAgent: text("user_agent"),
    /**
     * The language the application was made in (issue 33): the decision e-mail is written in it
     * and the first member's language starts as it. Null for applications before it was kept.
     */
    locale: text("locale", { enum: ["en", "sw"] }),
    createdAt: integer("created_at").notNull(),
    reviewedAt: integer("reviewed_at"),
    reviewedBy: text("reviewed_by").references(() => operators.id),
    decisionReason: text("decision_reason"),
    merchantId: text("merchant_id").references(() => merchants.id),
  },
  (table) => [
    uniqueIndex("merchant_applications_pending_email_idx")
      .on(table.emailNormalized)
      .where(sql`${table.status} = 'submitted'`),
    index("merchant_applications_status_created_idx").on(table.status, table.createdAt),
    // Operators see possible duplicates on the queue (issue 30, item 5).
    index("merchant_applications_phone_idx").on(table.phone),
    index("merchant_applications_registration_idx").on(table.registrationNumber),
    index("merchant_applications_email_idx").on(table.emailNormalized),
  ],
);

export const merchants = sqliteTable("merchants", {
  /** Readable, unguessable: MRC-7K2Q9D. */
  id: text("id").primaryKey(),
  businessName: text("business_name").notNull(),
  contactEmail: text("contact_email").notNull(),
  status: text("status", { enum: ["active", "suspended"] })
    .notNull()
    .default("active"),
  /** Where KES settles: the rail and the M-Pesa number (2547XXXXXXXX), chosen in settings. */
  settlementRail: text("settlement_rail", { enum: ["mpesa"] })
    .notNull()
    .default("mpesa"),
  settlementPhone: text("settlement_phone"),
  /** The merchant's KRA PIN (A123456789Z), printed on its statements (issue 30, item 8). */
  kraPin: text("kra_pin"),
  /**
   * When the settlement phone last replaced an earlier one (null: the first destination, never
   * held). Payouts to it wait PAYOUT_DESTINATION_COOLING_OFF_HOURS from then (issue 10, item 14).
   */
  settlementPhoneChangedAt: integer("settlement_phone_changed_at"),
  /**
   * Payouts to the settlement phone wait until then (the change time plus the cooling-off period).
   */
  settlementPhoneHeldUntil: integer("settlement_phone_held_until"),
  /**
   * Set by an owner: when the default destination's rail is down or full, settlements may go to
   * another verified destination (issue 14, item 6).
   */
  settlementFailover: integer("settlement_failover", { mode: "boolean" }).notNull().default(false),
  /** Set by an owner: every member must use a second factor to sign in. */
  requireTwoFactor: integer("require_two_factor", { mode: "boolean" }).notNull().default(false),
  /**
   * Set by an owner or admin: a single payout above this many whole shillings needs a second
   * member's approval like a bulk batch (null: single payouts never do). Issue 15, item 3.
   */
  payoutApprovalAboveKes: integer("payout_approval_above_kes"),
  /** The due-diligence tier (issue 31, item 6): the daily cap follows it. */
  kybTier: text("kyb_tier", { enum: kybTiers }).notNull().default("standard"),
  /** When its KYB is next due for review (documents expiring, the tier's cycle). */
  kybReviewDueAt: integer("kyb_review_due_at"),
  /** When the relationship ended (offboarded or closed): records are kept 7 years from then. */
  relationshipEndedAt: integer("relationship_ended_at"),
  /** When personal data not kept by law was erased at the merchant's request. */
  erasedAt: integer("erased_at"),
  createdAt: integer("created_at").notNull(),
});

export const merchantUsers = sqliteTable(
  "merchant_users",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    username: text("username").notNull(),
    /**
     * The member's full name as on their ID, given when they accept an invitation (the owner's is
     * the application's contact): screened against the sanctions lists (issue 31, item 2). Null for
     * members who joined before it was asked.
     */
    fullName: text("full_name"),
    /** Owner, admin, finance, developer, cashier or viewer (core/accounts/permissions.ts). */
    role: text("role", { enum: teamRoles }).notNull().default("owner"),
    /** Where invitations, password resets and security notices go (the owner's: the contact). */
    email: text("email"),
    status: text("status", { enum: memberStatuses }).notNull().default("active"),
    /** Null until the user sets a password through the one-time link. */
    passwordHash: text("password_hash"),
    passwordSetAt: integer("password_set_at"),
    ...twoFactorColumns(),
    /** E-mail me when a payment settles / a daily summary (both off unless chosen). */
    notifyPaymentSettled: integer("notify_payment_settled", { mode: "boolean" })
      .notNull()
      .default(false),
    notifyDailySummary: integer("notify_daily_summary", { mode: "boolean" })
      .notNull()
      .default(false),
    /** The previous month's statement on the 1st (roles with statements:read only). */
    notifyMonthlyStatement: integer("notify_monthly_statement", { mode: "boolean" })
      .notNull()
      .default(false),
    /** Where this member's SMS notifications go (E.164) and which it chose (issue 30, item 9). */
    smsPhone: text("sms_phone"),
    smsOnPayment: integer("sms_on_payment", { mode: "boolean" }).notNull().default(false),
    smsOnPayout: integer("sms_on_payout", { mode: "boolean" }).notNull().default(false),
    /**
     * The member's language for the app, e-mails and SMS (issue 33): "en" or "sw"; null until the
     * member chooses (the app follows the browser, messages are in English).
     */
    locale: text("locale", { enum: ["en", "sw"] }),
    invitedBy: text("invited_by"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("merchant_users_merchant_username_idx").on(table.merchantId, table.username),
  ],
);

export const operators = sqliteTable("operators", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  role: text("role", { enum: operatorRoles }).notNull(),
  passwordHash: text("password_hash").notNull(),
  disabled: integer("disabled", { mode: "boolean" }).notNull().default(false),
  ...twoFactorColumns(),
  createdAt: integer("created_at").notNull(),
});

/** Server-side sessions. The cookie carries only the signed id; we store its SHA-256. */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    merchantUserId: text("merchant_user_id").references(() => merchantUsers.id),
    operatorId: text("operator_id").references(() => operators.id),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    userAgent: text("user_agent"),
    /**
     * Set while the password is checked but the second factor is not: such a session opens only
     * the second-step page (issue 12).
     */
    pendingSecondFactor: integer("pending_second_factor", { mode: "boolean" })
      .notNull()
      .default(false),
    /** When the user last proved a second factor (or the password, without one): step-up. */
    steppedUpAt: integer("stepped_up_at"),
    ipAddress: text("ip_address"),
  },
  (table) => [
    check(
      "sessions_one_subject",
      sql`(${table.merchantUserId} is null) <> (${table.operatorId} is null)`,
    ),
    index("sessions_expires_idx").on(table.expiresAt),
    index("sessions_merchant_user_idx").on(table.merchantUserId),
    index("sessions_operator_idx").on(table.operatorId),
  ],
);

/** Invitations to a merchant's team: a one-time link (SHA-256 stored) that expires. */
export const merchantInvitations = sqliteTable(
  "merchant_invitations",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    email: text("email").notNull(),
    role: text("role", { enum: teamRoles }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => merchantUsers.id),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    acceptedAt: integer("accepted_at"),
    acceptedUserId: text("accepted_user_id").references(() => merchantUsers.id),
    revokedAt: integer("revoked_at"),
  },
  (table) => [index("merchant_invitations_merchant_idx").on(table.merchantId)],
);

/** One-time links for a merchant user or an operator (password reset), stored as SHA-256. */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose", { enum: accountTokenPurposes }).notNull(),
    subjectType: text("subject_type", { enum: subjectTypes }).notNull(),
    subjectId: text("subject_id").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (table) => [index("account_tokens_subject_idx").on(table.subjectType, table.subjectId)],
);

/** Two-factor recovery codes: ten per enrolment, SHA-256 stored, each usable once. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subjectType: text("subject_type", { enum: subjectTypes }).notNull(),
    subjectId: text("subject_id").notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    usedAt: integer("used_at"),
  },
  (table) => [index("recovery_codes_subject_idx").on(table.subjectType, table.subjectId)],
);

/** What a user sees on their security page: sign-ins, failures, 2FA and password changes. */
export const securityEvents = sqliteTable(
  "security_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subjectType: text("subject_type", { enum: subjectTypes }).notNull(),
    subjectId: text("subject_id").notNull(),
    type: text("type", { enum: securityEventTypes }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    details: text("details"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    index("security_events_subject_idx").on(table.subjectType, table.subjectId, table.createdAt),
  ],
);

/** One-time links (set password). We store the SHA-256 of the token, never the token. */
export const passwordTokens = sqliteTable("password_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  merchantUserId: text("merchant_user_id")
    .notNull()
    .references(() => merchantUsers.id),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
});

/** Fixed-window counters for throttling (sign-in failures, form posts). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowEndsAt: integer("window_ends_at").notNull(),
});

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorType: text("actor_type", { enum: ["operator", "merchant_user", "system"] }).notNull(),
    actorId: text("actor_id"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    details: text("details"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [index("audit_log_target_idx").on(table.targetType, table.targetId)],
);

export const outboundEmails = sqliteTable("outbound_emails", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  bodyText: text("body_text").notNull(),
  /** The same message as HTML (null: plain text only). */
  bodyHtml: text("body_html"),
  createdAt: integer("created_at").notNull(),
  sentAt: integer("sent_at"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
});

/**
 * Notices that must go out at most once (the daily summary per member and day): the key is claimed
 * in the same transaction that queues the e-mail, so a re-run of the job sends nothing twice.
 */
export const notificationReceipts = sqliteTable("notification_receipts", {
  /** What was sent to whom, for which period: "daily_summary:<merchant user id>:2026-11-24". */
  key: text("key").primaryKey(),
  emailId: integer("email_id").references(() => outboundEmails.id),
  createdAt: integer("created_at").notNull(),
});
