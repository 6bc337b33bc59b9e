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
import type { Db, DbOrTx } from "~/utils/db.server";
import { endSessionsOf } from "~/utils/session.server";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export function issueSetPasswordToken(
  db: DbOrTx,
  merchantUserId: string,
  ttlMs: number,
  now = Date.now(),
) {
  // A new link replaces any earlier unused one.
  db.update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.merchantUserId, merchantUserId), isNull(passwordTokens.usedAt)))
    .run();
  const token = newSecretToken();
  const expiresAt = now + ttlMs;
  db.insert(passwordTokens)
    .values({ tokenHash: hashToken(token), merchantUserId, createdAt: now, expiresAt })
    .run();
  return { token, expiresAt };
}

/** Who a valid (unused, unexpired) link is for, to show on the set-password page. */
export function lookupSetPasswordToken(db: Db, token: string, now = Date.now()) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  return db
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
    .get();
}

/**
 * Set the password, burn the link and end any session of the user, in one transaction. Null when
 * the link is invalid or used. The caller checks the password against the policy first
 * (checkNewPassword, with the username and business name from `lookupSetPasswordToken`).
 */
export async function setPasswordWithToken(
  db: Db,
  token: string,
  password: string,
  now = Date.now(),
) {
  const passwordHash = await hashPassword(password);
  return db.transaction((tx) => {
    const target = tx
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
      .get();
    if (!target) return null;
    // Conditional, so two submissions racing with one link cannot both set a password.
    const burnt = tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.tokenHash, hashToken(token)), isNull(passwordTokens.usedAt)))
      .run();
    if (burnt.changes !== 1) return null;
    tx.update(merchantUsers)
      .set({ passwordHash, passwordSetAt: now })
      .where(eq(merchantUsers.id, target.userId))
      .run();
    endSessionsOf(tx, { merchantUserId: target.userId });
    recordAudit(
      tx,
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
