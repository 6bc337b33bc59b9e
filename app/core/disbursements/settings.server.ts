/**
 * The merchant's payout approval threshold (issue 15, item 3): a single payout above this many
 * whole shillings waits for a second member's approval like a bulk batch; none (null) means single
 * payouts never do. New merchants start at DEFAULT_PAYOUT_APPROVAL_ABOVE_KES. Set by an owner in
 * Settings (with step-up), audited; read by the single-payout page.
 */
import { eq } from "drizzle-orm";
import { merchants } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { first } from "~/db/sql";
import type { Store } from "~/db/store";

/**
 * A new merchant's threshold (issue 27, item 3): single payouts above KES 100,000 wait for a second
 * member; the owner changes it (with step-up) in Settings.
 */
export const DEFAULT_PAYOUT_APPROVAL_ABOVE_KES = 100_000;

/** The highest threshold a merchant may set (whole KES). */
export const PAYOUT_APPROVAL_MAX_KES = 10_000_000;

/** Whether `kes` is a threshold we store: whole shillings from 0 to PAYOUT_APPROVAL_MAX_KES. */
export function isPayoutApprovalThreshold(kes: number): boolean {
  return Number.isSafeInteger(kes) && kes >= 0 && kes <= PAYOUT_APPROVAL_MAX_KES;
}

/** The threshold in whole KES, or null (single payouts never need approval; unknown merchant). */
export async function getPayoutApprovalAboveKes(
  store: Store,
  merchantId: string,
): Promise<number | null> {
  const row = await store.read((q) =>
    first(
      q
        .select({ kes: merchants.payoutApprovalAboveKes })
        .from(merchants)
        .where(eq(merchants.id, merchantId))
        .limit(1),
    ),
  );
  return row?.kes ?? null;
}

/**
 * Set (or clear, with null) the threshold, with an audit entry naming the member and the old and
 * new values. Throws RangeError for a value outside 0 to PAYOUT_APPROVAL_MAX_KES whole shillings,
 * and Error for an unknown merchant. Returns whether the value changed.
 */
export async function setPayoutApprovalAboveKes(
  store: Store,
  input: { merchantId: string; actorId: string; kes: number | null },
  now: number,
): Promise<boolean> {
  const { merchantId, actorId, kes } = input;
  if (kes !== null && !isPayoutApprovalThreshold(kes))
    throw new RangeError(
      `A payout approval threshold is whole shillings from 0 to ${PAYOUT_APPROVAL_MAX_KES}`,
    );
  return store.write(async (q) => {
    const current = await first(
      store.forUpdate(
        q
          .select({ kes: merchants.payoutApprovalAboveKes })
          .from(merchants)
          .where(eq(merchants.id, merchantId))
          .limit(1),
      ),
    );
    if (!current) throw new Error(`No merchant ${merchantId}`);
    if (current.kes === kes) return false;
    await q
      .update(merchants)
      .set({ payoutApprovalAboveKes: kes })
      .where(eq(merchants.id, merchantId));
    await recordAudit(
      q,
      {
        actorType: "merchant_user",
        actorId,
        action: "disbursement.approval_threshold_changed",
        targetType: "merchant",
        targetId: merchantId,
        details: { fromKes: current.kes, toKes: kes },
      },
      now,
    );
    return true;
  });
}
