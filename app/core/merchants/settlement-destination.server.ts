/**
 * Where a merchant is paid (issue 10, item 14). Changing it needs the signed-in user's password
 * again (throttled per account like sign-in), is audited, and e-mails the merchant's contact
 * address with the old and new numbers masked. Payouts to a CHANGED number wait a cooling-off
 * period (config, default 24 h) so that a stolen session cannot redirect money before the merchant
 * can react; the first number ever set is not held (there is nothing to redirect yet). Settlement
 * planning reads the stored `settlementPhoneHeldUntil` (core/payments/settlement.server.ts); the
 * background tick resumes by itself.
 */
import { eq, sql } from "drizzle-orm";
import { merchants, merchantUsers } from "../../../drizzle/schema";
import { recordSecurityEvent } from "~/core/accounts/security-events.server";
import { recordAudit } from "~/core/audit.server";
import { queueEmail } from "~/core/email.server";
import { verifyAgainstDummy, verifyPassword } from "~/core/passwords.server";
import type { Limit } from "~/core/rate-limit.server";
import { guardedPasswordCheck } from "~/core/sign-in-guard.server";
import type { Db } from "~/utils/db.server";
import { formatEatDateTime, maskPhone } from "~/utils/format";
import { normalizeStoredPhone } from "~/utils/phone";
import { preparedPerDb } from "~/utils/prepared.server";

/**
 * Wrong passwords on the destination form, per merchant user: the same rule as sign-in's per
 * account.
 */
export const DESTINATION_PASSWORD_LIMIT = {
  limit: 5,
  windowMs: 15 * 60_000,
} as const satisfies Limit;
/** Wrong passwords on the destination form from one client address, whatever the user. */
export const DESTINATION_CLIENT_LIMIT = {
  limit: 20,
  windowMs: 15 * 60_000,
} as const satisfies Limit;

export interface SettlementDestination {
  phone: string | null;
  /** When payouts to `phone` may start, or null when they are not held. */
  heldUntil: number | null;
}

/** Read by the dashboard and the payment pages on every render: prepared once per database. */
const destinationQuery = preparedPerDb((db: Db) =>
  db
    .select({ phone: merchants.settlementPhone, heldUntil: merchants.settlementPhoneHeldUntil })
    .from(merchants)
    .where(eq(merchants.id, sql.placeholder("merchantId")))
    .prepare(),
);

export function getSettlementDestination(
  db: Db,
  merchantId: string,
  now: number,
): SettlementDestination {
  const row = destinationQuery(db).get({ merchantId });
  return {
    phone: row?.phone ?? null,
    heldUntil: row?.heldUntil != null && row.heldUntil > now ? row.heldUntil : null,
  };
}

export type ChangeDestinationResult =
  | { ok: true; changed: boolean; phone: string; heldUntil: number | null }
  | { ok: false; reason: "wrong_password" }
  | { ok: false; reason: "throttled" | "busy"; retryAfterMs: number };

/**
 * Set the M-Pesa number (already parsed to E.164, +2547XXXXXXXX, by `~/utils/phone`) after
 * checking `password` against the user's own. The check runs before the write (scrypt is not held
 * inside a transaction); the write, the audit entry and the e-mail are one transaction.
 */
export async function changeSettlementDestination(
  db: Db,
  input: { merchantId: string; userId: string; password: string; phone: string; clientKey: string },
  options: { coolingOffHours: number; now: number },
): Promise<ChangeDestinationResult> {
  const { now } = options;
  const user = db
    .select({ passwordHash: merchantUsers.passwordHash })
    .from(merchantUsers)
    .where(eq(merchantUsers.id, input.userId))
    .get();
  // Counted before the hash, in the bounded hashing queue: the same order as sign-in
  // (core/sign-in-guard.server.ts).
  const checked = await guardedPasswordCheck(
    db,
    {
      account: { key: `settlement-destination:${input.userId}`, rule: DESTINATION_PASSWORD_LIMIT },
      client: { key: `settlement-destination:${input.clientKey}`, rule: DESTINATION_CLIENT_LIMIT },
    },
    (verify) =>
      input.password !== "" && user?.passwordHash
        ? verifyPassword(input.password, user.passwordHash, verify)
        : verifyAgainstDummy(input.password, verify),
    now,
  );
  if (checked.outcome === "throttled" || checked.outcome === "busy")
    return { ok: false, reason: checked.outcome, retryAfterMs: checked.retryAfterMs };
  if (checked.outcome === "invalid") return { ok: false, reason: "wrong_password" };

  return db.transaction((tx): ChangeDestinationResult => {
    const merchant = tx.select().from(merchants).where(eq(merchants.id, input.merchantId)).get();
    if (!merchant) throw new Error(`Merchant ${input.merchantId} not found`);
    const previous = merchant.settlementPhone;
    // Stored numbers may be E.164 or the older M-Pesa form (utils/phone.ts): compare them alike.
    if (previous && normalizeStoredPhone(previous) === normalizeStoredPhone(input.phone)) {
      const heldUntil =
        merchant.settlementPhoneHeldUntil != null && merchant.settlementPhoneHeldUntil > now
          ? merchant.settlementPhoneHeldUntil
          : null;
      return { ok: true, changed: false, phone: input.phone, heldUntil };
    }
    // The first destination is not held: there is nothing to redirect yet.
    const heldUntil =
      previous && options.coolingOffHours > 0 ? now + options.coolingOffHours * 3_600_000 : null;
    tx.update(merchants)
      .set({
        settlementPhone: input.phone,
        settlementPhoneChangedAt: previous ? now : merchant.settlementPhoneChangedAt,
        settlementPhoneHeldUntil: heldUntil,
      })
      .where(eq(merchants.id, merchant.id))
      .run();
    recordAudit(
      tx,
      {
        actorType: "merchant_user",
        actorId: input.userId,
        action: previous ? "settlement.phone_changed" : "settlement.phone_set",
        targetType: "merchant",
        targetId: merchant.id,
        details: { from: previous, to: input.phone, heldUntil, passwordConfirmed: true },
      },
      now,
    );
    queueEmail(
      tx,
      {
        to: merchant.contactEmail,
        subject: previous
          ? "Your OneHop payout number was changed"
          : "Your OneHop payout number was set",
        text: [
          `Hello ${merchant.businessName},`,
          "",
          previous
            ? `The M-Pesa number OneHop pays you to was changed from ${maskPhone(previous)} to ${maskPhone(input.phone)} on ${formatEatDateTime(now)} (Nairobi time).`
            : `The M-Pesa number OneHop pays you to was set to ${maskPhone(input.phone)} on ${formatEatDateTime(now)} (Nairobi time).`,
          heldUntil
            ? `For your safety, payouts to the new number start after ${formatEatDateTime(heldUntil)}.`
            : "",
          "",
          "If you did not make this change, sign in and change your password, and contact us at once.",
        ]
          .filter((line, index, lines) => line !== "" || lines[index - 1] !== "")
          .join("\n"),
      },
      now,
    );
    // On the member's security page; the owners whose address is not the contact's get a notice.
    recordSecurityEvent(
      tx,
      {
        subject: { type: "merchant_user", id: input.userId },
        type: "payout_destination_changed",
        details: { to: input.phone, contactNotified: merchant.contactEmail },
      },
      now,
    );
    return { ok: true, changed: true, phone: input.phone, heldUntil };
  });
}
