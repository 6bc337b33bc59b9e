/**
 * Business details a merchant keeps itself (issue 30, item 8): its KRA PIN, printed on statements.
 * An owner changes it; each change is audited with the old and new value.
 */
import { eq } from "drizzle-orm";
import { merchants } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { first } from "~/db/sql";
import type { Store } from "~/db/store";

export function kraPinOf(store: Store, merchantId: string): Promise<string | null> {
  return store.read(async (q) => {
    const row = await first(
      q
        .select({ kraPin: merchants.kraPin })
        .from(merchants)
        .where(eq(merchants.id, merchantId))
        .limit(1),
    );
    return row?.kraPin ?? null;
  });
}

/** Set (or clear, with null) the KRA PIN; returns whether it changed. */
export function setKraPin(
  store: Store,
  actor: { merchantId: string; userId: string },
  pin: string | null,
  now: number,
): Promise<boolean> {
  return store.write(async (q) => {
    const row = await first(
      store.forUpdate(
        q
          .select({ kraPin: merchants.kraPin })
          .from(merchants)
          .where(eq(merchants.id, actor.merchantId))
          .limit(1),
      ),
    );
    if (!row || row.kraPin === pin) return false;
    await q.update(merchants).set({ kraPin: pin }).where(eq(merchants.id, actor.merchantId));
    await recordAudit(
      q,
      {
        actorType: "merchant_user",
        actorId: actor.userId,
        action: "merchant.kra_pin_changed",
        targetType: "merchant",
        targetId: actor.merchantId,
        details: { from: row.kraPin, to: pin },
      },
      now,
    );
    return true;
  });
}
