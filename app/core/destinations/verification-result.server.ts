/**
 * What a destination's verification payout came to (called by the transfer engine's handler below
 * when the transfer's result arrives, in the same transaction): the registered name for the owner
 * to confirm, or the rail's refusal. A destination no longer being verified (removed meanwhile) is
 * left as it is.
 */
import { and, eq } from "drizzle-orm";
import { settlementDestinations } from "../../../drizzle/schema";
import type { TransferHandler } from "~/core/transfers/engine.server";
import type { Handle } from "~/db/store";

export type VerificationOutcome =
  { kind: "succeeded"; registeredName: string | null } | { kind: "failed"; description: string };

export async function recordVerificationOutcome(
  q: Handle,
  destinationId: string,
  outcome: VerificationOutcome,
  now: number,
): Promise<boolean> {
  const changes =
    outcome.kind === "succeeded"
      ? { status: "confirm_name" as const, registeredName: outcome.registeredName }
      : {
          status: "failed" as const,
          failureReason: `The check payment did not go through: ${outcome.description}`,
        };
  const updated = await q
    .update(settlementDestinations)
    .set({ ...changes, updatedAt: now })
    .where(
      and(
        eq(settlementDestinations.id, destinationId),
        eq(settlementDestinations.status, "verifying"),
      ),
    )
    .returning({ id: settlementDestinations.id });
  return updated.length === 1;
}

/**
 * Check payouts as the transfer engine sends and settles them (ADR 0043): live money, paid from
 * our float as our expense when sent, so nothing is in flight for anyone when the rail pays.
 */
export const verificationTransferHandler: TransferHandler = {
  purpose: "verification",
  book: () => Promise.resolve("live"),
  remarks: () => Promise.resolve("OneHop account check"),
  succeededKind: null,
  onSucceeded: async (q, transfer, result, now) => {
    if (transfer.destinationId)
      await recordVerificationOutcome(
        q,
        transfer.destinationId,
        { kind: "succeeded", registeredName: result.recipientName ?? null },
        now,
      );
  },
  onFailed: async (q, transfer, result, now) => {
    if (transfer.destinationId)
      await recordVerificationOutcome(
        q,
        transfer.destinationId,
        { kind: "failed", description: result.description },
        now,
      );
  },
};
