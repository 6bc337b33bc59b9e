/**
 * "Forgot password?" for merchant users and operators: a one-time link, valid for one hour, sent to
 * the account's e-mail address. We store only the SHA-256 of the link's 256-bit token
 * (account_tokens, purpose password_reset), so a database leak cannot be turned into links.
 *
 * Asking for a link gives the same answer whether or not the account exists, and does the same work
 * as far as practical: the account is always looked up and a token is always made and hashed; only
 * a real, active account gets the rows written (the token, the e-mail, the security event). Asking
 * is throttled per client and per account name (what was typed, so an unknown account is throttled
 * exactly like a real one).
 *
 * Using the link sets the password, burns the link, ends every session of the account and records
 * `password_changed`, in one transaction; the link is burnt with a conditional update, so two
 * submissions racing with the same link cannot both succeed. Two-factor stays as it was.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { accountTokens, merchants, merchantUsers, operators } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { queueEmail } from "~/core/email.server";
import { newSecretToken } from "~/core/ids.server";
import { normalizeMerchantId, normalizeUsername } from "~/core/merchants/sign-in.server";
import { hashPassword } from "~/core/passwords.server";
import { reserveAttempt, type Limit } from "~/core/rate-limit.server";
import { first } from "~/db/sql";
import { memberEmailMessages } from "~/i18n/catalogs/member-emails";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import type { Handle, Store } from "~/db/store";
import { endSessionsOf } from "~/utils/session.server";
import { checkNewPassword } from "./password-policy.server";
import {
  recordSecurityEvent,
  type AccountSubject,
  type RequestOrigin,
} from "./security-events.server";

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;

export const PASSWORD_RESET_LIMITS = {
  /** Links asked for one account name (merchant ID + username, or e-mail), whoever asks. */
  account: { limit: 3, windowMs: 60 * 60_000 },
  /** Links asked from one client, whatever the account. */
  client: { limit: 10, windowMs: 60 * 60_000 },
} as const satisfies Record<string, Limit>;

export type ResetRequest =
  | { type: "merchant_user"; merchantId: string; username: string }
  | { type: "operator"; email: string };

export type ResetRequestResult = { ok: true } | { ok: false; retryAfterMs: number };

export const hashResetToken = (token: string) =>
  createHash("sha256").update(token).digest("base64url");

/** What a reset link may be used for: the account, and what its new password may not contain. */
export interface ResetTarget {
  subject: AccountSubject;
  /** Where the user signs in afterwards. */
  signIn: { type: "merchant_user"; merchantId: string } | { type: "operator" };
  /** Shown on the reset page ("for merchant ID ..., username ..." or the e-mail). */
  username: string;
  email: string | null;
  businessName: string | null;
  merchantId: string | null;
}

interface Account {
  subject: AccountSubject;
  email: string | null;
  active: boolean;
  /** The e-mail's language (issue 33): the member's choice, else English; operators English. */
  locale: Locale;
}

async function findMerchantUser(
  q: Handle,
  merchantId: string,
  username: string,
): Promise<Account | undefined> {
  const row = await first(
    q
      .select({
        id: merchantUsers.id,
        email: merchantUsers.email,
        role: merchantUsers.role,
        contactEmail: merchants.contactEmail,
        memberStatus: merchantUsers.status,
        locale: merchantUsers.locale,
        merchantStatus: merchants.status,
      })
      .from(merchantUsers)
      .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
      .where(and(eq(merchants.id, merchantId), eq(merchantUsers.username, username)))
      .limit(1),
  );
  if (!row) return undefined;
  return {
    subject: { type: "merchant_user", id: row.id },
    // An owner made before members had their own address uses the merchant's contact address.
    email: row.email ?? (row.role === "owner" ? row.contactEmail : null),
    active: row.memberStatus === "active" && row.merchantStatus === "active",
    locale: row.locale ?? DEFAULT_LOCALE,
  };
}

async function findOperator(q: Handle, email: string): Promise<Account | undefined> {
  const row = await first(
    q
      .select({ id: operators.id, email: operators.email, disabled: operators.disabled })
      .from(operators)
      .where(eq(operators.email, email))
      .limit(1),
  );
  if (!row) return undefined;
  return {
    subject: { type: "operator", id: row.id },
    email: row.email,
    active: !row.disabled,
    locale: DEFAULT_LOCALE,
  };
}

const accountKeyOf = (request: ResetRequest) =>
  request.type === "merchant_user"
    ? `reset:merchant:${normalizeMerchantId(request.merchantId)}:${normalizeUsername(request.username)}`
    : `reset:operator:${request.email.trim().toLowerCase()}`;

function resetEmail(request: ResetRequest, link: string, locale: Locale) {
  const m = inLocale(memberEmailMessages, locale);
  const who =
    request.type === "merchant_user"
      ? m.passwordReset.merchantAccount(
          normalizeMerchantId(request.merchantId),
          normalizeUsername(request.username),
        )
      : `the operator account ${request.email.trim().toLowerCase()}`;
  return {
    subject: m.passwordReset.subject,
    text: [
      m.hello,
      "",
      m.passwordReset.asked(who),
      "",
      m.passwordReset.link,
      link,
      "",
      m.passwordReset.signedOut,
      "",
      m.passwordReset.ignore,
      "",
      m.signature,
    ].join("\n"),
  };
}

/**
 * Ask for a reset link. The answer is `{ ok: true }` for a real account, an unknown one, a
 * suspended or removed member and a disabled operator alike; `{ ok: false }` only when this client
 * or this account name asked too often (counted the same way for known and unknown names).
 */
export async function requestPasswordReset(
  store: Store,
  request: ResetRequest,
  options: {
    clientKey: string;
    origin?: RequestOrigin;
    /** The absolute link for a token (the route knows the site's address). */
    resetUrl: (token: string) => string;
    now?: number;
  },
): Promise<ResetRequestResult> {
  const now = options.now ?? Date.now();
  const reservation = await store.write(async (q) =>
    reserveAttempt(
      q,
      store,
      [
        { key: accountKeyOf(request), rule: PASSWORD_RESET_LIMITS.account },
        { key: `reset:client:${options.clientKey}`, rule: PASSWORD_RESET_LIMITS.client },
      ],
      now,
    ),
  );
  if (!reservation.allowed) return { ok: false, retryAfterMs: reservation.retryAfterMs };

  const account = await store.read((q) =>
    request.type === "merchant_user"
      ? findMerchantUser(
          q,
          normalizeMerchantId(request.merchantId),
          normalizeUsername(request.username),
        )
      : findOperator(q, request.email.trim().toLowerCase()),
  );
  // Made and hashed for every request, so an unknown account costs the same up to the writes.
  const token = newSecretToken();
  const tokenHash = hashResetToken(token);
  if (!account?.active || !account.email) return { ok: true };
  const to = account.email;

  await store.write(async (q) => {
    // A new link replaces any earlier unused one.
    await q
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.purpose, "password_reset"),
          eq(accountTokens.subjectType, account.subject.type),
          eq(accountTokens.subjectId, account.subject.id),
          isNull(accountTokens.usedAt),
        ),
      );
    await q.insert(accountTokens).values({
      tokenHash,
      purpose: "password_reset",
      subjectType: account.subject.type,
      subjectId: account.subject.id,
      createdAt: now,
      expiresAt: now + PASSWORD_RESET_TTL_MS,
    });
    await queueEmail(
      q,
      { to, ...resetEmail(request, options.resetUrl(token), account.locale) },
      now,
    );
    await recordSecurityEvent(
      q,
      { subject: account.subject, type: "password_reset_requested", origin: options.origin },
      now,
    );
  });
  return { ok: true };
}

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** Who a valid (unused, unexpired, account still active) link is for; undefined otherwise. */
export function findPasswordResetTarget(
  store: Store,
  token: string,
  now = Date.now(),
): Promise<ResetTarget | undefined> {
  if (!TOKEN_FORMAT.test(token)) return Promise.resolve(undefined);
  return store.read((q) => resetTargetIn(q, token, now));
}

/** `findPasswordResetTarget` in the caller's transaction. */
async function resetTargetIn(
  q: Handle,
  token: string,
  now: number,
): Promise<ResetTarget | undefined> {
  if (!TOKEN_FORMAT.test(token)) return undefined;
  const row = await first(
    q
      .select()
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.tokenHash, hashResetToken(token)),
          eq(accountTokens.purpose, "password_reset"),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .limit(1),
  );
  if (!row) return undefined;
  if (row.subjectType === "operator") {
    const operator = await first(
      q.select().from(operators).where(eq(operators.id, row.subjectId)).limit(1),
    );
    if (!operator || operator.disabled) return undefined;
    return {
      subject: { type: "operator", id: operator.id },
      signIn: { type: "operator" },
      username: operator.email,
      email: operator.email,
      businessName: null,
      merchantId: null,
    };
  }
  const user = await first(
    q
      .select({
        id: merchantUsers.id,
        username: merchantUsers.username,
        email: merchantUsers.email,
        memberStatus: merchantUsers.status,
        merchantId: merchants.id,
        merchantStatus: merchants.status,
        businessName: merchants.businessName,
      })
      .from(merchantUsers)
      .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
      .where(eq(merchantUsers.id, row.subjectId))
      .limit(1),
  );
  if (!user || user.memberStatus !== "active" || user.merchantStatus !== "active") return undefined;
  return {
    subject: { type: "merchant_user", id: user.id },
    signIn: { type: "merchant_user", merchantId: user.merchantId },
    username: user.username,
    email: user.email,
    businessName: user.businessName,
    merchantId: user.merchantId,
  };
}

export type ResetResult =
  | { ok: true; target: ResetTarget; sessionsEnded: number }
  | { ok: false; reason: "invalid_link" }
  | { ok: false; reason: "policy"; message: string };

/**
 * Set a new password with a reset link. The password is checked against the policy first; then,
 * in one transaction, the link is burnt (only if still unused and unexpired: a racing second use
 * finds it used), the password set and every session of the account ended.
 */
export async function resetPasswordWithToken(
  store: Store,
  input: { token: string; password: string; origin?: RequestOrigin },
  now = Date.now(),
): Promise<ResetResult> {
  const before = await findPasswordResetTarget(store, input.token, now);
  if (!before) return { ok: false, reason: "invalid_link" };
  const policy = checkNewPassword(input.password, {
    username: before.username,
    email: before.email,
    businessName: before.businessName,
  });
  if (!policy.ok) return { ok: false, reason: "policy", message: policy.message };
  const passwordHash = await hashPassword(input.password);
  const tokenHash = hashResetToken(input.token);
  return store.write(async (q): Promise<ResetResult> => {
    const target = await resetTargetIn(q, input.token, now);
    if (!target) return { ok: false, reason: "invalid_link" };
    const burnt = await q
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.tokenHash, tokenHash), isNull(accountTokens.usedAt)))
      .returning({ tokenHash: accountTokens.tokenHash });
    if (burnt.length !== 1) return { ok: false, reason: "invalid_link" };
    const { subject } = target;
    if (subject.type === "merchant_user") {
      await q
        .update(merchantUsers)
        .set({ passwordHash, passwordSetAt: now })
        .where(eq(merchantUsers.id, subject.id));
    } else {
      await q.update(operators).set({ passwordHash }).where(eq(operators.id, subject.id));
    }
    // Any other reset link of this account is burnt too.
    await q
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.subjectType, subject.type),
          eq(accountTokens.subjectId, subject.id),
          isNull(accountTokens.usedAt),
        ),
      );
    const sessionsEnded = await endSessionsOf(
      q,
      subject.type === "merchant_user"
        ? { merchantUserId: subject.id }
        : { operatorId: subject.id },
    );
    await recordSecurityEvent(
      q,
      {
        subject,
        type: "password_changed",
        origin: input.origin,
        details: { via: "reset_link", sessionsEnded },
      },
      now,
    );
    await recordAudit(
      q,
      {
        actorType: subject.type,
        actorId: subject.id,
        action: "password.reset",
        targetType: subject.type,
        targetId: subject.id,
      },
      now,
    );
    return { ok: true, target, sessionsEnded };
  });
}
