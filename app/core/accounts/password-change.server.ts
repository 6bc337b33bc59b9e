/**
 * Change password from inside the app (merchant users and operators): the current password is
 * required and checked like a sign-in (counted per account and per client before hashing, so
 * guessing it is throttled the same way: core/sign-in-guard), the new one against the policy. On
 * success, in one transaction: the new hash, every OTHER session of the account ended (this one
 * stays signed in), `password_changed` recorded.
 */
import { eq } from "drizzle-orm";
import { merchants, merchantUsers, operators } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { SIGN_IN_LIMITS } from "~/core/merchants/sign-in.server";
import { OPERATOR_SIGN_IN_LIMIT } from "~/core/operators.server";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "~/core/passwords.server";
import { guardedPasswordCheck } from "~/core/sign-in-guard.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { endSessionsOf } from "~/utils/session.server";
import { checkNewPassword } from "./password-policy.server";
import {
  recordSecurityEvent,
  type AccountSubject,
  type RequestOrigin,
} from "./security-events.server";

export type PasswordChangeResult =
  | { ok: true; sessionsEnded: number }
  /** The new password breaks the policy (nothing was hashed or counted). */
  | { ok: false; reason: "policy"; message: string }
  | { ok: false; reason: "wrong_password" }
  | { ok: false; reason: "throttled" | "busy"; retryAfterMs: number };

async function accountOf(q: Handle, subject: AccountSubject) {
  if (subject.type === "operator") {
    const row = await first(
      q.select().from(operators).where(eq(operators.id, subject.id)).limit(1),
    );
    return row && { passwordHash: row.passwordHash, username: row.email, email: row.email };
  }
  return first(
    q
      .select({
        passwordHash: merchantUsers.passwordHash,
        username: merchantUsers.username,
        email: merchantUsers.email,
        businessName: merchants.businessName,
      })
      .from(merchantUsers)
      .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
      .where(eq(merchantUsers.id, subject.id))
      .limit(1),
  );
}

export async function changePassword(
  store: Store,
  input: {
    subject: AccountSubject;
    currentPassword: string;
    newPassword: string;
    clientKey: string;
    /** This browser's session (kept signed in); every other one ends. */
    keepSessionIdHash: string | null;
    origin?: RequestOrigin;
  },
  now = Date.now(),
): Promise<PasswordChangeResult> {
  const { subject } = input;
  const account = await store.read((q) => accountOf(q, subject));
  const policy = checkNewPassword(input.newPassword, account ?? {});
  if (!policy.ok) return { ok: false, reason: "policy", message: policy.message };

  const limits =
    subject.type === "operator"
      ? {
          account: { key: `password-change:operator:${subject.id}`, rule: OPERATOR_SIGN_IN_LIMIT },
          client: {
            key: `signin:operator-client:${input.clientKey}`,
            rule: OPERATOR_SIGN_IN_LIMIT,
          },
        }
      : {
          account: {
            key: `password-change:merchant_user:${subject.id}`,
            rule: SIGN_IN_LIMITS.account,
          },
          client: { key: `signin:client:${input.clientKey}`, rule: SIGN_IN_LIMITS.client },
        };
  const stored = account?.passwordHash;
  const checked = await guardedPasswordCheck(
    store,
    limits,
    (options) =>
      stored
        ? verifyPassword(input.currentPassword, stored, options)
        : verifyAgainstDummy(input.currentPassword, options),
    now,
  );
  if (checked.outcome === "throttled" || checked.outcome === "busy")
    return { ok: false, reason: checked.outcome, retryAfterMs: checked.retryAfterMs };
  if (checked.outcome === "invalid" || !stored) return { ok: false, reason: "wrong_password" };

  const passwordHash = await hashPassword(input.newPassword);
  const sessionsEnded = await store.write(async (q) => {
    if (subject.type === "merchant_user") {
      await q
        .update(merchantUsers)
        .set({ passwordHash, passwordSetAt: now })
        .where(eq(merchantUsers.id, subject.id));
    } else {
      await q.update(operators).set({ passwordHash }).where(eq(operators.id, subject.id));
    }
    const ended = await endSessionsOf(
      q,
      subject.type === "merchant_user"
        ? { merchantUserId: subject.id }
        : { operatorId: subject.id },
      input.keepSessionIdHash,
    );
    await recordSecurityEvent(
      q,
      {
        subject,
        type: "password_changed",
        origin: input.origin,
        details: { via: "settings", sessionsEnded: ended },
      },
      now,
    );
    await recordAudit(
      q,
      {
        actorType: subject.type,
        actorId: subject.id,
        action: "password.changed",
        targetType: subject.type,
        targetId: subject.id,
      },
      now,
    );
    return ended;
  });
  return { ok: true, sessionsEnded };
}
