/**
 * Transfers in doubt (ADR 0043): sent, but no result came (lost, or our process was down when it
 * came). The engine asks the rail for their status and records its answer like any other result.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import { settlementTransfers } from "../../../drizzle/schema";
import type { LedgerBook } from "~/core/ledger/ledger.server";
import type { PayoutRails } from "~/core/rails/types";
import type { Store } from "~/db/store";
import type { TransferPurposes } from "./purposes.server";
import { failTransfer, succeedTransfer } from "./results.server";

/**
 * Transfers sent but unanswered for longer than `olderThanMs` (no Result callback: lost, or our
 * process was down when it came): ask the rail for their status, at most once per `olderThanMs`
 * each (the ask is recorded in `updated_at`). M-Pesa's answer arrives at the status ResultURL and
 * settles the transfer there (`handleMpesaCallback`, "status-result": completed -> succeeded,
 * failed/unknown -> failed); the other rails answer at once. Each step is its own write, as it was
 * its own transaction before; the rail is asked between them, never inside one.
 */
export async function queryOverdueTransfers(
  store: Store,
  handlers: TransferPurposes,
  rails: PayoutRails,
  now: number,
  olderThanMs = 5 * 60_000,
  { limit = 100, modes }: { limit?: number; modes?: readonly LedgerBook[] } = {},
): Promise<number> {
  const cutoff = now - olderThanMs;
  const overdue = await store.read((q) =>
    q
      .select()
      .from(settlementTransfers)
      .where(
        and(
          eq(settlementTransfers.status, "sent"),
          lte(settlementTransfers.sentAt, cutoff),
          lte(settlementTransfers.updatedAt, cutoff),
          handlers.inModes(modes),
          handlers.handled(),
          // M-Pesa B2B has nothing to query (no id of ours): its Result or an operator settles it.
          handlers.queryable,
        ),
      )
      .orderBy(asc(settlementTransfers.updatedAt))
      .limit(limit),
  );
  let asked = 0;
  for (const transfer of overdue) {
    // Claim this round's question first (a concurrent run skips it), then ask.
    const claimed = await store.write((q) =>
      q
        .update(settlementTransfers)
        .set({ updatedAt: now })
        .where(
          and(
            eq(settlementTransfers.id, transfer.id),
            eq(settlementTransfers.status, "sent"),
            lte(settlementTransfers.updatedAt, cutoff),
          ),
        )
        .returning({ id: settlementTransfers.id }),
    );
    if (claimed.length !== 1) continue;
    const rail = rails[transfer.rail];
    if (!rail) continue;
    try {
      const status = await rail.queryStatus(transfer.id);
      asked++;
      if (status.kind === "succeeded") {
        const success = { receipt: status.receipt, description: status.description };
        await store.write((q) => succeedTransfer(q, handlers, transfer.id, success, now));
      }
      if (status.kind === "failed") {
        const failure = { code: status.code, description: status.description };
        await store.write((q) => failTransfer(q, handlers, transfer.id, failure, now));
      }
    } catch {
      // Try again on the next round.
    }
  }
  return asked;
}
