/**
 * What a destination's verification payout came to (called by settlement when the transfer's
 * result arrives, in the same transaction): the registered name for the owner to confirm, or the
 * rail's refusal. A destination no longer being verified (removed meanwhile) is left as it is.
 */
import { and, eq } from "drizzle-orm";
import { settlementDestinations } from "../../../drizzle/schema";
import type { DbOrTx } from "~/utils/db.server";

export type VerificationOutcome =
  { kind: "succeeded"; registeredName: string | null } | { kind: "failed"; description: string };

export function recordVerificationOutcome(
  tx: DbOrTx,
  destinationId: string,
  outcome: VerificationOutcome,
  now: number,
): boolean {
  const changes =
    outcome.kind === "succeeded"
      ? { status: "confirm_name" as const, registeredName: outcome.registeredName }
      : {
          status: "failed" as const,
          failureReason: `The check payment did not go through: ${outcome.description}`,
        };
  const updated = tx
    .update(settlementDestinations)
    .set({ ...changes, updatedAt: now })
    .where(
      and(
        eq(settlementDestinations.id, destinationId),
        eq(settlementDestinations.status, "verifying"),
      ),
    )
    .run();
  return updated.changes === 1;
}
