/**
 * E-mail notices about an account (issue 12, item 6), queued through the outbox
 * (core/email.server.ts) with a plain-text and an HTML body, inside the caller's transaction. Each
 * says what happened, when (Nairobi time), from which device, and what to do if it was not you.
 *
 * - Security notices are queued by `recordSecurityEvent` (so callers need not know): a sign-in from
 *   a new device, password changed, two-factor turned on or off (to the account itself); payout
 *   destination changed, member invited or removed (to the merchant's owners).
 * - `queuePaymentSettledNotices`: when a payment becomes settled (to members who opted in).
 * - `sendDailySummaries`: yesterday's payments, once per member and day (the daily job).
 * - `sendMonthlyStatements`: on the 1st, last month's statement in figures (no attachment: the
 *   statement stays behind sign-in), once per member and month (the monthly job).
 *
 * On the store (ADR 0041): the notices queued inside a caller's transaction run on its handle and
 * are awaited; the jobs take the store.
 */
import { and, count, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import {
  merchants,
  merchantUsers,
  notificationReceipts,
  operators,
  payments,
  securityEvents,
  settlementTransfers,
} from "../../../drizzle/schema";
import { company } from "~/content/company";
import { outboundEmailInsert, type EmailMessage } from "~/core/email.server";
import { paymentsInMode } from "~/core/api/mode.server";
import {
  statementLineLabels,
  statementLineTypes,
  type StatementLineType,
  type StatementTotals,
} from "~/core/statements/lines";
import {
  eatToday,
  formatStatementPeriod,
  monthShortcuts,
  type StatementRange,
} from "~/core/statements/range";
import {
  readStatement,
  type Statement,
  StatementMismatchError,
} from "~/core/statements/statement.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { noticeMessages } from "~/i18n/catalogs/emails";
import { memberEmailMessages } from "~/i18n/catalogs/member-emails";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import {
  formatDate,
  formatEatDateTime,
  formatKesCents,
  formatMonthYear,
  maskPhone,
} from "~/utils/format";
import { logger } from "~/utils/logger.server";
import * as paths from "~/utils/paths";
import { deviceKey, parseUserAgent } from "./device";
import { can, type TeamRole } from "./permissions";
import type { AccountSubject, SecurityEvent } from "./security-events.server";
import { paidStatuses } from "~/core/payments/statuses";

/** A sign-in counts as from a new device when that device was not used in this window. */
export const NEW_DEVICE_WINDOW_MS = 90 * 24 * 3_600_000;

// ---------------------------------------------------------------------------------------------
// Where links in notices point (the site's public address, set once at boot by the wiring).

let siteUrl: string | null = null;

/** Links in notices are absolute: the wiring sets the site's address (PUBLIC_SITE_URL) at boot. */
export function setNoticeSiteUrl(url: string | null): void {
  siteUrl = url ? url.replace(/\/+$/, "") : null;
}

const link = (path: string) => (siteUrl ? `${siteUrl}${path}` : null);

// ---------------------------------------------------------------------------------------------
// Composing a notice: one structure, rendered as text and as escaped HTML with inline styles.

export interface Notice {
  subject: string;
  /** Who it is for: "Hello {name},". */
  name: string;
  /** What happened, in one or two sentences. */
  lead: string;
  /** Label and value lines: when, device, IP address, amounts. */
  facts: readonly (readonly [string, string])[];
  /** What to do if it was not you (or if something looks wrong). */
  notYou: string;
  /** Links named in the text: [label, path] (shown when the site's address is known). */
  links?: readonly (readonly [string, string])[];
  /** A closing line (how to turn an optional e-mail off). */
  footer?: string;
  /** The reader's language (issue 33): the greeting's words. English when not given. */
  locale?: Locale;
}

export interface RenderedNotice {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** How to reach support in `locale`, from the company details (app/content/company.ts). */
export const supportLineIn = (locale: Locale) =>
  inLocale(noticeMessages, locale).supportLine(
    company.brand,
    company.supportEmail,
    company.phone,
    company.supportHours,
  );

/** How to reach support (English). */
export const supportLine = supportLineIn("en");

/** A device as the reader calls it: "Firefox on Windows", "Firefox kwenye Windows". */
export function describeDeviceIn(userAgent: string | null | undefined, locale: Locale): string {
  const m = inLocale(noticeMessages, locale);
  const { browser, os } = parseUserAgent(userAgent);
  if (browser && os) return m.deviceOn(browser, os);
  if (browser) return browser;
  if (os) return m.browserOn(os);
  return m.unknownDevice;
}

const signature = `${company.brand}, ${company.legalName}`;

export function renderNotice(notice: Notice): RenderedNotice {
  const { hello } = inLocale(noticeMessages, notice.locale ?? "en");
  const links = (notice.links ?? []).flatMap(([label, path]) => {
    const href = link(path);
    return href ? [[label, href] as const] : [];
  });
  const text = [
    hello(notice.name),
    "",
    notice.lead,
    "",
    ...notice.facts.map(([label, value]) => `${label}: ${value}`),
    "",
    notice.notYou,
    ...(links.length > 0 ? ["", ...links.map(([label, href]) => `${label}: ${href}`)] : []),
    ...(notice.footer ? ["", notice.footer] : []),
    "",
    signature,
  ].join("\n");

  const p = (content: string, style = "") => `<p style="margin:0 0 16px 0;${style}">${content}</p>`;
  const rows = notice.facts
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:600;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = [
    `<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a;max-width:560px">`,
    p(escapeHtml(hello(notice.name))),
    p(escapeHtml(notice.lead)),
    rows
      ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px 0">${rows}</table>`
      : "",
    p(
      `<strong>${escapeHtml(notice.notYou)}</strong>`,
      "padding:12px;background:#fef3c7;border-radius:8px;color:#78350f",
    ),
    links.length > 0
      ? p(
          links
            .map(
              ([label, href]) =>
                `<a href="${escapeHtml(href)}" style="color:#1d4ed8">${escapeHtml(label)}</a>`,
            )
            .join(" &middot; "),
        )
      : "",
    notice.footer ? p(escapeHtml(notice.footer), "color:#475569;font-size:13px") : "",
    p(escapeHtml(signature), "color:#475569;font-size:13px"),
    `</div>`,
  ].join("");
  return { subject: notice.subject, text, html };
}

// ---------------------------------------------------------------------------------------------
// The notices

export interface NoticeContext {
  /** Whose account: a merchant's team member or an operator. */
  kind: AccountSubject["type"];
  name: string;
  at: number;
  userAgent?: string | null;
  ipAddress?: string | null;
  /** The reader's language (issue 33; operators read English). English when not given. */
  locale?: Locale;
}

const localeOf = (context: { locale?: Locale }): Locale => context.locale ?? "en";

function whenAndWhere(context: NoticeContext): [string, string][] {
  const locale = localeOf(context);
  const m = inLocale(noticeMessages, locale);
  return [
    [m.when, formatEatDateTime(context.at, locale)],
    [m.device, describeDeviceIn(context.userAgent, locale)],
    [m.ipAddress, context.ipAddress || m.notRecorded],
  ];
}

const passwordPath = (kind: NoticeContext["kind"]) =>
  kind === "operator" ? paths.adminPassword : paths.merchantPassword;
const securityPath = (kind: NoticeContext["kind"]) =>
  kind === "operator" ? paths.adminSecurity : paths.merchantSecurity;
const forgotPath = (kind: NoticeContext["kind"]) =>
  kind === "operator" ? paths.adminForgotPassword : paths.merchantForgotPassword;
const twoFactorPath = (kind: NoticeContext["kind"]) =>
  kind === "operator" ? paths.adminTwoFactor : paths.merchantTwoFactor;

export function newDeviceSignInNotice(context: NoticeContext): RenderedNotice {
  const locale = localeOf(context);
  const m = inLocale(noticeMessages, locale);
  const device = describeDeviceIn(context.userAgent, locale);
  return renderNotice({
    locale,
    subject: m.newDevice.subject(company.brand, device),
    name: context.name,
    lead: m.newDevice.lead(company.brand, device),
    facts: whenAndWhere(context),
    notYou: m.newDevice.notYou(supportLineIn(locale)),
    links: [
      [m.changePassword, passwordPath(context.kind)],
      [m.seeSessions, securityPath(context.kind)],
    ],
  });
}

export function passwordChangedNotice(context: NoticeContext): RenderedNotice {
  const locale = localeOf(context);
  const m = inLocale(noticeMessages, locale);
  return renderNotice({
    locale,
    subject: m.passwordChanged.subject(company.brand),
    name: context.name,
    lead: m.passwordChanged.lead(company.brand),
    facts: whenAndWhere(context),
    notYou: m.passwordChanged.notYou(supportLineIn(locale)),
    links: [[m.resetPassword, forgotPath(context.kind)]],
  });
}

export function twoFactorNotice(context: NoticeContext, enabled: boolean): RenderedNotice {
  const locale = localeOf(context);
  const m = inLocale(noticeMessages, locale);
  return renderNotice({
    locale,
    subject: enabled
      ? m.twoFactorChanged.subjectOn(company.brand)
      : m.twoFactorChanged.subjectOff(company.brand),
    name: context.name,
    lead: enabled ? m.twoFactorChanged.leadOn : m.twoFactorChanged.leadOff,
    facts: whenAndWhere(context),
    notYou: m.twoFactorChanged.notYou(supportLineIn(locale)),
    links: [
      [m.changePassword, passwordPath(context.kind)],
      [m.twoFactor, twoFactorPath(context.kind)],
    ],
  });
}

/** To a merchant's owners: a member turned two-factor sign-in off (issue 27, item 4). */
export function memberTwoFactorOffNotice(
  context: NoticeContext,
  facts: { businessName: string; member: string },
): RenderedNotice {
  const locale = localeOf(context);
  const m = inLocale(noticeMessages, locale);
  return renderNotice({
    locale,
    subject: m.memberTwoFactorOff.subject(facts.member, facts.businessName),
    name: context.name,
    lead: m.memberTwoFactorOff.lead(facts.member, company.brand, facts.businessName),
    facts: whenAndWhere(context),
    notYou: m.memberTwoFactorOff.notYou(supportLineIn(locale)),
    links: [[m.yourTeam, paths.merchantTeam]],
  });
}

export function payoutDestinationNotice(
  context: NoticeContext,
  facts: { businessName: string; by: string; destination?: string | null },
): RenderedNotice {
  const locale = localeOf(context);
  const m = inLocale(noticeMessages, locale);
  // Older events hold the full number; newer ones the destination already masked.
  const destination = facts.destination
    ? /^\+?\d+$/.test(facts.destination)
      ? maskPhone(facts.destination)
      : facts.destination
    : null;
  return renderNotice({
    locale,
    subject: m.payoutDestination.subject(facts.businessName),
    name: context.name,
    lead: m.payoutDestination.lead(facts.by, company.brand, facts.businessName, destination),
    facts: whenAndWhere(context),
    notYou: m.payoutDestination.notYou(supportLineIn(locale)),
    links: [
      [m.changePassword, paths.merchantPassword],
      [m.settlementSettings, paths.merchantSettings],
    ],
  });
}

export function teamChangeNotice(
  context: NoticeContext,
  facts: {
    businessName: string;
    by: string;
    change: "invited" | "removed";
    /** Null when the event named nobody: "A team member" in the reader's language. */
    member: string | null;
    role?: TeamRole | null;
  },
): RenderedNotice {
  const locale = localeOf(context);
  const m = inLocale(noticeMessages, locale);
  const t = m.teamChange;
  const member = facts.member ?? t.someMember;
  const role = facts.role ? inLocale(memberEmailMessages, locale).roles[facts.role].label : null;
  const invited = facts.change === "invited";
  return renderNotice({
    locale,
    subject: invited
      ? t.subjectInvited(member, facts.businessName, company.brand)
      : t.subjectRemoved(member, facts.businessName, company.brand),
    name: context.name,
    lead: invited
      ? t.leadInvited(facts.by, member, facts.businessName, company.brand, role)
      : t.leadRemoved(facts.by, member, facts.businessName, company.brand),
    facts: whenAndWhere(context),
    notYou: t.notYou(supportLineIn(locale)),
    links: [
      [m.yourTeam, paths.merchantTeam],
      [m.changePassword, paths.merchantPassword],
    ],
  });
}

export function paymentSettledNotice(facts: {
  name: string;
  businessName: string;
  paymentId: string;
  reference: string;
  amountKesCents: bigint;
  feeKesCents: bigint;
  exciseKesCents: bigint;
  at: number;
  locale?: Locale;
}): RenderedNotice {
  const locale = localeOf(facts);
  const m = inLocale(noticeMessages, locale);
  const t = m.paymentSettled;
  const net = facts.amountKesCents - facts.feeKesCents - facts.exciseKesCents;
  return renderNotice({
    locale,
    subject: t.subject(facts.reference, formatKesCents(net), facts.businessName),
    name: facts.name,
    lead: t.lead(facts.businessName),
    facts: [
      [t.payment, facts.paymentId],
      [t.yourReference, facts.reference],
      [t.amount, formatKesCents(facts.amountKesCents)],
      [t.fee, formatKesCents(facts.feeKesCents)],
      [t.excise, formatKesCents(facts.exciseKesCents)],
      [t.settledToYou, formatKesCents(net)],
      [m.when, formatEatDateTime(facts.at, locale)],
    ],
    notYou: t.notYou(supportLineIn(locale)),
    links: [
      [t.seePayment, paths.merchantPayment(facts.paymentId)],
      [m.notificationChoices, paths.merchantSecurity],
    ],
    footer: m.optionalFooter(m.choices.paymentSettled),
  });
}

export interface DailyFigures {
  /** The Nairobi day summarised: "2026-11-24". */
  day: string;
  created: number;
  received: number;
  receivedKesCents: bigint;
  feeKesCents: bigint;
  exciseKesCents: bigint;
  settledKesCents: bigint;
}

export function dailySummaryNotice(facts: {
  name: string;
  businessName: string;
  figures: DailyFigures;
  locale?: Locale;
}): RenderedNotice {
  const { figures } = facts;
  const locale = localeOf(facts);
  const m = inLocale(noticeMessages, locale);
  const t = m.dailySummary;
  const day = formatDate(figures.day, locale);
  return renderNotice({
    locale,
    subject: t.subject(
      facts.businessName,
      company.brand,
      day,
      figures.received,
      formatKesCents(figures.receivedKesCents),
    ),
    name: facts.name,
    lead: t.lead(day, facts.businessName),
    facts: [
      [t.created, String(figures.created)],
      [t.received, String(figures.received)],
      [t.receivedAmount, formatKesCents(figures.receivedKesCents)],
      [t.fees, formatKesCents(figures.feeKesCents)],
      [t.excise, formatKesCents(figures.exciseKesCents)],
      [t.settled, formatKesCents(figures.settledKesCents)],
    ],
    notYou: m.figuresWrong(supportLineIn(locale)),
    links: [
      [t.yourPayments, paths.merchantPayments],
      [m.notificationChoices, paths.merchantSecurity],
    ],
    footer: m.optionalFooter(m.choices.dailySummary),
  });
}

/** Text for a month's statement with no line: the closing balance is the opening balance. */
export const NO_ACTIVITY_TEXT = noticeMessages.en.monthlyStatement.noActivity;

/** A statement page's address for a period: the page, its CSV or its printable version. */
const statementPath = (path: string, range: StatementRange) =>
  `${path}?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`;

function totalText(total: StatementTotals, locale: Locale): string {
  const t = inLocale(noticeMessages, locale).monthlyStatement;
  if (total.count === 0) return t.noLines(formatKesCents(0n));
  return t.lines(formatKesCents(total.net), total.count, formatKesCents(total.fee));
}

/** A statement's period in the reader's words: "1 Oct 2026 to 31 Oct 2026". */
function periodText(range: StatementRange, locale: Locale): string {
  if (locale === "en") return formatStatementPeriod(range);
  return range.from === range.to
    ? formatDate(range.from, locale)
    : inLocale(noticeMessages, locale).monthlyStatement.periodRange(
        formatDate(range.from, locale),
        formatDate(range.to, locale),
      );
}

export function monthlyStatementNotice(facts: {
  name: string;
  businessName: string;
  /** "October 2026" (English; another language names the month of the statement's range). */
  monthLabel: string;
  statement: Pick<Statement, "range" | "opening" | "closing" | "lines" | "totals">;
  locale?: Locale;
}): RenderedNotice {
  const { statement } = facts;
  const locale = localeOf(facts);
  const m = inLocale(noticeMessages, locale);
  const t = m.monthlyStatement;
  const [year, month] = statement.range.from.split("-").map(Number);
  const monthLabel = locale === "en" ? facts.monthLabel : formatMonthYear(year!, month!, locale);
  const quiet = statement.lines.length === 0;
  const typeFacts = statementLineTypes.map(
    (type: StatementLineType) =>
      [
        locale === "en" ? statementLineLabels[type] : t.lineTypes[type],
        totalText(statement.totals[type], locale),
      ] as const,
  );
  return renderNotice({
    locale,
    subject: t.subject(
      facts.businessName,
      monthLabel,
      company.brand,
      formatKesCents(statement.closing),
    ),
    name: facts.name,
    lead: quiet
      ? t.leadQuiet(facts.businessName, monthLabel)
      : t.leadBusy(facts.businessName, monthLabel),
    facts: [
      [t.period, periodText(statement.range, locale)],
      [t.opening, formatKesCents(statement.opening)],
      ...(quiet ? [[t.activity, t.noActivity] as const] : typeFacts),
      [t.closing, formatKesCents(statement.closing)],
    ],
    notYou: m.figuresWrong(supportLineIn(locale)),
    links: [
      [t.seeStatement, statementPath(paths.merchantStatements, statement.range)],
      [t.downloadCsv, statementPath(paths.merchantStatementsCsv, statement.range)],
      [t.printable, statementPath(paths.merchantStatementsPrint, statement.range)],
      [m.notificationChoices, paths.merchantSecurity],
    ],
    footer: m.optionalFooter(m.choices.monthlyStatement),
  });
}

// ---------------------------------------------------------------------------------------------
// The notices that go inside other modules' transactions are written as steps: a generator that
// yields each query (a Drizzle builder on the caller's handle) and gets its rows back; `onHandle`
// awaits each step on the caller's handle.

/** The rows a query returns (every step's statement returns rows: writes use `returning`). */
type Query = PromiseLike<unknown[]>;
type Steps<T> = Generator<Query, T, unknown[]>;

/** Run `query` as a step and get its rows. */
function* rows<T>(query: PromiseLike<T[]>): Generator<Query, T[], unknown[]> {
  return (yield query) as T[];
}

/** The first row of `query` (add `.limit(1)` to it), or undefined. */
function* firstRow<T>(query: PromiseLike<T[]>): Generator<Query, T | undefined, unknown[]> {
  return (yield* rows(query))[0];
}

/** Run `steps` on a store handle, each query awaited. */
async function onHandle<T>(steps: Steps<T>): Promise<T> {
  let step = steps.next();
  while (!step.done) step = steps.next(await step.value);
  return step.value;
}

// ---------------------------------------------------------------------------------------------
// Security events -> notices (called by recordSecurityEvent, before the event row is written)

interface Account {
  kind: AccountSubject["type"];
  email: string | null;
  name: string;
  merchantId: string | null;
  businessName: string | null;
  /** The language of their e-mails (issue 33): the member's choice, else English. */
  locale: Locale;
}

function* accountOf(q: Handle, subject: AccountSubject): Steps<Account | undefined> {
  if (subject.type === "operator") {
    const row = yield* firstRow(
      q
        .select({ email: operators.email, name: operators.name })
        .from(operators)
        .where(eq(operators.id, subject.id))
        .limit(1),
    );
    // Operators read English (their pages and e-mails are not translated).
    return row && { kind: "operator", ...row, merchantId: null, businessName: null, locale: "en" };
  }
  const row = yield* firstRow(
    q
      .select({
        email: merchantUsers.email,
        username: merchantUsers.username,
        role: merchantUsers.role,
        contactEmail: merchants.contactEmail,
        merchantId: merchants.id,
        businessName: merchants.businessName,
        locale: merchantUsers.locale,
      })
      .from(merchantUsers)
      .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
      .where(eq(merchantUsers.id, subject.id))
      .limit(1),
  );
  if (!row) return undefined;
  return {
    kind: "merchant_user",
    // An owner without an e-mail of their own is reached at the business's contact address.
    email: row.email ?? (row.role === "owner" ? row.contactEmail : null),
    name: row.username,
    merchantId: row.merchantId,
    businessName: row.businessName,
    locale: row.locale ?? DEFAULT_LOCALE,
  };
}

interface Owner {
  email: string;
  name: string;
  locale: Locale;
}

/** The active owners of a merchant who can be e-mailed, each with their language. */
function* ownersOf(q: Handle, merchantId: string): Steps<Owner[]> {
  const owners = yield* rows(
    q
      .select({
        email: merchantUsers.email,
        username: merchantUsers.username,
        locale: merchantUsers.locale,
      })
      .from(merchantUsers)
      .where(
        and(
          eq(merchantUsers.merchantId, merchantId),
          eq(merchantUsers.role, "owner"),
          eq(merchantUsers.status, "active"),
        ),
      ),
  );
  const contact = (yield* firstRow(
    q
      .select({ contactEmail: merchants.contactEmail })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .limit(1),
  ))?.contactEmail;
  const seen = new Set<string>();
  const reachable: Owner[] = [];
  for (const row of owners) {
    const email = row.email ?? contact;
    if (!email || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    reachable.push({ email, name: row.username, locale: row.locale ?? DEFAULT_LOCALE });
  }
  return reachable;
}

function* newDevice(
  q: Handle,
  subject: AccountSubject,
  userAgent: string | null | undefined,
  now: number,
): Steps<boolean> {
  const mine = and(
    eq(securityEvents.subjectType, subject.type),
    eq(securityEvents.subjectId, subject.id),
    eq(securityEvents.type, "sign_in"),
  );
  const before = yield* firstRow(
    q.select({ n: count() }).from(securityEvents).where(mine).limit(1),
  );
  if (!before || before.n === 0) return false;
  const key = deviceKey(userAgent);
  const recent = yield* rows(
    q
      .select({ userAgent: securityEvents.userAgent })
      .from(securityEvents)
      .where(and(mine, gte(securityEvents.createdAt, now - NEW_DEVICE_WINDOW_MS))),
  );
  return !recent.some((row) => deviceKey(row.userAgent) === key);
}

/**
 * Whether a sign-in with this User-Agent is from a new device: the account has signed in before
 * (the first sign-in ever is not "new"), and none of its sign-ins of the last 90 days was from the
 * same browser family and system. Call it before the new sign-in is recorded.
 */
export function isNewDevice(
  q: Handle,
  subject: AccountSubject,
  userAgent: string | null | undefined,
  now: number,
): Promise<boolean> {
  return onHandle(newDevice(q, subject, userAgent, now));
}

const detailString = (details: Record<string, unknown> | undefined, key: string) => {
  const value = details?.[key];
  return typeof value === "string" && value !== "" ? value : null;
};

/** Queue one e-mail (core/email.server.ts's statement) as a step; its id. */
function* emailQueued(q: Handle, message: EmailMessage, now: number): Steps<number> {
  const row = yield* firstRow(outboundEmailInsert(q, message, now));
  if (!row) throw new Error("the e-mail was not queued");
  return row.id;
}

function* securityNotices(q: Handle, event: SecurityEvent, now: number): Steps<void> {
  const notifiedTypes = [
    "sign_in",
    "password_changed",
    "two_factor_enabled",
    "two_factor_disabled",
    "payout_destination_changed",
    "member_invited",
    "member_removed",
  ];
  if (!notifiedTypes.includes(event.type)) return;
  if (
    event.type === "sign_in" &&
    !(yield* newDevice(q, event.subject, event.origin?.userAgent, now))
  )
    return;
  const account = yield* accountOf(q, event.subject);
  if (!account) return;
  const context = (name: string, locale: Locale = account.locale): NoticeContext => ({
    kind: account.kind,
    name,
    locale,
    at: now,
    userAgent: event.origin?.userAgent,
    ipAddress: event.origin?.ipAddress,
  });
  function* toAccount(notice: RenderedNotice): Steps<void> {
    if (account?.email) yield* emailQueued(q, { to: account.email, ...notice }, now);
  }
  switch (event.type) {
    case "sign_in":
      return yield* toAccount(newDeviceSignInNotice(context(account.name)));
    case "password_changed":
      return yield* toAccount(passwordChangedNotice(context(account.name)));
    case "two_factor_enabled":
      return yield* toAccount(twoFactorNotice(context(account.name), true));
    case "two_factor_disabled":
      yield* toAccount(twoFactorNotice(context(account.name), false));
      // A member's account is the business's too: its owners hear of it (not twice to one).
      if (!account.merchantId || !account.businessName) return;
      for (const owner of yield* ownersOf(q, account.merchantId)) {
        if (owner.email.toLowerCase() === account.email?.toLowerCase()) continue;
        yield* emailQueued(
          q,
          {
            to: owner.email,
            ...memberTwoFactorOffNotice(context(owner.name, owner.locale), {
              businessName: account.businessName,
              member: account.name,
            }),
          },
          now,
        );
      }
      return;
    default:
      break;
  }
  // Team and payout changes: to the merchant's owners.
  if (!account.merchantId || !account.businessName) return;
  const businessName = account.businessName;
  for (const owner of yield* ownersOf(q, account.merchantId)) {
    // The payout change's own e-mail already went to the business contact (with the hold time).
    if (
      event.type === "payout_destination_changed" &&
      owner.email === detailString(event.details, "contactNotified")
    )
      continue;
    const ownContext = context(owner.name, owner.locale);
    const notice =
      event.type === "payout_destination_changed"
        ? payoutDestinationNotice(ownContext, {
            businessName,
            by: account.name,
            destination: detailString(event.details, "to") ?? detailString(event.details, "phone"),
          })
        : teamChangeNotice(ownContext, {
            businessName,
            by: account.name,
            change: event.type === "member_invited" ? "invited" : "removed",
            member: detailString(event.details, "email") ?? detailString(event.details, "username"),
            role: (detailString(event.details, "role") as TeamRole | null) ?? null,
          });
    yield* emailQueued(q, { to: owner.email, ...notice }, now);
  }
}

/**
 * Queue the e-mail notices that go with a security event. Called by `recordSecurityEvent` inside
 * the caller's transaction, before the event itself is written.
 */
export function queueSecurityNotices(q: Handle, event: SecurityEvent, now: number): Promise<void> {
  return onHandle(securityNotices(q, event, now));
}

// ---------------------------------------------------------------------------------------------
// Once-only notices: the key is claimed in the transaction that queues the e-mail.

function* claimReceipt(q: Handle, key: string, now: number): Steps<boolean> {
  const claimed = yield* rows(
    q
      .insert(notificationReceipts)
      .values({ key, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: notificationReceipts.key }),
  );
  return claimed.length === 1;
}

function* linkReceipt(q: Handle, key: string, emailId: number): Steps<void> {
  yield* rows(
    q
      .update(notificationReceipts)
      .set({ emailId })
      .where(eq(notificationReceipts.key, key))
      .returning({ key: notificationReceipts.key }),
  );
}

/** Claim `key` and queue `message` with it: false (nothing queued) when it was already claimed. */
function* queueOnce(q: Handle, key: string, message: EmailMessage, now: number): Steps<boolean> {
  if (!(yield* claimReceipt(q, key, now))) return false;
  yield* linkReceipt(q, key, yield* emailQueued(q, message, now));
  return true;
}

/** Members of a merchant who chose an optional e-mail and can be reached. */
function* optedIn(
  q: Handle,
  merchantId: string | null,
  choice: "notifyPaymentSettled" | "notifyDailySummary" | "notifyMonthlyStatement",
) {
  const members = yield* rows(
    q
      .select({
        id: merchantUsers.id,
        merchantId: merchantUsers.merchantId,
        username: merchantUsers.username,
        email: merchantUsers.email,
        role: merchantUsers.role,
        contactEmail: merchants.contactEmail,
        businessName: merchants.businessName,
        locale: merchantUsers.locale,
      })
      .from(merchantUsers)
      .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
      .where(
        and(
          merchantId ? eq(merchantUsers.merchantId, merchantId) : undefined,
          eq(merchantUsers[choice], true),
          eq(merchantUsers.status, "active"),
          eq(merchants.status, "active"),
        ),
      ),
  );
  return members.flatMap((row) => {
    const email = row.email ?? (row.role === "owner" ? row.contactEmail : null);
    return email ? [{ ...row, email, locale: row.locale ?? DEFAULT_LOCALE }] : [];
  });
}

function* paymentSettledNotices(q: Handle, paymentId: string, now: number): Steps<number> {
  const payment = yield* firstRow(
    q
      .select({
        id: payments.id,
        merchantId: payments.merchantId,
        reference: payments.reference,
        amountKesCents: payments.amountKesCents,
        feeKesCents: payments.feeKesCents,
        exciseKesCents: payments.exciseKesCents,
      })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .limit(1),
  );
  if (!payment) return 0;
  let queued = 0;
  for (const member of yield* optedIn(q, payment.merchantId, "notifyPaymentSettled")) {
    const notice = paymentSettledNotice({
      name: member.username,
      businessName: member.businessName,
      paymentId: payment.id,
      reference: payment.reference,
      amountKesCents: payment.amountKesCents,
      feeKesCents: payment.feeKesCents,
      exciseKesCents: payment.exciseKesCents,
      at: now,
      locale: member.locale,
    });
    const key = `payment_settled:${member.id}:${payment.id}`;
    if (yield* queueOnce(q, key, { to: member.email, ...notice }, now)) queued++;
  }
  return queued;
}

/**
 * A payment became settled: e-mail the members of its merchant who chose "E-mail me when a payment
 * settles". Call it inside the transaction that settles the payment; at most once per payment and
 * member.
 */
export function queuePaymentSettledNotices(
  q: Handle,
  paymentId: string,
  now: number,
): Promise<number> {
  return onHandle(paymentSettledNotices(q, paymentId, now));
}

const DAY_MS = 24 * 3_600_000;

/** The Nairobi day before `now` ("2026-11-23") and its bounds in epoch milliseconds. */
export function previousEatDay(now: number): { day: string; start: number; end: number } {
  const today = new Date(now + 3 * 3_600_000).toISOString().slice(0, 10);
  const end = Date.parse(`${today}T00:00:00+03:00`);
  const start = end - DAY_MS;
  return { day: new Date(start + 3 * 3_600_000).toISOString().slice(0, 10), start, end };
}

export async function dailyFigures(
  q: Handle,
  merchantId: string,
  window: { day: string; start: number; end: number },
): Promise<DailyFigures> {
  const inDay = and(
    // Live money only: test payments (a test API key) are not the merchant's day.
    paymentsInMode(merchantId, "live"),
    gte(payments.createdAt, window.start),
    lt(payments.createdAt, window.end),
  );
  const sumOf = (
    column:
      typeof payments.amountKesCents | typeof payments.feeKesCents | typeof payments.exciseKesCents,
  ) => sql<bigint>`coalesce(sum(${column}), 0)`.mapWith(BigInt);
  const created =
    (await first(q.select({ n: count() }).from(payments).where(inDay).limit(1)))?.n ?? 0;
  const received = await first(
    q
      .select({
        n: count(),
        amount: sumOf(payments.amountKesCents),
        fee: sumOf(payments.feeKesCents),
        excise: sumOf(payments.exciseKesCents),
      })
      .from(payments)
      .where(and(inDay, inArray(payments.status, [...paidStatuses])))
      .limit(1),
  );
  const settled = await first(
    q
      .select({
        amount: sql<bigint>`coalesce(sum(${settlementTransfers.amountKesCents}), 0)`.mapWith(
          BigInt,
        ),
      })
      .from(settlementTransfers)
      .where(
        and(
          eq(settlementTransfers.merchantId, merchantId),
          eq(settlementTransfers.status, "succeeded"),
          isNotNull(settlementTransfers.completedAt),
          gte(settlementTransfers.completedAt, window.start),
          lt(settlementTransfers.completedAt, window.end),
        ),
      )
      .limit(1),
  );
  return {
    day: window.day,
    created,
    received: received?.n ?? 0,
    receivedKesCents: received?.amount ?? 0n,
    feeKesCents: received?.fee ?? 0n,
    exciseKesCents: received?.excise ?? 0n,
    settledKesCents: settled?.amount ?? 0n,
  };
}

/**
 * The daily summary job: for each member who chose "Daily summary e-mail", yesterday's (Nairobi)
 * figures of their business. Each member gets one per day: a re-run sends nothing twice. The
 * members are one read; each member's e-mail is claimed and queued in a write of its own.
 */
export async function sendDailySummaries(
  store: Store,
  now = Date.now(),
): Promise<{ queued: number }> {
  const window = previousEatDay(now);
  let queued = 0;
  const figuresByMerchant = new Map<string, DailyFigures>();
  const members = await store.read((q) => onHandle(optedIn(q, null, "notifyDailySummary")));
  for (const member of members) {
    await store.write(async (q) => {
      const key = `daily_summary:${member.id}:${window.day}`;
      if (!(await onHandle(claimReceipt(q, key, now)))) return;
      let figures = figuresByMerchant.get(member.merchantId);
      if (!figures) {
        figures = await dailyFigures(q, member.merchantId, window);
        figuresByMerchant.set(member.merchantId, figures);
      }
      const notice = dailySummaryNotice({
        name: member.username,
        businessName: member.businessName,
        figures,
        locale: member.locale,
      });
      await onHandle(
        linkReceipt(q, key, await onHandle(emailQueued(q, { to: member.email, ...notice }, now))),
      );
      queued++;
    });
  }
  return { queued };
}

/** Whether a once-only notice was already claimed (a re-run skips the work before it). */
async function receiptClaimed(q: Handle, key: string): Promise<boolean> {
  const row = await first(
    q
      .select({ key: notificationReceipts.key })
      .from(notificationReceipts)
      .where(eq(notificationReceipts.key, key))
      .limit(1),
  );
  return row !== undefined;
}

/**
 * The month a run on `now` reports: the previous Nairobi calendar month ("2026-10", "October
 * 2026", 1 to 31 Oct 2026), and whether `now` is in the first week of its month in Nairobi.
 */
export function previousEatMonth(now: number): {
  month: string;
  label: string;
  range: StatementRange;
  /** In the month's first week: last month's statement may still go out (a missed 1st). */
  inFirstWeek: boolean;
} {
  const previous = monthShortcuts(now, 2)[1]!;
  return {
    month: previous.from.slice(0, 7),
    label: previous.label,
    range: { from: previous.from, to: previous.to },
    inFirstWeek: Number(eatToday(now).slice(8, 10)) <= 7,
  };
}

/**
 * The monthly statement job: on the 1st (Nairobi; a later morning of the first week if the 1st's
 * run was missed), for each active member who chose "Monthly statement e-mail" and whose role may
 * read statements, last month's statement of their business (live book) in figures, with links to
 * it on the site. Each member gets one per month: a re-run sends nothing twice. A merchant whose
 * statement does not reconcile gets no e-mail (an error is logged); the others still do. After
 * the first week it sends nothing.
 *
 * On the store (ADR 0041): the members are one read, each statement is the statement pages'
 * `readStatement` (a read of its own), and each member's e-mail is claimed and queued in a write of
 * its own.
 */
export async function sendMonthlyStatements(
  store: Store,
  now = Date.now(),
): Promise<{ queued: number; failedMerchants: string[] }> {
  const period = previousEatMonth(now);
  if (!period.inFirstWeek) return { queued: 0, failedMerchants: [] };
  let queued = 0;
  const statements = new Map<string, Statement | null>();
  const members = await store.read((q) => onHandle(optedIn(q, null, "notifyMonthlyStatement")));
  for (const member of members) {
    // The choice counts only while the member's role may read statements.
    if (!can(member.role, "statements:read")) continue;
    const key = `monthly_statement:${member.id}:${period.month}`;
    if (await store.read((q) => receiptClaimed(q, key))) continue;
    let statement = statements.get(member.merchantId);
    if (statement === undefined) {
      try {
        statement = await readStatement(store, member.merchantId, period.range);
      } catch (error) {
        if (!(error instanceof StatementMismatchError)) throw error;
        logger.error("monthly statement not sent: the statement does not reconcile", {
          merchantId: member.merchantId,
          month: period.month,
          error: error.message,
        });
        statement = null;
      }
      statements.set(member.merchantId, statement);
    }
    if (statement === null) continue;
    const notice = monthlyStatementNotice({
      name: member.username,
      businessName: member.businessName,
      monthLabel: period.label,
      statement,
      locale: member.locale,
    });
    await store.write(async (q) => {
      if (await onHandle(queueOnce(q, key, { to: member.email, ...notice }, now))) queued++;
    });
  }
  const failedMerchants = [...statements].flatMap(([id, statement]) =>
    statement === null ? [id] : [],
  );
  return { queued, failedMerchants };
}

// ---------------------------------------------------------------------------------------------
// A member's choices (the security page)

export interface NotificationChoices {
  paymentSettled: boolean;
  dailySummary: boolean;
  /** Only for roles that may read statements (others never see it; saving leaves it as it is). */
  monthlyStatement?: boolean;
}

export async function getNotificationChoices(
  store: Store,
  merchantUserId: string,
): Promise<NotificationChoices> {
  const row = await store.read((q) =>
    first(
      q
        .select({
          paymentSettled: merchantUsers.notifyPaymentSettled,
          dailySummary: merchantUsers.notifyDailySummary,
          monthlyStatement: merchantUsers.notifyMonthlyStatement,
          role: merchantUsers.role,
        })
        .from(merchantUsers)
        .where(eq(merchantUsers.id, merchantUserId))
        .limit(1),
    ),
  );
  if (!row) return { paymentSettled: false, dailySummary: false };
  const { role, monthlyStatement, ...choices } = row;
  return can(role, "statements:read") ? { ...choices, monthlyStatement } : choices;
}

export async function setNotificationChoices(
  store: Store,
  merchantUserId: string,
  choices: NotificationChoices,
): Promise<void> {
  await store.write(async (q) => {
    await q
      .update(merchantUsers)
      .set({
        notifyPaymentSettled: choices.paymentSettled,
        notifyDailySummary: choices.dailySummary,
        ...(choices.monthlyStatement === undefined
          ? {}
          : { notifyMonthlyStatement: choices.monthlyStatement }),
      })
      .where(eq(merchantUsers.id, merchantUserId));
  });
}
