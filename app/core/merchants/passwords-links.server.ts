/**
 * One-time set-password links for merchant users. The link carries a 256-bit token; we store only
 * its SHA-256, so a database leak cannot be turned into links. A link works once and expires.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { merchants, merchantUsers, passwordTokens } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { newSecretToken } from "~/core/ids.server";
import { hashPassword } from "~/core/passwords.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { endSessionsOf } from "~/utils/session.server";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A new set-password link for the member, in the caller's write; an earlier unused one ends. */
export async function issueSetPasswordToken(
  q: Handle,
  merchantUserId: string,
  ttlMs: number,
  now = Date.now(),
) {
  await q
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.merchantUserId, merchantUserId), isNull(passwordTokens.usedAt)));
  const token = newSecretToken();
  const expiresAt = now + ttlMs;
  await q
    .insert(passwordTokens)
    .values({ tokenHash: hashToken(token), merchantUserId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** Who a valid (unused, unexpired) link is for, to show on the set-password page. */
export async function lookupSetPasswordToken(store: Store, token: string, now = Date.now()) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  return store.read((q) =>
    first(
      q
        .select({
          merchantId: merchants.id,
          businessName: merchants.businessName,
          username: merchantUsers.username,
          userId: merchantUsers.id,
        })
        .from(passwordTokens)
        .innerJoin(merchantUsers, eq(merchantUsers.id, passwordTokens.merchantUserId))
        .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
        .where(
          and(
            eq(passwordTokens.tokenHash, hashToken(token)),
            isNull(passwordTokens.usedAt),
            gt(passwordTokens.expiresAt, now),
          ),
        )
        .limit(1),
    ),
  );
}

/**
 * Set the password, burn the link and end any session of the user, in one transaction. Null when
 * the link is invalid or used. The caller checks the password against the policy first
 * (checkNewPassword, with the username and business name from `lookupSetPasswordToken`).
 */
export async function setPasswordWithToken(
  store: Store,
  token: string,
  password: string,
  now = Date.now(),
) {
  const passwordHash = await hashPassword(password);
  return store.write(async (q) => {
    const target = await first(
      q
        .select({
          userId: passwordTokens.merchantUserId,
          merchantId: merchantUsers.merchantId,
          username: merchantUsers.username,
        })
        .from(passwordTokens)
        .innerJoin(merchantUsers, eq(merchantUsers.id, passwordTokens.merchantUserId))
        .where(
          and(
            eq(passwordTokens.tokenHash, hashToken(token)),
            isNull(passwordTokens.usedAt),
            gt(passwordTokens.expiresAt, now),
          ),
        )
        .limit(1),
    );
    if (!target) return null;
    // Conditional, so two submissions racing with one link cannot both set a password.
    const burnt = await q
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.tokenHash, hashToken(token)), isNull(passwordTokens.usedAt)))
      .returning({ tokenHash: passwordTokens.tokenHash });
    if (burnt.length !== 1) return null;
    await q
      .update(merchantUsers)
      .set({ passwordHash, passwordSetAt: now })
      .where(eq(merchantUsers.id, target.userId));
    await endSessionsOf(q, { merchantUserId: target.userId });
    await recordAudit(
      q,
      {
        actorType: "merchant_user",
        actorId: target.userId,
        action: "password.set",
        targetType: "merchant_user",
        targetId: target.userId,
      },
      now,
    );
    return { merchantId: target.merchantId, username: target.username };
  });
}
