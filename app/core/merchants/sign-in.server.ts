/**
 * Merchant credential check with throttling. Unknown merchant, unknown user and wrong password do
 * the same work (a dummy scrypt for the unknown ones) and give the same answer. Attempts are
 * counted per (account, client address) and per client before hashing (core/sign-in-guard); over
 * the limit, sign-in is refused from that address until the window ends, even with the right
 * password, and without costing a hash. Failures from other addresses never refuse it (issue 27,
 * item 5: nobody can lock a member out). When the hashing queue is full, or this address already
 * has a check in it, the attempt is refused at once as "busy".
 */
import { and, eq } from "drizzle-orm";
import { merchants, merchantUsers } from "../../../drizzle/schema";
import { recordSecurityEvent, type RequestOrigin } from "~/core/accounts/security-events.server";
import { verifyAgainstDummy, verifyPassword } from "~/core/passwords.server";
import type { Limit } from "~/core/rate-limit.server";
import { guardedPasswordCheck } from "~/core/sign-in-guard.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";

export const SIGN_IN_LIMITS = {
  /** Wrong passwords for one merchant ID + username from one client address. */
  account: { limit: 5, windowMs: 15 * 60_000 },
  /** Failed sign-ins from one client, whatever the account. */
  client: { limit: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit>;

export interface MerchantPrincipal {
  userId: string;
  merchantId: string;
  username: string;
  businessName: string;
  /** Two-factor sign-in is on: the password opens only the second step. */
  twoFactor: boolean;
}

export type SignInResult =
  | { ok: true; principal: MerchantPrincipal }
  | { ok: false; reason: "invalid" }
  /**
   * Too many failures for the account from this client, or from this client for any accounts
   * (counted before any hashing).
   */
  | { ok: false; reason: "throttled"; retryAfterMs: number; holdMs: number }
  /**
   * The password-hashing queue is full: refused at once, try again in a moment (nothing counted).
   */
  | { ok: false; reason: "busy"; retryAfterMs: number; holdMs: number };

export const normalizeMerchantId = (value: string) => value.trim().toUpperCase();
export const normalizeUsername = (value: string) => value.trim().toLowerCase();

export async function signInMerchant(
  store: Store,
  input: {
    merchantId: string;
    username: string;
    password: string;
    clientKey: string;
    origin?: RequestOrigin;
  },
  now = Date.now(),
): Promise<SignInResult> {
  const merchantId = normalizeMerchantId(input.merchantId);
  const username = normalizeUsername(input.username);
  // Per account AND address: other addresses' failures never refuse this one.
  const accountKey = `signin:merchant:${merchantId}:${username}:from:${input.clientKey}`;
  const clientKeyName = `signin:client:${input.clientKey}`;

  const row = await store.read((q) =>
    first(
      q
        .select({
          userId: merchantUsers.id,
          merchantId: merchants.id,
          username: merchantUsers.username,
          businessName: merchants.businessName,
          passwordHash: merchantUsers.passwordHash,
          totpEnabledAt: merchantUsers.totpEnabledAt,
        })
        .from(merchantUsers)
        .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
        .where(
          and(
            eq(merchants.id, merchantId),
            eq(merchantUsers.username, username),
            eq(merchants.status, "active"),
            // A suspended or removed member gets the same answer as a wrong password.
            eq(merchantUsers.status, "active"),
          ),
        )
        .limit(1),
    ),
  );

  const checked = await guardedPasswordCheck(
    store,
    {
      account: { key: accountKey, rule: SIGN_IN_LIMITS.account },
      client: { key: clientKeyName, rule: SIGN_IN_LIMITS.client },
    },
    (options) =>
      row?.passwordHash
        ? verifyPassword(input.password, row.passwordHash, options)
        : verifyAgainstDummy(input.password, options),
    now,
  );
  if (checked.outcome === "throttled" || checked.outcome === "busy")
    return {
      ok: false,
      reason: checked.outcome,
      retryAfterMs: checked.retryAfterMs,
      // How long to hold this refusal before answering (a client that has been failing).
      holdMs: checked.holdMs,
    };
  if (checked.outcome === "invalid" || !row) {
    if (row)
      await store.write(async (q) => {
        await recordSecurityEvent(
          q,
          {
            subject: { type: "merchant_user", id: row.userId },
            type: "sign_in_failed",
            origin: input.origin,
          },
          now,
        );
      });
    return { ok: false, reason: "invalid" };
  }
  const twoFactor = row.totpEnabledAt !== null;
  // With two-factor sign-in, "signed in" is recorded when the second step succeeds.
  if (!twoFactor)
    await store.write(async (q) => {
      await recordSecurityEvent(
        q,
        {
          subject: { type: "merchant_user", id: row.userId },
          type: "sign_in",
          origin: input.origin,
        },
        now,
      );
    });
  return {
    ok: true,
    principal: {
      userId: row.userId,
      merchantId: row.merchantId,
      username: row.username,
      businessName: row.businessName,
      twoFactor,
    },
  };
}

/** What the dashboard shows about the signed-in user (always scoped by the session's user id). */
const accountColumns = {
  userId: merchantUsers.id,
  merchantId: merchants.id,
  username: merchantUsers.username,
  /** The member's team role (core/accounts/permissions.ts). */
  role: merchantUsers.role,
  email: merchantUsers.email,
  memberStatus: merchantUsers.status,
  totpEnabledAt: merchantUsers.totpEnabledAt,
  businessName: merchants.businessName,
  contactEmail: merchants.contactEmail,
  status: merchants.status,
  requireTwoFactor: merchants.requireTwoFactor,
};

/** The signed-in user's account, read in the caller's transaction (requireMerchant's read). */
export function merchantAccount(q: Handle, userId: string) {
  return first(
    q
      .select(accountColumns)
      .from(merchantUsers)
      .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
      .where(eq(merchantUsers.id, userId))
      .limit(1),
  );
}

export type MerchantAccount = NonNullable<Awaited<ReturnType<typeof merchantAccount>>>;
