/**
 * Merchant credential check with throttling. Unknown merchant, unknown user and wrong password do the
 * same work (a dummy scrypt for the unknown ones) and give the same answer. Failures are counted per
 * account and per client; over the limit, sign-in is refused until the window ends, even with the
 * right password.
 */
import { and, eq } from "drizzle-orm";
import { merchants, merchantUsers } from "../../../drizzle/schema";
import { verifyAgainstDummy, verifyPassword } from "~/core/passwords.server";
import { checkLimit, hitLimit, resetLimit, type Limit } from "~/core/rate-limit.server";
import type { Db } from "~/utils/db.server";

export const SIGN_IN_LIMITS = {
  /** Wrong passwords for one merchant ID + username. */
  account: { limit: 5, windowMs: 15 * 60_000 },
  /** Failed sign-ins from one client, whatever the account. */
  client: { limit: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit>;

export interface MerchantPrincipal {
  userId: string;
  merchantId: string;
  username: string;
  businessName: string;
}

export type SignInResult =
  | { ok: true; principal: MerchantPrincipal }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterMs: number };

export const normalizeMerchantId = (value: string) => value.trim().toUpperCase();
export const normalizeUsername = (value: string) => value.trim().toLowerCase();

export async function signInMerchant(
  db: Db,
  input: { merchantId: string; username: string; password: string; clientKey: string },
  now = Date.now(),
): Promise<SignInResult> {
  const merchantId = normalizeMerchantId(input.merchantId);
  const username = normalizeUsername(input.username);
  const accountKey = `signin:merchant:${merchantId}:${username}`;
  const clientKeyName = `signin:client:${input.clientKey}`;

  for (const [key, rule] of [
    [accountKey, SIGN_IN_LIMITS.account],
    [clientKeyName, SIGN_IN_LIMITS.client],
  ] as const) {
    const state = checkLimit(db, key, rule, now);
    if (!state.allowed) return { ok: false, reason: "throttled", retryAfterMs: state.retryAfterMs };
  }

  const row = db
    .select({
      userId: merchantUsers.id,
      merchantId: merchants.id,
      username: merchantUsers.username,
      businessName: merchants.businessName,
      passwordHash: merchantUsers.passwordHash,
    })
    .from(merchantUsers)
    .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
    .where(and(eq(merchants.id, merchantId), eq(merchantUsers.username, username), eq(merchants.status, "active")))
    .get();

  const valid = row?.passwordHash ? await verifyPassword(input.password, row.passwordHash) : await verifyAgainstDummy(input.password);
  if (!valid || !row) {
    hitLimit(db, accountKey, SIGN_IN_LIMITS.account, now);
    hitLimit(db, clientKeyName, SIGN_IN_LIMITS.client, now);
    return { ok: false, reason: "invalid" };
  }
  resetLimit(db, accountKey);
  return {
    ok: true,
    principal: { userId: row.userId, merchantId: row.merchantId, username: row.username, businessName: row.businessName },
  };
}

/** What the dashboard shows about the signed-in user (always scoped by the session's user id). */
export function getMerchantAccount(db: Db, userId: string) {
  return db
    .select({
      userId: merchantUsers.id,
      merchantId: merchants.id,
      username: merchantUsers.username,
      businessName: merchants.businessName,
      contactEmail: merchants.contactEmail,
      status: merchants.status,
    })
    .from(merchantUsers)
    .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
    .where(eq(merchantUsers.id, userId))
    .get();
}
